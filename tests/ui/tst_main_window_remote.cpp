// The console on a RemoteEngine talking to a real supernoded over TLS: the status bar names the
// daemon, says when it is lost, and recovers when it is back (on the same port).
#include "backend/remote/grpc/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/backend/telemetry/loopback_port.h"
#include "tests/support/supernoded_process.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QLabel>
#include <QTest>

using namespace sn;

class TestMainWindowRemote : public QObject {
    Q_OBJECT

private slots:
    void statusBarShowsTheDaemonAndItsDisconnects()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        options.virtualTime = false; // a console watches a running engine
        options.port = test::freeLoopbackPort();
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto client = daemon.client("viewer");
        client.callTimeoutMs = 2000;
        client.reconnectMaxMs = 300;
        rpc::RemoteEngine engine(client);
        MainWindowOptions windowOptions;
        windowOptions.rememberState = false;
        windowOptions.summaryIntervalMs = 100;
        MainWindow window(engine, windowOptions);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString url = QStringLiteral("grpcs://127.0.0.1:%1").arg(daemon.port());
        QCOMPARE(engine.description(), url);
        QTRY_VERIFY(window.connectionLabel()->text().contains(QStringLiteral("simulated super node")));
        QVERIFY(window.connectionLabel()->text().contains(url));

        daemon.stop();
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("disconnected")), 10000);

        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("simulated super node")),
                                 15000);
    }
};

QTEST_MAIN(TestMainWindowRemote)
#include "tst_main_window_remote.moc"
