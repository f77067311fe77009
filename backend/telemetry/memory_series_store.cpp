#include "backend/telemetry/memory_series_store.h"

#include <algorithm>

namespace sn {

std::string MemorySeriesStore::keyOf(const std::string &metric, const Labels &labels)
{
    std::string key = metric;
    for (const auto &[k, v] : labels) {
        key += '\x1f';
        key += k;
        key += '=';
        key += v;
    }
    return key;
}

void MemorySeriesStore::append(const MetricSample &sample)
{
    const std::string key = keyOf(sample.metric, sample.labels);
    auto it = m_index.find(key);
    if (it == m_index.end()) {
        it = m_index.emplace(key, m_series.size()).first;
        m_byMetric[sample.metric].push_back(m_series.size());
        m_series.push_back({sample.metric, sample.labels, {}});
    }
    auto &points = m_series[it->second].points;
    if (!points.empty() && sample.timeMs < points.back().timeMs)
        return; // out of order: the newest point wins, as in Prometheus
    points.push_back({sample.timeMs, sample.value});
    while (!points.empty() && points.front().timeMs < sample.timeMs - m_retentionMs)
        points.pop_front();
}

std::vector<SeriesData> MemorySeriesStore::query(const std::string &metric, const Labels &match, std::int64_t startMs,
                                                 std::int64_t endMs, std::int64_t stepMs) const
{
    std::vector<SeriesData> out;
    const auto it = m_byMetric.find(metric);
    if (it == m_byMetric.end())
        return out;
    for (std::size_t index : it->second) {
        const Series &s = m_series[index];
        const bool matches = std::all_of(match.begin(), match.end(), [&](const auto &kv) {
            const auto l = s.labels.find(kv.first);
            return l != s.labels.end() && l->second == kv.second;
        });
        if (!matches)
            continue;
        SeriesData data{s.metric, s.labels, {}};
        auto first = std::lower_bound(s.points.begin(), s.points.end(), startMs,
                                      [](const SeriesPoint &p, std::int64_t t) { return p.timeMs < t; });
        for (auto p = first; p != s.points.end() && p->timeMs <= endMs; ++p) {
            if (stepMs > 0 && !data.points.empty() &&
                (p->timeMs - startMs) / stepMs == (data.points.back().timeMs - startMs) / stepMs)
                data.points.back() = *p;
            else
                data.points.push_back(*p);
        }
        out.push_back(std::move(data));
    }
    return out;
}

} // namespace sn
