// The setup wizard driven with QTest on the offscreen platform against two real sshd on loopback
// whose nvidia-smi prints a real H100 capture (tests/backend/setup/capture_node_server.h): every
// page from Start to Done, with host keys accepted by fingerprint, discovery, the checks all
// passing, the cluster.yaml written and read back, apply into temporary roots (units verified by
// systemd-analyze: no systemd here) and the console asked to connect; unreachable hosts and a
// changed host key reported on the Nodes page; a node whose discovery fails retried and
// dropped; resume from the saved state; and every page usable from the keyboard.

#include "backend/comms/nccl_env.h"
#include "backend/model/cluster_yaml.h"
#include "backend/remote/client/remote_connection.h"
#include "backend/setup/node_installer.h"
#include "tests/backend/setup/capture_node_server.h"
#include "tests/support/in_language.h"
#include "tests/support/shared_data.h"
#include "tests/support/stripped_binary.h"
#include "translations/translation_loader.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"
#include "widgets/topology_view.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace sn;
using namespace std::chrono_literals;

class TestSetupWizard : public QObject {
    Q_OBJECT

    test::CaptureNodeServer m_a, m_b;
    QTemporaryDir m_dir;
    QString m_agentBinary, m_daemonBinary; // stripped copies of the build's
    int m_run = 0;

    QString fresh(const QString &name) { return m_dir.filePath(QStringLiteral("%1-%2").arg(m_run).arg(name)); }

    SetupWizardOptions options(const QString &knownHosts)
    {
        SetupWizardOptions o;
        o.stateFile = fresh("setup-state.json");
        o.sshDefaults.configFile = "";
        o.sshDefaults.knownHostsFile = knownHosts.toStdString();
        o.sshDefaults.globalKnownHostsFile = m_dir.filePath("no_global_known_hosts").toStdString();
        o.sshDefaults.useAgent = false;
        o.sshDefaults.tryDefaultKeys = false;
        o.sshDefaults.connectTimeout = 5s;
        o.sshDefaults.target.user = m_a.sshd().user().toStdString();
        o.discoveryBudget = 60s;
        // Both nodes are this machine: its free disk is whatever the CI machine has.
        o.checks.minStateDirFreeBytes = o.checks.warnStateDirFreeBytes = 1LL << 30;
        o.agentBinary = m_agentBinary;
        o.daemonBinary = m_daemonBinary;
        o.unitDir = SN_UNIT_DIR;
        const QString root = fresh("root");
        o.installRoot = root;
        // Both "nodes" are this machine: each gets its own root. No systemd here: the copied
        // units are verified instead of enabled.
        o.adjustPlan = [root](setup::NodeApplyPlan &p) {
            const std::string mine = root.toStdString() + "/" + p.node;
            auto move = [&](std::string &path) {
                if (path.rfind(root.toStdString(), 0) == 0)
                    path = mine + path.substr(root.size());
            };
            for (auto &f : p.files)
                move(f.remotePath);
            move(p.report.front());
            QDir().mkpath(QString::fromStdString(mine) + "/usr/lib/systemd");
            QFile::link("/usr/lib/systemd/system", QString::fromStdString(mine) + "/usr/lib/systemd/system");
            std::vector<std::string> verify{"systemd-analyze", "--root=" + mine, "--man=no", "verify"};
            for (const auto &f : p.files)
                if (f.remotePath.size() > 8 && f.remotePath.substr(f.remotePath.size() - 8) == ".service")
                    verify.push_back(f.remotePath);
            p.activate = {verify};
            p.deactivate = {};
            p.reportTimeout = 20s;
        };
        return o;
    }
    QString address(test::CaptureNodeServer &n) { return QStringLiteral("127.0.0.1:%1").arg(n.sshd().port()); }
    template <typename T> T *find(SetupWizard &w, const char *name)
    {
        T *t = w.findChild<T *>(QString::fromLatin1(name));
        if (!t)
            qFatal("no %s", name);
        return t;
    }
    // The page as it is, in English and, switched as the Language menu does, in Chinese
    // (SN_SETUP_SCREENSHOTS/zh_CN): the pictures of docs/images and docs/images/zh_CN.
    void screenshot(SetupWizard &w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("SN_SETUP_SCREENSHOTS");
        if (dir.isEmpty())
            return;
        QVERIFY(w.grab().save(dir + "/setup-" + name + ".png"));
        QVERIFY(QDir(dir).mkpath(QStringLiteral("zh_CN")));
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QTest::qWait(50); // the layouts of the new texts settle, parent after child
        const bool saved = w.grab().save(dir + "/zh_CN/setup-" + name + ".png");
        QVERIFY(installTranslations(QStringLiteral("en")));
        QTest::qWait(50);
        QVERIFY(saved);
    }
    // Pastes the two nodes with their key files and waits for the connection test to finish.
    void addNodes(SetupWizard &w, const QStringList &addresses)
    {
        auto *paste = find<QPlainTextEdit>(w, "bulkPaste");
        paste->setPlainText(addresses.join('\n') + "\n# a comment line\n");
        QTest::mouseClick(find<QPushButton>(w, "addNodes"), Qt::LeftButton);
        auto *table = find<QTableWidget>(w, "nodes");
        QCOMPARE(table->rowCount(), addresses.size());
        for (int r = 0; r < table->rowCount(); ++r)
            table->item(r, 1)->setText((r == 1 ? m_b : m_a).sshd().path("id_user"));
    }
    // Start -> Nodes -> Discover with both host keys already accepted; returns when discovery ends.
    void discoverBoth(SetupWizard &w)
    {
        w.show();
        w.next();
        addNodes(w, {address(m_a), address(m_b)});
        w.state().nodes[0].acceptedFingerprint = m_a.sshd().hostKeyFingerprint();
        w.state().nodes[1].acceptedFingerprint = m_b.sshd().hostKeyFingerprint();
        QTest::mouseClick(find<QPushButton>(w, "testConnections"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.button(QWizard::NextButton)->isEnabled(), 20000);
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Discover));
        QTRY_VERIFY_WITH_TIMEOUT(
            find<QPushButton>(w, "retryDiscovery")->isEnabled() || w.button(QWizard::NextButton)->isEnabled(), 90000);
    }
    static QString connectionOf(SetupWizard &w, int row)
    {
        return w.findChild<QTableWidget *>("nodes")->item(row, 2)->text();
    }

