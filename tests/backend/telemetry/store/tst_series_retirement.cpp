// Series come and go (a GPU's `job` label makes new ones for every job): the store forgets a
// series once none of its samples is kept, so the index, each WAL checkpoint and a restart carry
// only live ones (issue 29, item 7: before, every series ever made stayed in all three), and it
// holds at most maxSeries live series, counting the new ones it refuses.
#include "backend/telemetry/store/time_series_store.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kT0 = 1'700'000'000'000;

constexpr std::int64_t kMinute = 60 * 1000;

// Blocks of an hour (the shortest), one hour kept: a series silent for three hours has no sample
// left.
StoreOptions fastTurnover(const QString &dir = {})
{
    StoreOptions o;
    o.dataDir = dir;
    o.blockDurationMs = 60 * kMinute;
    o.retentionMs = 60 * kMinute;
    return o;
}

const Labels kSteady{{"Hostname", "gpu01"}, {"gpu", "0"}};
const Labels kOfJob{{"Hostname", "gpu01"}, {"gpu", "0"}, {"job", "17"}};

// Six hours of the steady series, a sample a minute; the job's series for its first ten minutes.
void runJobThenIdle(TimeSeriesStore &store, SeriesId job, SeriesId steady)
{
    for (int i = 0; i < 360; ++i) {
        std::vector<RefSample> batch{{steady, kT0 + i * kMinute, 40}};
        if (i < 10)
            batch.push_back({job, kT0 + i * kMinute, 90});
        QVERIFY(store.append(batch.data(), batch.size()).ok());
    }
}

std::size_t samplesOf(const TimeSeriesStore &store, SeriesId id)
{
    std::size_t n = 0;
    store.forEachSample(id, kT0 - 1, kT0 + 400 * kMinute,
                        [&](const std::int64_t *, const double *, std::size_t k) { n += k; });
    return n;
}
} // namespace

class TestSeriesRetirement : public QObject {
    Q_OBJECT

private slots:
    void aSeriesWithNoSampleLeftIsForgottenAndNotCheckpointed()
    {
        QTemporaryDir dir;
        {
            auto store = TimeSeriesStore::open(fastTurnover(dir.path())).value();
            const SeriesId job = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", kOfJob);
            const SeriesId steady = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", kSteady);
            runJobThenIdle(*store, job, steady);
            QCOMPARE(store->seriesCount(), std::size_t(1));
            QCOMPARE(store->stats().seriesForgotten, std::size_t(1));
            QVERIFY(!store->isLive(job) && store->isLive(steady));
            QVERIFY(store->forgetGeneration() > 0);
            QVERIFY(store->select({LabelMatcher::equal("job", "17")}).empty());
            QVERIFY(store->labelValues("job").empty());
            QCOMPARE(samplesOf(*store, job), std::size_t(0));
            QVERIFY(!store->latest(job));
            QCOMPARE(store->labelsOf(job), Labels{});
            // A holder of the old id appends nothing under it (it asks seriesRef again).
            const RefSample late{job, kT0 + 361 * kMinute, 91};
            const auto r = store->append(&late, 1);
            QVERIFY(r.ok());
            QCOMPARE(r->rejected, std::size_t(1));
        }
        // A restart reads blocks and the checkpointed WAL: the forgotten series is in neither.
        auto reopened = TimeSeriesStore::open(fastTurnover(dir.path())).value();
        QCOMPARE(reopened->seriesCount(), std::size_t(1));
        QVERIFY(reopened->select({LabelMatcher::equal("job", "17")}).empty());
        const auto steady = reopened->select({LabelMatcher::equal("gpu", "0")});
        QCOMPARE(steady.size(), std::size_t(1));
        QVERIFY(samplesOf(*reopened, steady[0]) > 0);
    }

    void theSameLabelsLaterAreANewSeries()
    {
        auto store = TimeSeriesStore::open(fastTurnover()).value(); // memory only: forgotten alike
        const SeriesId job = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", kOfJob);
        const SeriesId steady = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", kSteady);
        runJobThenIdle(*store, job, steady);
        const SeriesId again = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", kOfJob);
        QVERIFY(again != job && again != kNoSeries);
        const RefSample s{again, kT0 + 361 * kMinute, 93};
        QCOMPARE(store->append(&s, 1)->accepted, std::size_t(1));
        QCOMPARE(store->select({LabelMatcher::equal("job", "17")}), std::vector<SeriesId>{again});
        QCOMPARE(store->latest(again)->value, 93.0);
        QCOMPARE(store->seriesCount(), std::size_t(2));
    }

    void newSeriesPastTheLimitAreRefusedAndCounted()
    {
        StoreOptions o = fastTurnover();
        o.maxSeries = 3;
        auto store = TimeSeriesStore::open(o).value();
        std::vector<MetricSample> samples;
        for (int gpu = 0; gpu < 5; ++gpu)
            samples.push_back({"DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "gpu01"}, {"gpu", std::to_string(gpu)}}, kT0, 50});
        const auto r = store->append(samples);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str()); // not the whole batch refused
        QCOMPARE(r->accepted, std::size_t(3));
        QCOMPARE(r->rejected, std::size_t(2));
        QCOMPARE(store->seriesCount(), std::size_t(3));
        QCOMPARE(store->seriesRefused(), std::uint64_t(2));
        QCOMPARE(store->stats().seriesRefused, std::uint64_t(2));
        QCOMPARE(store->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "gpu01"}, {"gpu", "4"}}), kNoSeries);
        // A series it has is found as before.
        QVERIFY(store->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "gpu01"}, {"gpu", "1"}}) != kNoSeries);
        // Once series are forgotten there is room again.
        const SeriesId keep = store->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "gpu01"}, {"gpu", "0"}});
        for (int i = 1; i < 360; ++i) {
            const RefSample s{keep, kT0 + i * kMinute, 50};
            QVERIFY(store->append(&s, 1).ok());
        }
        QCOMPARE(store->seriesCount(), std::size_t(1));
        QVERIFY(store->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "gpu01"}, {"gpu", "4"}}) != kNoSeries);
    }
};

QTEST_GUILESS_MAIN(TestSeriesRetirement)
#include "tst_series_retirement.moc"
