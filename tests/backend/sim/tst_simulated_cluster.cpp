// The simulated super node in virtual time: load follows jobs, faults show in telemetry, logs
// and events, and a seed always gives the same run.
#include "backend/model/clock.h"
#include "backend/sim/sim_log_lines.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/sim/super_node_topology.h"

#include <QRegularExpression>
#include <QTest>

using namespace sn;
using namespace sn::sim;

namespace {

constexpr std::int64_t kGiB = 1024LL * 1024 * 1024;

SimOptions quiet()
{
    SimOptions o;
    o.generateWorkload = false; // the test decides what runs
    return o;
}

JobSpec trainingJob(int gpus, std::int64_t runtimeS = 3600)
{
    JobSpec s;
    s.name = "train";
    s.user = "alice";
    s.kind = WorkloadKind::Training;
    s.gpusMin = s.gpusMax = gpus;
    s.gpuMemoryBytes = 60 * kGiB;
    s.estimatedRuntimeS = runtimeS;
    return s;
}

const GpuReading *reading(const SimulatedCluster &c, const std::string &node, int gpu)
{
    for (const GpuReading &r : c.latestGpuReadings())
        if (r.node == node && r.gpu == gpu)
            return &r;
    return nullptr;
}

// Mean of a field over the GPU readings produced in a window.
double meanOver(const std::vector<GpuReading> &readings, const std::string &node, int gpu, GpuField field)
{
    double sum = 0;
    int n = 0;
    for (const GpuReading &r : readings)
        if (r.node == node && r.gpu == gpu && r.has(field)) {
            sum += r.get(field);
            ++n;
        }
    return n ? sum / n : -1;
}

bool anyLogContains(const std::vector<LogRecord> &logs, const std::string &text, std::string *source = nullptr)
{
    for (const LogRecord &l : logs)
        if (l.text.find(text) != std::string::npos) {
            if (source)
                *source = l.source;
            return true;
        }
    return false;
}

} // namespace

