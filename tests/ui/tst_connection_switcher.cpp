// The Connection menu against real peers: a real supernoded over TLS started on 127.0.0.1 (and
// stopped by its PID), a real sshd tunnelling to it, connections saved in a real INI file. The
// console switches embedded → daemon → embedded keeping its page; a saved connection is kept
// without its secrets and reopened by the next window; a wrong CA or token fails, saying why,
// and the old engine stays; the editor checks each field as it is typed.
#include "backend/engine/local_engine.h"
#include "backend/remote/common/certificate_authority.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/openssh_server.h"
#include "tests/support/supernoded_process.h"
#include "ui/connection_dialog.h"
#include "ui/connection_switcher.h"
#include "ui/jobs_page.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

std::unique_ptr<LocalEngine> embedded()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec(1);
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestConnectionSwitcher : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<test::SupernodedProcess> m_daemon;

    QString iniFile() const { return m_dir.filePath(QStringLiteral("console.ini")); }

    MainWindowOptions windowOptions() const
    {
        MainWindowOptions o;
        o.rememberState = false; // geometry and page stay out of the user's settings
        o.connectionsFile = iniFile();
        return o;
    }

    // A direct TLS connection to the test daemon with the role's token.
    SavedConnection direct(const QString &name, const QString &role) const
    {
        const QString tokenFile = m_dir.filePath(role + QStringLiteral(".token"));
        writeFile(tokenFile, m_daemon->token(role).toUtf8() + '\n');
        SavedConnection c;
        c.name = name;
        c.url = QStringLiteral("grpcs://127.0.0.1:%1").arg(m_daemon->port());
        c.caFile = m_daemon->path(QStringLiteral("certs/ca.pem"));
        c.tokenFile = tokenFile;
        return c;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_daemon = std::make_unique<test::SupernodedProcess>();
        test::SupernodedProcess::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        QString why;
        QVERIFY2(m_daemon->start(options, &why), qPrintable(why));
    }

    void cleanupTestCase() { m_daemon.reset(); }

    void init() { QFile::remove(iniFile()); }

    void switchesFromEmbeddedToADaemonAndBackKeepingThePage()
    {
        auto engine = embedded();
        MainWindow window(*engine, windowOptions());
        window.show();
        ConnectionSwitcher *switcher = window.connectionSwitcher();
        switcher->saveConnection(direct(QStringLiteral("lab"), QStringLiteral("operator")));
        window.setCurrentPage(QStringLiteral("jobs"));
        QSignalSpy switched(switcher, &ConnectionSwitcher::switched);

        switcher->switchTo(QStringLiteral("lab"));
        QTRY_COMPARE_WITH_TIMEOUT(switched.count(), 1, 15000);
        QVERIFY(&window.engine() != engine.get());
        const QString url = QStringLiteral("grpcs://127.0.0.1:%1").arg(m_daemon->port());
        QCOMPARE(window.engine().description(), QStringLiteral("lab (%1)").arg(url));
        QCOMPARE(window.currentPage(), QStringLiteral("jobs"));
        QTRY_COMPARE_WITH_TIMEOUT(window.role(), pb::ROLE_OPERATOR, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("lab (")), 10000);
        QCOMPARE(switcher->combo()->currentText(), QStringLiteral("lab"));
        // The pages are the daemon's now: the jobs page lists what it runs.
        QVERIFY(qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs"))));

        switcher->switchTo(QString());
        QTRY_COMPARE_WITH_TIMEOUT(switched.count(), 2, 15000);
        QVERIFY(window.engine().description().startsWith(QStringLiteral("embedded")));
        QCOMPARE(window.currentPage(), QStringLiteral("jobs"));
        QTRY_COMPARE(window.role(), pb::ROLE_ADMIN);
        QCOMPARE(switcher->combo()->currentText(), ConnectionSwitcher::embeddedTitle());
    }

    void aSavedConnectionIsKeptWithoutSecretsAndReopenedAtStart()
    {
        const SavedConnection lab = direct(QStringLiteral("lab"), QStringLiteral("viewer"));
        {
            auto engine = embedded();
            MainWindow window(*engine, windowOptions());
            window.connectionSwitcher()->setRemember(true);
            window.connectionSwitcher()->saveConnection(lab);
            QSignalSpy switched(window.connectionSwitcher(), &ConnectionSwitcher::switched);
            window.connectionSwitcher()->switchTo(lab.name);
            QTRY_COMPARE_WITH_TIMEOUT(switched.count(), 1, 15000);
        }
        const QByteArray ini = readAll(iniFile());
        QVERIFY(ini.contains(lab.tokenFile.toUtf8()));
        QVERIFY2(!ini.contains(m_daemon->token(QStringLiteral("viewer")).toUtf8()), "the token reached the settings");
        QVERIFY(!ini.contains("BEGIN"));

        auto engine = embedded();
        MainWindow window(*engine, windowOptions());
        ConnectionSwitcher *switcher = window.connectionSwitcher();
        QCOMPARE(switcher->connections().size(), 1);
        QVERIFY(switcher->connections().constFirst() == lab);
        QSignalSpy switched(switcher, &ConnectionSwitcher::switched);
        switcher->reconnectLast();
        QTRY_COMPARE_WITH_TIMEOUT(switched.count(), 1, 15000);
        QCOMPARE(switcher->current(), lab.name);
        QTRY_COMPARE_WITH_TIMEOUT(window.role(), pb::ROLE_VIEWER, 10000);
    }

    void aBadConnectionFailsSayingWhyAndTheOldEngineStays_data()
    {
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("expected");
        QTest::newRow("CA of another cluster") << "ca"
                                               << "unavailable";
        QTest::newRow("token the daemon does not know") << "token"
                                                        << "not authenticated";
        QTest::newRow("token file gone") << "missing"
                                         << "no such file";
        QTest::newRow("nobody listening") << "port"
                                          << "unavailable";
    }

    void aBadConnectionFailsSayingWhyAndTheOldEngineStays()
    {
        QFETCH(QString, bad);
        QFETCH(QString, expected);
        SavedConnection c = direct(QStringLiteral("broken"), QStringLiteral("admin"));
        if (bad == QLatin1String("ca")) {
            auto other = rpc::initCertificates(m_dir.filePath(QStringLiteral("other-ca")).toStdString(), {});
            QVERIFY(other.ok());
            c.caFile = m_dir.filePath(QStringLiteral("other-ca/ca.pem"));
        } else if (bad == QLatin1String("token")) {
            writeFile(c.tokenFile, "snt_00000000000000000000000000000000000000000000000000000000000000\n");
        } else if (bad == QLatin1String("missing")) {
            c.tokenFile = m_dir.filePath(QStringLiteral("gone.token"));
        } else {
            c.url = QStringLiteral("grpcs://127.0.0.1:1");
        }
        auto engine = embedded();
        MainWindow window(*engine, windowOptions());
        window.setCurrentPage(QStringLiteral("logs"));
        ConnectionSwitcher *switcher = window.connectionSwitcher();
        switcher->saveConnection(c);
        QSignalSpy failed(switcher, &ConnectionSwitcher::failed);
        switcher->switchTo(c.name);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        const QString message = failed.constFirst().at(1).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Could not connect to broken: ")), qPrintable(message));
        QVERIFY2(message.contains(expected, Qt::CaseInsensitive), qPrintable(message));
        QCOMPARE(&window.engine(), engine.get());
        QCOMPARE(switcher->current(), QString());
        QCOMPARE(window.currentPage(), QStringLiteral("logs"));
        QCOMPARE(switcher->combo()->currentText(), ConnectionSwitcher::embeddedTitle());
        QVERIFY(!switcher->busy());
    }

    void anSshTunnelReachesADaemonOnTheHeadNodesLoopback()
    {
        if (!test::requireOpenSsh())
            return;
        test::OpenSshServer sshd;
        const QString key = sshd.makeUserKey(QStringLiteral("id_console"));
        QVERIFY(!key.isEmpty());
        QString why;
        QVERIFY2(sshd.start(&why), qPrintable(why));
        const QString knownHosts = m_dir.filePath(QStringLiteral("known_hosts"));
        QFile::remove(knownHosts);

        SavedConnection c = direct(QStringLiteral("head over ssh"), QStringLiteral("viewer"));
        c.url.clear();
        c.sshTarget = QStringLiteral("%1@127.0.0.1:%2").arg(sshd.user()).arg(sshd.port());
        c.sshKeyFile = key;
        c.remotePort = m_daemon->port();
        QVERIFY(validateConnection(c, {}).isEmpty());

        auto engine = embedded();
        MainWindow window(*engine, windowOptions());
        ConnectionSwitcher *switcher = window.connectionSwitcher();
        ConnectionOpenOptions open;
        open.knownHostsFile = knownHosts.toStdString();
        open.sshConfigFile = "";
        open.sshUseAgent = false;
        open.sshDefaultKeys = false;
        switcher->setOpenOptions(open);
        QStringList asked;
        switcher->setHostKeyQuestion([&](const SshHostKey &k) {
            asked << QString::fromStdString(k.fingerprint);
            return k.fingerprint == sshd.hostKeyFingerprint().toStdString();
        });
        switcher->saveConnection(c);
        QSignalSpy switched(switcher, &ConnectionSwitcher::switched);
        QSignalSpy failed(switcher, &ConnectionSwitcher::failed);
        switcher->switchTo(c.name);
        QTRY_VERIFY_WITH_TIMEOUT(switched.count() + failed.count() == 1, 20000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().at(1).toString()));
        QCOMPARE(asked, QStringList{sshd.hostKeyFingerprint()}); // asked once, by fingerprint
        QVERIFY(readAll(knownHosts).contains("127.0.0.1"));      // and recorded, as ssh does
        QVERIFY2(window.engine().description().contains(QStringLiteral(" via ssh://")),
                 qPrintable(window.engine().description()));
        QTRY_COMPARE_WITH_TIMEOUT(window.role(), pb::ROLE_VIEWER, 10000);
        // Data flows through the tunnel: the daemon's cluster summary reaches the status bar.
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("simulated super node")),
                                 10000);
    }

    void theEditorChecksEachFieldAsItIsTyped()
    {
        ConnectionEditor editor(SavedConnection{}, {QStringLiteral("lab")});
        QVERIFY(!editor.okButton()->isEnabled());
        QVERIFY(editor.problem(QStringLiteral("name"))->isVisibleTo(&editor));
        editor.field(QStringLiteral("name"))->setText(QStringLiteral("LAB"));
        QVERIFY(editor.problem(QStringLiteral("name"))->text().contains(QStringLiteral("Another connection")));
        editor.field(QStringLiteral("name"))->setText(QStringLiteral("prod"));
        QVERIFY(!editor.problem(QStringLiteral("name"))->isVisibleTo(&editor));

        editor.field(QStringLiteral("url"))->setText(QStringLiteral("https://head01"));
        QVERIFY(editor.problem(QStringLiteral("url"))->isVisibleTo(&editor));
        QVERIFY(!editor.problem(QStringLiteral("url"))->text().isEmpty());
        editor.field(QStringLiteral("url"))->setText(QStringLiteral("grpcs://127.0.0.1:%1").arg(m_daemon->port()));
        QVERIFY(!editor.problem(QStringLiteral("url"))->isVisibleTo(&editor));

        editor.field(QStringLiteral("tokenFile"))->setText(m_dir.filePath(QStringLiteral("nothing-here")));
        QVERIFY(editor.problem(QStringLiteral("tokenFile"))->text().contains(QStringLiteral("no such file")));
        const SavedConnection good = direct(QStringLiteral("prod"), QStringLiteral("viewer"));
        editor.field(QStringLiteral("tokenFile"))->setText(good.tokenFile);
        editor.field(QStringLiteral("caFile"))->setText(good.caFile);
        QVERIFY(editor.okButton()->isEnabled());

        editor.field(QStringLiteral("clientCertFile"))->setText(good.caFile);
        QVERIFY(!editor.okButton()->isEnabled()); // a certificate without its key
        QVERIFY(editor.problem(QStringLiteral("clientKeyFile"))->text().contains(QStringLiteral("both")));
        editor.field(QStringLiteral("clientCertFile"))->clear();

        editor.sshChoice()->setChecked(true);
        editor.field(QStringLiteral("sshTarget"))->setText(QStringLiteral("alice@[fd00::1"));
        QVERIFY(editor.problem(QStringLiteral("sshTarget"))->isVisibleTo(&editor));
        QVERIFY(!editor.okButton()->isEnabled());
        editor.field(QStringLiteral("sshTarget"))->setText(QStringLiteral("alice@head01:2222"));
        QVERIFY(editor.okButton()->isEnabled());
        const SavedConnection made = editor.connection();
        QCOMPARE(made.sshTarget, QStringLiteral("alice@head01:2222"));
        QVERIFY(made.url.isEmpty()); // through SSH the address is the tunnel's
    }
};

QTEST_MAIN(TestConnectionSwitcher)
#include "tst_connection_switcher.moc"
