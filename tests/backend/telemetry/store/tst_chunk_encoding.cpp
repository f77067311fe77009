// Chunk encodings round-trip every value bit for bit (random data of every kind the store
// sees, and the edge cases), pick the smaller encoding, and turn malformed bytes into errors.
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/varint.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace sn;
using namespace sn::tsdb;

namespace {

struct Samples {
    std::vector<std::int64_t> t;
    std::vector<double> v;
};

Samples regular(std::vector<double> values, std::int64_t t0 = 1'700'000'000'000, std::int64_t step = 1000)
{
    Samples s;
    for (std::size_t i = 0; i < values.size(); ++i)
        s.t.push_back(t0 + static_cast<std::int64_t>(i) * step);
    s.v = std::move(values);
    return s;
}

// Random samples of one kind; `kind` picks the value family.
Samples randomSamples(int kind, std::mt19937_64 &rng)
{
    std::uniform_int_distribution<int> countDist(1, 400);
    const int n = countDist(rng);
    Samples s;
    std::int64_t t = static_cast<std::int64_t>(rng() % 2'000'000'000'000ull) - 1'000'000'000'000;
    double level = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
    std::int64_t counter = static_cast<std::int64_t>(rng() % 1'000'000'000'000ull);
    std::normal_distribution<double> noise(0, 5);
    for (int i = 0; i < n; ++i) {
        // Jittered, gappy or regular times, always increasing.
        t += kind % 2 ? 1000 : 1 + static_cast<std::int64_t>(rng() % (rng() % 7 == 0 ? 1'000'000 : 2000));
        s.t.push_back(t);
        double v = 0;
        switch (kind % 6) {
        case 0:
            v = std::round(std::clamp(50 + noise(rng) * 5, 0.0, 100.0));
            break; // integer %
        case 1:
            v = std::round((300 + noise(rng) * 10) * 100) / 100;
            break; // watts, 2 decimals
        case 2:
            counter += 300000 + static_cast<std::int64_t>(noise(rng) * 1000);
            v = static_cast<double>(counter);
            break;
        case 3:
            v = std::bit_cast<double>(rng());
            break; // any bits at all
        case 4:
            v = level + noise(rng);
            break; // true floats
        case 5:
            v = std::round(noise(rng) * 1000) / 1000 + (rng() % 50 == 0 ? 0.1 + 0.2 : 0);
            break; // 3 decimals, outliers
        }
        s.v.push_back(v);
    }
    return s;
}

void expectRoundTrip(const Samples &s, const std::vector<std::uint8_t> &bytes)
{
    std::vector<std::int64_t> t;
    std::vector<double> v;
    const Status st = decodeChunk(bytes.data(), bytes.size(), t, v);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    QCOMPARE(t, s.t);
    QCOMPARE(v.size(), s.v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        QVERIFY2(doubleBits(v[i]) == doubleBits(s.v[i]),
                 qPrintable(QStringLiteral("value %1: %2 != %3").arg(i).arg(v[i], 0, 'g', 17).arg(s.v[i], 0, 'g', 17)));
}

// The scaled-integer decode (M4's path) gives the same times, and integers that convert to
// the same values bit for bit, whenever it accepts a chunk; it accepts every decimal chunk
// without escapes and nothing else.
void expectScaledMatches(const Samples &s, const std::vector<std::uint8_t> &bytes)
{
    std::vector<std::int64_t> t, x;
    int scale = -1;
    const Result<bool> scaled = decodeChunkScaled(bytes.data(), bytes.size(), t, x, scale);
    QVERIFY2(scaled.ok(), scaled.ok() ? "" : scaled.error().message.c_str());
    const Result<ChunkInfo> info = readChunkInfo(bytes.data(), bytes.size());
    QVERIFY(info.ok());
    const bool decimal = info->value == ValueEncoding::DecimalDelta || info->value == ValueEncoding::DecimalDoubleDelta;
    bool escapes = false;
    for (double v : s.v) {
        std::int64_t unused;
        escapes = escapes || !scaledDecimal(v, info->scale, unused);
    }
    QCOMPARE(*scaled, decimal && !escapes);
    if (!*scaled)
        return;
    QCOMPARE(t, s.t);
    QCOMPARE(scale, info->scale);
    for (std::size_t i = 0; i < x.size(); ++i)
        QVERIFY2(doubleBits(scaledValue(x[i], scale)) == doubleBits(s.v[i]),
                 qPrintable(QStringLiteral("value %1").arg(i)));
}

} // namespace

class TestChunkEncoding : public QObject {
    Q_OBJECT
private slots:
    void randomDataRoundTripsBitForBit_data()
    {
        QTest::addColumn<int>("kind");
        const char *names[] = {"integer percent", "watts 2 decimals", "counter", "random bits", "floats", "3 decimals"};
        for (int kind = 0; kind < 12; ++kind)
            QTest::newRow(
                qPrintable(QStringLiteral("%1 %2").arg(names[kind % 6]).arg(kind % 2 ? "regular" : "jittered")))
                << kind;
    }
    void randomDataRoundTripsBitForBit()
    {
        QFETCH(int, kind);
        std::mt19937_64 rng(1234 + kind);
        for (int round = 0; round < 200; ++round) {
            const Samples s = randomSamples(kind, rng);
            std::vector<std::uint8_t> bytes;
            encodeChunk(s.t.data(), s.v.data(), s.t.size(), bytes);
            expectRoundTrip(s, bytes);
            expectScaledMatches(s, bytes);
            // Every encoding that accepts the values round-trips them as well.
            for (ValueEncoding e :
                 {ValueEncoding::Xor, ValueEncoding::DecimalDelta, ValueEncoding::DecimalDoubleDelta}) {
                std::vector<std::uint8_t> forced;
                if (encodeChunkAs(e, s.t.data(), s.v.data(), s.t.size(), forced)) {
                    expectRoundTrip(s, forced);
                    expectScaledMatches(s, forced);
                    QVERIFY(bytes.size() <= forced.size() + 1); // the chosen one is (about) the smallest
                }
            }
            // Both Rice layouts: format 1 (blocks written before format 2 still hold it) and 2.
            for (ValueEncoding e : {ValueEncoding::DecimalDelta, ValueEncoding::DecimalDoubleDelta})
                for (unsigned format : {1u, 2u}) {
                    std::vector<std::uint8_t> rice;
                    if (encodeChunkRice(e, format, s.t.data(), s.v.data(), s.t.size(), rice)) {
                        QCOMPARE(readChunkInfo(rice.data(), rice.size())->format, int(format));
                        expectRoundTrip(s, rice);
                        expectScaledMatches(s, rice);
                    }
                }
        }
    }

