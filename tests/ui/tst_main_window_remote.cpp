// The console on a RemoteEngine talking to a real supernoded over TLS: the status bar names the
// daemon, says when it is lost, and recovers when it is back (on the same port); a viewer's Logs
// page reads templates over gRPC and stops offering changes the daemon refuses its role; the
// role WhoAmI names turns those changes off before any is tried.
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/loopback_port.h"
#include "tests/support/supernoded_process.h"
#include "ui/event_table_model.h"
#include "ui/jobs_page.h"
#include "ui/log_template_table_model.h"
#include "ui/log_templates_panel.h"
#include "ui/logs_page.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
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

    void aViewersConsoleTurnsOffChangesBeforeTheFirstRefusal()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine operatorEngine(daemon.client("operator"));
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(1);
        QVERIFY(waitFor(operatorEngine.injectFault(fault)).ok());
        QVERIFY(waitFor(operatorEngine.advanceTime(2000)).ok());

        rpc::RemoteEngine viewer(daemon.client("viewer"));
        MainWindowOptions windowOptions;
        windowOptions.rememberState = false;
        MainWindow window(viewer, windowOptions);
        window.show();
        QTRY_COMPARE_WITH_TIMEOUT(window.role(), pb::ROLE_VIEWER, 10000);
        QCOMPARE(window.roleLabel()->text(), QStringLiteral("test-viewer · viewer"));
        auto *jobs = qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs")));
        QVERIFY(jobs);
        QVERIFY(!jobs->submitButton()->isEnabled());
        QVERIFY2(jobs->submitButton()->toolTip().contains(QStringLiteral("(viewer) may not submit jobs")),
                 qPrintable(jobs->submitButton()->toolTip()));

        window.setCurrentPage(QStringLiteral("logs"));
        auto *logs = qobject_cast<LogsPage *>(window.page(QStringLiteral("logs")));
        QVERIFY(logs);
        QTRY_VERIFY_WITH_TIMEOUT(logs->eventFilter()->rowCount() >= 1, 10000);
        logs->eventView()->selectRow(0);
        // Off from the start, not after a refusal: nothing was tried.
        QVERIFY(!logs->acknowledgeButton()->isEnabled());
        QVERIFY(!logs->resolveButton()->isEnabled());
        QVERIFY(logs->resolveButton()->toolTip().contains(QStringLiteral("(viewer) may not")));

        // The same window on an operator's engine: the changes are offered again.
        window.setEngine(operatorEngine);
        QTRY_COMPARE_WITH_TIMEOUT(window.role(), pb::ROLE_OPERATOR, 10000);
        jobs = qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs")));
        QVERIFY(jobs->submitButton()->isEnabled());
        QCOMPARE(window.currentPage(), QStringLiteral("logs"));
    }

    void aViewersLogsPageReadsTemplatesAndMayNotChangeEvents()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine operatorEngine(daemon.client("operator"));
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(1);
        QVERIFY(waitFor(operatorEngine.advanceTime(3000)).ok());
        QVERIFY(waitFor(operatorEngine.injectFault(fault)).ok());
        QVERIFY(waitFor(operatorEngine.advanceTime(2000)).ok());

        rpc::RemoteEngine engine(daemon.client("viewer"));
        LogsPage page(engine);
        page.show();
        QSignalSpy refreshed(page.templatesPanel(), &LogTemplatesPanel::refreshed);
        page.upperTabs()->setCurrentWidget(page.templatesPanel());
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 10000);
        QVERIFY(page.templatesPanel()->model()->rowCount() >= 1);
        page.upperTabs()->setCurrentIndex(0);

        QTRY_VERIFY_WITH_TIMEOUT(page.eventFilter()->rowCount() >= 1, 10000);
        page.eventView()->selectRow(0);
        QVERIFY(page.resolveButton()->isEnabled());
        page.resolveButton()->click();
        // PERMISSION_DENIED: neither change is offered again, and the buttons say why.
        QTRY_VERIFY_WITH_TIMEOUT(page.resolveButton()->toolTip().contains(QStringLiteral("role")), 10000);
        QVERIFY(!page.resolveButton()->isEnabled());
        QVERIFY(!page.acknowledgeButton()->isEnabled());
        page.eventView()->clearSelection();
        page.eventView()->selectRow(0);
        QVERIFY(!page.resolveButton()->isEnabled());
        const auto events = waitFor(operatorEngine.listEvents({}));
        QVERIFY(events.ok());
        for (const pb::Event &e : events->events())
            QVERIFY(!e.resolved());
    }
};

QTEST_MAIN(TestMainWindowRemote)
#include "tst_main_window_remote.moc"
