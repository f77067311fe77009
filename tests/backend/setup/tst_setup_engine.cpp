// The setup wizard's engine half on real captures: the node inventory read from nvidia-smi
// (--query-gpu of H100/H200/L40S full captures, -q -x of an A100), the host tools of this
// machine, the readiness checks (a good cluster passes each; an old driver, a down NVLink,
// persistence off fail the right one with its fix), the hardware profile's mismatches, per-node
// time budgets, the cluster.yaml round trip, and every host-tool parser on malformed input.

#include "backend/model/cluster_yaml.h"
#include "backend/setup/cluster_discovery.h"
#include "backend/setup/cluster_spec_builder.h"
#include "backend/setup/hardware_profile.h"
#include "backend/setup/host_facts.h"
#include "backend/setup/node_inventory.h"
#include "backend/setup/setup_checks.h"
#include "tests/backend/setup/setup_fake_node.h"
#include "tests/support/nvidia_smi_full_capture.h"
#include "tests/support/shared_data.h"

#include <QElapsedTimer>
#include <QtTest>

#include <thread>

using namespace sn;
using namespace sn::setup;
using namespace std::chrono_literals;

namespace {

// The nodes' state directories are on this machine: its free disk is whatever the CI machine
// has, so the disk check's limits are lowered (the check itself is tested with given numbers).
CheckThresholds thisMachinesDisk()
{
    CheckThresholds t;
    t.minStateDirFreeBytes = t.warnStateDirFreeBytes = 1LL << 30;
    return t;
}

const std::string kH100 = "nvidia-h100-80gb-hbm3__590.48.01";

NodeInventory inventoryOf(test::CaptureRunner r, const std::string &name)
{
    auto inv = discoverInventory(r, name);
    if (!inv)
        qFatal("%s: %s", name.c_str(), inv.error().message.c_str());
    return *inv;
}

const CheckResult &check(const std::vector<CheckResult> &all, const std::string &id)
{
    for (const CheckResult &c : all)
        if (c.id == id)
            return c;
    qFatal("no check %s", id.c_str());
    return all.front();
}

void replaceIn(test::CaptureRunner &r, const std::string &key, const std::string &from, const std::string &to)
{
    std::string &s = r.outputs[key].out;
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

// A node whose clock is in sync, reached over a link that takes `connectDelay` to open: the
// first command waits that long before the node reads its clock (as SSH's key exchange and
// authentication do); later ones answer at once. `date` prints the node's clock when it runs.
class SlowToConnectNode final : public CommandRunner {
public:
    SlowToConnectNode(test::CaptureRunner node, std::chrono::milliseconds connectDelay, double clockAheadS = 0)
        : m_node(std::move(node)), m_delay(connectDelay), m_aheadS(clockAheadS)
    {
    }
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override
    {
        if (!m_connected) {
            std::this_thread::sleep_for(m_delay);
            m_connected = true;
        }
        if (argv == std::vector<std::string>{"date", "+%s.%N"}) {
            const double now = QDateTime::currentMSecsSinceEpoch() / 1000.0 + m_aheadS;
            return CommandOutput{0, QString::number(now, 'f', 3).toStdString() + "\n", ""};
        }
        return m_node.run(argv, timeout, input);
    }
    std::string where() const override { return "slow link"; }

private:
    test::CaptureRunner m_node;
    std::chrono::milliseconds m_delay;
    double m_aheadS;
    bool m_connected = false;
};

QString describe(const std::vector<CheckResult> &all)
{
    QString s;
    for (const CheckResult &c : all)
        s += QString("\n%1 %2: %3").arg(checkStatusName(c.status), c.id.c_str(), c.reason.c_str());
    return s;
}

} // namespace

class TestSetupEngine : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!test::requireSharedData("nvidia-smi/full-captures"))
            return;
    }

    void inventoryFromAnH100Capture()
    {
        const NodeInventory n = inventoryOf(test::captureNode(kH100), "node01");
        QCOMPARE(n.gpuSource, std::string("nvidia-smi --query-gpu"));
        QCOMPARE(n.gpuCount(), 1);
        QCOMPARE(n.gpuModel(), std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(n.driverVersion, std::string("590.48.01"));
        QCOMPARE(n.cudaVersion, std::string("13.1")); // from nvidia-smi --version
        const NvidiaSmiDevice &g = n.gpus.gpus.front();
        QCOMPARE(g.persistenceMode, std::string("Enabled"));
        QCOMPARE(g.eccModeCurrent, std::string("Enabled"));
        QCOMPARE(g.migModeCurrent, std::string("Disabled"));
        QCOMPARE(g.defaultPowerLimitW.value_or(0), 700.0);
        QCOMPARE(g.remappedRowsPending.value_or(true), false);
        QCOMPARE(g.reading.get(GpuField::FbTotal), 81559.0);
        QVERIFY(n.nvlinkRead);
        QCOMPARE(n.nvlinks.size(), std::size_t(1));
        QCOMPARE(n.nvlinks.front().activeLinks(), 18);
        QVERIFY(n.cpu && n.cpu->threads > 0);
        QVERIFY(n.memoryBytes > 0);
        QVERIFY(n.stateDirFreeBytes && *n.stateDirFreeBytes > 0);
        QCOMPARE(n.clockSynchronized.value_or(false), true);
    }

    void inventoryFromAnA100Xml()
    {
        const NodeInventory n = inventoryOf(test::xmlNode("a100-sxm4-v12.xml"), "a100");
        QCOMPARE(n.gpuSource, std::string("nvidia-smi -q -x"));
        QCOMPARE(n.driverVersion, std::string("535.54.03"));
        QCOMPARE(n.cudaVersion, std::string("12.2"));
        QCOMPARE(n.gpus.gpus.front().persistenceMode, std::string("Disabled"));
        QCOMPARE(n.gpus.gpus.front().eccModeCurrent, std::string("Enabled"));
        QCOMPARE(n.gpus.gpus.front().slowdownTemperatureC.value_or(0), 89.0);
        const auto checks = runChecks({n});
        QCOMPARE(check(checks, "persistence").status, CheckStatus::Fail);
        QVERIFY(check(checks, "persistence").fix.find("nvidia-persistenced") != std::string::npos);
        QCOMPARE(check(checks, "ecc").status, CheckStatus::Pass);
        QCOMPARE(check(checks, "cuda-driver").status, CheckStatus::Pass); // 12.2 needs 535.54.03
    }

    void aGoodClusterPassesEveryCheck_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::newRow("2x H100") << QString::fromStdString(kH100);
        QTest::newRow("2x H200") << "nvidia-h200__590.48.01";
    }
    void aGoodClusterPassesEveryCheck()
    {
        QFETCH(QString, capture);
        const std::vector<NodeInventory> nodes{inventoryOf(test::captureNode(capture.toStdString()), "node01"),
                                               inventoryOf(test::captureNode(capture.toStdString()), "node02")};
        const auto checks = runChecks(nodes, thisMachinesDisk());
        QCOMPARE(checks.size(), std::size_t(12));
        for (const CheckResult &c : checks) {
            QVERIFY2(c.status == CheckStatus::Pass, qPrintable(describe(checks)));
            QVERIFY(!c.reason.empty());
        }
        QVERIFY(compareHardware(nodes).mismatches.empty());
    }

    void theRealL40sCaptureNeedsAttention()
    {
        // That machine runs with persistence off and its GPU at 63 C idle, and its driver's CUDA
        // (13.2) is newer than the compatibility table: the checks say exactly that.
        const std::vector<NodeInventory> nodes{inventoryOf(test::captureNode("nvidia-l40s__595.80"), "node01")};
        const auto checks = runChecks(nodes);
        QCOMPARE(check(checks, "persistence").status, CheckStatus::Fail);
        QCOMPARE(check(checks, "persistence").reason, std::string("node01 GPU0: persistence mode Disabled"));
        QCOMPARE(check(checks, "idle-thermal-power").status, CheckStatus::Warn);
        QVERIFY(check(checks, "idle-thermal-power").reason.find("63 C at idle") != std::string::npos);
        QCOMPARE(check(checks, "cuda-driver").status, CheckStatus::Warn);
        QCOMPARE(check(checks, "nvlink").status, CheckStatus::Pass); // PCIe only: nothing to check
        QCOMPARE(check(checks, "nvlink").reason, std::string("no NVLink on these GPUs (PCIe only): nothing to check"));
        QCOMPARE(check(checks, "driver-version").status, CheckStatus::Pass);
    }

    // The first `date` also waits for the connection to open: read at the middle of that round
    // trip, a node in sync looked 1.5 s off (tst_setup_over_ssh failed so on a busy machine).
    // Later samples over the open connection measure the clock itself.
    void aSlowConnectionDoesNotLookLikeClockSkew()
    {
        SlowToConnectNode node(test::captureNode(kH100), 3000ms);
        auto inv = discoverInventory(node, "node02");
        QVERIFY2(inv, inv ? "" : inv.error().message.c_str());
        QVERIFY(inv->clockOffsetS);
        QVERIFY2(std::abs(*inv->clockOffsetS) < 0.2, qPrintable(QString::number(*inv->clockOffsetS)));
        QVERIFY(inv->clockOffsetUncertaintyS < 0.2);
        const auto checks = runChecks({inventoryOf(test::captureNode(kH100), "node01"), *inv}, thisMachinesDisk());
        QCOMPARE(check(checks, "clock-sync").status, CheckStatus::Pass);
    }
    void aClockThatIsOffFailsOverASlowConnectionToo()
    {
        SlowToConnectNode node(test::captureNode(kH100), 1000ms, 5.0);
        auto inv = discoverInventory(node, "node02");
        QVERIFY2(inv, inv ? "" : inv.error().message.c_str());
        QVERIFY2(std::abs(*inv->clockOffsetS - 5.0) < 0.2, qPrintable(QString::number(*inv->clockOffsetS)));
        const auto checks = runChecks({inventoryOf(test::captureNode(kH100), "node01"), *inv}, thisMachinesDisk());
        const CheckResult &c = check(checks, "clock-sync");
        QCOMPARE(c.status, CheckStatus::Fail);
        QVERIFY2(QString::fromStdString(c.reason).contains("node02: clock 5.0 s off this machine's"), c.reason.c_str());
    }

    void aFaultFailsTheRightCheckWithItsFix_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("checkId");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("fix");
        QTest::newRow("old driver") << "old-driver"
                                    << "driver-version"
                                    << "node02: driver 470.57.02 is older than 525.85.12"
                                    << "Install NVIDIA driver 525.85.12 or newer";
        QTest::newRow("old driver, CUDA") << "old-driver"
                                          << "cuda-driver"
                                          << "node02: CUDA 13.1 needs driver 590.44.01, found 470.57.02"
                                          << "matches the CUDA version";
        QTest::newRow("down NVLink") << "nvlink-down"
                                     << "nvlink"
                                     << "node02 GPU0: 1 of 18 NVLinks down"
                                     << "nvidia-fabricmanager";
        QTest::newRow("clock off") << "clock-off"
                                   << "clock-sync"
                                   << "node02: clock not synchronised"
                                   << "chrony";
    }
    void aFaultFailsTheRightCheckWithItsFix()
    {
        QFETCH(QString, fault);
        QFETCH(QString, checkId);
        QFETCH(QString, reason);
        QFETCH(QString, fix);
        test::CaptureRunner bad = test::captureNode(kH100);
        if (fault == "old-driver") {
            replaceIn(bad, "nvidia-smi --query-gpu=*", "590.48.01", "470.57.02");
            replaceIn(bad, "nvidia-smi --version", "590.48.01", "470.57.02");
        } else if (fault == "nvlink-down") {
            replaceIn(bad, "nvidia-smi nvlink -s", "Link 3: 26.562 GB/s", "Link 3: <inactive>");
        } else if (fault == "clock-off") {
            bad.outputs["timedatectl show -p NTPSynchronized --value"] = {0, "no\n"};
        }
        const auto checks = runChecks({inventoryOf(test::captureNode(kH100), "node01"), inventoryOf(bad, "node02")},
                                      thisMachinesDisk());
        const CheckResult &c = check(checks, checkId.toStdString());
        QCOMPARE(c.status, CheckStatus::Fail);
        QVERIFY2(QString::fromStdString(c.reason).contains(reason), c.reason.c_str());
        QVERIFY2(QString::fromStdString(c.fix).contains(fix), c.fix.c_str());
        int failed = 0;
        for (const CheckResult &other : checks)
            failed += other.status == CheckStatus::Fail;
        QVERIFY2(failed <= 2, qPrintable(describe(checks))); // the fault, not everything, fails
    }

    void theProfileNamesMismatchesBetweenNodes()
    {
        // node02 reports a second GPU (its row repeated with index 1): GPU counts differ.
        test::CaptureRunner two = test::captureNode(kH100);
        std::string &csv = two.outputs["nvidia-smi --query-gpu=*"].out;
        const std::string header = csv.substr(0, csv.find('\n') + 1);
        std::string row = csv.substr(header.size());
        std::string row1 = row;
        const std::string idx = ", 0, [Requested functionality has been deprecated], Yes,";
        QVERIFY(row1.find(idx) != std::string::npos);
        row1.replace(row1.find(idx), idx.size(), ", 1, [Requested functionality has been deprecated], Yes,");
        csv = header + row + row1;
        const std::vector<NodeInventory> nodes{inventoryOf(test::captureNode(kH100), "node01"),
                                               inventoryOf(two, "node02"),
                                               inventoryOf(test::captureNode("nvidia-h200__590.48.01"), "node03")};
        QCOMPARE(nodes[1].gpuCount(), 2);
        const ClusterProfile p = compareHardware(nodes);
        QStringList mismatches;
        for (const auto &m : p.mismatches)
            mismatches << QString::fromStdString(m);
        QVERIFY2(mismatches.join("\n").contains("GPU count: 1 on node01 node03; 2 on node02"),
                 qPrintable(mismatches.join("\n")));
        QVERIFY(
            mismatches.join("\n").contains("GPU model: NVIDIA H100 80GB HBM3 on node01 node02; NVIDIA H200 on node03"));
        QVERIFY(mismatches.join("\n").contains("GPU memory"));
        QCOMPARE(p.nodes[0].reference, std::string("8x H100 80GB SXM"));
        QCOMPARE(p.nodes[0].differences.front(), std::string("1 GPU, the reference has 8"));
        QCOMPARE(p.nodes[2].reference, std::string("8x H200"));
        QVERIFY(!p.notes.empty()); // storage and switches: said not measurable
    }

    void aBadNodeSaysWhichCommandAndLine()
    {
        test::CaptureRunner r = test::captureNode(kH100);
        r.outputs["nvidia-smi --query-gpu=*"].out += "1, 2\n";
        auto inv = discoverInventory(r, "node07");
        QVERIFY(!inv);
        QVERIFY2(inv.error().message.rfind("node07 (capture): nvidia-smi --query-gpu:3:", 0) == 0,
                 inv.error().message.c_str());
        r = test::captureNode(kH100);
        r.outputs["lscpu -J"].out = "{\"lscpu\": [ {\"field\": \"CPU(s):\", \"data\": \"two\"} ]}";
        inv = discoverInventory(r, "node07");
        QVERIFY(!inv);
        QCOMPARE(QString::fromStdString(inv.error().message),
                 QString("node07 (capture): lscpu -J: \"CPU(s):\": 'two' is not a count"));
    }

    void aNodeThatCannotBeReachedIsSaidSoOnce()
    {
        test::CaptureRunner nothing; // every command: not found / not reachable
        auto inv = discoverInventory(nothing, "ghost");
        QVERIFY(!inv);
        QCOMPARE(inv.error().code, ErrorCode::Unavailable);
        QCOMPARE(nothing.ran.size(), std::size_t(1));
    }

    void aNodeThatHangsIsCutAtItsBudget()
    {
        // A runner whose every command takes 20 s (a wedged nvidia-smi); the budget is 1 s.
        struct Slow final : CommandRunner {
            using CommandRunner::run;
            Result<CommandOutput> run(const std::vector<std::string> &, std::chrono::milliseconds timeout,
                                      const std::string &) override
            {
                LocalCommandRunner local;
                return local.run({"sleep", "20"}, timeout);
            }
            std::string where() const override { return "slow"; }
        };
        std::vector<NodeToDiscover> nodes{
            {"slow", [] { return std::make_unique<Slow>(); }},
            {"good", [] { return std::make_unique<test::CaptureRunner>(test::captureNode(kH100)); }}};
        QElapsedTimer t;
        t.start();
        std::atomic<int> finished{0};
        const auto out =
            discoverCluster(nodes, {}, 1s, [&](const std::string &, bool done, bool) { finished += done; });
        QVERIFY2(t.elapsed() < 10000, "a hanging node held discovery past its budget");
        QCOMPARE(finished.load(), 2);
        QVERIFY(!out[0].inventory);
        QCOMPARE(out[0].inventory.error().code, ErrorCode::Unavailable);
        QVERIFY(out[1].inventory);
        QCOMPARE(out[1].inventory->gpuCount(), 1);
    }

    void theClusterYamlRoundTrips()
    {
        const std::vector<DiscoveredNode> nodes{
            {"admin@10.0.0.1", inventoryOf(test::captureNode(kH100), "node01")},
            {"admin@10.0.0.2:2222", inventoryOf(test::captureNode(kH100), "node02")}};
        const ClusterSpec spec = buildClusterSpec("lab", nodes, defaultSchedulingPolicy());
        QCOMPARE(spec.nodes.size(), std::size_t(2));
        QCOMPARE(spec.nodes[0].gpus.front().uuid, std::string("GPU-00000000-0000-0000-0000-000000000000"));
        QCOMPARE(spec.nodes[0].gpus.front().memoryBytes, 81559LL << 20);
        const std::string yaml = writeClusterYaml(spec);
        auto back = parseClusterYaml(yaml, "wizard.yaml");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QVERIFY2(*back == spec, yaml.c_str());
        QCOMPARE(back->schedulingPolicy.priorityClasses.front().name, std::string("modelTraining"));
        QCOMPARE(back->schedulingPolicy.queues.front().quota.memoryLimitBytes, 512LL << 30);
        QVERIFY(!back->jobBackends); // embedded: no section
    }

    // The Scheduling policy page's "Jobs run by" choice becomes cluster.yaml's jobBackends.
    void theJobBackendChoiceIsWritten_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("slurm") << "slurm";
        QTest::newRow("kubernetes") << "kubernetes";
    }
    void theJobBackendChoiceIsWritten()
    {
        QFETCH(QString, backend);
        const std::vector<DiscoveredNode> nodes{{"admin@10.0.0.1", inventoryOf(test::captureNode(kH100), "node01")}};
        const ClusterSpec spec = buildClusterSpec("lab", nodes, defaultSchedulingPolicy(), backend.toStdString());
        auto back = parseClusterYaml(writeClusterYaml(spec), "wizard.yaml");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QVERIFY(back->jobBackends);
        QCOMPARE(QString::fromStdString(back->jobBackends->defaultBackend), backend);
        QCOMPARE(back->jobBackends->slurm.has_value(), backend == "slurm");
        QCOMPARE(back->jobBackends->kubernetes.has_value(), backend == "kubernetes");
    }

    void parsersReportWhatAndWhere_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("lscpu not json") << "lscpu"
                                        << "{\"lscpu\": ["
                                        << "lscpu -J:1:12: unterminated array";
        QTest::newRow("lscpu no array") << "lscpu"
                                        << "{\"cpus\": 2}"
                                        << "no \"lscpu\" array";
        QTest::newRow("lscpu no cpus") << "lscpu"
                                       << "{\"lscpu\": []}"
                                       << "no \"CPU(s):\" field";
        QTest::newRow("free no Mem") << "free"
                                     << "total used\nSwap: 0 0 0\n"
                                     << "no \"Mem:\" line";
        QTest::newRow("free bad total") << "free"
                                        << "   total\nMem: 12G 1 1\n"
                                        << "free -b:2: total '12G'";
        QTest::newRow("lsblk size") << "lsblk"
                                    << "{\"blockdevices\": [{\"name\": \"sda\", \"size\": \"1.8T\"}]}"
                                    << "device 0 (sda): size is not a number of bytes";
        QTest::newRow("lsblk truncated") << "lsblk"
                                         << "{\"blockdevices\": [{\"name\""
                                         << "lsblk -J -b:1:";
        QTest::newRow("df text") << "df"
                                 << "Avail\nlots\n"
                                 << "df -B1 --output=avail:2: 'lots'";
        QTest::newRow("df empty") << "df"
                                  << "Avail\n"
                                  << "no value after";
        QTest::newRow("version none") << "version"
                                      << "NVIDIA-SMI has failed\n"
                                      << "no \"DRIVER version :\" line";
        QTest::newRow("version bad") << "version"
                                     << "DRIVER version : 590.x\n"
                                     << "driver version '590.x' is not a version";
        QTest::newRow("table none") << "table"
                                    << "+----+\n"
                                    << "no \"Driver Version:\"";
        QTest::newRow("lsmod header") << "lsmod"
                                      << "nvidia 1 0\n"
                                      << "lsmod:1: expected the header";
        QTest::newRow("lsmod junk") << "lsmod"
                                    << "Module Size Used by\nnv/idia 1 0\n"
                                    << "lsmod:2: 'nv/idia'";
        QTest::newRow("ldconfig header") << "ldconfig"
                                         << "libnccl.so.2\n"
                                         << "ldconfig -p:1:";
        QTest::newRow("ldconfig arrow") << "ldconfig"
                                        << "2 libs found in cache\n\tlibnccl.so.2 (libc6)\n"
                                        << "ldconfig -p:2: no \"=> PATH\"";
        QTest::newRow("timedatectl") << "timedatectl"
                                     << "maybe\n"
                                     << "timedatectl show:1: NTPSynchronized 'maybe'";
    }
    void parsersReportWhatAndWhere()
    {
        QFETCH(QString, tool);
        QFETCH(QString, text);
        QFETCH(QString, error);
        const std::string t = text.toStdString();
        std::string message;
        auto take = [&](const auto &r) { message = r ? std::string("(parsed)") : r.error().message; };
        if (tool == "lscpu")
            take(parseLscpuJson(t));
        else if (tool == "free")
            take(parseFreeBytes(t));
        else if (tool == "lsblk")
            take(parseLsblkJson(t));
        else if (tool == "df")
            take(parseDfAvailable(t));
        else if (tool == "version")
            take(parseNvidiaSmiVersion(t));
        else if (tool == "table")
            take(parseNvidiaSmiTableHeader(t));
        else if (tool == "lsmod")
            take(parseLsmod(t));
        else if (tool == "ldconfig")
            take(parseLdconfigNccl(t));
        else if (tool == "timedatectl")
            take(parseTimedatectlSynchronized(t));
        QVERIFY2(QString::fromStdString(message).contains(error), message.c_str());
    }

    void parsersReadRealOutput()
    {
        LocalCommandRunner local;
        auto lscpu = local.run({"lscpu", "-J"}, 10s);
        QVERIFY(lscpu && lscpu->exitCode == 0);
        auto cpu = parseLscpuJson(lscpu->out);
        QVERIFY2(cpu, cpu ? "" : cpu.error().message.c_str());
        QCOMPARE(cpu->threads, QThread::idealThreadCount());
        auto lsblk = local.run({"lsblk", "-J", "-b", "-o", "NAME,SIZE,TYPE,ROTA,MOUNTPOINT"}, 10s);
        QVERIFY(lsblk && lsblk->exitCode == 0);
        auto disks = parseLsblkJson(lsblk->out);
        QVERIFY2(disks && !disks->empty(), disks ? "no disks" : disks.error().message.c_str());
        auto ld = local.run({"ldconfig", "-p"}, 10s);
        QVERIFY(ld && ld->exitCode == 0);
        auto nccl = parseLdconfigNccl(ld->out);
        QVERIFY(nccl);
        QCOMPARE(nccl->has_value(), ld->out.find("libnccl.so") != std::string::npos);
        const std::string l40s =
            test::fullCaptureSectionString("nvidia-l40s__595.80", "idle :: nvidia-smi (default table)");
        auto table = parseNvidiaSmiTableHeader(l40s);
        QVERIFY2(table, table ? "" : table.error().message.c_str());
        QCOMPARE(table->driver, std::string("595.80"));
        QVERIFY(!table->cuda.empty());
        QCOMPARE(compareVersions("590.48.01", "525.85.12").value_or(0), 1);
        QCOMPARE(compareVersions("525.85.12", "525.85.12").value_or(1), 0);
        QCOMPARE(compareVersions("470.57.02", "525.85.12").value_or(0), -1);
        QVERIFY(!compareVersions("r535", "525"));
    }
};

QTEST_GUILESS_MAIN(TestSetupEngine)
#include "tst_setup_engine.moc"
