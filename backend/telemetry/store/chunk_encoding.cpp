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

// Varbit integer codes for a zig-zagged value zz: '0' is 0; '10' + 3 bits for zz < 8;
// '110' + 6 bits for zz < 64; otherwise '111' + 6 bits F + the F+1 bits of zz (F+1 is its
// bit length, at most 56 since scaled values stay below 2^53). F = 63 is the escape: 64 raw
// bits of the double follow. Length-prefixed large codes keep noisy rates (PCIe, NVLink bytes)
// near their entropy instead of jumping to 64 bits.

// Counts bits instead of writing them, so encodings can be compared before one is written.
struct BitCounter {
    std::size_t bits = 0;
    void write(std::uint64_t, int count) { bits += static_cast<std::size_t>(count); }
};

int codeBits(std::uint64_t zz)
{
    if (zz == 0)
        return 1;
    if (zz < 8)
        return 2 + 3;
    if (zz < 64)
        return 3 + 6;
    return 3 + 6 + std::bit_width(zz);
}

template <typename Sink> void writeCode(Sink &w, std::uint64_t zz)
{
    if (zz == 0) {
        w.write(0, 1);
    } else if (zz < 8) {
        w.write(0b10, 2);
        w.write(zz, 3);
    } else if (zz < 64) {
        w.write(0b110, 3);
        w.write(zz, 6);
    } else {
        const int length = std::bit_width(zz); // 7..63: values stay below 2^56
        w.write(0b111, 3);
        w.write(static_cast<std::uint64_t>(length - 1), 6);
        w.write(zz, length);
    }
}

template <typename Sink> void writeEscape(Sink &w, double v)
{
    w.write(0b111, 3);
    w.write(kLongCodeEscape, 6);
    w.write(doubleBits(v), 64);
}

// Rice codes (format 1 of the decimal encodings) for noisy values, whose deltas spread over
// many bits: q = zz >> k as q one bits and a zero, then the k low bits of zz. Within a fraction
// of a bit of the entropy of such deltas, where the varbit codes pay their 9-bit prefix. A large
// q (an outlier, a phase change) is kRiceLongOnes ones, then 6 bits F and the F+1 bits of zz;
// F = 63 is the escape (64 raw bits of the double).

int riceBits(std::uint64_t zz, int k)
{
    const std::uint64_t q = zz >> k;
    return q < kRiceLongOnes ? static_cast<int>(q) + 1 + k : kRiceLongOnes + 6 + std::bit_width(zz);
}

template <typename Sink> void writeRice(Sink &w, std::uint64_t zz, int k)
{
    const std::uint64_t q = zz >> k;
    if (q < kRiceLongOnes) {
        w.write(((std::uint64_t{1} << q) - 1) << 1, static_cast<int>(q) + 1); // q ones, a zero
        w.write(zz, k);
    } else {
        w.write((std::uint64_t{1} << kRiceLongOnes) - 1, kRiceLongOnes);
        const int length = std::bit_width(zz);
        w.write(static_cast<std::uint64_t>(length - 1), 6);
        w.write(zz, length);
    }
}

bool toScaled(double v, int scale, std::int64_t &x)
{
    const double scaled = v * kPow10[scale];
    if (!(std::fabs(scaled) < kMaxExactInteger)) // also false for NaN
        return false;
    // Any nearby integer will do as the candidate: the check below decides. Rounding by hand
    // keeps this inline (nearbyint is a libm call on baseline x86-64).
    const auto xi = static_cast<std::int64_t>(scaled + (scaled >= 0 ? 0.5 : -0.5));
    const double back = scale == 0 ? static_cast<double>(xi) : static_cast<double>(xi) / kPow10[scale];
    if (doubleBits(back) != doubleBits(v)) // -0.0, or a decimal the scale rounds
        return false;
    x = xi;
    return true;
}

// Values as integers at one scale; `escaped` marks those the scale cannot hold exactly.
struct DecimalPlan {
    int scale = 0;
    std::size_t escapes = 0;
    std::vector<std::int64_t> x;
    std::vector<std::uint8_t> escaped;
};

