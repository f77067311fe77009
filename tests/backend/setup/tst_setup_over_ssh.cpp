// The setup engine over real SSH: two "GPU nodes", each a real sshd on loopback whose PATH
// finds a nvidia-smi printing a real H100 capture (capture_node_server.h). A good 2-node cluster
// passes every check and writes a cluster.yaml that reads back equal; an old driver, a down
// NVLink and a mismatched GPU count on one node fail the right check (or profile line) with its
// fix; an unreachable host, a wrong host key and an unknown one are reported within their
// timeouts, the unknown one with the fingerprint to accept.

#include "backend/model/cluster_yaml.h"
#include "backend/ssh/ssh_command_runner.h"
#include "backend/setup/cluster_discovery.h"
#include "backend/setup/cluster_spec_builder.h"
#include "backend/setup/connection_probe.h"
#include "backend/setup/hardware_profile.h"
#include "backend/setup/node_installer.h"
#include "backend/setup/setup_checks.h"
#include "tests/backend/setup/capture_node_server.h"
#include "tests/support/in_language.h"
#include "tests/support/shared_data.h"
#include "tests/support/stripped_binary.h"
#include "translations/engine_message.h"

#include <QElapsedTimer>
#include <QProcess>

#include <QtTest>
#include <sys/stat.h>

using namespace sn;
using namespace sn::setup;
using namespace std::chrono_literals;

namespace {

// Both nodes are this machine: its free disk is whatever the CI machine has, so the disk
// check's limits are lowered (the check itself is tested with given numbers).
CheckThresholds thisMachinesDisk()
{
    CheckThresholds t;
    t.minStateDirFreeBytes = t.warnStateDirFreeBytes = 1LL << 30;
    return t;
}

} // namespace

class TestSetupOverSsh : public QObject {
    Q_OBJECT

    test::CaptureNodeServer m_a, m_b;
    QString m_knownHosts;
    QTemporaryDir m_dir;
    QString m_agentBinary, m_daemonBinary; // stripped copies of the build's