class TestSimulatedCluster : public QObject {
    Q_OBJECT
private slots:
    void defaultIsTwoHgxH100NodesWithRoce()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        const ClusterSpec &spec = c.spec();
        QCOMPARE(spec.nodes.size(), 2u);
        QCOMPARE(spec.gpuCount(), 16);
        for (const NodeSpec &n : spec.nodes) {
            QCOMPARE(n.nvswitches.size(), 4u);
            QCOMPARE(n.nics.size(), 4u);
            QCOMPARE(n.nics[0].speedGbps, 100.0);
            QCOMPARE(n.gpus[0].model, std::string("NVIDIA H100 80GB HBM3"));
            QCOMPARE(n.gpus[0].memoryBytes, 81559LL * 1024 * 1024); // as nvidia-smi reports an H100 80GB
            QVERIFY(QString::fromStdString(n.gpus[0].uuid).startsWith("GPU-"));
        }
        int nvlinks = 0, fabric = 0;
        for (const LinkSpec &l : spec.network.links) {
            nvlinks += l.type == LinkType::NvLink ? l.lanes : 0;
            fabric += l.b == "leaf01";
        }
        QCOMPARE(nvlinks, 2 * 8 * 18); // 18 NVLink 4 links per H100
        QCOMPARE(fabric, 8);
    }

    void sizeIsConfigurableUpTo128Nodes()
    {
        ClusterSpec spec = defaultSimulatedSpec(128);
        SimulatedCluster c(spec, kVirtualEpochMs);
        QCOMPARE(c.spec().gpuCount(), 1024);
        c.advanceTo(kVirtualEpochMs + 5000);
        QCOMPARE(c.latestGpuReadings().size(), 1024u);
    }

    void utilizationPowerMemoryAndTrafficFollowTheJob()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(8));
        QVERIFY(job.ok());
        c.advanceTo(kVirtualEpochMs + 60000);
        const JobRecord *record = c.findJob(job->id);
        QCOMPARE(record->state, JobState::Running);
        QCOMPARE(record->gpus.size(), 8u);
        const std::string node = record->gpus.front().node;
        const std::string other = node == "node01" ? "node02" : "node01";
        const SimOutputs out = c.takeOutputs();
        const double busyUtil = meanOver(out.gpuReadings, node, 3, GpuField::Utilization);
        const double idleUtil = meanOver(out.gpuReadings, other, 3, GpuField::Utilization);
        QVERIFY2(busyUtil > 45, qPrintable(QString::number(busyUtil)));
        QCOMPARE(idleUtil, 0.0);
        QVERIFY(meanOver(out.gpuReadings, node, 3, GpuField::Power) > 350);
        QVERIFY(meanOver(out.gpuReadings, other, 3, GpuField::Power) < 75);
        QVERIFY(meanOver(out.gpuReadings, node, 3, GpuField::NvlinkTxBytes) > 10e9);
        QCOMPARE(meanOver(out.gpuReadings, other, 3, GpuField::NvlinkTxBytes), 0.0);
        const GpuReading *r = reading(c, node, 3);
        QCOMPARE(r->get(GpuField::FbUsed), 60.0 * 1024 + 512);
        QVERIFY(r->get(GpuField::Temperature) > reading(c, other, 3)->get(GpuField::Temperature) + 8);
        // A single-node job sends nothing over the fabric.
        for (const NicReading &n : out.nicReadings)
            QCOMPARE(n.txBytesPerSecond, 0.0);
    }

    void multiNodeJobUsesTheFabric()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(16));
        QVERIFY(job.ok());
        c.advanceTo(kVirtualEpochMs + 30000);
        QCOMPARE(c.findJob(job->id)->state, JobState::Running);
        double maxTx = 0;
        for (const NicReading &n : c.takeOutputs().nicReadings)
            maxTx = std::max(maxTx, n.txBytesPerSecond);
        QVERIFY2(maxTx > 1e9, qPrintable(QString::number(maxTx)));
        QVERIFY(maxTx <= 12.5e9 * 2); // two GPUs share one 100G NIC
    }

    void jobsCompleteAndFreeTheirGpus()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(4, 120));
        c.advanceTo(kVirtualEpochMs + 130000);
        const JobRecord *record = c.findJob(job->id);
        QCOMPARE(record->state, JobState::Completed);
        QCOMPARE(record->exitCode, 0);
        const SimOutputs out = c.takeOutputs();
        QVERIFY(anyLogContains(out.logs, "Launching batch job " + job->id));
        QVERIFY(anyLogContains(out.logs, "job " + job->id + " completed with slurm_rc = 0, job_rc = 0"));
        QVERIFY(anyLogContains(out.logs, "NCCL INFO comm"));
        QCOMPARE(reading(c, record->gpus[0].node, record->gpus[0].gpu)->get(GpuField::FbUsed), 0.0);
    }

    void waitingJobSaysWhy()
    {
        SimulatedCluster c(defaultSimulatedSpec(4), kVirtualEpochMs, quiet());
        for (int i = 0; i < 3; ++i)
            QVERIFY(c.submit(trainingJob(6)).ok()); // leaves 2 + 2 + 2 + 8 free
        auto big = c.submit(trainingJob(12));
        auto huge = c.submit(trainingJob(16));
        c.advanceTo(kVirtualEpochMs + 1000);
        const JobRecord *record = c.findJob(big->id);
        QCOMPARE(record->state, JobState::Pending);
        QVERIFY2(record->pendingReason.find("needs 2 whole free nodes for 12 GPUs; 1 are free") != std::string::npos,
                 record->pendingReason.c_str());
        QVERIFY2(c.findJob(huge->id)->pendingReason.find("needs 16 GPUs, 14 free") != std::string::npos,
                 c.findJob(huge->id)->pendingReason.c_str());
        QVERIFY(!c.submit(trainingJob(33)).ok());
        QVERIFY(c.cancel(big->id).ok());
        QCOMPARE(c.cancel(big->id).error().code, ErrorCode::FailedPrecondition);
        QCOMPARE(c.cancel("nope").error().code, ErrorCode::NotFound);
    }

    void overheatThrottlesAndRaisesAThermalEvent()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(8));
        c.advanceTo(kVirtualEpochMs + 1000);
        const GpuRef hot = c.findJob(job->id)->gpus[2];
        QVERIFY(c.injectFault({FaultKind::GpuOverheat, hot.node, hot.gpu, 0}).ok());
        c.advanceTo(kVirtualEpochMs + 120000);
        const GpuReading *r = reading(c, hot.node, hot.gpu);
        QVERIFY2(r->get(GpuField::Temperature) >= c.physics().slowdownC,
                 qPrintable(QString::number(r->get(GpuField::Temperature))));
        QVERIFY(static_cast<std::uint32_t>(r->get(GpuField::ThrottleReasons)) & throttle::kHwThermalSlowdown);
        QVERIFY(r->get(GpuField::SmClock) < c.physics().maxSmClockMhz);
        const SimOutputs out = c.takeOutputs();
        bool thermalEvent = false;
        for (const Event &e : out.events)
            thermalEvent |= e.kind == "gpu.thermal" && e.node == hot.node && e.gpu == hot.gpu && e.simulated;
        QVERIFY(thermalEvent);
        QVERIFY(anyLogContains(out.logs, "HW thermal slowdown"));
        QCOMPARE(c.activeFaultCount(), 1);
    }

    void xid79MakesTheGpuVanishAndKillsItsJob()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(8));
        c.advanceTo(kVirtualEpochMs + 5000);
        const GpuRef victim = c.findJob(job->id)->gpus[5];
        QVERIFY(c.injectFault({FaultKind::Xid79, victim.node, victim.gpu, 60000}).ok());
        c.advanceTo(kVirtualEpochMs + 10000);
        QCOMPARE(c.findJob(job->id)->state, JobState::Failed);
        const GpuReading *r = reading(c, victim.node, victim.gpu);
        QCOMPARE(r->get(GpuField::XidLast), 79.0);
        QVERIFY(!r->has(GpuField::Utilization)); // NVML answers GPU_IS_LOST
        QVERIFY(!c.gpuUsable(victim.node, victim.gpu));
        const SimOutputs out = c.takeOutputs();
        std::string source;
        const std::string pci = nvrmPciAddress(c.spec().findNode(victim.node)->gpus[victim.gpu].pciBusId);
        QVERIFY(anyLogContains(out.logs, "NVRM: Xid (PCI:" + pci + "): 79, pid=", &source));
        QVERIFY(QString::fromStdString(pci).contains(QRegularExpression("^0000:[0-9a-f]{2}:00$")));
        QCOMPARE(source, std::string("kernel"));
        QVERIFY(anyLogContains(out.logs, "GPU has fallen off the bus."));
        c.advanceTo(kVirtualEpochMs + 70000);
        QVERIFY(c.gpuUsable(victim.node, victim.gpu)); // back after the node was power-cycled
    }

    void eccDoubleBitCountsAndLogsXid48()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        QVERIFY(c.injectFault({FaultKind::EccDoubleBit, "node02", 1, 0}).ok());
        c.advanceTo(kVirtualEpochMs + 2000);
        QCOMPARE(reading(c, "node02", 1)->get(GpuField::EccDbeVolatile), 1.0);
        QCOMPARE(reading(c, "node02", 1)->get(GpuField::XidLast), 48.0);
        QVERIFY(anyLogContains(c.takeOutputs().logs, ": 48, pid="));
        // A retired GPU takes no new work.
        auto job = c.submit(trainingJob(8));
        c.advanceTo(kVirtualEpochMs + 3000);
        for (const GpuRef &g : c.findJob(job->id)->gpus)
            QVERIFY(!(g.node == "node02" && g.gpu == 1));
    }

    void nvlinkDownStopsNvlinkTraffic()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(8));
        c.advanceTo(kVirtualEpochMs + 1000);
        const GpuRef g = c.findJob(job->id)->gpus[0];
        QVERIFY(c.injectFault({FaultKind::NvlinkDown, g.node, g.gpu, 0}).ok());
        c.takeOutputs();
        c.advanceTo(kVirtualEpochMs + 30000);
        const SimOutputs out = c.takeOutputs();
        const double compute = 0.03 * LinkPeaks{}.nvlinkBytesPerS;
        QVERIFY(meanOver(out.gpuReadings, g.node, g.gpu, GpuField::NvlinkTxBytes) <= compute);
        QVERIFY(meanOver(out.gpuReadings, g.node, c.findJob(job->id)->gpus[1].gpu, GpuField::NvlinkTxBytes) > compute);
    }

    void nodeDownFailsItsJobsAndSilencesItsGpus()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        auto job = c.submit(trainingJob(16));
        c.advanceTo(kVirtualEpochMs + 2000);
        QVERIFY(c.injectFault({FaultKind::NodeDown, "node02", 0, 30000}).ok());
        c.takeOutputs();
        c.advanceTo(kVirtualEpochMs + 10000);
        QCOMPARE(c.findJob(job->id)->state, JobState::Failed);
        QVERIFY(!c.nodeUp("node02"));
        const SimOutputs out = c.takeOutputs();
        for (const GpuReading &r : out.gpuReadings)
            QVERIFY(r.node != "node02");
        QCOMPARE(c.latestGpuReadings().size(), 8u);
        c.advanceTo(kVirtualEpochMs + 40000);
        QVERIFY(c.nodeUp("node02"));
        QVERIFY(anyLogContains(c.takeOutputs().logs, "Node node02 now responding"));
    }

    void aPlacerDecidesWhatRunsWhereAndFaultsRequeue()
    {
        // With a placer (the engine's scheduler) the simulation starts nothing by itself: it asks,
        // runs what it is told on the GPUs it is told, and puts a job hit by a fault back in line.
        SimOptions o = quiet();
        int calls = 0;
        std::string placeOn = "node01";
        o.placer = [&](SimulatedCluster &c) {
            ++calls;
            for (const JobRecord &r : c.jobs())
                if (r.state == JobState::Pending && c.nodeUp(placeOn)) {
                    std::vector<GpuRef> gpus;
                    for (int g = 0; g < r.spec.gpusMax; ++g)
                        gpus.push_back({placeOn, g});
                    QVERIFY(c.runJob(r.id, gpus, 0.5).ok());
                }
        };
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, o);
        const int before = calls;
        auto job = c.submit(trainingJob(4, 600));
        QCOMPARE(c.findJob(job->id)->state, JobState::Pending);
        c.advanceTo(kVirtualEpochMs + 200);
        QVERIFY(calls > before);
        const JobRecord *r = c.findJob(job->id);
        QCOMPARE(r->state, JobState::Running);
        QCOMPARE(r->gpus.size(), std::size_t{4});
        QCOMPARE(r->gpus.front().node, std::string("node01"));
        // Busy or missing GPUs are refused; so is a job that is not pending.
        auto other = c.submit(trainingJob(1));
        QCOMPARE(c.runJob(other->id, {{"node01", 0}}).error().code, ErrorCode::FailedPrecondition);
        QCOMPARE(c.runJob(other->id, {{"node09", 0}}).error().code, ErrorCode::NotFound);
        QCOMPARE(c.runJob(job->id, {{"node02", 0}}).error().code, ErrorCode::FailedPrecondition);
        QVERIFY(c.rejectJob(other->id, "breaks the policy").ok());
        QCOMPARE(c.findJob(other->id)->state, JobState::Failed);
        // Grown onto more GPUs, then preempted by the placer: back to pending with the reason.
        QVERIFY(c.resizeJob(job->id, {{"node01", 0}, {"node01", 1}, {"node01", 2}, {"node01", 3}, {"node01", 4}}).ok());
        QCOMPARE(c.findJob(job->id)->gpus.size(), std::size_t{5});
        placeOn = "node02";
        QVERIFY(c.requeueJob(job->id, "preempted for job 9").ok());
        QCOMPARE(c.findJob(job->id)->state, JobState::Pending);
        QCOMPARE(c.findJob(job->id)->pendingReason, std::string("preempted for job 9"));
        c.advanceTo(kVirtualEpochMs + 6000); // the placer runs every few seconds even when idle
        QCOMPARE(c.findJob(job->id)->gpus.front().node, std::string("node02"));
        // A node failure requeues its job instead of failing it; half the run was left to do.
        QVERIFY(c.injectFault({FaultKind::NodeDown, "node02", 0, 60000}).ok());
        QCOMPARE(c.findJob(job->id)->state, JobState::Pending);
        QVERIFY(c.findJob(job->id)->pendingReason.find("fault") != std::string::npos);
        placeOn = "node01";
        c.advanceTo(kVirtualEpochMs + 6200);
        QCOMPARE(c.findJob(job->id)->state, JobState::Running);
        c.advanceTo(kVirtualEpochMs + 6200 + 301 * 1000);
        QCOMPARE(c.findJob(job->id)->state, JobState::Completed); // 600 s x (0.6..1.0) x 0.5
    }

    void nicFlapGoesDownAndComesBack()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        QVERIFY(c.injectFault({FaultKind::NicFlap, "node01", 2, 3000}).ok());
        c.advanceTo(kVirtualEpochMs + 2000);
        QVERIFY(!c.nicUp("node01", 2));
        bool sawDown = false;
        for (const NicReading &n : c.takeOutputs().nicReadings)
            sawDown |= n.device == "mlx5_2" && !n.linkUp;
        QVERIFY(sawDown);
        c.advanceTo(kVirtualEpochMs + 5000);
        QVERIFY(c.nicUp("node01", 2));
        QVERIFY(anyLogContains(c.takeOutputs().logs, "mlx5_2: Link up"));
    }

    void faultOnUnknownTargetIsAnError()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs, quiet());
        QCOMPARE(c.injectFault({FaultKind::Xid79, "node09", 0, 0}).error().code, ErrorCode::NotFound);
        QCOMPARE(c.injectFault({FaultKind::Xid79, "node01", 8, 0}).error().code, ErrorCode::NotFound);
        QCOMPARE(c.injectFault({FaultKind::NicFlap, "node01", 4, 0}).error().code, ErrorCode::NotFound);
    }

    void sameSeedSameRunDifferentSeedDifferentRun()
    {
        auto runFor = [](std::uint64_t seed) {
            ClusterSpec spec = defaultSimulatedSpec();
            spec.simulation.seed = seed;
            SimulatedCluster c(spec, kVirtualEpochMs);
            c.advanceTo(kVirtualEpochMs + 30000);
            c.injectFault({FaultKind::GpuOverheat, "node01", 0, 0}).ok();
            c.advanceTo(kVirtualEpochMs + 600000);
            QStringList trace;
            for (const GpuReading &r : c.latestGpuReadings())
                trace << QString("%1/%2 %3 %4 %5")
                             .arg(QString::fromStdString(r.node))
                             .arg(r.gpu)
                             .arg(r.get(GpuField::Utilization))
                             .arg(r.get(GpuField::Temperature))
                             .arg(r.get(GpuField::Power));
            for (const JobRecord &j : c.jobs())
                trace << QString::fromStdString(j.id + " " + j.spec.name + " " + jobStateName(j.state));
            return trace;
        };
        const QStringList a = runFor(7), b = runFor(7), other = runFor(8);
        QCOMPARE(a, b);
        QVERIFY(a != other);
    }

    void workloadGeneratorKeepsTheClusterBusyWithAMix()
    {
        SimulatedCluster c(defaultSimulatedSpec(), kVirtualEpochMs);
        c.advanceTo(kVirtualEpochMs + 2 * 3600 * 1000);
        int training = 0, inference = 0, prep = 0, running = 0;
        for (const JobRecord &j : c.jobs()) {
            training += j.spec.kind == WorkloadKind::Training;
            inference += j.spec.kind == WorkloadKind::Inference;
            prep += j.spec.kind == WorkloadKind::Preprocessing;
            running += j.state == JobState::Running;
            QVERIFY(j.simulated);
        }
        QVERIFY(training > 5 && inference > 3 && prep > 3);
        QVERIFY(running > 0);
        const SimOutputs out = c.takeOutputs();
        for (const LogRecord &l : out.logs)
            QVERIFY(l.simulated);
        QVERIFY(anyLogContains(out.logs, "| loss "));
    }
};

QTEST_GUILESS_MAIN(TestSimulatedCluster)
#include "tst_simulated_cluster.moc"