// The smallest scale that holds every decimal value, in one pass: a value the current scale
// cannot hold raises the scale (and the values before it are scaled again, at most 6 times a
// chunk); a value no scale holds is an escape.
void planDecimal(const double *v, std::size_t n, DecimalPlan &plan)
{
    plan.scale = 0;
    plan.escapes = 0;
    plan.x.resize(n);
    plan.escaped.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (toScaled(v[i], plan.scale, plan.x[i]))
            continue;
        int s = plan.scale + 1;
        for (; s <= kMaxDecimalScale; ++s)
            if (toScaled(v[i], s, plan.x[i]))
                break;
        if (s > kMaxDecimalScale) {
            plan.escaped[i] = 1;
            ++plan.escapes;
            continue;
        }
        plan.scale = s;
        for (std::size_t j = 0; j < i; ++j)
            if (!plan.escaped[j] && !toScaled(v[j], s, plan.x[j])) {
                plan.escaped[j] = 1;
                ++plan.escapes;
            }
    }
}

DecimalPlan planDecimal(const double *v, std::size_t n)
{
    DecimalPlan plan;
    planDecimal(v, n, plan);
    return plan;
}

// The codes of the delta (or delta-of-delta) sequence, zig-zagged; escapes are marked in the plan.
void decimalCodes(const DecimalPlan &plan, std::size_t n, bool dod, std::vector<std::uint64_t> &zz)
{
    zz.assign(n, 0);
    std::int64_t prevX = 0, prevD = 0;
    std::size_t k = 0; // values coded so far (escapes leave the integer state alone)
    for (std::size_t i = 0; i < n; ++i) {
        if (plan.escaped[i])
            continue;
        const std::int64_t x = plan.x[i];
        const std::int64_t d = x - prevX;
        zz[i] = zigzag(!dod || k < 2 ? d : d - prevD);
        if (k > 0)
            prevD = d;
        prevX = x;
        ++k;
    }
}

std::vector<std::uint64_t> decimalCodes(const DecimalPlan &plan, std::size_t n, bool dod)
{
    std::vector<std::uint64_t> zz;
    decimalCodes(plan, n, dod, zz);
    return zz;
}

// riceK < 0: the varbit codes; otherwise Rice codes with parameter riceK.
template <typename Sink>
void writeDecimal(Sink &w, const DecimalPlan &plan, const std::vector<std::uint64_t> &zz, const double *v,
                  std::size_t n, int riceK)
{
    for (std::size_t i = 0; i < n; ++i) {
        if (plan.escaped[i]) {
            if (riceK < 0) {
                writeEscape(w, v[i]);
            } else {
                w.write((std::uint64_t{1} << kRiceLongOnes) - 1, kRiceLongOnes);
                w.write(kLongCodeEscape, 6);
                w.write(doubleBits(v[i]), 64);
            }
        } else if (riceK < 0) {
            writeCode(w, zz[i]);
        } else {
            writeRice(w, zz[i], riceK);
        }
    }
}

// The best Rice parameter for codes zz and its size in bits: near the mean bit length of the
// codes less one, so only the three parameters around it are sized. The mean of the lengths,
// not of the codes: one outlier (a phase change, a reset) would pull the mean code up by
// orders of magnitude and every other value would pay for it in low bits.
int bestRice(const DecimalPlan &plan, const std::vector<std::uint64_t> &zz, std::size_t n, std::size_t &bits)
{
    std::size_t lengths = 0;
    std::size_t coded = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (!plan.escaped[i]) {
            lengths += static_cast<std::size_t>(std::bit_width(zz[i]));
            ++coded;
        }
    const double meanLength = coded ? static_cast<double>(lengths) / static_cast<double>(coded) : 0;
    const int guess = std::max(0, static_cast<int>(std::lround(meanLength - 1.0)));
    int best = 0;
    bits = SIZE_MAX;
    for (int k = std::max(0, guess - 1); k <= std::min(56, guess + 1); ++k) {
        std::size_t b = 0;
        for (std::size_t i = 0; i < n; ++i)
            b += plan.escaped[i] ? kRiceEscapeBits : static_cast<std::size_t>(riceBits(zz[i], k));
        if (b < bits) {
            bits = b;
            best = k;
        }
    }
    return best;
}

