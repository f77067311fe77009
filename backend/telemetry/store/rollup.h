#pragma once
// Rollups: per series, min, max, sum and count of the samples in each aligned 1-minute and
// 1-hour bucket. Blocks store them beside the raw chunks, so reports and long-range summaries
// read 60 or 3,600 times fewer points. NaN samples (and stale markers) are not counted.
// A bucket's sum is exact when its samples are fixed decimals (summed as scaled integers),
// which also keeps it a short decimal for the chunk encoding.

#include "backend/model/result.h"

#include <array>
#include <cstdint>
#include <vector>

namespace sn::tsdb {

inline constexpr std::array<std::int64_t, 2> kRollupResolutionsMs = {60'000, 3'600'000};

struct RollupBucket {
    std::int64_t start = 0; // aligned to the resolution
    double min = 0;
    double max = 0;
    double sum = 0;
    std::uint64_t count = 0;
};

// Appends the buckets of samples (times increasing) to `out`, merging into out's last bucket
// when it has the same start.
void appendRollup(const std::int64_t *times, const double *values, std::size_t n, std::int64_t resolutionMs,
                  std::vector<RollupBucket> &out);
// Folds b into a (same start).
void mergeBucket(RollupBucket &a, const RollupBucket &b);
std::int64_t bucketStart(std::int64_t t, std::int64_t resolutionMs);

// Encoded as four chunks (min, max, sum, count) over the bucket start times.
void encodeRollup(const std::vector<RollupBucket> &buckets, std::vector<std::uint8_t> &out);
Status decodeRollup(const std::uint8_t *data, std::size_t size, std::vector<RollupBucket> &out);

} // namespace sn::tsdb
