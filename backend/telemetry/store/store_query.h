#pragma once
// Queries over the store: range queries with a step (Prometheus semantics), aggregations
// across series with group-by, per-pixel M4 downsampling for charts, latest values, and
// window summaries that read rollups where the step allows.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/label_matcher.h"
#include "backend/telemetry/store/time_series_store.h"

#include <string>
#include <vector>

namespace sn::tsdb {

enum class Aggregation { None, Avg, Min, Max, Sum, P95 };

struct RangeQuery {
    std::vector<LabelMatcher> matchers;
    std::int64_t startMs = 0;
    std::int64_t endMs = 0;
    // 0: raw samples in [start, end]. Otherwise one point per step time start + k*step <= end:
    // the last sample at or before it, no older than lookback (stale markers end a series).
    std::int64_t stepMs = 0;
    std::int64_t lookbackMs = 5 * 60 * 1000;
    Aggregation aggregation = Aggregation::None; // across series, per step (needs a step)
    std::vector<std::string> groupBy;            // labels kept by the aggregation
    // > 0 and no aggregation: M4 - per pixel column the first, last, min and max sample, so a
    // chart of any range gets at most 4 points per column and keeps every column's extremes.
    int pixelColumns = 0;
};

// What one query may ask for (docs/hardening.md, "Limits"). Times beyond ±2^52 ms (±142,000
// years) are no clock's: refusing them keeps end - start and start - lookback from overflowing.
// A step query answers at most Prometheus' 11,000 points per series: a 1 ms step over the
// retention would be ~10^9 points per series, built on the engine's thread.
inline constexpr std::int64_t kMaxQueryTimeMs = std::int64_t(1) << 52;
inline constexpr std::int64_t kMaxStepsPerSeries = 11000;

// Series in the order of their ids; aggregated series carry only the group-by labels.
// InvalidArgument for a range past the limits above, saying what to change.
Result<std::vector<SeriesData>> rangeQuery(const TimeSeriesStore &store, const RangeQuery &query);

// The newest sample of every matching series (series whose last sample is a stale marker are left out).
std::vector<SeriesData> latestValues(const TimeSeriesStore &store, const std::vector<LabelMatcher> &matchers);

// Windows [start + k*step, start + (k+1)*step) with min, max, sum and count. Served from the
// 1-hour rollups when step and start are whole hours, the 1-minute ones when whole minutes,
// else from raw samples; `resolutionUsedMs` says which (0 = raw).
struct WindowSummary {
    std::int64_t startMs = 0;
    double min = 0, max = 0, sum = 0;
    std::uint64_t count = 0;
};
struct SeriesSummary {
    std::string metric;
    Labels labels;
    std::vector<WindowSummary> windows;
};
Result<std::vector<SeriesSummary>> summarize(const TimeSeriesStore &store, const std::vector<LabelMatcher> &matchers,
                                             std::int64_t startMs, std::int64_t endMs, std::int64_t stepMs,
                                             std::int64_t *resolutionUsedMs = nullptr);

// Prometheus' quantile over values (linear interpolation between closest ranks).
double quantile(double q, std::vector<double> values);

} // namespace sn::tsdb
