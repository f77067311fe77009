#include "backend/remote/daemon/push_decoder.h"

#include <limits>

namespace sn::rpc {

namespace {
std::string where(const supernode::v1::PushSamplesRequest &r)
{
    return "PushSamples batch " + std::to_string(r.sequence()) + (r.agent().empty() ? "" : " from " + r.agent());
}
} // namespace

Result<PushedBatch> decodePush(const supernode::v1::PushSamplesRequest &request, std::uint32_t *registered)
{
    const int n = request.refs_size();
    if (request.time_deltas_ms_size() != n || request.values_size() != n)
        return invalidArgument(where(request) + ": columns differ in length (refs " + std::to_string(n) +
                               ", time_deltas_ms " + std::to_string(request.time_deltas_ms_size()) + ", values " +
                               std::to_string(request.values_size()) + ")");
    PushedBatch batch;
    std::uint32_t known = *registered;
    batch.newSeries.reserve(request.series_size());
    for (int i = 0; i < request.series_size(); ++i) {
        const supernode::v1::PushSeries &s = request.series(i);
        if (s.ref() != known)
            return invalidArgument(where(request) + ": series " + std::to_string(i) + " (" + s.metric() + ") has ref " +
                                   std::to_string(s.ref()) + ", expected the next ref " + std::to_string(known));
        if (s.metric().empty())
            return invalidArgument(where(request) + ": series " + std::to_string(i) + " (ref " +
                                   std::to_string(s.ref()) + ") has no metric name");
        if (known >= kMaxPushSeriesPerStream)
            return invalidArgument(where(request) + ": more than " + std::to_string(kMaxPushSeriesPerStream) +
                                   " series in one stream");
        PushedSeries out;
        out.metric = s.metric();
        for (const auto &[k, v] : s.labels())
            out.labels.emplace(k, v);
        batch.newSeries.push_back(std::move(out));
        ++known;
    }
    batch.samples.resize(static_cast<std::size_t>(n));
    std::int64_t time = 0;
    for (int i = 0; i < n; ++i) {
        const std::uint32_t ref = request.refs(i);
        if (ref >= known)
            return invalidArgument(where(request) + ": sample " + std::to_string(i) + " names series ref " +
                                   std::to_string(ref) + ", but the stream has registered only " +
                                   std::to_string(known));
        const std::int64_t delta = request.time_deltas_ms(i);
        if ((delta > 0 && time > std::numeric_limits<std::int64_t>::max() - delta) ||
            (delta < 0 && time < std::numeric_limits<std::int64_t>::min() - delta))
            return invalidArgument(where(request) + ": sample " + std::to_string(i) +
                                   ": time_deltas_ms overflows the time");
        time += delta;
        batch.samples[static_cast<std::size_t>(i)] = tsdb::RefSample{ref, time, request.values(i)};
    }
    if (request.log_lines_size() > kMaxPushLogLines)
        return invalidArgument(where(request) + ": " + std::to_string(request.log_lines_size()) +
                               " log lines, more than " + std::to_string(kMaxPushLogLines) + " in one message");
    batch.logLines.reserve(static_cast<std::size_t>(request.log_lines_size()));
    for (int i = 0; i < request.log_lines_size(); ++i) {
        const supernode::v1::LogLine &l = request.log_lines(i);
        LogRecord r;
        r.timeMs = l.time_ms();
        r.node = l.node().empty() ? request.agent() : l.node();
        if (r.timeMs <= 0)
            return invalidArgument(where(request) + ": log line " + std::to_string(i) + " has no time (time_ms " +
                                   std::to_string(r.timeMs) + ")");
        if (r.node.empty())
            return invalidArgument(where(request) + ": log line " + std::to_string(i) +
                                   " names no node, and the batch no agent");
        if (l.gpu() < -1)
            return invalidArgument(where(request) + ": log line " + std::to_string(i) + " has GPU " +
                                   std::to_string(l.gpu()));
        r.source = l.source();
        r.text = l.text();
        r.gpu = l.gpu();
        r.truncated = l.truncated();
        batch.logLines.push_back(std::move(r));
    }
    batch.agent = request.agent();
    batch.run = request.run();
    batch.sequence = request.sequence();
    *registered = known;
    return batch;
}

} // namespace sn::rpc