    std::vector<NodeToDiscover> nodes(SshOptions a, SshOptions b)
    {
        return {{"node01", [a] { return std::make_unique<SshCommandRunner>(a); }},
                {"node02", [b] { return std::make_unique<SshCommandRunner>(b); }}};
    }
    std::vector<NodeOutcome> discoverBoth()
    {
        return discoverCluster(nodes(m_a.options(m_knownHosts), m_b.options(m_knownHosts)), {}, 60s);
    }
    static std::vector<NodeInventory> inventories(const std::vector<NodeOutcome> &out)
    {
        std::vector<NodeInventory> v;
        for (const NodeOutcome &o : out) {
            if (!o.inventory)
                qFatal("%s: %s", o.name.c_str(), o.inventory.error().message.c_str());
            v.push_back(*o.inventory);
        }
        return v;
    }
    static QString describe(const std::vector<CheckResult> &all)
    {
        QString s;
        for (const CheckResult &c : all)
            s += QString("\n%1 %2: %3").arg(checkStatusName(c.status), c.id.c_str(), c.reason.c_str());
        return s;
    }
    // A node's plan into a temporary root. There is no systemd on the build machine, so
    // "enable --now" is replaced by `systemd-analyze --root verify` of the copied units (with
    // the copied binaries they name); the report is the copied agent's probe, which reads the
    // node's (captured) nvidia-smi.
    NodeApplyPlan planInto(test::CaptureNodeServer &node, const QString &root, bool head)
    {
        QDir().mkpath(root + "/usr/lib/systemd");
        QFile::link("/usr/lib/systemd/system", root + "/usr/lib/systemd/system"); // the OS's own units
        auto session = std::make_shared<SshSession>(node.options(m_knownHosts));
        NodeApplyPlan p = systemdApplyPlan(&node == &m_a ? "node01" : "node02", session, m_agentBinary.toStdString(),
                                           m_daemonBinary.toStdString(), SN_UNIT_DIR, head, root.toStdString());
        std::vector<std::string> verify{"systemd-analyze", "--root=" + root.toStdString(), "--man=no", "verify",
                                        root.toStdString() + "/etc/systemd/system/supernode-agent.service"};
        if (head)
            verify.push_back(root.toStdString() + "/etc/systemd/system/supernoded.service");
        p.activate = {verify};
        p.deactivate = {};
        p.reportTimeout = 10s;
        return p;
    }
    static QByteArray contentOf(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static int modeOf(const QString &path)
    {
        struct stat st {};
        return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
    }

    static const CheckResult &check(const std::vector<CheckResult> &all, const std::string &id)
    {
        for (const CheckResult &c : all)
            if (c.id == id)
                return c;
        qFatal("no check %s", id.c_str());
        return all.front();
    }

private slots:
    void initTestCase()
    {
        if (!test::requireOpenSsh() || !test::requireSharedData("nvidia-smi/full-captures"))
            return;
        QString why;
        QVERIFY2(m_a.start("nvidia-h100-80gb-hbm3__590.48.01", &why), qPrintable(why));
        QVERIFY2(m_b.start("nvidia-h100-80gb-hbm3__590.48.01", &why), qPrintable(why));
        m_knownHosts = m_dir.filePath("known_hosts");
        QFile kh(m_knownHosts);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        kh.write((m_a.sshd().knownHostsLine() + "\n" + m_b.sshd().knownHostsLine() + "\n").toUtf8());
        m_agentBinary = test::strippedCopy(SN_AGENT_BINARY, m_dir.path());
        m_daemonBinary = test::strippedCopy(SN_DAEMON_BINARY, m_dir.path());
    }
    void cleanup() { m_b.resetCapture(); }

    void aGoodTwoNodeClusterPassesEveryCheck()
    {
        const auto out = discoverBoth();
        const auto inv = inventories(out);
        QCOMPARE(inv[0].where,
                 "ssh://" + m_a.sshd().user().toStdString() + "@127.0.0.1:" + std::to_string(m_a.sshd().port()));
        QCOMPARE(inv[0].gpuModel(), std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(inv[1].cudaVersion, std::string("13.1"));
        QVERIFY(inv[0].cpu && inv[0].memoryBytes > 0);
        const auto checks = runChecks(inv, thisMachinesDisk());
        for (const CheckResult &c : checks)
            QVERIFY2(c.status == CheckStatus::Pass, qPrintable(describe(checks)));
        QVERIFY(compareHardware(inv).mismatches.empty());

        const ClusterSpec spec = buildClusterSpec("lab",
                                                  {{"127.0.0.1:" + std::to_string(m_a.sshd().port()), inv[0]},
                                                   {"127.0.0.1:" + std::to_string(m_b.sshd().port()), inv[1]}},
                                                  defaultSchedulingPolicy());
        const QString path = m_dir.filePath("cluster.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(writeClusterYaml(spec)));
        f.close();
        auto back = loadClusterYaml(path.toStdString());
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QVERIFY(*back == spec);
        QCOMPARE(back->nodes[1].address, "127.0.0.1:" + std::to_string(m_b.sshd().port()));
    }

    void aFaultyNodeFailsTheRightCheck_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("checkId");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("fix");
        QTest::newRow("old driver") << "old-driver"
                                    << "driver-version"
                                    << "node02: driver 470.57.02 is older than 525.85.12"
                                    << "Install NVIDIA driver 525.85.12 or newer";
        QTest::newRow("down NVLink") << "nvlink-down"
                                     << "nvlink"
                                     << "node02 GPU0: 2 of 18 NVLinks down"
                                     << "nvidia-fabricmanager";
    }
    void aFaultyNodeFailsTheRightCheck()
    {
        QFETCH(QString, fault);
        QFETCH(QString, checkId);
        QFETCH(QString, reason);
        QFETCH(QString, fix);
        if (fault == "old-driver") {
            m_b.replaceInCapture("query-gpu.csv", "590.48.01", "470.57.02");
            m_b.replaceInCapture("version.txt", "590.48.01", "470.57.02");
        } else {
            m_b.replaceInCapture("nvlink-s.txt", "Link 7: 26.562 GB/s", "Link 7: <inactive>");
            m_b.replaceInCapture("nvlink-s.txt", "Link 12: 26.562 GB/s", "Link 12: <inactive>");
        }
        const auto checks = runChecks(inventories(discoverBoth()));
        const CheckResult &c = check(checks, checkId.toStdString());
        QVERIFY2(c.status == CheckStatus::Fail, qPrintable(describe(checks)));
        QVERIFY2(QString::fromStdString(c.reason).contains(reason), c.reason.c_str());
        QVERIFY2(QString::fromStdString(c.fix).contains(fix), c.fix.c_str());
        QCOMPARE(check(checks, "ecc").status, CheckStatus::Pass);
    }

    void aMismatchedGpuCountIsFlagged()
    {
        // node02's nvidia-smi lists a second GPU (its row again, index 1).
        QFile f(m_b.sshd().path("capture/query-gpu.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        f.close();
        QByteArray second = lines[1];
        const QByteArray idx = ", 0, [Requested functionality has been deprecated], Yes,";
        QVERIFY(second.contains(idx));
        second.replace(idx, ", 1, [Requested functionality has been deprecated], Yes,");
        m_b.setCapture("query-gpu.csv", lines[0] + "\n" + lines[1] + "\n" + second + "\n");
        const auto inv = inventories(discoverBoth());
        QCOMPARE(inv[1].gpuCount(), 2);
        const ClusterProfile p = compareHardware(inv);
        QCOMPARE(p.mismatches.size(), std::size_t(1));
        QCOMPARE(p.mismatches.front(), std::string("GPU count: 1 on node01; 2 on node02"));
    }

    void anUnreachableHostIsReportedNotHungOn()
    {
        SshOptions closed = m_a.options(m_knownHosts);
        closed.target.port = 1; // nothing listens
        SshOptions blackhole = m_a.options(m_knownHosts);
        blackhole.target.host = "192.0.2.1"; // TEST-NET-1: packets go nowhere
        blackhole.connectTimeout = 2s;
        QElapsedTimer t;
        t.start();
        const auto out = discoverCluster(nodes(closed, blackhole), {}, 4s);
        QVERIFY2(t.elapsed() < 20000, "discovery hung on an unreachable host");
        for (const NodeOutcome &o : out) {
            QVERIFY(!o.inventory);
            QCOMPARE(o.inventory.error().code, ErrorCode::Unavailable);
            QVERIFY2(QString::fromStdString(o.inventory.error().message).startsWith(QString::fromStdString(o.name)),
                     o.inventory.error().message.c_str());
        }
        QVERIFY(QString::fromStdString(out[0].inventory.error().message).contains(":1"));
        // In Chinese (the wizard's Discover page): the node, the SSH frame and libssh's words.
        const QString zh = test::inChinese([&] { return errorText(out[0].inventory.error()); });
        QVERIFY2(zh.startsWith(QString::fromUtf8("node01 (ssh://")) && zh.contains(QString::fromUtf8("): SSH：无法连接（ssh://")),
                 qPrintable(zh));
    }

    void aWrongHostKeyIsRefused()
    {
        // known_hosts has node02's key for node01's address: what an impersonated node looks like.
        const QString wrong = m_dir.filePath("wrong_known_hosts");
        QFile kh(wrong);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        QString line = m_b.sshd().knownHostsLine();
        line.replace(QString::number(m_b.sshd().port()), QString::number(m_a.sshd().port()));
        kh.write(line.toUtf8() + "\n");
        kh.close();
        const ConnectionProbe probe = probeConnection(m_a.options(wrong));
        QVERIFY(!probe.ok);
        QVERIFY(!probe.unknownKey); // a changed key is never offered for acceptance
        QCOMPARE(probe.error.code, ErrorCode::PermissionDenied);
        QVERIFY2(QString::fromStdString(probe.error.message).contains("CHANGED"), probe.error.message.c_str());
        const auto out = discoverCluster(
            {{"node01", [&] { return std::make_unique<SshCommandRunner>(m_a.options(wrong)); }}}, {}, 20s);
        QVERIFY(!out[0].inventory);
        QCOMPARE(out[0].inventory.error().code, ErrorCode::PermissionDenied);
    }

    void anUnknownHostKeyIsOfferedWithItsFingerprint()
    {
        const QString empty = m_dir.filePath("empty_known_hosts");
        QFile::remove(empty);
        ConnectionProbe probe = probeConnection(m_a.options(empty));
        QVERIFY(!probe.ok);
        QVERIFY(probe.unknownKey);
        QCOMPARE(QString::fromStdString(probe.unknownKey->fingerprint), m_a.sshd().hostKeyFingerprint());
        SshOptions accept = m_a.options(empty);
        accept.hostKeys.acceptFingerprint = probe.unknownKey->fingerprint; // the user said yes
        probe = probeConnection(accept);
        QVERIFY2(probe.ok, probe.error.message.c_str());
        probe = probeConnection(m_a.options(empty)); // recorded: known from now on
        QVERIFY2(probe.ok, probe.error.message.c_str());
    }

    void applyCopiesVerifiesAndWaitsForTheReport()
    {
        const QString rootA = m_dir.filePath("root-a"), rootB = m_dir.filePath("root-b");
        std::vector<NodeApplyResult> seen;
        const ApplyOutcome out = applyToNodes({planInto(m_a, rootA, true), planInto(m_b, rootB, false)},
                                              [&](const NodeApplyResult &r) { seen.push_back(r); });
        QVERIFY2(out.status.ok(), out.status.ok() ? "" : out.status.error().message.c_str());
        for (const NodeApplyResult &r : out.nodes) {
            QCOMPARE(r.state, NodeApplyState::Applied);
            QVERIFY2(QString::fromStdString(r.message).contains("H100"), r.message.c_str()); // the agent read the GPU
        }
        QCOMPARE(seen.size(), std::size_t(4)); // applying, applied; twice
        QCOMPARE(contentOf(rootA + "/usr/bin/supernode-agent"), contentOf(m_agentBinary));
        QCOMPARE(contentOf(rootA + "/usr/bin/supernoded"), contentOf(m_daemonBinary));
        QCOMPARE(contentOf(rootB + "/etc/systemd/system/supernode-agent.service"),
                 contentOf(SN_UNIT_DIR "/supernode-agent.service"));
        QVERIFY(!QFile::exists(rootB + "/usr/bin/supernoded")); // not the head
        QCOMPARE(modeOf(rootA + "/usr/bin/supernode-agent"), 0755);
        QCOMPARE(modeOf(rootA + "/etc/systemd/system/supernoded.service"), 0644);
    }

    void aFailureRollsBackTheNodesAlreadyChanged()
    {
        const QString rootA = m_dir.filePath("rollback-a"), rootB = m_dir.filePath("rollback-b");
        // node01 had an older agent unit; on node02 /usr is a file, so nothing can go under it.
        QDir().mkpath(rootA + "/etc/systemd/system");
        QFile old(rootA + "/etc/systemd/system/supernode-agent.service");
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("# the unit that was there before\n");
        old.close();
        QDir().mkpath(rootB);
        QFile usr(rootB + "/usr");
        QVERIFY(usr.open(QIODevice::WriteOnly));
        usr.close();
        // node01 gets only the agent here: the daemon's 70 MB would only slow the test down.
        const ApplyOutcome out = applyToNodes({planInto(m_a, rootA, false), planInto(m_b, rootB, false)});
        QVERIFY(!out.status.ok());
        QVERIFY2(QString::fromStdString(out.status.error().message).startsWith("node02: `mkdir -p"),
                 out.status.error().message.c_str());
        QCOMPARE(out.nodes[0].state, NodeApplyState::RolledBack);
        QCOMPARE(out.nodes[1].state, NodeApplyState::Failed);
        QCOMPARE(contentOf(rootA + "/etc/systemd/system/supernode-agent.service"),
                 QByteArray("# the unit that was there before\n"));
        QVERIFY(!QFile::exists(rootA + "/etc/systemd/system/supernode-agent.service.sn-rollback"));
        QVERIFY(!QFile::exists(rootA + "/usr/bin/supernode-agent"));
        QVERIFY(!QFile::exists(rootA + "/usr/bin/supernoded"));

        // What the wizard's Apply page shows in Chinese: the frames translated, the command and
        // mkdir's own words kept.
        const auto zh = [](const std::string &message) {
            return test::inChinese([&] { return engineMessageText(QString::fromStdString(message)); });
        };
        QCOMPARE(zh(out.nodes[0].message), QString::fromUtf8("因 node02 失败已回滚"));
        const QString failed = QString::fromStdString(out.nodes[1].message);
        const QString command = failed.mid(0, failed.indexOf("` exited") + 1);
        const QString mkdirWords = failed.mid(failed.indexOf("exited 1: ") + 10).chopped(QString(" (its changes were undone)").size());
        QCOMPARE(zh(out.nodes[1].message), QString::fromUtf8("%1 以退出码 1 结束：%2（其更改已撤销）").arg(command, mkdirWords));
        QCOMPARE(zh(out.status.error().message),
                 QString::fromUtf8("node02: %1 以退出码 1 结束：%2").arg(command, mkdirWords));
    }
};

QTEST_GUILESS_MAIN(TestSetupOverSsh)
#include "tst_setup_over_ssh.moc"