private slots:
    void initTestCase()
    {
        if (!test::requireOpenSsh() || !test::requireSharedData("nvidia-smi/full-captures"))
            return;
        QString why;
        QVERIFY2(m_a.start("nvidia-h100-80gb-hbm3__590.48.01", &why), qPrintable(why));
        QVERIFY2(m_b.start("nvidia-h100-80gb-hbm3__590.48.01", &why), qPrintable(why));
        m_agentBinary = test::strippedCopy(SN_AGENT_BINARY, m_dir.path());
        m_daemonBinary = test::strippedCopy(SN_DAEMON_BINARY, m_dir.path());
    }
    void init() { ++m_run; }
    void cleanup() { m_b.resetCapture(); }

    void everyPageFromStartToDone()
    {
        SetupWizardOptions o = options(fresh("known_hosts"));
        SetupWizard w(o);
        QSignalSpy connectSpy(&w, &SetupWizard::connectRequested);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        find<QLineEdit>(w, "clusterName")->setText("lab");
        screenshot(w, "start");
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Nodes));

        addNodes(w, {address(m_a), address(m_b)});
        QTest::mouseClick(find<QPushButton>(w, "testConnections"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            connectionOf(w, 0).contains("Unknown host key") && connectionOf(w, 1).contains("Unknown host key"), 20000);
        QVERIFY2(connectionOf(w, 0).contains(m_a.sshd().hostKeyFingerprint()), qPrintable(connectionOf(w, 0)));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        // The language switched while the results are shown: they are written again in it.
        const QString keyZh = test::inChinese([&] {
            QCoreApplication::processEvents();
            return connectionOf(w, 0);
        });
        QVERIFY2(keyZh.contains(QString::fromUtf8("未知主机密钥")) &&
                     keyZh.contains(m_a.sshd().hostKeyFingerprint()),
                 qPrintable(keyZh));
        QCoreApplication::processEvents();
        QVERIFY(connectionOf(w, 0).contains("Unknown host key"));
        screenshot(w, "nodes-host-key");
        for (int r = 0; r < 2; ++r) {
            find<QTableWidget>(w, "nodes")->selectRow(r);
            QVERIFY(find<QPushButton>(w, "acceptKey")->isEnabled());
            QTest::mouseClick(find<QPushButton>(w, "acceptKey"), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!connectionOf(w, r).contains("connecting"), 20000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(w.button(QWizard::NextButton)->isEnabled(), 20000);
        QCOMPARE(connectionOf(w, 1), QString("connected"));
        w.next();

        QCOMPARE(w.currentId(), int(SetupWizard::Discover));
        QTRY_VERIFY_WITH_TIMEOUT(w.button(QWizard::NextButton)->isEnabled(), 90000);
        auto *discovery = find<QTreeWidget>(w, "discovery");
        QCOMPARE(discovery->topLevelItemCount(), 2);
        QCOMPARE(discovery->topLevelItem(1)->text(2), QString("done"));
        QVERIFY(
            discovery->topLevelItem(0)->text(3).startsWith("1x NVIDIA H100 80GB HBM3, driver 590.48.01, CUDA 13.1"));
        screenshot(w, "discover");
        w.next();

        auto *profile = find<QTreeWidget>(w, "profile");
        QCOMPARE(profile->topLevelItem(0)->child(0)->text(1).left(26), QString("1x NVIDIA H100 80GB HBM3, "));
        QCOMPARE(profile->topLevelItem(1)->text(1), QString("every node alike"));
        screenshot(w, "profile");
        w.next();

        auto *checks = find<QTreeWidget>(w, "checks");
        QCOMPARE(checks->topLevelItemCount(), 12);
        for (int i = 0; i < 12; ++i)
            QVERIFY2(checks->topLevelItem(i)->text(0) == "pass",
                     qPrintable(checks->topLevelItem(i)->text(1) + ": " + checks->topLevelItem(i)->text(2)));
        screenshot(w, "checks");
        w.next();

        QCOMPARE(find<TopologyView>(w, "setupTopology")->shape().nodes.size(), 2);
        // Each node's advice as the engine writes it (in English), its notes once each.
        const QString advice = find<QPlainTextEdit>(w, "ncclAdvice")->toPlainText();
        qsizetype notes = 0;
        for (const setup::NodeInventory &n : w.inventories()) {
            const comms::NcclEnvAdvice a = comms::recommendNcclEnv(n.topology, n.name);
            QVERIFY(!a.settings.empty() || !a.notes.empty());
            QVERIFY2(advice.contains(QString::fromStdString("# " + n.name + "\n" + a.shell())), qPrintable(advice));
            notes += qsizetype(a.notes.size());
        }
        QCOMPARE(advice.count("# note: "), notes);
        // The language switched while the page is shown (as the Language menu does): the advice
        // is written again in Chinese, and in English once switched back.
        const QString zh = test::inChinese([&] {
            QCoreApplication::processEvents();
            return find<QPlainTextEdit>(w, "ncclAdvice")->toPlainText();
        });
        QVERIFY2(zh != advice && zh.contains(QString::fromUtf8("单点故障")), qPrintable(zh));
        QCoreApplication::processEvents();
        QCOMPARE(find<QPlainTextEdit>(w, "ncclAdvice")->toPlainText(), advice);
        screenshot(w, "network");
        w.next();

        auto *classes = find<QTableWidget>(w, "priorityClasses");
        QCOMPARE(classes->item(0, 0)->text(), QString("modelTraining"));
        QCOMPARE(classes->item(0, 1)->text(), QString("100"));
        QCOMPARE(classes->item(1, 0)->text(), QString("dataPreprocessing"));
        auto *queues = find<QTableWidget>(w, "queues");
        QCOMPARE(queues->item(0, 1)->text(), QString("4"));
        QCOMPARE(queues->item(0, 2)->text(), QString("16"));
        QCOMPARE(queues->item(0, 3)->text(), QString("512Gi"));
        find<QComboBox>(w, "backend")->setCurrentIndex(1);
        screenshot(w, "policy");
        w.next();

        QCOMPARE(w.currentId(), int(SetupWizard::Security));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QTest::mouseClick(find<QPushButton>(w, "createCertificates"), Qt::LeftButton);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        const QString certs = w.state().certificateDir;
        for (const char *f : {"ca.pem", "server.pem", "server.key", "client.pem", "tokens", "admin.token"})
            QVERIFY2(QFile::exists(certs + "/" + f), f);
        QVERIFY(find<QPlainTextEdit>(w, "securityResult")->toPlainText().contains("snt_"));
        screenshot(w, "security");
        w.next();

        QVERIFY(find<QPlainTextEdit>(w, "clusterYaml")->toPlainText().contains(address(m_b)));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QTest::mouseClick(find<QPushButton>(w, "apply"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.button(QWizard::NextButton)->isEnabled() ||
                                     find<QLabel>(w, "applyStatus")->text().startsWith("Stopped"),
                                 240000);
        QVERIFY2(w.button(QWizard::NextButton)->isEnabled(), qPrintable(find<QLabel>(w, "applyStatus")->text()));
        auto *progress = find<QTreeWidget>(w, "applyProgress");
        QCOMPARE(progress->topLevelItem(0)->text(1), QString("applied"));
        QCOMPARE(progress->topLevelItem(1)->text(1), QString("applied"));
        // Switched to Chinese after the apply: the nodes' states and the status follow.
        const QStringList applyZh =
            test::inChinese([&] {
                QCoreApplication::processEvents();
                return progress->topLevelItem(0)->text(1) + '\n' + find<QLabel>(w, "applyStatus")->text();
            }).split('\n');
        QCOMPARE(applyZh.value(0), QString::fromUtf8("已应用"));
        QVERIFY2(applyZh.value(1).contains(QString::fromUtf8("节点")), qPrintable(applyZh.value(1)));
        QCoreApplication::processEvents();
        QCOMPARE(progress->topLevelItem(0)->text(1), QString("applied"));
        QVERIFY(QFile::exists(o.installRoot + "/node01/usr/bin/supernoded"));
        QVERIFY(QFile::exists(o.installRoot + "/node01/etc/supernode/cluster.yaml"));
        QVERIFY(QFile::exists(o.installRoot + "/node02/usr/bin/supernode-agent"));
        QVERIFY(!QFile::exists(o.installRoot + "/node02/usr/bin/supernoded")); // the daemon runs on the head alone
        // The head's supernoded as its drop-in starts it: the copied daemon itself checks the copied
        // cluster.yaml, certificates and tokens (%d: systemd's credentials directory).
        const QString head = o.installRoot + "/node01";
        const auto keyMode = QFileInfo(head + "/etc/supernode/tls/server.key").permissions();
        QVERIFY(!(keyMode & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther)));
        QFile dropIn(head + "/etc/systemd/system/supernoded.service.d/10-supernode-setup.conf");
        QVERIFY(dropIn.open(QIODevice::ReadOnly));
        QString execStart;
        for (const QString &l : QString::fromUtf8(dropIn.readAll()).split('\n'))
            if (l.startsWith("ExecStart=/"))
                execStart = l.mid(int(strlen("ExecStart=")));
        QStringList args = execStart.split(' ', Qt::SkipEmptyParts);
        QCOMPARE(args.takeFirst(), QString("/usr/bin/supernoded"));
        QVERIFY(args.contains("--tls-ca")); // mutual TLS, the page's default
        for (QString &a : args)
            a.replace("%d", head + "/etc/supernode/tls").replace(QRegularExpression("^/etc/"), head + "/etc/");
        QProcess daemon;
        daemon.start(head + "/usr/bin/supernoded", QStringList{"--check-config"} + args);
        QVERIFY(daemon.waitForFinished(30000));
        QVERIFY2(daemon.exitCode() == 0, daemon.readAllStandardError().constData());
        QVERIFY(daemon.readAllStandardOutput().contains("configuration ok: 2 nodes"));
        auto back = loadClusterYaml(w.state().outputYaml.toStdString());
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(back->name, std::string("lab"));
        QCOMPARE(back->nodes.size(), std::size_t(2));
        QCOMPARE(back->nodes[1].gpus.front().model, std::string("NVIDIA H100 80GB HBM3"));
        screenshot(w, "apply");
        w.next();

        QCOMPARE(w.currentId(), int(SetupWizard::Done));
        screenshot(w, "done");
        w.button(QWizard::FinishButton)->click();
        QCOMPARE(connectSpy.count(), 1);
        const auto connection = connectSpy.front().at(0).value<ConsoleConnection>();
        QCOMPARE(connection.address, QString("grpcs://127.0.0.1:7443"));
        QCOMPARE(connection.caFile, certs + "/ca.pem");
        QCOMPARE(connection.clientKey, certs + "/client.key");
        // The console can open that connection: its token file and certificates are in place.
        auto remote = rpc::remoteEngineOptions(
            {connection.address.toStdString(), connection.tokenFile.toStdString(), connection.caFile.toStdString(),
             connection.clientCertificate.toStdString(), connection.clientKey.toStdString()});
        QVERIFY2(remote, remote ? "" : remote.error().message.c_str());

        // Resumed: the nodes, their accepted keys and the choices are back.
        SetupWizard again(o);
        QVERIFY(again.resumed());
        QCOMPARE(again.state().nodes.size(), 2);
        QCOMPARE(again.state().nodes[0].acceptedFingerprint, m_a.sshd().hostKeyFingerprint());
        QCOMPARE(again.state().clusterName, QString("lab"));
        QCOMPARE(again.state().backend, QString("slurm"));
        QCOMPARE(again.state().page, int(SetupWizard::Done));
        again.show();
        QVERIFY(find<QRadioButton>(again, "startResume")->isChecked());
        again.next(); // resumed: the connections are tested again first
        QCOMPARE(again.currentId(), int(SetupWizard::Nodes));
        QCOMPARE(find<QTableWidget>(again, "nodes")->rowCount(), 2);
        // "New cluster" instead: the saved nodes and choices go.
        SetupWizard afresh(o);
        afresh.show();
        find<QRadioButton>(afresh, "startNew")->setChecked(true);
        afresh.next();
        QCOMPARE(find<QTableWidget>(afresh, "nodes")->rowCount(), 0);
        QCOMPARE(afresh.state().backend, QString("embedded"));
    }

    void aFailedApplyStopsAndRollsBack()
    {
        SetupWizardOptions o = options(fresh("known_hosts"));
        // node02's units do not start: the activation fails after its files are in place.
        o.adjustPlan = [base = o.adjustPlan](setup::NodeApplyPlan &p) {
            base(p);
            if (p.node == "node02")
                p.activate = {{"sh", "-c", "echo 'Job for supernode-agent.service failed' >&2; exit 1"}};
        };
        SetupWizard w(o);
        discoverBoth(w);
        for (int page = SetupWizard::Discover; page < SetupWizard::Security; ++page)
            w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Security));
        QTest::mouseClick(find<QPushButton>(w, "createCertificates"), Qt::LeftButton);
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Apply));
        QTest::mouseClick(find<QPushButton>(w, "apply"), Qt::LeftButton);
        auto *status = find<QLabel>(w, "applyStatus");
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith("Stopped"), 240000);
        QVERIFY2(status->text().contains("node02"), qPrintable(status->text()));
        auto *progress = find<QTreeWidget>(w, "applyProgress");
        QCOMPARE(progress->topLevelItem(0)->text(1), QString("rolled back"));
        QCOMPARE(progress->topLevelItem(1)->text(1), QString("failed"));
        // node01 is as it was: the agent, the daemon and its TLS files are gone again.
        for (const char *f : {"/node01/usr/bin/supernode-agent", "/node01/usr/bin/supernoded",
                              "/node01/etc/supernode/tls/server.key", "/node02/usr/bin/supernode-agent"})
            QVERIFY2(!QFile::exists(o.installRoot + f), f);
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(find<QPushButton>(w, "apply")->isEnabled()); // fix it and apply again
        screenshot(w, "apply-failed");
    }

    void unreachableHostsAndAChangedKeyAreReported()
    {
        // known_hosts holds node02's key for node01's address: an impersonated (or reinstalled) node01.
        const QString knownHosts = fresh("known_hosts");
        QFile kh(knownHosts);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        QString line = m_b.sshd().knownHostsLine();
        line.replace(QString::number(m_b.sshd().port()), QString::number(m_a.sshd().port()));
        kh.write(line.toUtf8() + "\n");
        kh.close();
        SetupWizard w(options(knownHosts));
        w.show();
        w.next();
        addNodes(w, {address(m_a), "127.0.0.1:1", "192.0.2.1"});
        QElapsedTimer t;
        t.start();
        QTest::mouseClick(find<QPushButton>(w, "testConnections"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(find<QPushButton>(w, "testConnections")->isEnabled(), 30000);
        QVERIFY(t.elapsed() < 30000);
        QVERIFY2(connectionOf(w, 0).contains("CHANGED"), qPrintable(connectionOf(w, 0)));
        QVERIFY2(connectionOf(w, 1).contains("ssh://"), qPrintable(connectionOf(w, 1)));
        QVERIFY2(!connectionOf(w, 2).isEmpty() && connectionOf(w, 2) != "connecting ...",
                 qPrintable(connectionOf(w, 2)));
        find<QTableWidget>(w, "nodes")->selectRow(0);
        QVERIFY(!find<QPushButton>(w, "acceptKey")->isEnabled()); // a changed key is not offered
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        screenshot(w, "nodes-errors");
    }

    void aFaultyNodeFailsTheRightCheckWithItsFix_data()
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
    void aFaultyNodeFailsTheRightCheckWithItsFix()
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
        SetupWizard w(options(fresh("known_hosts")));
        discoverBoth(w);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        w.next();
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Checks));
        auto *checks = find<QTreeWidget>(w, "checks");
        QTreeWidgetItem *found = nullptr, *ecc = nullptr;
        for (int i = 0; i < checks->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = checks->topLevelItem(i);
            if (item->data(0, Qt::UserRole).toString() == checkId)
                found = item;
            if (item->data(0, Qt::UserRole).toString() == "ecc")
                ecc = item;
        }
        QVERIFY(ecc && ecc->text(0) == "pass"); // the fault is not blamed on everything
        QVERIFY(found);
        QCOMPARE(found->text(0), QString("fail"));
        QVERIFY2(found->text(2).contains(reason), qPrintable(found->text(2)));
        QCOMPARE(found->childCount(), 1);
        QCOMPARE(found->child(0)->text(1), QString("Fix"));
        QVERIFY2(found->child(0)->text(2).contains(fix), qPrintable(found->child(0)->text(2)));
        QVERIFY(!find<QLabel>(w, "checksSummary")->text().contains(" 0 fail"));
        // The first failure is selected and its whole finding and fix shown below the list.
        QVERIFY(find<QLabel>(w, "checkDetail")->text().contains("Fix: "));
        // Failures hold the wizard here unless knowingly accepted.
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        find<QCheckBox>(w, "acceptFailures")->setChecked(true);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        screenshot(w, "checks-" + fault);
    }

    void aMismatchedGpuCountIsNamedOnTheProfilePage()
    {
        // node02's nvidia-smi lists a second GPU (its row again, index 1).
        QFile f(m_b.sshd().path("capture/query-gpu.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        f.close();
        QByteArray second = lines[1];
        second.replace(", 0, [Requested functionality has been deprecated], Yes,",
                       ", 1, [Requested functionality has been deprecated], Yes,");
        m_b.setCapture("query-gpu.csv", lines[0] + "\n" + lines[1] + "\n" + second + "\n");
        SetupWizard w(options(fresh("known_hosts")));
        discoverBoth(w);
        w.next();
        auto *between = find<QTreeWidget>(w, "profile")->topLevelItem(1);
        QCOMPARE(between->childCount(), 1);
        QCOMPARE(between->child(0)->text(1), QString("GPU count: 1 on node01; 2 on node02"));
        screenshot(w, "profile-mismatch");
    }

    void anExistingClusterYamlIsImported()
    {
        SetupWizard w(options(fresh("known_hosts")));
        w.show();
        find<QRadioButton>(w, "startImport")->setChecked(true);
        QVERIFY(find<QLineEdit>(w, "importPath")->isEnabled());
        // A malformed file stays on the page and says where.
        const QString bad = fresh("bad-cluster.yaml");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: supernode/v1\nkind: Cluster\nnodes:\n  - name: [unclosed\n");
        f.close();
        find<QLineEdit>(w, "importPath")->setText(bad);
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Start));
        QVERIFY2(find<QLabel>(w, "startError")->text().contains(QRegularExpression("bad-cluster.yaml:[0-9]+:[0-9]+: ")),
                 qPrintable(find<QLabel>(w, "startError")->text()));
        find<QLineEdit>(w, "importPath")->setText(SN_SOURCE_DIR "/resources/demo/cluster-explicit.yaml");
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Nodes));
        QCOMPARE(w.state().clusterName, QString("lab-hgx"));
        auto *table = find<QTableWidget>(w, "nodes");
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 0)->text(), QString("192.0.2.11"));
        QCOMPARE(table->item(1, 0)->text(), QString("192.0.2.12"));
    }

    void aNodeWhoseDiscoveryFailsIsRetriedOrDropped()
    {
        // node02's nvidia-smi prints a row the parser cannot read.
        m_b.setCapture("query-gpu.csv", "index, name\n0\n");
        SetupWizard w(options(fresh("known_hosts")));
        discoverBoth(w);
        auto *retry = find<QPushButton>(w, "retryDiscovery");
        QVERIFY(retry->isEnabled());
        auto *list = find<QTreeWidget>(w, "discovery");
        QCOMPARE(list->topLevelItem(1)->text(2), QString("failed"));
        QVERIFY2(list->topLevelItem(1)->text(3).startsWith("node02 (ssh://"),
                 qPrintable(list->topLevelItem(1)->text(3)));
        QVERIFY(list->topLevelItem(1)->text(3).contains("nvidia-smi --query-gpu:2:"));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        screenshot(w, "discover-failed");
        m_b.resetCapture(); // fixed on the node: retry
        QTest::mouseClick(retry, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.button(QWizard::NextButton)->isEnabled(), 90000);
        QCOMPARE(list->topLevelItem(1)->text(2), QString("done"));
        // Dropping a node leaves the others.
        list->setCurrentItem(list->topLevelItem(1));
        QTest::mouseClick(find<QPushButton>(w, "dropNode"), Qt::LeftButton);
        QCOMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(w.inventories().size(), std::size_t(1));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
    }

    void everyPageWorksWithTheKeyboard()
    {
        SetupWizard w(options(fresh("known_hosts")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::setActiveWindow(&w);
        // Start -> Nodes with Return in the name field: Next is the default button.
        auto *name = find<QLineEdit>(w, "clusterName");
        name->setFocus();
        QTest::keyClicks(name, "keyboard");
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(w.currentId(), int(SetupWizard::Nodes));
        // Every control on every page takes the focus by Tab.
        for (int id : w.pageIds()) {
            for (QWidget *c : w.page(id)->findChildren<QWidget *>()) {
                const bool control = qobject_cast<QAbstractButton *>(c) || qobject_cast<QLineEdit *>(c) ||
                                     qobject_cast<QPlainTextEdit *>(c) || qobject_cast<QAbstractItemView *>(c) ||
                                     qobject_cast<QComboBox *>(c);
                // Radio buttons of one group are one Tab stop (the checked one); arrows move between them.
                auto *radio = qobject_cast<QRadioButton *>(c);
                if (radio && !radio->isChecked())
                    continue;
                if (control && !c->objectName().isEmpty())
                    QVERIFY2(c->focusPolicy() & Qt::TabFocus,
                             qPrintable(c->objectName() + " policy " + QString::number(int(c->focusPolicy())) + " " +
                                        c->metaObject()->className()));
            }
        }
        // Arrow keys move the Start page's choice.
        w.back();
        auto *fresh = find<QRadioButton>(w, "startNew");
        fresh->setFocus();
        QTest::keyClick(fresh, Qt::Key_Down);
        QVERIFY(find<QRadioButton>(w, "startImport")->isChecked());
        QTest::keyClick(find<QRadioButton>(w, "startImport"), Qt::Key_Up);
        QVERIFY(fresh->isChecked());
        w.next();
        // The paste box gives Tab back to the page, so the buttons after it are reachable.
        auto *paste = find<QPlainTextEdit>(w, "bulkPaste");
        paste->setFocus();
        QTest::keyClick(paste, Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != paste);
    }
};

QTEST_MAIN(TestSetupWizard)
#include "tst_setup_wizard.moc"
