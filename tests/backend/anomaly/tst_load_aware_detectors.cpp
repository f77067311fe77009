// The default (load-aware) detectors over the real simulated super node: a day of ordinary job
// starts and stops raises nothing (while a plain learned band on raw temperature over the same
// day alarms, so the day really does move the load), and each injected fault raises its event on
// the faulty GPU only: a cooling failure (thermal), an ECC storm and a double-bit error
// (counter_rate). Idle power and fan are checked on hand-made series.
#include "backend/anomaly/telemetry_watch.h"
#include "backend/api/metric_catalogue.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/sim/super_node_topology.h"

#include <QTest>

#include <set>

using namespace sn;
using namespace sn::anomaly;

namespace {

constexpr std::int64_t kSampleMs = 5000; // dcgm-exporter scraped every 5 s
constexpr std::int64_t kHourMs = 3600 * 1000;

struct Seen {
    std::vector<WatchChange> opened;
    std::set<std::string> busyGpus; // "node|gpu" that ran a job at some point
    int jobStarts = 0;
};

// The fields the detectors under test read, as dcgm-exporter names them (the rest of a reading
// only costs time here).
void appendWatched(const GpuReading &r, std::vector<MetricSample> &out)
{
    static const GpuField fields[] = {
        GpuField::Utilization,    GpuField::Temperature,    GpuField::MemoryTemperature,     GpuField::Power,
        GpuField::EccSbeVolatile, GpuField::EccDbeVolatile, GpuField::RemappedUncorrectable, GpuField::PcieReplay,
        GpuField::FanSpeed};
    const Labels labels{{"Hostname", r.node}, {"gpu", std::to_string(r.gpu)}};
    for (GpuField f : fields)
        if (r.has(f))
            out.push_back({metric::name(f), labels, r.timeMs, r.get(f)});
}

class Day {
public:
    explicit Day(double arrivalsPerHour)
    {
        ClusterSpec spec = sim::defaultSimulatedSpec(1);
        spec.simulation.jobArrivalsPerHour = arrivalsPerHour;
        sim::SimOptions options;
        options.physicsStepMs = 1000;
        options.sampleIntervalMs = kSampleMs;
        m_sim = std::make_unique<sim::SimulatedCluster>(spec, 0, options);
    }
    sim::SimulatedCluster &sim() { return *m_sim; }

    // Runs to `untilMs`, feeding every GPU sample to each watch.
    void runTo(std::int64_t untilMs, std::vector<std::pair<TelemetryWatch *, Seen *>> watches)
    {
        std::vector<MetricSample> samples;
        for (std::int64_t t = m_sim->timeMs() + kSampleMs; t <= untilMs; t += kSampleMs) {
            m_sim->advanceTo(t);
            const sim::SimOutputs out = m_sim->takeOutputs();
            samples.clear();
            for (const GpuReading &r : out.gpuReadings)
                appendWatched(r, samples);
            for (const auto &[watch, seen] : watches) {
                for (const GpuReading &r : out.gpuReadings)
                    if (r.has(GpuField::Utilization) && r.get(GpuField::Utilization) > 50)
                        seen->busyGpus.insert(r.node + "|" + std::to_string(r.gpu));
                for (const MetricSample &s : samples)
                    for (WatchChange &c : watch->add(s))
                        if (c.opened)
                            seen->opened.push_back(std::move(c));
            }
            for (const JobRecord &j : m_sim->jobs())
                if (j.state == JobState::Running && m_started.insert(j.id).second)
                    for (const auto &w : watches)
                        ++w.second->jobStarts;
        }
    }

    // A GPU running a job now.
    std::optional<GpuRef> busyGpu() const
    {
        for (const JobRecord &j : m_sim->jobs())
            if (j.state == JobState::Running && !j.gpus.empty())
                return j.gpus.front();
        return std::nullopt;
    }

private:
    std::unique_ptr<sim::SimulatedCluster> m_sim;
    std::set<std::string> m_started;
};

TelemetryWatch defaultWatch()
{
    return TelemetryWatch({}, {}, {}, 50000, LoadAwareConfig{});
}

std::string describe(const std::vector<WatchChange> &changes)
{
    std::string s;
    for (const WatchChange &c : changes)
        s += c.key + " at " + std::to_string(c.event.startMs / 1000) + " s: " + c.event.message() + "\n";
    return s;
}

MetricSample sample(const char *metric, std::int64_t t, double v)
{
    return {metric, {{"Hostname", "gpu01"}, {"gpu", "0"}}, t, v};
}

} // namespace

class TestLoadAwareDetectors : public QObject {
    Q_OBJECT
private slots:
    void aDayOfOrdinaryJobsRaisesNothing()
    {
        Day day(40);
        TelemetryWatch defaults = defaultWatch();
        // The naive alternative: a learned band on the raw load-following series.
        TelemetryWatch raw({}, {"DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE"});
        Seen seenDefaults, seenRaw;
        day.runTo(24 * kHourMs, {{&defaults, &seenDefaults}, {&raw, &seenRaw}});

        QVERIFY2(seenDefaults.jobStarts >= 50, qPrintable(QString::number(seenDefaults.jobStarts)));
        QVERIFY(seenDefaults.busyGpus.size() >= 6);
        QVERIFY2(!seenRaw.opened.empty(), "raw bands should alarm on job starts: the day proves nothing");
        QVERIFY2(seenDefaults.opened.empty(), describe(seenDefaults.opened).c_str());
        QVERIFY(defaults.loadAware()->gpuCount() == 8);
    }

