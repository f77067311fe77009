#pragma once
// What the chunk encoder (chunk_encoding.cpp) and decoder (chunk_decoding.cpp) must agree on:
// the code constants of the byte layout in docs/telemetry-store.md. Internal to the store.

#include "backend/model/result.h"
#include "backend/telemetry/store/chunk_encoding.h"

#include <cstdint>
#include <string>

namespace sn::tsdb::chunk_codes {

// The varbit and Rice codes these bound are described beside their writers in chunk_encoding.cpp.

inline constexpr double kPow10[kMaxDecimalScale + 1] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
inline constexpr double kMaxExactInteger = 9007199254740992.0; // 2^53: larger integers are not all doubles
inline constexpr std::uint32_t kMaxChunkSamples = 65536;
inline constexpr int kLongCodeEscape = 63;
inline constexpr int kEscapeCodeBits = 3 + 6 + 64;
inline constexpr int kRiceLongOnes = 24;
inline constexpr int kRiceEscapeBits = kRiceLongOnes + 6 + 64;

inline Error chunkError(const std::string &what)
{
    return invalidArgument("chunk: " + what);
}

} // namespace sn::tsdb::chunk_codes
