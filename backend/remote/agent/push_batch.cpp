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

pb::PushSamplesRequest PushStreamEncoder::forStream(const pb::PushSamplesRequest &batch)
{
    pb::PushSamplesRequest out;
    out.set_agent(batch.agent());
    out.set_sequence(batch.sequence());
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
    return out;
}

} // namespace sn::agent
