// Chunk decoding: the way back from the byte layout chunk_encoding.cpp writes
// (docs/telemetry-store.md), every malformed byte reported by field and offset.
#include "backend/telemetry/store/chunk_encoding.h"

#include "backend/telemetry/store/bit_stream.h"
#include "backend/telemetry/store/chunk_codes.h"
#include "backend/telemetry/store/split_rice_codes.h"
#include "backend/telemetry/store/varint.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace sn::tsdb {

using namespace chunk_codes;

namespace {

Result<ChunkInfo> readHeader(ByteReader &r)
{
    ChunkInfo info;
    const std::uint8_t flags = r.byte("flags");
    if (!r.ok())
        return chunkError(r.error());
    if ((flags & 3) > 1)
        return chunkError("unknown time encoding " + std::to_string(flags & 3) + " at byte 0");
    info.time = static_cast<TimeEncoding>(flags & 3);
    info.value = static_cast<ValueEncoding>((flags >> 2) & 3);
    const bool decimal = info.value == ValueEncoding::DecimalDelta || info.value == ValueEncoding::DecimalDoubleDelta;
    if ((flags >> 4) > (decimal ? 2 : 0)) // formats 1 and 2: Rice codes, decimal encodings only
        return chunkError("unknown format " + std::to_string(flags >> 4) + " in the flags byte at byte 0");
    info.format = flags >> 4;
    info.riceBits = info.format >= 1 ? 0 : -1; // the parameter itself follows the scale byte
    const std::uint64_t count = r.varint("sample count");
    info.firstTime = r.signedVarint("first time");
    if (!r.ok())
        return chunkError(r.error());
    if (count == 0 || count > kMaxChunkSamples)
        return chunkError("sample count " + std::to_string(count) + " outside 1.." + std::to_string(kMaxChunkSamples) +
                          " at byte 1");
    info.count = static_cast<std::uint32_t>(count);
    return info;
}

Status decodeTimes(ByteReader &r, const ChunkInfo &info, std::int64_t *t)
{
    t[0] = info.firstTime;
    if (info.count < 2)
        return success();
    const std::int64_t firstDelta = r.signedVarint("first time delta");
    if (!r.ok())
        return chunkError(r.error());
    auto add = [](std::int64_t a, std::int64_t b) {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
    };
    if (info.time == TimeEncoding::Regular) {
        for (std::uint32_t i = 1; i < info.count; ++i)
            t[i] = add(t[i - 1], firstDelta);
        return success();
    }
    const std::uint64_t length = r.varint("time bits length");
    const std::size_t at = r.offset();
    const std::uint8_t *bytes = r.ok() ? r.bytes(length, "time bits") : nullptr;
    if (!bytes)
        return chunkError(r.error());
    BitReader b(bytes, length);
    t[1] = add(t[0], firstDelta);
    std::int64_t delta = firstDelta;
    for (std::uint32_t i = 2; i < info.count; ++i) {
        std::uint64_t zz = 0;
        if (b.peek(1) == 0) {
            b.skip(1);
        } else if (b.peek(2) == 0b10) {
            b.skip(2);
            zz = b.read(14);
        } else if (b.peek(3) == 0b110) {
            b.skip(3);
            zz = b.read(17);
        } else if (b.peek(4) == 0b1110) {
            b.skip(4);
            zz = b.read(20);
        } else {
            b.skip(4);
            zz = b.read(64);
        }
        delta = add(delta, unzigzag(zz));
        t[i] = add(t[i - 1], delta);
    }
    if (b.overrun())
        return chunkError("time bits end before sample " + std::to_string(info.count) + " (" + std::to_string(length) +
                          " bytes at byte " + std::to_string(at) + ")");
    return success();
}

Status decodeXor(const std::uint8_t *bytes, std::size_t size, std::size_t at, std::uint32_t count, double *v)
{
    BitReader b(bytes, size);
    std::uint64_t prev = b.read(64);
    v[0] = bitsDouble(prev);
    int lead = 0, sig = 0;
    for (std::uint32_t i = 1; i < count; ++i) {
        if (b.peek(1) == 0) {
            b.skip(1);
        } else {
            const bool reuse = b.peek(2) == 0b10;
            b.skip(2);
            if (!reuse) {
                lead = static_cast<int>(b.read(5));
                sig = static_cast<int>(b.read(6));
                if (sig == 0)
                    sig = 64;
                if (lead + sig > 64)
                    return chunkError("XOR window of " + std::to_string(lead) + "+" + std::to_string(sig) +
                                      " bits is wider than 64 at value " + std::to_string(i));
            } else if (sig == 0) {
                return chunkError("XOR value " + std::to_string(i) + " reuses a window never set (byte " +
                                  std::to_string(at) + ")");
            }
            prev ^= b.read(sig) << (64 - lead - sig);
        }
        v[i] = bitsDouble(prev);
        if (b.overrun())
            break;
    }
    if (b.overrun())
        return chunkError("XOR value bits end before value " + std::to_string(count) + " (value bits start at byte " +
                          std::to_string(at) + ")");
    return success();
}

// The bits starting at bit `pos` of the stream, MSB first, at least 57 of them valid (the
// top 64 - pos % 8 ... 64); bytes past the end read as zero.
// One unaligned big-endian load away from the end, so the decode loop keeps no bit window
// and its only loop-carried state is the bit position.
inline std::uint64_t bitsAt(const std::uint8_t *bytes, std::size_t size, std::uint64_t pos)
{
    const std::size_t byte = static_cast<std::size_t>(pos >> 3);
    std::uint64_t word = 0;
    if (byte + 8 <= size) {
        std::memcpy(&word, bytes + byte, 8);
        word = __builtin_bswap64(word);
    } else {
        for (std::size_t i = 0; i < 8; ++i)
            word = (word << 8) | (byte + i < size ? bytes[byte + i] : 0);
    }
    return word << (pos & 7);
}

// Format 1 decimal chunks: the Rice parameter byte after the scale byte (0..56).
Status readRiceParameter(ByteReader &r, const ChunkInfo &info, int &riceK)
{
    riceK = -1;
    if (info.riceBits < 0)
        return success();
    const std::uint8_t k = r.byte("Rice parameter");
    if (!r.ok())
        return chunkError(r.error());
    if (k > 56)
        return chunkError("Rice parameter " + std::to_string(k) + " above 56 at byte " +
                          std::to_string(r.offset() - 1));
    riceK = k;
    return success();
}

// Decodes decimal codes into values v, or - with kScaled - into the scaled integers x, where an
// escaped value stops the decode and sets `escaped` (the caller decodes the chunk as values).
// riceK < 0: the varbit codes; otherwise Rice codes with that parameter.
template <bool kScaled>
Status decodeDecimal(const std::uint8_t *bytes, std::size_t size, std::size_t at, std::uint32_t count, int scale,
                     bool dod, int riceK, double *v, std::int64_t *xs = nullptr, bool *escaped = nullptr)
{
    const double divisor = kPow10[scale];
    const std::uint64_t sizeBits = static_cast<std::uint64_t>(size) * 8;
    std::uint64_t pos = 0;
    std::uint64_t prevX = 0, prevD = 0; // unsigned: corrupt input may overflow, which must not be UB
    std::uint32_t k = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (pos > sizeBits)
            break;
        const std::uint64_t w = bitsAt(bytes, size, pos);
        std::uint64_t zz;
        int longAt = -1; // bit offset of a long code's 6-bit length field
        if (riceK >= 0) {
            const int q = std::min(std::countl_one(w), kRiceLongOnes);
            if (q < kRiceLongOnes) {
                const int used = q + 1 + riceK;
                const std::uint64_t low =
                    riceK == 0   ? 0
                    : used <= 57 ? (w << (q + 1)) >> (64 - riceK)
                                 : bitsAt(bytes, size, pos + static_cast<std::uint64_t>(q + 1)) >> (64 - riceK);
                zz = (static_cast<std::uint64_t>(q) << riceK) | low;
                pos += static_cast<std::uint64_t>(used);
            } else {
                longAt = kRiceLongOnes;
            }
        } else {
            const int ones = std::min(std::countl_one(w), 3);
            if (ones < 3) { // '0', '10' + 3 bits, '110' + 6 bits: ones + 1 prefix bits, 3 * ones payload bits
                const int payload = 3 * ones;
                zz = payload == 0 ? 0 : (w << (ones + 1)) >> (64 - payload);
                pos += static_cast<std::uint64_t>(4 * ones + 1);
            } else {
                longAt = 3;
            }
        }
        if (longAt >= 0) { // 6 bits F, then F+1 bits of zz; F = 63: 64 raw bits of the double
            const int f = static_cast<int>((w << longAt) >> 58);
            const std::uint64_t payloadAt = pos + static_cast<std::uint64_t>(longAt + 6);
            if (f == kLongCodeEscape) {
                if constexpr (kScaled) {
                    *escaped = true;
                    return success();
                }
                // bitsAt holds 57 valid bits at least: the 64 raw bits take two reads.
                const std::uint64_t high = bitsAt(bytes, size, payloadAt) >> 32;
                const std::uint64_t low = bitsAt(bytes, size, payloadAt + 32) >> 32;
                v[i] = bitsDouble((high << 32) | low);
                pos = payloadAt + 64;
                continue;
            }
            const int length = f + 1;
            zz = longAt + 6 + length <= 57 ? (w << (longAt + 6)) >> (64 - length)
                                           : bitsAt(bytes, size, payloadAt) >> (64 - length);
            pos = payloadAt + static_cast<std::uint64_t>(length);
        }
        const std::uint64_t code = static_cast<std::uint64_t>(unzigzag(zz));
        std::uint64_t x;
        if (!dod || k == 0) {
            x = prevX + code;
        } else {
            const std::uint64_t d = k == 1 ? code : prevD + code;
            x = prevX + d;
            prevD = d;
        }
        prevX = x;
        ++k;
        if constexpr (kScaled) {
            xs[i] = static_cast<std::int64_t>(x);
        } else {
            const double xd = static_cast<double>(static_cast<std::int64_t>(x));
            v[i] = scale == 0 ? xd : xd / divisor;
        }
    }
    if (pos > sizeBits)
        return chunkError("decimal value bits end before value " + std::to_string(count) +
                          " (value bits start at byte " + std::to_string(at) + ")");
    return success();
}

} // namespace

