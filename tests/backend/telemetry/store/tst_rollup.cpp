// Rollups: both record layouts decode to the same buckets, the 1-hour buckets a version 2
// block derives from its 1-minute ones equal those computed from the raw samples (sums
// exactly), and a truncated record is an error that names the chunk.
#include "backend/telemetry/store/rollup.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace sn;
using namespace sn::tsdb;

namespace {

constexpr std::int64_t kT0 = 472'222LL * 3'600'000; // a whole hour, near 2023-11
constexpr std::int64_t kMinute = 60'000, kHour = 3'600'000;

struct Samples {
    std::vector<std::int64_t> t;
    std::vector<double> v;
};

// 5 h at 1 s with a gap of 20 minutes; `decimals` < 0: arbitrary floats.
Samples samples(int decimals, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0, 35);
    Samples s;
    for (std::int64_t i = 0; i < 5 * 3600; ++i) {
        if (i >= 7000 && i < 8200)
            continue;
        s.t.push_back(kT0 + i * 1000);
        const double v = 500 + noise(rng);
        s.v.push_back(decimals < 0 ? v : std::round(v * std::pow(10, decimals)) / std::pow(10, decimals));
    }
    return s;
}

void compareBuckets(const std::vector<RollupBucket> &a, const std::vector<RollupBucket> &b, bool exactSums)
{
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].start, b[i].start);
        QCOMPARE(a[i].min, b[i].min);
        QCOMPARE(a[i].max, b[i].max);
        QCOMPARE(a[i].count, b[i].count);
        if (exactSums)
            QCOMPARE(a[i].sum, b[i].sum);
        else
            QVERIFY(std::abs(a[i].sum - b[i].sum) <= 1e-9 * std::abs(b[i].sum));
    }
}

} // namespace

class TestRollup : public QObject {
    Q_OBJECT
private slots:
    void bothLayoutsDecodeToTheSameBuckets()
    {
        const Samples s = samples(3, 1);
        std::vector<RollupBucket> buckets;
        appendRollup(s.t.data(), s.v.data(), s.t.size(), kMinute, buckets);
        std::vector<std::uint8_t> one, two;
        encodeRollup(buckets, one, 1);
        encodeRollup(buckets, two, 2);
        QVERIFY2(two.size() + 3 * 6 <= one.size(), // the three bucket-number time headers are short
                 qPrintable(QStringLiteral("layout 2 %1 B, layout 1 %2 B").arg(two.size()).arg(one.size())));
        for (const auto *bytes : {&one, &two}) {
            std::vector<RollupBucket> back;
            const Status st = decodeRollup(bytes->data(), bytes->size(), back);
            QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
            compareBuckets(back, buckets, true);
        }
    }

    void hourlyBucketsFromMinutesEqualThoseFromRawSamples_data()
    {
        QTest::addColumn<int>("decimals");
        QTest::newRow("milliwatts (3 decimals): exact sums") << 3;
        QTest::newRow("integers: exact sums") << 0;
        QTest::newRow("arbitrary floats") << -1;
    }
    void hourlyBucketsFromMinutesEqualThoseFromRawSamples()
    {
        QFETCH(int, decimals);
        const Samples s = samples(decimals, 2);
        std::vector<RollupBucket> minutes, hours, fromRaw;
        appendRollup(s.t.data(), s.v.data(), s.t.size(), kMinute, minutes);
        appendRollup(s.t.data(), s.v.data(), s.t.size(), kHour, fromRaw);
        coarsenRollup(minutes, kHour, hours);
        QCOMPARE(hours.size(), std::size_t(5));
        compareBuckets(hours, fromRaw, decimals >= 0);
    }

    // A corrupt record may hold any times (fuzz_block feeds such records to Block::rollups).
    void coarseningOddTimesEnds()
    {
        const std::int64_t max = std::numeric_limits<std::int64_t>::max();
        const std::vector<RollupBucket> fine = {
            {max - 10, 1, 2, 3, 1}, {max - 5, 0, 5, 5, 1}, {kT0 + kHour, 1, 1, 1, 1}, {kT0, 2, 2, 2, 1}};
        std::vector<RollupBucket> hours;
        coarsenRollup(fine, kHour, hours);
        std::uint64_t count = 0;
        for (const RollupBucket &b : hours)
            count += b.count;
        QCOMPARE(count, std::uint64_t(4)); // every bucket counted once, whatever the order
    }

    void truncatedRecordsNameTheChunk()
    {
        const Samples s = samples(3, 3);
        std::vector<RollupBucket> buckets;
        appendRollup(s.t.data(), s.v.data(), s.t.size(), kMinute, buckets);
        std::vector<std::uint8_t> bytes;
        encodeRollup(buckets, bytes);
        std::vector<RollupBucket> back;
        for (std::size_t len = 0; len < bytes.size(); len += 7) {
            const Status st = decodeRollup(bytes.data(), len, back);
            QVERIFY2(!st.ok(), qPrintable(QStringLiteral("%1 of %2 bytes decoded").arg(len).arg(bytes.size())));
            QVERIFY2(QString::fromStdString(st.error().message).contains("rollup"), st.error().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestRollup)
#include "tst_rollup.moc"
