// The telemetry service on its own: collected samples published one sample time at a time and
// only to someone listening, watched and stored; an agent's pushed stream resolved once per
// series, a resent batch news for neither the live streams nor the watch (the store refuses its
// samples by itself), the watch fed only the metrics it reads, and the node a pushed series
// names heard from at the host's time.
#include "backend/telemetry/ingest/telemetry_ingest.h"

#include <QTest>

using namespace sn;

namespace {
constexpr std::int64_t kStart = 1767225600000;

MetricSample sample(std::string metric, std::int64_t timeMs, double value, std::string node = "gpu01")
{
    return MetricSample{std::move(metric), Labels{{"Hostname", std::move(node)}, {"gpu", "0"}}, timeMs, value};
}

// What the service asks of its host, recorded.
struct FakeHost {
    std::int64_t nowMs = kStart;
    bool live = true;
    std::vector<std::vector<MetricSample>> published; // one entry per publish call
    std::vector<MetricSample> watched;

    TelemetryIngest::Host host()
    {
        TelemetryIngest::Host h;
        h.nowMs = [this] { return nowMs; };
        h.live = [this] { return live; };
        h.publish = [this](std::span<const MetricSample> sameTime, bool) {
            published.emplace_back(sameTime.begin(), sameTime.end());
        };
        h.publishPushed = [this](const PushStreamTable &table, std::span<const tsdb::RefSample> sameTime) {
            std::vector<MetricSample> batch;
            for (const tsdb::RefSample &s : sameTime)
                batch.push_back({table.series[s.ref].metric, table.series[s.ref].labels, s.timeMs, s.value});
            published.push_back(std::move(batch));
        };
        h.watches = [](const std::string &metric) { return metric == "DCGM_FI_DEV_GPU_TEMP"; };
        h.watch = [this](const MetricSample &s) { watched.push_back(s); };
        return h;
    }
};

TelemetryIngest memoryIngest(FakeHost &fake)
{
    return TelemetryIngest(fake.host(), TelemetryIngest::openStore("", 24 * 3600 * 1000, 500000));
}

PushedBatch pushed(std::vector<PushedSeries> newSeries, std::vector<tsdb::RefSample> samples)
{
    PushedBatch b;
    b.newSeries = std::move(newSeries);
    b.samples = std::move(samples);
    return b;
}

std::size_t storedPoints(const TelemetryIngest &ingest, const std::string &metric)
{
    std::size_t points = 0;
    const tsdb::TimeSeriesStore &store = ingest.store();
    for (tsdb::SeriesId id = 0; id < store.seriesCount(); ++id)
        if (store.metricOf(id) == metric)
            store.forEachSample(id, 0, kStart + 3600 * 1000,
                                [&](const std::int64_t *, const double *, std::size_t n) { points += n; });
    return points;
}
} // namespace

class TestTelemetryIngest : public QObject {
    Q_OBJECT
private slots:
    void collectedSamplesArePublishedPerSampleTimeWatchedAndStored()
    {
        FakeHost fake;
        TelemetryIngest ingest = memoryIngest(fake);
        // A collector's poll may hand samples of two times, out of order.
        ingest.ingest({sample("DCGM_FI_DEV_GPU_TEMP", kStart + 1000, 61), sample("DCGM_FI_DEV_GPU_UTIL", kStart, 40),
                       sample("DCGM_FI_DEV_GPU_TEMP", kStart, 60)},
                      false);
        QCOMPARE(fake.published.size(), std::size_t(2));
        QCOMPARE(fake.published[0].size(), std::size_t(2));
        QCOMPARE(fake.published[0][0].timeMs, kStart);
        QCOMPARE(fake.published[0][1].timeMs, kStart);
        QCOMPARE(fake.published[1].size(), std::size_t(1));
        QCOMPARE(fake.published[1][0].value, 61.0);
        QCOMPARE(fake.watched.size(), std::size_t(3));
        QCOMPARE(fake.watched.front().timeMs, kStart);
        QCOMPARE(storedPoints(ingest, "DCGM_FI_DEV_GPU_TEMP"), std::size_t(2));
        QCOMPARE(storedPoints(ingest, "DCGM_FI_DEV_GPU_UTIL"), std::size_t(1));
    }

    void nobodyListeningGetsNoBatches()
    {
        FakeHost fake;
        fake.live = false;
        TelemetryIngest ingest = memoryIngest(fake);
        ingest.ingest({sample("DCGM_FI_DEV_GPU_TEMP", kStart, 60)}, true);
        QVERIFY(fake.published.empty());
        QCOMPARE(fake.watched.size(), std::size_t(1)); // the watch reads every tick regardless
        QCOMPARE(storedPoints(ingest, "DCGM_FI_DEV_GPU_TEMP"), std::size_t(1));
    }