    // Noisy power (milliwatts, 35 W swings) is what the Rice codes are for: the encoder picks
    // the split layout, which costs the bits of format 1 give or take a few bytes of padding.
    void noisyValuesGetSplitRiceCodesOfFormat1Size()
    {
        std::mt19937_64 rng(11);
        std::normal_distribution<double> noise(0, 35);
        std::vector<double> power;
        for (int i = 0; i < 720; ++i)
            power.push_back(std::round((520 + noise(rng)) * 1000) / 1000);
        power[300] = 0.1 + 0.2; // an escape among them
        power[400] = 9e9;       // and a long code
        const Samples s = regular(power);
        std::vector<std::uint8_t> best, one, two;
        encodeChunk(s.t.data(), s.v.data(), s.t.size(), best);
        QCOMPARE(readChunkInfo(best.data(), best.size())->format, 2);
        QVERIFY(encodeChunkRice(ValueEncoding::DecimalDelta, 1, s.t.data(), s.v.data(), s.t.size(), one));
        QVERIFY(encodeChunkRice(ValueEncoding::DecimalDelta, 2, s.t.data(), s.v.data(), s.t.size(), two));
        QVERIFY2(two.size() <= one.size() + 8, qPrintable(QStringLiteral("%1 vs %2").arg(two.size()).arg(one.size())));
        expectRoundTrip(s, best);
        expectRoundTrip(s, one);
        expectRoundTrip(s, two);
        std::vector<std::int64_t> t, x;
        int scale = 0;
        const Result<bool> scaled = decodeChunkScaled(two.data(), two.size(), t, x, scale);
        QVERIFY(scaled.ok());
        QVERIFY(!*scaled); // the escape sends M4 to the value decode
    }