// The sizes of the varbit codes and of the split Rice codes (format 2) for codes zz, in two
// passes: the varbit sizes with the mean code length, then the three Rice parameters around
// it (bestRice's guess) at once.
struct DecimalSizes {
    std::size_t varbitBits = 0;
    std::size_t riceBits = SIZE_MAX;
    int riceK = 0;
};
DecimalSizes sizeDecimal(const DecimalPlan &plan, const std::uint64_t *zz, std::size_t n)
{
    DecimalSizes sizes;
    sizes.varbitBits = 8; // the scale byte
    std::size_t lengths = 0, coded = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (plan.escaped[i]) {
            sizes.varbitBits += kEscapeCodeBits;
            continue;
        }
        sizes.varbitBits += static_cast<std::size_t>(codeBits(zz[i]));
        lengths += static_cast<std::size_t>(std::bit_width(zz[i]));
        ++coded;
    }
    const double meanLength = coded ? static_cast<double>(lengths) / static_cast<double>(coded) : 0;
    const int guess = std::max(1, static_cast<int>(std::lround(meanLength - 1.0)));
    const int k0 = std::min(guess - 1, 54); // the parameters k0, k0 + 1, k0 + 2 (at most 56)
    std::size_t quotientBits[3] = {0, 0, 0};
    constexpr std::size_t kLong = kRiceLongOnes + 6;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t z = zz[i];
        if (plan.escaped[i]) {
            for (std::size_t &q : quotientBits)
                q += kLong + 64;
            continue;
        }
        for (int j = 0; j < 3; ++j) {
            const std::uint64_t q = z >> (k0 + j);
            quotientBits[j] += q < kRiceLongOnes ? static_cast<std::size_t>(q) + 1
                                                 : kLong + static_cast<std::size_t>(std::bit_width(z));
        }
    }
    for (int j = 0; j < 3; ++j) {
        const std::size_t k = static_cast<std::size_t>(k0 + j);
        const std::size_t bits = 16 + (n * k + 7) / 8 * 8 + (quotientBits[j] + 7) / 8 * 8; // + scale and k bytes
        if (bits < sizes.riceBits) {
            sizes.riceBits = bits;
            sizes.riceK = k0 + j;
        }
    }
    return sizes;
}

// Gorilla XOR: '0' same bits; '10' + the bits inside the previous window; '11' + 5 bits of
// leading zeros + 6 bits of length (64 as 0) + the meaningful bits.
template <typename Sink> void writeXor(Sink &w, const double *v, std::size_t n)
{
    std::uint64_t prev = doubleBits(v[0]);
    w.write(prev, 64);
    int prevLead = 0, prevSig = 0;
    for (std::size_t i = 1; i < n; ++i) {
        const std::uint64_t bits = doubleBits(v[i]);
        const std::uint64_t x = bits ^ prev;
        prev = bits;
        if (x == 0) {
            w.write(0, 1);
            continue;
        }
        int lead = std::countl_zero(x);
        const int trail = std::countr_zero(x);
        if (lead > 31)
            lead = 31;
        if (prevSig > 0 && lead >= prevLead && trail >= 64 - prevLead - prevSig) {
            w.write(0b10, 2);
            w.write(x >> (64 - prevLead - prevSig), prevSig);
            continue;
        }
        const int sig = 64 - lead - trail;
        w.write(0b11, 2);
        w.write(static_cast<std::uint64_t>(lead), 5);
        w.write(static_cast<std::uint64_t>(sig == 64 ? 0 : sig), 6);
        w.write(x >> trail, sig);
        prevLead = lead;
        prevSig = sig;
    }
}