    void aResentPushIsNewsForNobody()
    {
        FakeHost fake;
        TelemetryIngest ingest = memoryIngest(fake);
        PushStreamTable table;
        const Labels labels{{"Hostname", "gpu07"}, {"gpu", "0"}};
        std::vector<tsdb::RefSample> first{{0, kStart, 60}, {1, kStart, 40}};
        PushedBatch batch = pushed({{"DCGM_FI_DEV_GPU_TEMP", labels}, {"DCGM_FI_DEV_GPU_UTIL", labels}}, first);
        auto stored = ingest.ingestPushed(table, batch);
        QVERIFY2(stored, stored ? "" : stored.error().message.c_str());
        QCOMPARE(stored->accepted, std::size_t(2));
        QCOMPARE(table.series.size(), std::size_t(2));
        QCOMPARE(fake.published.size(), std::size_t(1));
        QCOMPARE(fake.published[0][0].labels.at("Hostname"), std::string("gpu07"));
        QCOMPARE(fake.watched.size(), std::size_t(1)); // the temperature only
        QCOMPARE(fake.watched[0].metric, std::string("DCGM_FI_DEV_GPU_TEMP"));
        QCOMPARE(ingest.lastPushMs("gpu07"), std::optional<std::int64_t>(kStart));
        QVERIFY(!ingest.lastPushMs("gpu01"));

        // The agent lost the answer and sends the same batch again, later.
        fake.nowMs = kStart + 5000;
        PushedBatch again = pushed({}, first);
        stored = ingest.ingestPushed(table, again);
        QVERIFY(stored);
        QCOMPARE(stored->accepted, std::size_t(0));
        QCOMPARE(stored->rejected, std::size_t(2));
        QCOMPARE(fake.published.size(), std::size_t(1));
        QCOMPARE(fake.watched.size(), std::size_t(1));
        QCOMPARE(ingest.lastPushMs("gpu07"), std::optional<std::int64_t>(kStart + 5000)); // but it is there

        // Its next batch, two series' samples of two times out of order: news again, published
        // in time order; an older sample of a series behind a newer one is not news.
        PushedBatch next = pushed({}, {{0, kStart + 2000, 62}, {1, kStart + 1000, 41}, {0, kStart + 1500, 99}});
        QVERIFY(ingest.ingestPushed(table, next));
        QCOMPARE(fake.published.size(), std::size_t(3));
        QCOMPARE(fake.published[1].size(), std::size_t(1));
        QCOMPARE(fake.published[1][0].metric, std::string("DCGM_FI_DEV_GPU_UTIL"));
        QCOMPARE(fake.published[1][0].timeMs, kStart + 1000);
        QCOMPARE(fake.published[2][0].timeMs, kStart + 2000);
        QCOMPARE(fake.watched.size(), std::size_t(2));
        QCOMPARE(fake.watched[1].value, 62.0);
        QCOMPARE(fake.watched[1].labels.at("Hostname"), std::string("gpu07"));
        QCOMPARE(storedPoints(ingest, "DCGM_FI_DEV_GPU_TEMP"), std::size_t(2)); // the store refuses 1500 too
    }
    void aStreamWhoseSeriesTheStoreForgotGetsItBack()
    {
        // A store that cuts a block an hour and keeps one: a series silent for three hours is
        // forgotten while the agent's stream still names it by its ref.
        tsdb::StoreOptions options;
        options.blockDurationMs = 3600 * 1000; // the shortest
        options.retentionMs = 3600 * 1000;
        FakeHost fake;
        fake.live = false;
        TelemetryIngest ingest(fake.host(), tsdb::TimeSeriesStore::open(options).value());
        PushStreamTable table;
        const Labels steady{{"Hostname", "gpu07"}, {"gpu", "0"}};
        Labels ofJob = steady;
        ofJob["job"] = "17";
        const std::int64_t t0 = 1'700'000'000'000;
        constexpr std::int64_t kMinute = 60 * 1000;
        for (int i = 0; i < 360; ++i) { // six hours, a sample a minute; the job's for ten minutes
            std::vector<tsdb::RefSample> samples{{1, t0 + i * kMinute, 40}};
            if (i < 10)
                samples.push_back({0, t0 + i * kMinute, 90});
            PushedBatch batch = pushed(
                i == 0 ? std::vector<PushedSeries>{{"DCGM_FI_DEV_GPU_UTIL", ofJob}, {"DCGM_FI_DEV_GPU_UTIL", steady}}
                       : std::vector<PushedSeries>{},
                samples);
            QVERIFY(ingest.ingestPushed(table, batch).ok());
        }
        QCOMPARE(ingest.store().seriesCount(), std::size_t(1)); // the job's series is forgotten
        // The job runs again on this GPU (its stream never said anything new): stored, not refused.
        PushedBatch back = pushed({}, {{0, t0 + 361 * kMinute, 95}, {1, t0 + 361 * kMinute, 41}});
        const auto stored = ingest.ingestPushed(table, back);
        QVERIFY(stored.ok());
        QCOMPARE(stored->accepted, std::size_t(2));
        QCOMPARE(stored->rejected, std::size_t(0));
        const auto ids = ingest.store().select({tsdb::LabelMatcher::equal("job", "17")});
        QCOMPARE(ids.size(), std::size_t(1));
        QCOMPARE(ingest.store().latest(ids[0])->value, 95.0);
    }
};

QTEST_GUILESS_MAIN(TestTelemetryIngest)
#include "tst_telemetry_ingest.moc"
