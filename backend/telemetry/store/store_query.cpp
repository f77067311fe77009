#include "backend/telemetry/store/store_query.h"

#include "backend/telemetry/store/chunk_encoding.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <map>
#include <thread>

namespace sn::tsdb {

namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

// Runs fn(i) for i in [0, n) on up to hardware_concurrency threads when the work is worth it.
template <typename Fn> void parallelFor(std::size_t n, bool worthIt, const Fn &fn)
{
    const unsigned threads = std::min<unsigned>(std::max(1u, std::thread::hardware_concurrency()), 8u);
    if (!worthIt || threads < 2 || n < 2) {
        for (std::size_t i = 0; i < n; ++i)
            fn(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < n; i = next++)
            fn(i);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min<std::size_t>(threads, n); ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
}

std::vector<SeriesPoint> stepSeries(const TimeSeriesStore &store, SeriesId id, const RangeQuery &q)
{
    std::vector<SeriesPoint> out;
    const std::int64_t steps = (q.endMs - q.startMs) / q.stepMs + 1;
    std::int64_t k = 0;
    bool have = false;
    std::int64_t lastT = 0;
    double lastV = 0;
    auto stepTime = [&](std::int64_t i) { return q.startMs + i * q.stepMs; };
    // Emits the steps before `t` the last sample answers, then skips steps with no sample.
    auto advanceTo = [&](std::int64_t t) {
        if (have) {
            const std::int64_t limit = std::min(t, lastT + q.lookbackMs);
            for (; k < steps && stepTime(k) < limit; ++k)
                if (!isStaleMarker(lastV))
                    out.push_back({stepTime(k), lastV});
        }
        if (k < steps && stepTime(k) < t)
            k = std::min(steps, std::max(k, ceilDiv(t - q.startMs, q.stepMs)));
    };
    store.forEachSample(id, q.startMs - q.lookbackMs + 1, q.endMs,
                        [&](const std::int64_t *t, const double *v, std::size_t n) {
                            for (std::size_t i = 0; i < n; ++i) {
                                advanceTo(t[i]);
                                lastT = t[i];
                                lastV = v[i];
                                have = true;
                            }
                        });
    advanceTo(q.endMs + 1);
    return out;
}

std::vector<SeriesPoint> rawSeries(const TimeSeriesStore &store, SeriesId id, std::int64_t start, std::int64_t end)
{
    // Points gather in a per-thread buffer, so the result costs one allocation of its exact size.
    thread_local std::vector<SeriesPoint> points;
    points.clear();
    store.forEachSample(id, start, end, [&](const std::int64_t *t, const double *v, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i)
            if (!isStaleMarker(v[i]))
                points.push_back({t[i], v[i]});
    });
    return std::vector<SeriesPoint>(points.begin(), points.end());
}

struct M4Column {
    SeriesPoint first, last, min, max;
    bool any = false;
};

void flushColumn(M4Column &c, std::vector<SeriesPoint> &out)
{
    if (!c.any)
        return;
    SeriesPoint p[4] = {c.first, c.min, c.max, c.last};
    std::sort(p, p + 4, [](const SeriesPoint &a, const SeriesPoint &b) { return a.timeMs < b.timeMs; });
    for (const SeriesPoint &x : p)
        if (out.empty() || out.back().timeMs != x.timeMs) // first may also be the min, and so on
            out.push_back(x);
    c.any = false;
}

// Folds samples [b, e) of one column into c; NaN and stale markers cannot be drawn.
void foldSegment(M4Column &c, const std::int64_t *t, const double *v, std::size_t b, std::size_t e)
{
    while (b < e && std::isnan(v[b]))
        ++b;
    if (b == e)
        return;
    std::size_t last = e - 1;
    while (std::isnan(v[last]))
        --last;
    if (!c.any) {
        c.first = c.min = c.max = {t[b], v[b]};
        c.any = true;
        ++b;
    }
    double mn = c.min.value, mx = c.max.value;
    std::size_t iMin = e, iMax = e;
    for (std::size_t i = b; i <= last; ++i) { // NaN compares false: never a min or a max
        const double x = v[i];
        if (x < mn) {
            mn = x;
            iMin = i;
        }
        if (x > mx) {
            mx = x;
            iMax = i;
        }
    }
    if (iMin != e)
        c.min = {t[iMin], mn};
    if (iMax != e)
        c.max = {t[iMax], mx};
    c.last = {t[last], v[last]};
}

// Folds samples [b, e) of one column given as scaled integers (no NaN among them: decimal
// chunks escape those). The first smallest and largest integers are the first smallest and
// largest values, since the conversion keeps order and these values convert exactly.
void foldScaled(M4Column &c, const std::int64_t *t, const std::int64_t *x, std::size_t b, std::size_t e, int scale)
{
    if (b == e)
        return;
    std::size_t iMin = b, iMax = b;
    std::int64_t xMin = x[b], xMax = x[b];
    for (std::size_t i = b + 1; i < e; ++i) { // selects, not branches: noisy values flip often
        const std::int64_t xi = x[i];
        const bool lower = xi<xMin, higher = xi> xMax;
        iMin = lower ? i : iMin;
        xMin = lower ? xi : xMin;
        iMax = higher ? i : iMax;
        xMax = higher ? xi : xMax;
    }
    const SeriesPoint mn{t[iMin], scaledValue(x[iMin], scale)}, mx{t[iMax], scaledValue(x[iMax], scale)};
    if (!c.any) {
        c.first = {t[b], scaledValue(x[b], scale)};
        c.min = mn;
        c.max = mx;
        c.any = true;
    } else {
        if (mn.value < c.min.value)
            c.min = mn;
        if (mx.value > c.max.value)
            c.max = mx;
    }
    c.last = {t[e - 1], scaledValue(x[e - 1], scale)};
}

struct M4Scratch {
    std::vector<std::int64_t> times, x;
    std::vector<double> values;
};
M4Scratch &m4Scratch()
{
    thread_local M4Scratch s; // decode buffers, one set per reader thread
    return s;
}

std::vector<SeriesPoint> m4Series(const TimeSeriesStore &store, SeriesId id, std::int64_t start, std::int64_t end,
                                  int columns)
{
    std::vector<SeriesPoint> out;
    const __int128 span = static_cast<__int128>(end) - start + 1;
    auto columnOf = [&](std::int64_t t) { return static_cast<std::int64_t>((__int128(t) - start) * columns / span); };
    auto boundaryAfter = [&](std::int64_t col) {
        const __int128 b = start + ((__int128(col) + 1) * span + columns - 1) / columns;
        return b > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                            : static_cast<std::int64_t>(b);
    };
    M4Column c;
    std::int64_t next = std::numeric_limits<std::int64_t>::min(); // first time past the column
    // A chunk is cut at column boundaries into segments, each folded in one tight loop.
    auto foldChunk = [&](const std::int64_t *t, std::size_t n, const auto &fold) {
        for (std::size_t i = 0; i < n;) {
            if (t[i] >= next) {
                flushColumn(c, out);
                const std::int64_t col = columnOf(t[i]);
                next = boundaryAfter(col);
                // boundaryAfter is the first time of the next column; guard the rounding edge.
                while (columnOf(next - 1) > col)
                    --next;
            }
            const std::size_t e = static_cast<std::size_t>(std::lower_bound(t + i, t + n, next) - t);
            fold(i, e);
            i = e;
        }
    };
    auto samples = [&](const std::int64_t *t, const double *v, std::size_t n) {
        foldChunk(t, n, [&](std::size_t b, std::size_t e) { foldSegment(c, t, v, b, e); });
    };
    M4Scratch &m = m4Scratch();
    store.forEachChunk(
        id, start, end,
        [&](const std::uint8_t *bytes, std::size_t size) {
            int scale = 0;
            const Result<bool> scaled = decodeChunkScaled(bytes, size, m.times, m.x, scale);
            if (scaled && *scaled) { // decimal values: extremes on the integers, no value decoded
                const std::int64_t *t = m.times.data();
                const std::int64_t *x = m.x.data();
                foldChunk(t, m.times.size(), [&](std::size_t b, std::size_t e) { foldScaled(c, t, x, b, e, scale); });
            } else if (scaled && decodeChunk(bytes, size, m.times, m.values)) {
                samples(m.times.data(), m.values.data(), m.times.size());
            } // a chunk that does not decode is skipped, as forEachSample skips it
        },
        samples);
    flushColumn(c, out);
    return out;
}

Labels groupLabels(const Labels &labels, const std::vector<std::string> &by)
{
    Labels out;
    for (const std::string &name : by)
        if (const auto it = labels.find(name); it != labels.end())
            out.emplace(name, it->second);
    return out;
}

double aggregate(Aggregation a, std::vector<double> &values)
{
    switch (a) {
    case Aggregation::Avg:
    case Aggregation::Sum: {
        double sum = 0;
        for (double v : values)
            sum += v;
        return a == Aggregation::Sum ? sum : sum / static_cast<double>(values.size());
    }
    case Aggregation::Min:
        return *std::min_element(values.begin(), values.end());
    case Aggregation::Max:
        return *std::max_element(values.begin(), values.end());
    case Aggregation::P95:
        return quantile(0.95, std::move(values));
    case Aggregation::None:
        break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

Status checkTimes(const char *what, std::int64_t startMs, std::int64_t endMs)
{
    for (const std::int64_t t : {startMs, endMs})
        if (t < -kMaxQueryTimeMs || t > kMaxQueryTimeMs)
            return invalidArgument(std::string(what) + ": time " + std::to_string(t) + " ms is out of range (at most " +
                                   std::to_string(kMaxQueryTimeMs) + " ms from 1970 either way)");
    return success();
}

} // namespace

double quantile(double q, std::vector<double> values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const double rank = q * static_cast<double>(values.size() - 1);
    const auto lower = static_cast<std::size_t>(std::max(0.0, std::floor(rank)));
    const std::size_t upper = std::min(values.size() - 1, lower + 1);
    const double weight = rank - std::floor(rank);
    return values[lower] * (1 - weight) + values[upper] * weight;
}

Result<std::vector<SeriesData>> rangeQuery(const TimeSeriesStore &store, const RangeQuery &query)
{
    RangeQuery q = query;
    if (auto ok = checkTimes("range query", q.startMs, q.endMs); !ok)
        return ok.error();
    if (q.endMs < q.startMs)
        return invalidArgument("range query: end " + std::to_string(q.endMs) + " is before start " +
                               std::to_string(q.startMs));
    if (q.stepMs < 0 || q.pixelColumns < 0 || q.lookbackMs <= 0)
        return invalidArgument("range query: step, pixel columns and lookback must not be negative");
    if (q.aggregation != Aggregation::None && q.stepMs == 0) {
        if (q.pixelColumns == 0)
            return invalidArgument("range query: an aggregation needs a step (step_ms) or pixel columns");
        q.stepMs = std::max<std::int64_t>(1, ceilDiv(q.endMs - q.startMs + 1, q.pixelColumns));
    }
    if (q.stepMs > 0 && (q.endMs - q.startMs) / q.stepMs + 1 > kMaxStepsPerSeries)
        return invalidArgument("range query: " + std::to_string((q.endMs - q.startMs) / q.stepMs + 1) + " steps of " +
                               std::to_string(q.stepMs) + " ms; at most " + std::to_string(kMaxStepsPerSeries) +
                               " points per series are answered: use a larger step (or fewer pixel columns)");
    const std::vector<SeriesId> ids = store.select(q.matchers);
    std::vector<SeriesData> series(ids.size());
    const bool big = ids.size() >= 16 || q.endMs - q.startMs >= 3600 * 1000;
    parallelFor(ids.size(), big, [&](std::size_t i) {
        SeriesData &s = series[i];
        if (q.aggregation == Aggregation::None && q.pixelColumns > 0)
            s.points = m4Series(store, ids[i], q.startMs, q.endMs, q.pixelColumns);
        else if (q.stepMs > 0)
            s.points = stepSeries(store, ids[i], q);
        else
            s.points = rawSeries(store, ids[i], q.startMs, q.endMs);
        if (!s.points.empty() || q.aggregation != Aggregation::None) { // names only for series kept
            s.metric = store.metricOf(ids[i]);
            s.labels = store.labelsOf(ids[i]);
        }
    });
    if (q.aggregation == Aggregation::None) {
        std::erase_if(series, [](const SeriesData &s) { return s.points.empty(); });
        return series;
    }
    std::map<Labels, std::map<std::int64_t, std::vector<double>>> groups;
    std::map<Labels, std::string> metrics;
    for (const SeriesData &s : series) {
        const Labels key = groupLabels(s.labels, q.groupBy);
        auto &byTime = groups[key];
        auto [m, inserted] = metrics.emplace(key, s.metric);
        if (!inserted && m->second != s.metric)
            m->second.clear(); // a group over several metrics has no one name
        for (const SeriesPoint &p : s.points)
            byTime[p.timeMs].push_back(p.value);
    }
    std::vector<SeriesData> out;
    for (auto &[labels, byTime] : groups) {
        SeriesData s{metrics[labels], labels, {}};
        for (auto &[t, values] : byTime)
            s.points.push_back({t, aggregate(q.aggregation, values)});
        if (!s.points.empty())
            out.push_back(std::move(s));
    }
    return out;
}

std::vector<SeriesData> latestValues(const TimeSeriesStore &store, const std::vector<LabelMatcher> &matchers)
{
    std::vector<SeriesData> out;
    for (SeriesId id : store.select(matchers))
        if (const auto p = store.latest(id))
            out.push_back({store.metricOf(id), store.labelsOf(id), {*p}});
    return out;
}

Result<std::vector<SeriesSummary>> summarize(const TimeSeriesStore &store, const std::vector<LabelMatcher> &matchers,
                                             std::int64_t startMs, std::int64_t endMs, std::int64_t stepMs,
                                             std::int64_t *resolutionUsedMs)
{
    if (auto ok = checkTimes("summary", startMs, endMs); !ok)
        return ok.error();
    if (stepMs <= 0 || endMs < startMs)
        return invalidArgument("summary: needs a positive step and end >= start");
    std::int64_t resolution = 0;
    for (auto it = kRollupResolutionsMs.rbegin(); it != kRollupResolutionsMs.rend(); ++it)
        if (stepMs % *it == 0 && ((startMs % *it) + *it) % *it == 0) {
            resolution = *it;
            break;
        }
    if (resolutionUsedMs)
        *resolutionUsedMs = resolution;
    std::vector<SeriesSummary> out;
    std::vector<RollupBucket> buckets;
    for (SeriesId id : store.select(matchers)) {
        std::map<std::int64_t, WindowSummary> windows;
        auto add = [&](std::int64_t t, double mn, double mx, double sum, std::uint64_t count) {
            const std::int64_t w = startMs + (t - startMs) / stepMs * stepMs;
            auto [it, inserted] = windows.try_emplace(w, WindowSummary{w, mn, mx, sum, count});
            if (!inserted) {
                it->second.min = std::min(it->second.min, mn);
                it->second.max = std::max(it->second.max, mx);
                it->second.sum += sum;
                it->second.count += count;
            }
        };
        if (resolution > 0) {
            store.rollups(id, resolution, startMs, endMs, buckets);
            for (const RollupBucket &b : buckets)
                add(b.start, b.min, b.max, b.sum, b.count);
        } else {
            store.forEachSample(id, startMs, endMs, [&](const std::int64_t *t, const double *v, std::size_t n) {
                for (std::size_t i = 0; i < n; ++i)
                    if (!std::isnan(v[i]))
                        add(t[i], v[i], v[i], v[i], 1);
            });
        }
        if (windows.empty())
            continue;
        SeriesSummary s{store.metricOf(id), store.labelsOf(id), {}};
        for (const auto &[t, w] : windows)
            s.windows.push_back(w);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace sn::tsdb