Result<ChunkInfo> readChunkInfo(const std::uint8_t *data, std::size_t size)
{
    ByteReader r(data, size);
    Result<ChunkInfo> info = readHeader(r);
    if (!info || (info->value != ValueEncoding::DecimalDelta && info->value != ValueEncoding::DecimalDoubleDelta))
        return info;
    if (info->count >= 2) { // a one-sample chunk has no times after the first
        r.signedVarint("first time delta");
        if (info->time == TimeEncoding::DeltaOfDelta)
            r.bytes(r.varint("time bits length"), "time bits");
    }
    info->scale = r.byte("decimal scale");
    if (info->riceBits >= 0)
        info->riceBits = r.byte("Rice parameter");
    if (!r.ok())
        return chunkError(r.error());
    return info;
}

Status decodeChunk(const std::uint8_t *data, std::size_t size, std::vector<std::int64_t> &times,
                   std::vector<double> &values)
{
    ByteReader r(data, size);
    Result<ChunkInfo> info = readHeader(r);
    if (!info)
        return info.error();
    const std::uint32_t n = info->count;
    times.resize(n);
    values.resize(n);
    if (Status s = decodeTimes(r, *info, times.data()); !s)
        return s;
    switch (info->value) {
    case ValueEncoding::Constant: {
        const double v = bitsDouble(r.fixed64("constant value"));
        if (!r.ok())
            return chunkError(r.error());
        std::fill(values.begin(), values.end(), v);
        break;
    }
    case ValueEncoding::Xor:
        if (r.remaining() < 8)
            return chunkError("XOR first value needs 8 bytes at byte " + std::to_string(r.offset()));
        return decodeXor(r.here(), r.remaining(), r.offset(), n, values.data());
    case ValueEncoding::DecimalDelta:
    case ValueEncoding::DecimalDoubleDelta: {
        const std::uint8_t scale = r.byte("decimal scale");
        if (!r.ok())
            return chunkError(r.error());
        if (scale > kMaxDecimalScale)
            return chunkError("decimal scale " + std::to_string(scale) + " above " + std::to_string(kMaxDecimalScale) +
                              " at byte " + std::to_string(r.offset() - 1));
        int riceK = -1;
        if (Status st = readRiceParameter(r, *info, riceK); !st)
            return st;
        if (info->format == 2)
            return split_rice::decode(r.here(), r.remaining(), r.offset(), n, riceK,
                                      info->value == ValueEncoding::DecimalDoubleDelta, scale, values.data(), nullptr,
                                      nullptr);
        return decodeDecimal<false>(r.here(), r.remaining(), r.offset(), n, scale,
                                    info->value == ValueEncoding::DecimalDoubleDelta, riceK, values.data());
    }
    }
    return success();
}