    void injectedFaultRaisesItsEventOnItsGpu_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("detector");
        QTest::newRow("cooling fails") << "gpu-overheat"
                                       << "DCGM_FI_DEV_GPU_TEMP"
                                       << "thermal";
        QTest::newRow("ECC storm") << "ecc-sbe-storm"
                                   << "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"
                                   << "counter_rate";
        QTest::newRow("double-bit error") << "ecc-dbe"
                                          << "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"
                                          << "counter_rate";
    }
    void injectedFaultRaisesItsEventOnItsGpu()
    {
        QFETCH(QString, fault);
        QFETCH(QString, metric);
        QFETCH(QString, detector);
        Day day(40);
        TelemetryWatch defaults = defaultWatch();
        Seen seen;
        day.runTo(3 * kHourMs, {{&defaults, &seen}});
        QVERIFY2(seen.opened.empty(), describe(seen.opened).c_str());
        const auto victim = day.busyGpu();
        QVERIFY(victim);

        const auto kind = sim::faultKindFromName(fault.toStdString());
        QVERIFY(kind);
        const std::int64_t faultMs = day.sim().timeMs();
        QVERIFY(day.sim().injectFault({*kind, victim->node, victim->gpu, 0}).ok());
        day.runTo(faultMs + 20 * 60 * 1000, {{&defaults, &seen}});

        QVERIFY2(!seen.opened.empty(), "the fault raised nothing");
        bool found = false;
        for (const WatchChange &c : seen.opened) {
            QVERIFY2(c.node == victim->node && c.gpu == victim->gpu, describe(seen.opened).c_str());
            QVERIFY(c.event.startMs >= faultMs);
            if (c.event.detector == detector.toStdString() &&
                c.event.series.find(metric.toStdString()) != std::string::npos) {
                found = true;
                QVERIFY2(c.event.startMs - faultMs <= 5 * 60 * 1000, describe(seen.opened).c_str());
            }
        }
        QVERIFY2(found, describe(seen.opened).c_str());
    }

    void idlePowerAndFanAreJudgedOnlyAtIdle()
    {
        TelemetryWatch watch = defaultWatch();
        std::vector<WatchChange> opened;
        auto feed = [&](std::int64_t t, double util, double power, double fan) {
            for (const MetricSample &s :
                 {sample("DCGM_FI_DEV_GPU_UTIL", t, util), sample("DCGM_FI_DEV_POWER_USAGE", t, power),
                  sample("DCGM_FI_DEV_FAN_SPEED", t, fan)})
                for (WatchChange &c : watch.add(s))
                    if (c.opened)
                        opened.push_back(c);
        };
        std::int64_t t = 0;
        // An hour idle, an hour at full load (power and fan jump: no event), an hour idle again.
        for (; t < kHourMs; t += 1000)
            feed(t, 0, 70 + (t / 1000 % 3), 30);
        for (; t < 2 * kHourMs; t += 1000)
            feed(t, 100, 650 + (t / 1000 % 7), 80);
        for (; t < 3 * kHourMs; t += 1000)
            feed(t, 0, 70 + (t / 1000 % 3), t < 2 * kHourMs + 120000 ? 60 : 30);
        QVERIFY2(opened.empty(), describe(opened).c_str());

        // Idle, the card now draws 45 W more (a stuck clock, a zombie context): an idle event.
        const std::int64_t stuck = t;
        for (; t < stuck + 600000; t += 1000)
            feed(t, 0, 115 + (t / 1000 % 3), 30);
        QCOMPARE(opened.size(), std::size_t(1));
        QCOMPARE(opened[0].event.detector, std::string("idle"));
        QVERIFY(opened[0].event.series.find("DCGM_FI_DEV_POWER_USAGE") != std::string::npos);
        QVERIFY(opened[0].event.startMs >= stuck);
        // ... and a fan that stops.
        const std::int64_t fanStops = t;
        for (; t < fanStops + 600000; t += 1000)
            feed(t, 0, 115 + (t / 1000 % 3), 0);
        QCOMPARE(opened.size(), std::size_t(2));
        QVERIFY(opened[1].event.series.find("DCGM_FI_DEV_FAN_SPEED") != std::string::npos);
    }

    void aCounterResetIsNotAStorm()
    {
        TelemetryWatch watch = defaultWatch();
        std::vector<WatchChange> opened;
        std::int64_t t = 0;
        double sbe = 5000; // a GPU up for months: a large but steady count
        for (; t < kHourMs; t += 1000, sbe += (t % 600000 == 0))
            for (WatchChange &c : watch.add(sample("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", t, sbe)))
                opened.push_back(c);
        // The driver reloads: volatile counters start again from 0.
        for (sbe = 0; t < 2 * kHourMs; t += 1000)
            for (WatchChange &c : watch.add(sample("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", t, sbe)))
                opened.push_back(c);
        QVERIFY2(opened.empty(), describe(opened).c_str());
        // 30 in one minute now is a storm.
        for (int i = 0; i < 60; ++i, t += 1000, sbe += 0.5)
            for (WatchChange &c : watch.add(sample("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", t, std::floor(sbe))))
                if (c.opened)
                    opened.push_back(c);
        QCOMPARE(opened.size(), std::size_t(1));
        QCOMPARE(opened[0].event.detector, std::string("counter_rate"));
    }
};

QTEST_GUILESS_MAIN(TestLoadAwareDetectors)
#include "tst_load_aware_detectors.moc"
