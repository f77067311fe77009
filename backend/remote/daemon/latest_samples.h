#pragma once
// The latest value of every series, for supernoded's /metrics (Prometheus wants the current
// value, not history), bounded in time and in number (issue 29, item 7). The per-GPU `job`
// label makes new series with every job: kept forever, /metrics reported series that had not
// been updated for days as current and grew without bound. Now a series not updated within
// `staleAfterMs` of the newest sample is dropped (Prometheus' own staleness is 5 minutes), and
// at most `maxSeries` are kept: a new series beyond that is not kept, and counted.
// Times are the samples' own (engine time), so a virtual-time daemon ages series as it runs.

#include "backend/api/supernode.pb.h"
#include "backend/model/metric_sample.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace sn::rpc {

namespace pb = supernode::v1;

class LatestSamples {
public:
    struct Options {
        std::int64_t staleAfterMs = 5 * 60 * 1000;
        std::size_t maxSeries = 200'000;
    };
    LatestSamples() : LatestSamples(Options{}) {}
    explicit LatestSamples(Options options) : m_options(options) {}

    void update(const pb::SampleBatch &batch);
    // The series updated within the window, stale ones dropped for good.
    std::vector<MetricSample> snapshot();
    // New series not kept because maxSeries were held (for /metrics and the log).
    std::uint64_t seriesRefused() const;

private:
    void dropStale(); // m_mutex held

    Options m_options;
    mutable std::mutex m_mutex;
    std::map<std::pair<std::string, Labels>, MetricSample> m_latest;
    std::int64_t m_newestMs = 0;
    std::int64_t m_prunedAtMs = -1;
    std::uint64_t m_refused = 0;
};

} // namespace sn::rpc