// a - b in two's complement, as the decoder adds: times a whole int64 range apart (a corrupt
// chunk that decoded, re-encoded by a compaction) round-trip instead of overflowing.
std::int64_t wrappingSub(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

bool regularTimes(const std::int64_t *t, std::size_t n)
{
    for (std::size_t i = 2; i < n; ++i)
        if (wrappingSub(t[i], t[i - 1]) != wrappingSub(t[1], t[0]))
            return false;
    return true;
}

// Prometheus' timestamp buckets, with zig-zag payloads: '0' | '10'+14 | '110'+17 | '1110'+20 | '1111'+64.
void writeTimeBits(BitWriter &w, const std::int64_t *t, std::size_t n)
{
    for (std::size_t i = 2; i < n; ++i) {
        const std::uint64_t zz = zigzag(wrappingSub(wrappingSub(t[i], t[i - 1]), wrappingSub(t[i - 1], t[i - 2])));
        if (zz == 0) {
            w.write(0, 1);
        } else if (zz < (1u << 14)) {
            w.write(0b10, 2);
            w.write(zz, 14);
        } else if (zz < (1u << 17)) {
            w.write(0b110, 3);
            w.write(zz, 17);
        } else if (zz < (1u << 20)) {
            w.write(0b1110, 4);
            w.write(zz, 20);
        } else {
            w.write(0b1111, 4);
            w.write(zz, 64);
        }
    }
}

void writeHeaderAndTimes(TimeEncoding time, ValueEncoding value, const std::int64_t *t, std::size_t n,
                         std::vector<std::uint8_t> &out, unsigned format = 0)
{
    out.push_back(
        static_cast<std::uint8_t>(static_cast<unsigned>(time) | (static_cast<unsigned>(value) << 2) | (format << 4)));
    putVarint(out, n);
    putSigned(out, t[0]);
    if (n < 2)
        return;
    if (time == TimeEncoding::Regular) {
        putSigned(out, wrappingSub(t[1], t[0]));
        return;
    }
    putSigned(out, wrappingSub(t[1], t[0]));
    std::vector<std::uint8_t> bits;
    {
        BitWriter w(bits);
        writeTimeBits(w, t, n);
    }
    putVarint(out, bits.size());
    out.insert(out.end(), bits.begin(), bits.end());
}

// riceK >= 0: Rice codes with that parameter, in `riceFormat` 2 (split, what the encoder writes)
// or 1 (one stream; written before format 2, still read, and written here only for tests).
void writeValues(ValueEncoding encoding, const DecimalPlan *plan, const double *v, std::size_t n,
                 std::vector<std::uint8_t> &out, int riceK = -1, unsigned riceFormat = 2)
{
    switch (encoding) {
    case ValueEncoding::Constant:
        putFixed64(out, doubleBits(v[0]));
        return;
    case ValueEncoding::Xor: {
        BitWriter w(out);
        writeXor(w, v, n);
        return;
    }
    case ValueEncoding::DecimalDelta:
    case ValueEncoding::DecimalDoubleDelta: {
        out.push_back(static_cast<std::uint8_t>(plan->scale));
        if (riceK >= 0)
            out.push_back(static_cast<std::uint8_t>(riceK));
        const std::vector<std::uint64_t> zz = decimalCodes(*plan, n, encoding == ValueEncoding::DecimalDoubleDelta);
        if (riceK >= 0 && riceFormat == 2) {
            split_rice::write(zz.data(), plan->escaped.data(), v, n, riceK, out);
            return;
        }
        BitWriter w(out);
        writeDecimal(w, *plan, zz, v, n, riceK);
        return;
    }
    }
}

bool allSameBits(const double *v, std::size_t n)
{
    const std::uint64_t first = doubleBits(v[0]);
    for (std::size_t i = 1; i < n; ++i)
        if (doubleBits(v[i]) != first)
            return false;
    return true;
}

} // namespace

bool scaledDecimal(double v, int scale, std::int64_t &x)
{
    return toScaled(v, scale, x);
}

double decimalPower(int scale)
{
    return kPow10[scale];
}

bool isStaleMarker(double v)
{
    return doubleBits(v) == kStaleNaNBits;
}

