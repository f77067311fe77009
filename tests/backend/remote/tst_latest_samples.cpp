// /metrics' latest values (issue 29, item 7): a series not updated for 5 minutes of sample time
// (a finished job's `job` label, a node gone) is no longer reported as current, and at most
// maxSeries are held; what did not fit is counted, and room comes back as series go stale.
#include <QObject>
#include <QTest>

#include "backend/remote/daemon/latest_samples.h"

#include <set>

using namespace sn;
using namespace sn::rpc;

namespace {

pb::SampleBatch batch(std::int64_t timeMs, const std::vector<std::string> &jobs)
{
    pb::SampleBatch b;
    for (const std::string &job : jobs) {
        pb::Sample *s = b.add_samples();
        s->set_metric("DCGM_FI_DEV_GPU_UTIL");
        (*s->mutable_labels())["gpu"] = "0";
        (*s->mutable_labels())["job"] = job;
        s->set_time_ms(timeMs);
        s->set_value(87);
    }
    return b;
}

std::set<std::string> jobsIn(const std::vector<MetricSample> &samples)
{
    std::set<std::string> out;
    for (const MetricSample &s : samples)
        out.insert(s.labels.at("job"));
    return out;
}

} // namespace

class TestLatestSamples : public QObject {
    Q_OBJECT

private slots:
    void aSeriesNotUpdatedForFiveMinutesIsDropped()
    {
        LatestSamples latest;
        const std::int64_t t0 = 1'700'000'000'000;
        latest.update(batch(t0, {"train-1"}));
        QCOMPARE(jobsIn(latest.snapshot()), (std::set<std::string>{"train-1"}));
        // train-1 ended; train-2 runs on the GPU from then on.
        for (int minute = 1; minute <= 6; ++minute)
            latest.update(batch(t0 + minute * 60'000, {"train-2"}));
        QCOMPARE(jobsIn(latest.snapshot()), (std::set<std::string>{"train-2"}));
        // Within the window both are current.
        latest.update(batch(t0 + 7 * 60'000, {"train-3"}));
        QCOMPARE(jobsIn(latest.snapshot()), (std::set<std::string>{"train-2", "train-3"}));
    }

    void atMostMaxSeriesAreHeldAndTheRestCounted()
    {
        LatestSamples latest({5 * 60'000, 3});
        const std::int64_t t0 = 1'700'000'000'000;
        latest.update(batch(t0, {"a", "b", "c", "d", "e"}));
        QCOMPARE(latest.snapshot().size(), std::size_t(3));
        QCOMPARE(latest.seriesRefused(), std::uint64_t(2));
        // Known series keep updating when full.
        latest.update(batch(t0 + 1000, {"a"}));
        QCOMPARE(latest.seriesRefused(), std::uint64_t(2));
        // Once the old ones are stale, new series fit again.
        latest.update(batch(t0 + 10 * 60'000, {"x", "y"}));
        QCOMPARE(jobsIn(latest.snapshot()), (std::set<std::string>{"x", "y"}));
        QCOMPARE(latest.seriesRefused(), std::uint64_t(2));
    }
};

QTEST_GUILESS_MAIN(TestLatestSamples)
#include "tst_latest_samples.moc"
