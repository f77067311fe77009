#include "backend/telemetry/store/rollup.h"

#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/varint.h"

#include <algorithm>
#include <cmath>

namespace sn::tsdb {

namespace {

// Sum of samples, exact when all are decimals at a common scale.
double exactSum(const double *v, std::size_t n)
{
    int scale = 0;
    std::int64_t x;
    for (std::size_t i = 0; i < n; ++i) {
        while (scale <= kMaxDecimalScale && !scaledDecimal(v[i], scale, x))
            ++scale;
        if (scale > kMaxDecimalScale)
            break;
    }
    if (scale <= kMaxDecimalScale) {
        __int128 total = 0;
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) {
            ok = scaledDecimal(v[i], scale, x);
            total += x;
        }
        if (ok && total > -(__int128{1} << 53) && total < (__int128{1} << 53))
            return scale == 0 ? static_cast<double>(static_cast<std::int64_t>(total))
                              : static_cast<double>(static_cast<std::int64_t>(total)) / decimalPower(scale);
    }
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum += v[i];
    return sum;
}

} // namespace

std::int64_t bucketStart(std::int64_t t, std::int64_t resolutionMs)
{
    const std::int64_t q = t >= 0 ? t / resolutionMs : (t - resolutionMs + 1) / resolutionMs;
    return q * resolutionMs;
}

void mergeBucket(RollupBucket &a, const RollupBucket &b)
{
    if (b.count == 0)
        return;
    if (a.count == 0) {
        a = b;
        return;
    }
    a.min = std::min(a.min, b.min);
    a.max = std::max(a.max, b.max);
    a.sum += b.sum;
    a.count += b.count;
}

void appendRollup(const std::int64_t *t, const double *v, std::size_t n, std::int64_t res,
                  std::vector<RollupBucket> &out)
{
    std::vector<double> values;
    std::size_t i = 0;
    while (i < n) {
        const std::int64_t start = bucketStart(t[i], res);
        values.clear();
        for (; i < n && t[i] < start + res; ++i)
            if (!std::isnan(v[i]))
                values.push_back(v[i]);
        if (values.empty())
            continue;
        RollupBucket b;
        b.start = start;
        b.min = *std::min_element(values.begin(), values.end());
        b.max = *std::max_element(values.begin(), values.end());
        b.sum = exactSum(values.data(), values.size());
        b.count = values.size();
        if (!out.empty() && out.back().start == start)
            mergeBucket(out.back(), b);
        else
            out.push_back(b);
    }
}

void coarsenRollup(const std::vector<RollupBucket> &fine, std::int64_t res, std::vector<RollupBucket> &out)
{
    out.clear();
    std::vector<double> sums;
    for (std::size_t i = 0; i < fine.size();) {
        RollupBucket b;
        b.start = bucketStart(fine[i].start, res);
        sums.clear();
        // The first bucket always counts, and the test cannot overflow: a corrupt record with
        // times near the int64 limits (or out of order) still ends the loop.
        for (bool first = true;
             i < fine.size() && (first || (fine[i].start >= b.start && fine[i].start - b.start < res));
             ++i, first = false) {
            const RollupBucket &f = fine[i];
            if (f.count == 0)
                continue;
            b.min = b.count == 0 ? f.min : std::min(b.min, f.min);
            b.max = b.count == 0 ? f.max : std::max(b.max, f.max);
            b.count += f.count;
            sums.push_back(f.sum);
        }
        if (b.count == 0)
            continue;
        b.sum = exactSum(sums.data(), sums.size());
        out.push_back(b);
    }
}

void encodeRollup(const std::vector<RollupBucket> &buckets, std::vector<std::uint8_t> &out, int layout)
{
    putVarint(out, buckets.size());
    if (buckets.empty())
        return;
    std::vector<std::int64_t> numbers(buckets.size());
    for (std::size_t i = 0; i < buckets.size(); ++i)
        numbers[i] = static_cast<std::int64_t>(i);
    std::vector<std::int64_t> t(buckets.size());
    std::vector<double> columns[4];
    for (auto &c : columns)
        c.resize(buckets.size());
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        t[i] = buckets[i].start;
        columns[0][i] = buckets[i].min;
        columns[1][i] = buckets[i].max;
        columns[2][i] = buckets[i].sum;
        columns[3][i] = static_cast<double>(buckets[i].count);
    }
    std::vector<std::uint8_t> chunk;
    for (int c = 0; c < 4; ++c) {
        chunk.clear();
        const std::int64_t *times = layout >= 2 && c < 3 ? numbers.data() : t.data();
        encodeChunk(times, columns[c].data(), columns[c].size(), chunk);
        putVarint(out, chunk.size());
        out.insert(out.end(), chunk.begin(), chunk.end());
    }
}

Status decodeRollup(const std::uint8_t *data, std::size_t size, std::vector<RollupBucket> &out)
{
    ByteReader r(data, size);
    const std::uint64_t n = r.varint("rollup bucket count");
    if (!r.ok())
        return invalidArgument("rollup: " + r.error());
    out.clear();
    if (n == 0)
        return success();
    std::vector<std::int64_t> t;
    std::vector<double> columns[4];
    static const char *kNames[4] = {"rollup min chunk", "rollup max chunk", "rollup sum chunk", "rollup count chunk"};
    for (int c = 0; c < 4; ++c) {
        const std::uint64_t len = r.varint(kNames[c]);
        const std::uint8_t *p = r.ok() ? r.bytes(len, kNames[c]) : nullptr;
        if (!p)
            return invalidArgument("rollup: " + r.error());
        if (Status s = decodeChunk(p, len, t, columns[c]); !s)
            return invalidArgument(std::string(kNames[c]) + ": " + s.error().message);
        if (columns[c].size() != n)
            return invalidArgument(std::string(kNames[c]) + " holds " + std::to_string(columns[c].size()) +
                                   " buckets, the header says " + std::to_string(n));
    }
    // t holds the count chunk's times now, the bucket start times in both layouts.
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = {t[i], columns[0][i], columns[1][i], columns[2][i], static_cast<std::uint64_t>(columns[3][i])};
    return success();
}

} // namespace sn::tsdb