double scaledValue(std::int64_t x, int scale)
{
    const double xd = static_cast<double>(x);
    return scale == 0 ? xd : xd / kPow10[scale];
}

Result<bool> decodeChunkScaled(const std::uint8_t *data, std::size_t size, std::vector<std::int64_t> &times,
                               std::vector<std::int64_t> &x, int &scale)
{
    ByteReader r(data, size);
    Result<ChunkInfo> info = readHeader(r);
    if (!info)
        return info.error();
    if (info->value != ValueEncoding::DecimalDelta && info->value != ValueEncoding::DecimalDoubleDelta)
        return false;
    const std::uint32_t n = info->count;
    times.resize(n);
    x.resize(n);
    if (Status s = decodeTimes(r, *info, times.data()); !s)
        return s.error();
    const std::uint8_t s = r.byte("decimal scale");
    if (!r.ok())
        return chunkError(r.error());
    if (s > kMaxDecimalScale)
        return chunkError("decimal scale " + std::to_string(s) + " above " + std::to_string(kMaxDecimalScale) +
                          " at byte " + std::to_string(r.offset() - 1));
    scale = s;
    int riceK = -1;
    if (Status st = readRiceParameter(r, *info, riceK); !st)
        return st.error();
    bool escaped = false;
    if (info->format == 2) {
        if (Status st =
                split_rice::decode(r.here(), r.remaining(), r.offset(), n, riceK,
                                   info->value == ValueEncoding::DecimalDoubleDelta, s, nullptr, x.data(), &escaped);
            !st)
            return st.error();
        return !escaped;
    }
    if (Status st =
            decodeDecimal<true>(r.here(), r.remaining(), r.offset(), n, s,
                                info->value == ValueEncoding::DecimalDoubleDelta, riceK, nullptr, x.data(), &escaped);
        !st)
        return st.error();
    return !escaped;
}

} // namespace sn::tsdb