double staleMarker()
{
    return bitsDouble(kStaleNaNBits);
}

void encodeChunk(const std::int64_t *t, const double *v, std::size_t n, std::vector<std::uint8_t> &out)
{
    const TimeEncoding time = regularTimes(t, n) ? TimeEncoding::Regular : TimeEncoding::DeltaOfDelta;
    // One value repeated (error counters, limits, idle rates): the constant's 64 bits beat any
    // other encoding once n >= 56 (XOR needs 64 + n - 1 bits, decimal codes 8 + n at least).
    if (n >= 56 && allSameBits(v, n)) {
        writeHeaderAndTimes(time, ValueEncoding::Constant, t, n, out);
        writeValues(ValueEncoding::Constant, nullptr, v, n, out);
        return;
    }
    // Sizes in bits of each encoding that can hold the values; the smallest is written.
    ValueEncoding best = ValueEncoding::Xor;
    BitCounter xorBits;
    writeXor(xorBits, v, n);
    std::size_t bestBits = xorBits.bits;
    if (allSameBits(v, n) && 64 < bestBits) {
        best = ValueEncoding::Constant;
        bestBits = 64;
    }
    // Scratch kept per thread: the writer seals a chunk every 120 appends of a series.
    thread_local DecimalPlan plan;
    thread_local std::vector<std::uint64_t> zz;
    planDecimal(v, n, plan);
    if (plan.escapes < n) {
        int riceK = -1;
        for (const ValueEncoding e : {ValueEncoding::DecimalDelta, ValueEncoding::DecimalDoubleDelta}) {
            decimalCodes(plan, n, e == ValueEncoding::DecimalDoubleDelta, zz);
            const DecimalSizes sizes = sizeDecimal(plan, zz.data(), n);
            if (sizes.varbitBits < bestBits) {
                best = e;
                bestBits = sizes.varbitBits;
                riceK = -1;
            }
            if (sizes.riceBits < bestBits) { // written split (format 2)
                best = e;
                bestBits = sizes.riceBits;
                riceK = sizes.riceK;
            }
        }
        writeHeaderAndTimes(time, best, t, n, out, riceK >= 0 ? 2 : 0);
        writeValues(best, &plan, v, n, out, riceK);
        return;
    }
    writeHeaderAndTimes(time, best, t, n, out);
    writeValues(best, &plan, v, n, out);
}

bool encodeChunkAs(ValueEncoding encoding, const std::int64_t *t, const double *v, std::size_t n,
                   std::vector<std::uint8_t> &out)
{
    if (encoding == ValueEncoding::Constant && !allSameBits(v, n))
        return false;
    DecimalPlan plan;
    if (encoding == ValueEncoding::DecimalDelta || encoding == ValueEncoding::DecimalDoubleDelta) {
        plan = planDecimal(v, n);
        if (plan.escapes == n)
            return false;
    }
    writeHeaderAndTimes(regularTimes(t, n) ? TimeEncoding::Regular : TimeEncoding::DeltaOfDelta, encoding, t, n, out);
    writeValues(encoding, &plan, v, n, out);
    return true;
}

bool encodeChunkRice(ValueEncoding encoding, unsigned format, const std::int64_t *t, const double *v, std::size_t n,
                     std::vector<std::uint8_t> &out)
{
    if ((encoding != ValueEncoding::DecimalDelta && encoding != ValueEncoding::DecimalDoubleDelta) ||
        (format != 1 && format != 2))
        return false;
    const DecimalPlan plan = planDecimal(v, n);
    if (plan.escapes == n)
        return false;
    std::size_t bits = 0;
    const int k = bestRice(plan, decimalCodes(plan, n, encoding == ValueEncoding::DecimalDoubleDelta), n, bits);
    writeHeaderAndTimes(regularTimes(t, n) ? TimeEncoding::Regular : TimeEncoding::DeltaOfDelta, encoding, t, n, out,
                        format);
    writeValues(encoding, &plan, v, n, out, k, format);
    return true;
}

} // namespace sn::tsdb
