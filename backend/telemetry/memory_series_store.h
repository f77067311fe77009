#pragma once
// Recent samples kept in memory, per series, for range queries. Points older than the
// retention are dropped as new ones arrive. This is the plain first store: the compressed
// chunked store with WAL and rollups (telemetry issue) replaces it behind the same calls.

#include "backend/telemetry/metric_sample.h"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace sn {

class MemorySeriesStore {
public:
    explicit MemorySeriesStore(std::int64_t retentionMs = 60 * 60 * 1000) : m_retentionMs(retentionMs) {}

    void append(const MetricSample &sample);
    // Series of `metric` whose labels include every entry of `match`, points in [startMs, endMs].
    // stepMs > 0 keeps the last point of each step, as Prometheus does for range queries.
    std::vector<SeriesData> query(const std::string &metric, const Labels &match, std::int64_t startMs,
                                  std::int64_t endMs, std::int64_t stepMs) const;
    std::size_t seriesCount() const { return m_series.size(); }

private:
    struct Series {
        std::string metric;
        Labels labels;
        std::deque<SeriesPoint> points;
    };
    static std::string keyOf(const std::string &metric, const Labels &labels);

    std::int64_t m_retentionMs;
    std::vector<Series> m_series;
    std::unordered_map<std::string, std::size_t> m_index;
    std::unordered_map<std::string, std::vector<std::size_t>> m_byMetric;
};

} // namespace sn
