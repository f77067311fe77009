#include "backend/engine/log_template_summary.h"

#include "backend/api/proto_convert.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace sn {

namespace {

struct Tally {
    std::uint64_t count = 0;
    std::int64_t firstMs = 0;
    std::int64_t lastMs = 0;
    Severity worst = Severity::Info;
    std::set<std::string> nodes;
    std::vector<std::uint32_t> rate;
};

std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::uint32_t parseTemplateId(const std::string &text)
{
    try {
        return static_cast<std::uint32_t>(std::stoul(text, nullptr, 16));
    } catch (...) {
        return 0; // not a miner id: no text to show, the id stands alone
    }
}

} // namespace

Result<pb::ListLogTemplatesResponse> summarizeLogTemplates(const std::deque<LogRecord> &lines,
                                                           const logs::TemplateMiner &miner,
                                                           const pb::ListLogTemplatesRequest &request,
                                                           std::int64_t nowMs)
{
    if (request.buckets() < 0 || request.buckets() > kMaxTemplateBuckets)
        return invalidArgument("buckets must be 0 to " + std::to_string(kMaxTemplateBuckets) + ", not " +
                               std::to_string(request.buckets()));
    if (request.limit() < 0)
        return invalidArgument("limit must not be negative, not " + std::to_string(request.limit()));
    const std::int64_t end = request.end_ms() > 0 ? request.end_ms() : nowMs;
    std::int64_t start = request.start_ms();
    if (start <= 0)
        start = lines.empty() ? end : std::min(lines.front().timeMs, end);
    if (end < start)
        return invalidArgument("end_ms " + std::to_string(end) + " is before start_ms " + std::to_string(start));
    const int buckets = request.buckets() > 0 ? request.buckets() : kDefaultTemplateBuckets;
    // At least 1 ms per bucket; the last bucket takes the window's end itself.
    const std::int64_t bucketMs = std::max<std::int64_t>(1, (end - start + buckets) / buckets);
    const std::string needle = lowered(request.contains());

    std::unordered_map<std::string, Tally> tallies;
    std::unordered_map<std::string, bool> textMatches; // per template, so each text is lowered once
    for (const LogRecord &line : lines) {
        if (line.templateId.empty() || line.timeMs < start || line.timeMs > end)
            continue;
        if (!request.node().empty() && line.node != request.node())
            continue;
        if (!needle.empty()) {
            auto [it, fresh] = textMatches.try_emplace(line.templateId, false);
            if (fresh) {
                const logs::LogTemplate *t = miner.find(parseTemplateId(line.templateId));
                it->second = t && lowered(t->text()).find(needle) != std::string::npos;
            }
            if (!it->second)
                continue;
        }
        Tally &t = tallies[line.templateId];
        if (t.count == 0) {
            t.firstMs = line.timeMs;
            t.rate.assign(static_cast<std::size_t>(buckets), 0);
        }
        ++t.count;
        t.firstMs = std::min(t.firstMs, line.timeMs);
        t.lastMs = std::max(t.lastMs, line.timeMs);
        t.worst = std::max(t.worst, line.severity);
        t.nodes.insert(line.node);
        const auto bucket = std::min<std::int64_t>(buckets - 1, (line.timeMs - start) / bucketMs);
        ++t.rate[static_cast<std::size_t>(bucket)];
    }

    std::vector<std::pair<const std::string *, const Tally *>> order;
    order.reserve(tallies.size());
    for (const auto &[id, tally] : tallies)
        order.emplace_back(&id, &tally);
    std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
        return a.second->count != b.second->count ? a.second->count > b.second->count : *a.first < *b.first;
    });
    const std::size_t limit = request.limit() > 0 ? static_cast<std::size_t>(request.limit()) : kDefaultTemplateLimit;

    pb::ListLogTemplatesResponse response;
    response.set_start_ms(start);
    response.set_end_ms(end);
    response.set_bucket_ms(bucketMs);
    response.set_truncated(order.size() > limit);
    order.resize(std::min(order.size(), limit));
    for (const auto &[id, tally] : order) {
        pb::LogTemplateInfo *info = response.add_templates();
        info->set_id(*id);
        if (const logs::LogTemplate *t = miner.find(parseTemplateId(*id))) {
            info->set_text(t->text());
            info->set_total_count(t->count);
        }
        info->set_count(tally->count);
        info->set_first_ms(tally->firstMs);
        info->set_last_ms(tally->lastMs);
        info->set_severity(toProto(tally->worst));
        for (const std::string &n : tally->nodes)
            info->add_nodes(n);
        for (std::uint32_t r : tally->rate)
            info->add_rate(r);
    }
    return response;
}

} // namespace sn
