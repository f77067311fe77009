#include "backend/remote/daemon/latest_samples.h"

#include <algorithm>

namespace sn::rpc {

void LatestSamples::update(const pb::SampleBatch &batch)
{
    std::lock_guard lock(m_mutex);
    for (const pb::Sample &s : batch.samples()) {
        Labels labels;
        for (const auto &[k, v] : s.labels())
            labels.emplace(k, v);
        m_newestMs = std::max(m_newestMs, s.time_ms());
        auto key = std::make_pair(s.metric(), labels);
        auto it = m_latest.find(key);
        if (it == m_latest.end()) {
            // Full: make room from stale series, scanning again only once time has moved on.
            if (m_latest.size() >= m_options.maxSeries && m_prunedAtMs != m_newestMs) {
                dropStale();
                m_prunedAtMs = m_newestMs;
            }
            if (m_latest.size() >= m_options.maxSeries) {
                ++m_refused;
                continue;
            }
            it = m_latest.emplace(std::move(key), MetricSample{}).first;
        }
        it->second = MetricSample{s.metric(), std::move(labels), s.time_ms(), s.value()};
    }
}

void LatestSamples::dropStale()
{
    const std::int64_t oldest = m_newestMs - m_options.staleAfterMs;
    std::erase_if(m_latest, [&](const auto &entry) { return entry.second.timeMs < oldest; });
}

std::vector<MetricSample> LatestSamples::snapshot()
{
    std::lock_guard lock(m_mutex);
    dropStale();
    std::vector<MetricSample> out;
    out.reserve(m_latest.size());
    for (const auto &[key, sample] : m_latest)
        out.push_back(sample);
    return out;
}

std::uint64_t LatestSamples::seriesRefused() const
{
    std::lock_guard lock(m_mutex);
    return m_refused;
}

} // namespace sn::rpc
