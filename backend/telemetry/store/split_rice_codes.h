#pragma once
// Split Rice codes: format 2 of the decimal chunk encodings (docs/telemetry-store.md). The
// same Rice codes as format 1 (q = zz >> k in unary, then the k low bits of zz), with the two
// parts in two regions: first every value's k low bits at a fixed place (value i at bit i*k),
// then the unary quotients as one LSB-first bit stream. The size is format 1's (plus k unused
// bits per long code and a byte of padding), but the decoder is no longer one chain of
// variable-length reads, each waiting for the last one's length (~11 cycles a value): the
// low bits are independent loads, and the quotients are the gaps between the stream's zero
// bits, found with count-trailing-zeros while clearing the lowest bit is the only dependency.
// Internal to the store; chunk_encoding.cpp and chunk_decoding.cpp call it.

#include "backend/model/result.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sn::tsdb::split_rice {

// Appends both regions (each padded to whole bytes; the encoder's sizeDecimal sizes them) for
// codes zz with parameter k; `escaped[i]` marks a value stored as its raw 64 bits, raw[i].
void write(const std::uint64_t *zz, const std::uint8_t *escaped, const double *raw, std::size_t n, int k,
           std::vector<std::uint8_t> &out);

// Decodes `count` values from the regions in [bytes, bytes + size) (the rest of the chunk,
// starting at chunk byte `at`, for error messages) as decimal delta (dod false) or
// delta-of-delta codes. With xs set, into scaled integers, and an escaped value stops the
// decode with *escaped = true; otherwise into values v at `scale`.
Status decode(const std::uint8_t *bytes, std::size_t size, std::size_t at, std::uint32_t count, int k, bool dod,
              int scale, double *v, std::int64_t *xs, bool *escaped);

} // namespace sn::tsdb::split_rice
