#include "backend/telemetry/store/split_rice_codes.h"

#include "backend/telemetry/store/bit_stream.h"
#include "backend/telemetry/store/chunk_codes.h"
#include "backend/telemetry/store/varint.h"

#include <bit>
#include <cstring>

namespace sn::tsdb::split_rice {

using namespace chunk_codes;

namespace {

constexpr int kLongHeaderBits = kRiceLongOnes + 6; // the ones of a long code and its length field

std::uint64_t lowMask(int bits)
{
    return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// The quotient stream: bit j is bit j % 8 of byte j / 8 (least significant first), and a field
// of several bits goes least significant bit first - so a little-endian load of 8 bytes holds
// the next bits in order from bit 0, and the gaps between zero bits come from counting
// trailing zeros of its complement.
class LsbWriter {
public:
    explicit LsbWriter(std::vector<std::uint8_t> &out) : m_out(out) {}
    ~LsbWriter() { flush(); }
    void write(std::uint64_t value, int count) // count in 0..64
    {
        if (count == 0)
            return;
        value &= lowMask(count);
        m_acc |= value << m_used; // m_used < 64 between calls
        if (m_used + count < 64) {
            m_used += count;
            return;
        }
        writeBytes(8);
        const int taken = 64 - m_used;
        m_acc = taken == 64 ? 0 : value >> taken;
        m_used = m_used + count - 64;
    }
    void flush()
    {
        writeBytes((m_used + 7) / 8);
        m_acc = 0;
        m_used = 0;
    }

private:
    void writeBytes(int bytes)
    {
        for (int i = 0; i < bytes; ++i)
            m_out.push_back(static_cast<std::uint8_t>(m_acc >> (8 * i)));
    }
    std::vector<std::uint8_t> &m_out;
    std::uint64_t m_acc = 0;
    int m_used = 0;
};

// The quotient stream's bits from bit `pos` on, in order from bit 0; at least 57 are valid
// (64 - pos % 8) and bytes past the end read as zero.
inline std::uint64_t lsbAt(const std::uint8_t *bytes, std::size_t size, std::uint64_t pos)
{
    const std::size_t byte = static_cast<std::size_t>(pos >> 3);
    std::uint64_t word = 0;
    if (byte + 8 <= size) {
        std::memcpy(&word, bytes + byte, 8);
        if constexpr (std::endian::native == std::endian::big)
            word = __builtin_bswap64(word);
    } else {
        for (std::size_t i = 0; i < 8 && byte + i < size; ++i)
            word |= static_cast<std::uint64_t>(bytes[byte + i]) << (8 * i);
    }
    return word >> (pos & 7);
}

// `bits` (0..64) bits of the quotient stream at `pos`, as an integer (least significant first).
inline std::uint64_t lsbField(const std::uint8_t *bytes, std::size_t size, std::uint64_t pos, int bits)
{
    if (bits <= 32)
        return lsbAt(bytes, size, pos) & lowMask(bits);
    const std::uint64_t low = lsbAt(bytes, size, pos) & lowMask(32);
    return low | ((lsbAt(bytes, size, pos + 32) & lowMask(bits - 32)) << 32);
}

// The low-bits region is MSB first, like the other bit streams of a chunk (bit_stream.h):
// the 57 or more bits from `pos` on, at the top of the word.
inline std::uint64_t msbAt(const std::uint8_t *bytes, std::size_t size, std::uint64_t pos)
{
    const std::size_t byte = static_cast<std::size_t>(pos >> 3);
    std::uint64_t word = 0;
    if (byte + 8 <= size) {
        std::memcpy(&word, bytes + byte, 8);
        if constexpr (std::endian::native == std::endian::little)
            word = __builtin_bswap64(word);
    } else {
        for (std::size_t i = 0; i < 8; ++i)
            word = (word << 8) | (byte + i < size ? bytes[byte + i] : 0);
    }
    return word << (pos & 7);
}

// One instantiation per output and delta kind, so the decode loop tests neither.
template <bool kScaled, bool kDod>
Status decodeCodes(const std::uint8_t *bytes, std::size_t size, std::size_t at, std::uint32_t count, int k, int scale,
                   double *v, std::int64_t *xs, bool *escaped)
{
    const std::uint64_t lowBytes = (static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(k) + 7) / 8;
    if (lowBytes > size)
        return chunkError("split Rice low bits need " + std::to_string(lowBytes) + " bytes, " + std::to_string(size) +
                          " left at byte " + std::to_string(at));
    const std::uint8_t *quotients = bytes + lowBytes;
    const std::size_t quotientBytes = size - static_cast<std::size_t>(lowBytes);
    const std::uint64_t quotientBits = static_cast<std::uint64_t>(quotientBytes) * 8;
    const double divisor = kPow10[scale];
    std::uint64_t prevX = 0, prevD = 0; // unsigned: corrupt input may overflow, which must not be UB
    std::uint32_t coded = 0;            // values decoded as integers (escapes leave the state alone)
    auto decodeOne = [&](std::uint32_t i, std::uint64_t zz) {
        const std::uint64_t code = static_cast<std::uint64_t>(unzigzag(zz));
        std::uint64_t x;
        if (!kDod || coded == 0) {
            x = prevX + code;
        } else {
            const std::uint64_t d = coded == 1 ? code : prevD + code;
            x = prevX + d;
            prevD = d;
        }
        prevX = x;
        ++coded;
        if constexpr (kScaled) {
            xs[i] = static_cast<std::int64_t>(x);
        } else {
            const double xd = static_cast<double>(static_cast<std::int64_t>(x));
            v[i] = scale == 0 ? xd : xd / divisor;
        }
    };
    std::uint64_t pos = 0;   // in the quotient stream
    std::uint64_t lowAt = 0; // in the low-bits region: i * k
    const int lowShift = 64 - k;
    std::uint32_t i = 0;
    while (i < count && pos <= quotientBits) {
        const std::uint64_t word = lsbAt(quotients, quotientBytes, pos);
        std::uint64_t zeros = ~word & lowMask(64 - static_cast<int>(pos & 7)); // code ends, in the valid bits
        int start = 0;                                                         // where the next code begins
        bool isLong = false;
        while (zeros != 0 && i < count) {
            const int end = std::countr_zero(zeros);
            const int q = end - start;
            if (q >= kRiceLongOnes) {
                isLong = true;
                break;
            }
            const std::uint64_t low = k == 0 ? 0 : msbAt(bytes, size, lowAt) >> lowShift;
            decodeOne(i, (static_cast<std::uint64_t>(q) << k) | low);
            ++i;
            lowAt += static_cast<std::uint64_t>(k);
            start = end + 1;
            zeros &= zeros - 1;
        }
        pos += static_cast<std::uint64_t>(start);
        if (i >= count)
            break;
        if (!isLong && start > 0)
            continue; // the window ended inside a code: read on from its start
        // A long code (24 or more ones here, 57 or more when no zero was in the window): the
        // ones, 6 bits F, then F+1 bits of zz, or F = 63 and the 64 raw bits of the value.
        const int f = static_cast<int>(lsbField(quotients, quotientBytes, pos + kRiceLongOnes, 6));
        const std::uint64_t payloadAt = pos + kLongHeaderBits;
        if (f == kLongCodeEscape) {
            if constexpr (kScaled) {
                *escaped = true;
                return success();
            }
            v[i] = bitsDouble(lsbField(quotients, quotientBytes, payloadAt, 64));
            pos = payloadAt + 64;
        } else {
            decodeOne(i, lsbField(quotients, quotientBytes, payloadAt, f + 1));
            pos = payloadAt + static_cast<std::uint64_t>(f + 1);
        }
        ++i;
        lowAt += static_cast<std::uint64_t>(k);
    }
    if (pos > quotientBits || i < count)
        return chunkError("split Rice quotient bits end before value " + std::to_string(count) +
                          " (value bits start at byte " + std::to_string(at) + ")");
    return success();
}

} // namespace

void write(const std::uint64_t *zz, const std::uint8_t *escaped, const double *raw, std::size_t n, int k,
           std::vector<std::uint8_t> &out)
{
    auto isLong = [&](std::size_t i) { return escaped[i] || (zz[i] >> k) >= kRiceLongOnes; };
    {
        BitWriter low(out); // a long code's slot stays unused (zeros): every value's bits keep their place
        for (std::size_t i = 0; i < n; ++i)
            low.write(isLong(i) ? 0 : zz[i], k);
    }
    LsbWriter quotients(out);
    for (std::size_t i = 0; i < n; ++i) {
        if (!isLong(i)) {
            const int q = static_cast<int>(zz[i] >> k);
            quotients.write(lowMask(q), q + 1); // q ones, then a zero
            continue;
        }
        quotients.write(lowMask(kRiceLongOnes), kRiceLongOnes);
        if (escaped[i]) {
            quotients.write(kLongCodeEscape, 6);
            quotients.write(doubleBits(raw[i]), 64);
        } else {
            const int length = std::bit_width(zz[i]);
            quotients.write(static_cast<std::uint64_t>(length - 1), 6);
            quotients.write(zz[i], length);
        }
    }
}

Status decode(const std::uint8_t *bytes, std::size_t size, std::size_t at, std::uint32_t count, int k, bool dod,
              int scale, double *v, std::int64_t *xs, bool *escaped)
{
    if (xs)
        return dod ? decodeCodes<true, true>(bytes, size, at, count, k, scale, v, xs, escaped)
                   : decodeCodes<true, false>(bytes, size, at, count, k, scale, v, xs, escaped);
    return dod ? decodeCodes<false, true>(bytes, size, at, count, k, scale, v, xs, escaped)
               : decodeCodes<false, false>(bytes, size, at, count, k, scale, v, xs, escaped);
}

} // namespace sn::tsdb::split_rice
