#pragma once
// One chunk: up to a few hundred samples of one series, compressed. Timestamps are either
// regular (t0 + i * delta, no bits per sample) or Gorilla delta-of-delta. Values are picked per
// chunk from what compresses best: one constant, Gorilla XOR of the float bits, or - for values
// that are really integers or fixed decimals (%, MiB, MHz, watts with 2 decimals, counters) -
// integers scaled by 10^scale with zig-zag delta or delta-of-delta varbit codes. A value the
// scale cannot hold exactly (NaN, the stale marker, +-Inf, -0.0, 1e-300, 0.1+0.2) is escaped
// and stored as its raw 64 bits, so every value round-trips bit for bit.
// The byte layout is written up in docs/telemetry-store.md.

#include "backend/model/result.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sn::tsdb {

// Prometheus' staleness marker: a NaN with this payload says "the series ended here".
inline constexpr std::uint64_t kStaleNaNBits = 0x7ff0000000000002ull;
bool isStaleMarker(double v);
double staleMarker();

enum class TimeEncoding : std::uint8_t { Regular = 0, DeltaOfDelta = 1 };
enum class ValueEncoding : std::uint8_t { Constant = 0, Xor = 1, DecimalDelta = 2, DecimalDoubleDelta = 3 };
inline constexpr int kMaxDecimalScale = 6;

struct ChunkInfo {
    std::uint32_t count = 0;
    std::int64_t firstTime = 0;
    TimeEncoding time = TimeEncoding::Regular;
    ValueEncoding value = ValueEncoding::Constant;
    int scale = 0;
    int riceBits = -1; // decimal chunks in format 1 or 2: the Rice parameter k; -1 for the varbit codes
    int format = 0;    // decimal chunks: 0 varbit codes, 1 Rice codes, 2 split Rice codes
};

// v as an integer x with x / 10^scale == v bit for bit; false when no such x below 2^53 exists.
bool scaledDecimal(double v, int scale, std::int64_t &x);
// 10^scale for scale in 0..kMaxDecimalScale.
double decimalPower(int scale);

// Appends the chunk for n >= 1 samples with strictly increasing times to `out`.
void encodeChunk(const std::int64_t *times, const double *values, std::size_t n, std::vector<std::uint8_t> &out);
// Forces one value encoding (tests and the docs' size comparisons); returns false when the
// values cannot be held by it (Constant with differing values, Decimal* with no decimal value).
bool encodeChunkAs(ValueEncoding encoding, const std::int64_t *times, const double *values, std::size_t n,
                   std::vector<std::uint8_t> &out);

// Forces Rice codes for decimal values, in `format` 1 (one bit stream: the layout before
// format 2, still read) or 2 (split, what encodeChunk writes); tests of both layouts. False
// when the encoding is not a decimal one or no value is a decimal.
bool encodeChunkRice(ValueEncoding encoding, unsigned format, const std::int64_t *times, const double *values,
                     std::size_t n, std::vector<std::uint8_t> &out);

// The header alone, without decoding samples.
Result<ChunkInfo> readChunkInfo(const std::uint8_t *data, std::size_t size);

// Decodes a whole chunk into `times` and `values` (resized to its count). Malformed or
// truncated bytes give an error naming the field and byte offset, never a read out of bounds.
Status decodeChunk(const std::uint8_t *data, std::size_t size, std::vector<std::int64_t> &times,
                   std::vector<double> &values);

// A decimal chunk whose values need no escape, decoded to its scaled integers: value i is
// scaledValue(x[i], scale) bit for bit, and x orders the values as they order. Queries that
// only compare values (M4's extremes) work on x and convert the few points they keep. False,
// with nothing usable decoded, for other chunks; an error for malformed ones.
Result<bool> decodeChunkScaled(const std::uint8_t *data, std::size_t size, std::vector<std::int64_t> &times,
                               std::vector<std::int64_t> &x, int &scale);
// The decoder's conversion of a scaled integer back to its value.
double scaledValue(std::int64_t x, int scale);

} // namespace sn::tsdb