    void edgeValuesRoundTrip_data()
    {
        QTest::addColumn<std::vector<double>>("values");
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("nan and stale") << std::vector<double>{1, nan, 2, staleMarker(), 3, -nan};
        QTest::newRow("infinities") << std::vector<double>{inf, -inf, 5, inf};
        QTest::newRow("signed zeros") << std::vector<double>{0.0, -0.0, 0.0, -0.0, 1};
        QTest::newRow("huge") << std::vector<double>{1.7976931348623157e308, -1.7976931348623157e308,
                                                     9.007199254740993e15, 9.007199254740992e15, 1e300};
        QTest::newRow("tiny") << std::vector<double>{1e-300, 5e-324, -1e-300, 2.2250738585072014e-308};
        QTest::newRow("0.1+0.2 among decimals") << std::vector<double>{0.1, 0.2, 0.1 + 0.2, 0.3, 0.30000000000000004};
        QTest::newRow("2 decimals") << std::vector<double>{312.25, 312.5, 311.99, 0.01, -0.01, 700.0};
        QTest::newRow("one sample") << std::vector<double>{42.5};
        QTest::newRow("constant stale") << std::vector<double>{staleMarker(), staleMarker()};
        QTest::newRow("int64 extremes") << std::vector<double>{-9.2233720368547758e18, 9.2233720368547758e18, 0};
    }
    void edgeValuesRoundTrip()
    {
        QFETCH(std::vector<double>, values);
        const Samples s = regular(values);
        std::vector<std::uint8_t> bytes;
        encodeChunk(s.t.data(), s.v.data(), s.t.size(), bytes);
        expectRoundTrip(s, bytes);
        for (ValueEncoding e : {ValueEncoding::Xor, ValueEncoding::DecimalDelta, ValueEncoding::DecimalDoubleDelta}) {
            std::vector<std::uint8_t> forced;
            if (encodeChunkAs(e, s.t.data(), s.v.data(), s.t.size(), forced))
                expectRoundTrip(s, forced);
            for (unsigned format : {1u, 2u}) {
                std::vector<std::uint8_t> rice;
                if (encodeChunkRice(e, format, s.t.data(), s.v.data(), s.t.size(), rice))
                    expectRoundTrip(s, rice);
            }
        }
    }

    void edgeTimesRoundTrip()
    {
        Samples s = regular({1, 2, 3, 4, 5, 6});
        s.t = {std::numeric_limits<std::int64_t>::min() / 4, -5, 0, 1, 1'000'000'000'000'000,
               std::numeric_limits<std::int64_t>::max() / 4};
        std::vector<std::uint8_t> bytes;
        encodeChunk(s.t.data(), s.v.data(), s.t.size(), bytes);
        expectRoundTrip(s, bytes);
    }

    // Found by fuzz/fuzz_chunk_decoder: the decoder accepts (wrapping) deltas across the whole
    // int64 range, and the encoder overflowed re-encoding such times. Both wrap alike now.
    void timesAWholeRangeApartRoundTrip_data()
    {
        QTest::addColumn<QList<qint64>>("times");
        const std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                           max = std::numeric_limits<std::int64_t>::max();
        QTest::newRow("first delta overflows") << QList<qint64>{-3, max - 2};
        QTest::newRow("regular beyond range") << QList<qint64>{min, 0, max};
        QTest::newRow("delta of delta overflows") << QList<qint64>{min, min + 1, max - 1, max};
    }
    void timesAWholeRangeApartRoundTrip()
    {
        QFETCH(QList<qint64>, times);
        Samples s;
        s.t.assign(times.begin(), times.end());
        s.v.assign(times.size(), 42.5);
        s.v.back() = 17.25;
        std::vector<std::uint8_t> bytes;
        encodeChunk(s.t.data(), s.v.data(), s.t.size(), bytes);
        expectRoundTrip(s, bytes);
    }

    void decimalsBeatXorAndConstantsCostNothingPerSample()
    {
        std::mt19937_64 rng(7);
        std::normal_distribution<double> noise(0, 3);
        std::vector<double> watts, flat(720, 80.0);
        for (int i = 0; i < 720; ++i)
            watts.push_back(std::round((350 + noise(rng)) * 100) / 100);
        const Samples w = regular(watts), c = regular(flat);
        std::vector<std::uint8_t> best, xorBytes, constant;
        encodeChunk(w.t.data(), w.v.data(), w.t.size(), best);
        QVERIFY(encodeChunkAs(ValueEncoding::Xor, w.t.data(), w.v.data(), w.t.size(), xorBytes));
        QCOMPARE(readChunkInfo(best.data(), best.size())->value, ValueEncoding::DecimalDelta);
        QCOMPARE(readChunkInfo(best.data(), best.size())->scale, 2);
        QVERIFY2(best.size() * 2 < xorBytes.size(),
                 qPrintable(QStringLiteral("%1 vs %2").arg(best.size()).arg(xorBytes.size())));
        encodeChunk(c.t.data(), c.v.data(), c.t.size(), constant);
        QVERIFY(constant.size() < 24); // header, times and one value: no bits per sample
        QCOMPARE(readChunkInfo(constant.data(), constant.size())->time, TimeEncoding::Regular);
    }

