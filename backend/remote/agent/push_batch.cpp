#include "backend/remote/agent/push_batch.h"

#include <algorithm>

namespace sn::agent {

namespace pb = supernode::v1;

pb::PushSamplesRequest encodeBatch(std::uint64_t sequence, const std::string &agent, std::vector<MetricSample> samples)
{
    // Per series in time order, so that the store takes them in one pass.
    std::stable_sort(samples.begin(), samples.end(), [](const MetricSample &a, const MetricSample &b) {
        return std::tie(a.metric, a.labels, a.timeMs) < std::tie(b.metric, b.labels, b.timeMs);
    });
    pb::PushSamplesRequest out;
    out.set_agent(agent);
    out.set_sequence(sequence);
    std::int64_t previousTime = 0;
    const MetricSample *previous = nullptr;
    for (const MetricSample &s : samples) {
        if (!previous || previous->metric != s.metric || previous->labels != s.labels) {
            pb::PushSeries *series = out.add_series();
            series->set_ref(static_cast<std::uint32_t>(out.series_size() - 1));
            series->set_metric(s.metric);
            for (const auto &[k, v] : s.labels)
                (*series->mutable_labels())[k] = v;
        }
        out.add_refs(static_cast<std::uint32_t>(out.series_size() - 1));
        out.add_time_deltas_ms(s.timeMs - previousTime);
        out.add_values(s.value);
        previousTime = s.timeMs;
        previous = &s;
    }
    return out;
}

void appendLogLines(pb::PushSamplesRequest &batch, std::span<const LogRecord> lines)
{
    batch.mutable_log_lines()->Reserve(batch.log_lines_size() + static_cast<int>(lines.size()));
    for (const LogRecord &r : lines) {
        pb::LogLine *line = batch.add_log_lines();
        line->set_time_ms(r.timeMs);
        if (r.node != batch.agent())
            line->set_node(r.node); // the agent's own node goes without saying
        line->set_source(r.source);
        line->set_text(r.text);
        line->set_gpu(r.gpu);
        line->set_truncated(r.truncated);
    }
}

std::vector<std::size_t> logBatchEnds(const std::vector<LogRecord> &lines)
{
    std::vector<std::size_t> ends;
    std::size_t from = 0, bytes = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::size_t size = lines[i].text.size();
        if (i > from && (i - from == kMaxLogLinesPerBatch || bytes + size > kMaxLogBytesPerBatch)) {
            ends.push_back(i);
            from = i;
            bytes = 0;
        }
        bytes += size;
    }
    if (!lines.empty())
        ends.push_back(lines.size());
    return ends;
}

pb::PushSamplesRequest PushStreamEncoder::forStream(const pb::PushSamplesRequest &batch)
{
    pb::PushSamplesRequest out;
    out.set_agent(batch.agent());
    out.set_sequence(batch.sequence());
    out.set_run(batch.run());
    std::vector<std::uint32_t> toStream(static_cast<std::size_t>(batch.series_size()));
    for (int i = 0; i < batch.series_size(); ++i) {
        const pb::PushSeries &s = batch.series(i);
        Labels labels;
        for (const auto &[k, v] : s.labels())
            labels.emplace(k, v);
        auto [it, added] =
            m_refs.try_emplace({s.metric(), std::move(labels)}, static_cast<std::uint32_t>(m_refs.size()));
        if (added) {
            pb::PushSeries *named = out.add_series();
            *named = s;
            named->set_ref(it->second);
        }
        toStream[static_cast<std::size_t>(i)] = it->second;
    }
    out.mutable_refs()->Reserve(batch.refs_size());
    for (std::uint32_t local : batch.refs())
        out.add_refs(local < toStream.size() ? toStream[local] : local); // a bad ref stays bad: the daemon says so
    *out.mutable_time_deltas_ms() = batch.time_deltas_ms();
    *out.mutable_values() = batch.values();
    *out.mutable_log_lines() = batch.log_lines();
    return out;
}

} // namespace sn::agent
