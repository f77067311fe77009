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

// Encoded as four chunks: min, max, sum, count. Layout 1 (rollups files of version 1): each
// over the bucket start times. Layout 2 (version 2): the count chunk over the start times, the
// other three over the bucket numbers 0..n-1, which cost two bytes of times instead of ~9.
inline constexpr int kRollupLayout = 2; // what encodeRollup writes
void encodeRollup(const std::vector<RollupBucket> &buckets, std::vector<std::uint8_t> &out, int layout = kRollupLayout);
// Reads both layouts: the start times are the count chunk's.
Status decodeRollup(const std::uint8_t *data, std::size_t size, std::vector<RollupBucket> &out);

// Buckets of `resolutionMs` from finer ones (times increasing) that nest in them: the 1-hour
// rollups from the 1-minute ones, which is all a layout 2 block stores. Min of the mins, max
// of the maxes, counts added, and sums added exactly when they are decimals - the same sum
// appendRollup gives from the raw samples.
void coarsenRollup(const std::vector<RollupBucket> &fine, std::int64_t resolutionMs, std::vector<RollupBucket> &out);

} // namespace sn::tsdb
