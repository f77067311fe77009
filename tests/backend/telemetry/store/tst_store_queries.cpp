// Queries with known answers: Prometheus step semantics (last value at or before each step,
// within the lookback, ended by stale markers), aggregations including p95 with group-by,
// M4 keeping every column's true min and max, latest values, label listings.
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/store_query.h"

#include <QTest>

#include <limits>
#include <map>
#include <random>
#include <set>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kT0 = 1'700'000'000'000;

std::unique_ptr<TimeSeriesStore> memoryStore()
{
    return std::move(TimeSeriesStore::open(StoreOptions{}).value());
}

void put(TimeSeriesStore &s, const std::string &metric, const Labels &labels, std::int64_t t, double v)
{
    const RefSample r{s.seriesRef(metric, labels), t, v};
    QVERIFY(s.append(&r, 1)->accepted == 1);
}

RangeQuery query(const std::string &metric, std::int64_t start, std::int64_t end, std::int64_t step = 0)
{
    RangeQuery q;
    q.matchers.push_back(LabelMatcher::equal(kMetricNameLabel, metric));
    q.startMs = start;
    q.endMs = end;
    q.stepMs = step;
    return q;
}
} // namespace

class TestStoreQueries : public QObject {
    Q_OBJECT
private slots:
    void stepTakesTheLastValueAtOrBeforeEachStep()
    {
        auto s = memoryStore();
        // Samples at 0, 10, 25 s; then a 10-minute gap; then 700 s and a stale marker at 720 s.
        for (auto [t, v] : std::vector<std::pair<int, double>>{{0, 1}, {10, 2}, {25, 3}, {700, 4}})
            put(*s, "m", {{"gpu", "0"}}, kT0 + t * 1000, v);
        put(*s, "m", {{"gpu", "0"}}, kT0 + 720'000, staleMarker());
        const auto r = rangeQuery(*s, query("m", kT0, kT0 + 900'000, 10'000));
        QCOMPARE(r->size(), std::size_t(1));
        std::map<std::int64_t, double> got;
        for (const SeriesPoint &p : r->at(0).points)
            got[(p.timeMs - kT0) / 1000] = p.value;
        QCOMPARE(got.at(0), 1.0); // at the sample's own time
        QCOMPARE(got.at(10), 2.0);
        QCOMPARE(got.at(20), 2.0); // 25 s is after the step
        QCOMPARE(got.at(30), 3.0);
        QCOMPARE(got.at(320), 3.0);  // 295 s old: inside the 5-minute lookback
        QVERIFY(!got.contains(330)); // 305 s old: too old
        QVERIFY(!got.contains(690));
        QCOMPARE(got.at(700), 4.0);
        QCOMPARE(got.at(710), 4.0);
        QVERIFY(!got.contains(720)); // the stale marker ends the series
        QVERIFY(!got.contains(800));
        QCOMPARE(got.size(), std::size_t(2 + 1 + 30 + 2));
        // Raw (no step): the samples themselves, without the stale marker.
        QCOMPARE(rangeQuery(*s, query("m", kT0, kT0 + 900'000))->at(0).points.size(), std::size_t(4));
        // Empty steps before the first sample give nothing.
        const std::int64_t early = kT0 - (kMaxStepsPerSeries - 100) * 10'000;
        QCOMPARE(rangeQuery(*s, query("m", early, kT0 + 900'000, 10'000))->at(0).points.size(), got.size());
    }

    void aggregationsWithGroupBy_data()
    {
        QTest::addColumn<int>("aggregation");
        QTest::addColumn<QStringList>("groupBy");
        QTest::addColumn<QList<double>>("expected"); // per group, sorted by group labels, at the one step
        // node01: 10, 20, 30, 40, 50; node02: 1, 2, 3 (see the test body)
        QTest::newRow("avg by host") << int(Aggregation::Avg) << QStringList{"Hostname"} << QList<double>{30, 2};
        QTest::newRow("sum by host") << int(Aggregation::Sum) << QStringList{"Hostname"} << QList<double>{150, 6};
        QTest::newRow("min") << int(Aggregation::Min) << QStringList{} << QList<double>{1};
        QTest::newRow("max") << int(Aggregation::Max) << QStringList{} << QList<double>{50};
        // 8 values 1,2,3,10,20,30,40,50: rank 0.95*7 = 6.65 -> 40 + 0.65*(50-40) = 46.5
        QTest::newRow("p95") << int(Aggregation::P95) << QStringList{} << QList<double>{46.5};
        // node01 alone: rank 0.95*4 = 3.8 -> 40 + 0.8*10 = 48; node02: rank 1.9 -> 2 + 0.9 = 2.9
        QTest::newRow("p95 by host") << int(Aggregation::P95) << QStringList{"Hostname"} << QList<double>{48, 2.9};
    }
    void aggregationsWithGroupBy()
    {
        QFETCH(int, aggregation);
        QFETCH(QStringList, groupBy);
        QFETCH(QList<double>, expected);
        auto s = memoryStore();
        const std::vector<double> node01{10, 20, 30, 40, 50}, node02{1, 2, 3};
        for (std::size_t g = 0; g < node01.size(); ++g)
            put(*s, "util", {{"Hostname", "node01"}, {"gpu", std::to_string(g)}}, kT0 + 500, node01[g]);
        for (std::size_t g = 0; g < node02.size(); ++g)
            put(*s, "util", {{"Hostname", "node02"}, {"gpu", std::to_string(g)}}, kT0 + 700, node02[g]);
        put(*s, "other", {{"Hostname", "node01"}}, kT0, 1e9); // another metric is not matched
        RangeQuery q = query("util", kT0, kT0 + 1000, 1000);
        q.aggregation = static_cast<Aggregation>(aggregation);
        for (const QString &l : groupBy)
            q.groupBy.push_back(l.toStdString());
        const auto r = rangeQuery(*s, q);
        QVERIFY(r.ok());
        QCOMPARE(static_cast<qsizetype>(r->size()), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i) {
            QCOMPARE(r->at(i).points.size(), std::size_t(1)); // at kT0 nothing is there yet; at kT0+1000 all
            QCOMPARE(r->at(i).points[0].timeMs, kT0 + 1000);
            QCOMPARE(r->at(i).points[0].value, expected[i]);
            QCOMPARE(static_cast<qsizetype>(r->at(i).labels.size()), groupBy.size());
        }
        q.stepMs = 0;
        QVERIFY(!rangeQuery(*s, q).ok()); // an aggregation needs a step
    }

    void m4KeepsEveryColumnsTrueMinAndMax()
    {
        auto s = memoryStore();
        std::mt19937_64 rng(5);
        std::normal_distribution<double> noise(0, 30);
        const SeriesId id = s->seriesRef("power", {{"gpu", "0"}});
        std::vector<SeriesPoint> truth;
        for (int i = 0; i < 4 * 3600; ++i) { // 4 h at 1 s: part in blocks, part in the head
            const double v = std::round((400 + noise(rng)) * 100) / 100;
            const RefSample r{id, kT0 + i * 1000, v};
            QVERIFY(s->append(&r, 1)->accepted == 1);
            truth.push_back({r.timeMs, v});
        }
        QVERIFY(s->stats().blocks >= 1);
        for (int columns : {1, 7, 100, 1000}) {
            RangeQuery q = query("power", kT0, kT0 + 4 * 3600 * 1000 - 1);
            q.pixelColumns = columns;
            const auto r = rangeQuery(*s, q);
            const auto &points = r->at(0).points;
            QVERIFY(points.size() <= std::size_t(4 * columns));
            QVERIFY(std::is_sorted(points.begin(), points.end(),
                                   [](const SeriesPoint &a, const SeriesPoint &b) { return a.timeMs < b.timeMs; }));
            const std::int64_t span = 4 * 3600 * 1000;
            std::vector<double> tmin(columns, 1e300), tmax(columns, -1e300), mmin(columns, 1e300),
                mmax(columns, -1e300);
            std::vector<std::int64_t> tfirst(columns, -1), tlast(columns, -1);
            for (const SeriesPoint &p : truth) {
                const auto c = static_cast<std::size_t>((p.timeMs - kT0) * columns / span);
                tmin[c] = std::min(tmin[c], p.value);
                tmax[c] = std::max(tmax[c], p.value);
                if (tfirst[c] < 0)
                    tfirst[c] = p.timeMs;
                tlast[c] = p.timeMs;
            }
            std::set<std::int64_t> times;
            for (const SeriesPoint &p : points) {
                const auto c = static_cast<std::size_t>((p.timeMs - kT0) * columns / span);
                mmin[c] = std::min(mmin[c], p.value);
                mmax[c] = std::max(mmax[c], p.value);
                times.insert(p.timeMs);
            }
            for (int c = 0; c < columns; ++c) {
                QCOMPARE(mmin[c], tmin[c]);
                QCOMPARE(mmax[c], tmax[c]);
                QVERIFY(times.contains(tfirst[c]) && times.contains(tlast[c])); // the line enters and leaves right
            }
        }
    }

    void latestValuesAndLabelListings()
    {
        auto s = memoryStore();
        put(*s, "temp", {{"gpu", "0"}}, kT0, 40);
        put(*s, "temp", {{"gpu", "0"}}, kT0 + 1000, 41);
        put(*s, "temp", {{"gpu", "1"}}, kT0, 50);
        put(*s, "temp", {{"gpu", "2"}}, kT0, 60);
        put(*s, "temp", {{"gpu", "2"}}, kT0 + 1000, staleMarker()); // gone: no latest value
        const auto latest = latestValues(*s, {LabelMatcher::equal(kMetricNameLabel, "temp")});
        QCOMPARE(latest.size(), std::size_t(2));
        QCOMPARE(latest[0].points[0].value, 41.0);
        QCOMPARE(latest[0].points[0].timeMs, kT0 + 1000);
        QCOMPARE(latest[1].points[0].value, 50.0);
        QCOMPARE(s->labelValues("gpu"), (std::vector<std::string>{"0", "1", "2"}));
        QCOMPARE(s->labelNames(), (std::vector<std::string>{"__name__", "gpu"}));
        // Out-of-order and duplicate samples are rejected, not stored.
        const RefSample old{0, kT0, 1};
        QCOMPARE(s->append(&old, 1)->rejected, std::size_t(1));
        const RefSample unknown{99, kT0 + 5000, 1};
        QVERIFY(!s->append(&unknown, 1).ok());
    }

    void badQueriesAreErrors()
    {
        auto s = memoryStore();
        QVERIFY(!rangeQuery(*s, query("m", 10, 5)).ok());
        QVERIFY(!rangeQuery(*s, query("m", 0, 5, -1)).ok());
        QVERIFY(!summarize(*s, {}, 0, 10, 0).ok());
    }

    // A viewer's query may not make the engine build ~10^9 points (a 1 ms step over days) nor
    // overflow end - start (start at INT64_MIN): both are refused, saying what to change (issue 29).
    // At the limit the answer is whole.
    void queriesPastTheLimitsAreRefused()
    {
        auto s = memoryStore();
        for (int i = 0; i < 3600; ++i)
            put(*s, "m", {{"gpu", "0"}}, kT0 + i * 1000LL, i);
        const std::int64_t week = 7 * 86'400'000LL;
        const auto fine = rangeQuery(*s, query("m", kT0 - week, kT0, 1));
        QVERIFY(!fine.ok());
        QCOMPARE(fine.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(fine.error().message.find("use a larger step") != std::string::npos, fine.error().message.c_str());

        const std::int64_t lastStep = kMaxStepsPerSeries - 1;
        const auto atLimit = rangeQuery(*s, query("m", kT0, kT0 + lastStep * 1000, 1000));
        QVERIFY(atLimit.ok());
        QVERIFY(atLimit->at(0).points.size() > 3600); // each sample, then its lookback
        QVERIFY(!rangeQuery(*s, query("m", kT0, kT0 + (lastStep + 1) * 1000, 1000)).ok());

        RangeQuery aggregated = query("m", kT0, kT0 + 3'600'000);
        aggregated.aggregation = Aggregation::Max;
        aggregated.pixelColumns = 1'000'000'000;
        QVERIFY(!rangeQuery(*s, aggregated).ok());

        const std::int64_t min = std::numeric_limits<std::int64_t>::min();
        const std::int64_t max = std::numeric_limits<std::int64_t>::max();
        for (const auto &[start, end] : std::vector<std::pair<std::int64_t, std::int64_t>>{
                 {min, kT0}, {kT0, max}, {min, max}, {-kMaxQueryTimeMs - 1, kT0}}) {
            for (const std::int64_t step : {0LL, 1LL, 3'600'000LL}) {
                const auto r = rangeQuery(*s, query("m", start, end, step));
                QVERIFY(!r.ok());
                QVERIFY2(r.error().message.find("out of range") != std::string::npos, r.error().message.c_str());
            }
            QVERIFY(!summarize(*s, {}, start, end, 60'000).ok());
        }
        QVERIFY(rangeQuery(*s, query("m", -kMaxQueryTimeMs, kT0, 0)).ok());
    }
};

QTEST_GUILESS_MAIN(TestStoreQueries)
#include "tst_store_queries.moc"