    void malformedBytesGiveErrors_data()
    {
        QTest::addColumn<int>("valueKind");
        QTest::addColumn<bool>("jitter");
        QTest::newRow("decimal, regular") << 1 << false;
        QTest::newRow("split Rice, regular") << 2 << false;
        QTest::newRow("split Rice, jittered") << 2 << true;
        QTest::newRow("decimal, jittered") << 1 << true;
        QTest::newRow("xor, jittered") << 4 << true;
        QTest::newRow("constant, regular") << 9 << false;
    }
    void malformedBytesGiveErrors()
    {
        QFETCH(int, valueKind);
        QFETCH(bool, jitter);
        std::mt19937_64 rng(99);
        std::normal_distribution<double> noise(0, 35);
        Samples s;
        std::int64_t t = 1000;
        for (int i = 0; i < 200; ++i) {
            t += jitter ? 990 + static_cast<std::int64_t>(rng() % 20) : 1000;
            s.t.push_back(t);
            s.v.push_back(valueKind == 9   ? 7.0
                          : valueKind == 1 ? std::round(std::sin(i) * 10000) / 100
                          : valueKind == 2 ? std::round((500 + noise(rng)) * 1000) / 1000
                                           : std::sin(i) * 1e3);
        }
        s.v[150] = valueKind == 2 ? 1e9 : s.v[150]; // a long code in the split Rice stream
        std::vector<std::uint8_t> bytes;
        encodeChunk(s.t.data(), s.v.data(), s.t.size(), bytes);
        if (valueKind == 2)
            QCOMPARE(readChunkInfo(bytes.data(), bytes.size())->format, 2);
        std::vector<std::int64_t> ot;
        std::vector<double> ov;
        // Every truncation is an error that names what ran out, never a crash.
        for (std::size_t len = 0; len < bytes.size(); ++len) {
            const Status st = decodeChunk(bytes.data(), len, ot, ov);
            if (st.ok() && len + 1 >= bytes.size())
                continue; // the last byte may be only zero padding
            QVERIFY2(!st.ok(),
                     qPrintable(QStringLiteral("truncated to %1 of %2 bytes decoded").arg(len).arg(bytes.size())));
            QVERIFY(st.error().message.rfind("chunk: ", 0) == 0);
        }
        // Random corruption: an error or some values, never a crash or a read out of bounds.
        for (int round = 0; round < 2000; ++round) {
            std::vector<std::uint8_t> bad = bytes;
            bad[rng() % bad.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
            (void)decodeChunk(bad.data(), bad.size(), ot, ov);
        }
    }

    void headerErrorsSayWhat_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray() << "flags missing at byte 0";
        QTest::newRow("unknown format") << QByteArray("\xf0\x01\x00", 3) << "unknown format";
        QTest::newRow("unknown time encoding") << QByteArray("\x03\x01\x00", 3) << "unknown time encoding";
        QTest::newRow("zero samples") << QByteArray("\x00\x00\x00", 3) << "sample count 0";
        QTest::newRow("count too big") << QByteArray("\x00\xff\xff\x7f\x00", 5) << "sample count";
        QTest::newRow("unterminated varint") << QByteArray("\x00\xff\xff", 3) << "ends inside a varint";
        QTest::newRow("bad decimal scale") << QByteArray("\x08\x01\x00\x09\x00", 5) << "decimal scale 9";
        QTest::newRow("format 2 on XOR values") << QByteArray("\x24\x01\x00", 3) << "unknown format 2";
        QTest::newRow("split Rice low bits missing")
            << QByteArray("\x28\x05\x00\x02\x00\x10", 6) << "split Rice low bits need 10 bytes, 0 left at byte 6";
        QTest::newRow("split Rice quotients missing")
            << QByteArray("\x28\x02\x00\x02\x00\x04\xff", 7) << "split Rice quotient bits end before value 2";
        QTest::newRow("constant without value") << QByteArray("\x00\x02\x00\x02", 4) << "constant value needs 8 bytes";
    }
    void headerErrorsSayWhat()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        std::vector<std::int64_t> t;
        std::vector<double> v;
        const Status st = decodeChunk(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                      static_cast<std::size_t>(bytes.size()), t, v);
        QVERIFY(!st.ok());
        QVERIFY2(QString::fromStdString(st.error().message).contains(error), st.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestChunkEncoding)
#include "tst_chunk_encoding.moc"
