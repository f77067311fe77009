// The console's main window on an embedded engine in virtual time: pages and shortcuts, the
// Overview's numbers against the engine's own summary, the heat strip from telemetry, what the
// status bar says, and what is remembered between runs.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/gpus_page.h"
#include "ui/jobs_page.h"
#include "ui/main_window.h"
#include "ui/overview_kpis.h"
#include "ui/overview_page.h"
#include "ui/setup/setup_wizard.h"
#include "ui/summary_poller.h"
#include "ui/topology_page.h"
#include "widgets/topology_items.h"
#include "widgets/topology_view.h"
#include "widgets/freshness_label.h"
#include "widgets/gpu_heat_strip.h"
#include "widgets/kpi_tile.h"
#include "widgets/simulated_badge.h"
#include "widgets/utilization_history_chart.h"

#include <QApplication>
#include <QLabel>
#include <QStyle>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <memory>

using namespace sn;

namespace {
std::unique_ptr<LocalEngine> virtualEngine()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

MainWindowOptions forgetful()
{
    MainWindowOptions o;
    o.rememberState = false;
    o.summaryIntervalMs = 100; // quicker than the console's 1 s, so tests wait less
    return o;
}

void clearSettings()
{
    QSettings(QStringLiteral("SuperNode"), QStringLiteral("SuperNode Console")).clear();
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        clearSettings();
    }

    void hasTheSevenPagesInOrder()
    {
        const QStringList expected{"overview", "topology", "gpus", "logs", "jobs", "reports", "setup"};
        QCOMPARE(MainWindow::pageIds(), expected);
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        auto *nav = window.findChild<QListWidget *>(QStringLiteral("navigation"));
        QVERIFY(nav);
        QCOMPARE(nav->count(), 7);
        QCOMPARE(nav->item(3)->text(), QStringLiteral("Logs & anomalies"));
        for (const QString &id : expected)
            QVERIFY2(window.page(id), qPrintable(id));
        QCOMPARE(window.currentPage(), QStringLiteral("overview"));
        QVERIFY(!window.setCurrentPage(QStringLiteral("kitchen")));
        QCOMPARE(window.currentPage(), QStringLiteral("overview"));
    }

    void ctrlNumberSwitchesPages()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QStringList ids = MainWindow::pageIds();
        for (int i = ids.size() - 1; i >= 0; --i) {
            QTest::keyClick(&window, static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
            QCOMPARE(window.currentPage(), ids[i]);
        }
    }

    // A job's "GPU charts" lands on the GPUs page's detail view of its GPU: over the job's run
    // when it has ended, following live while it runs.
    void aJobOpensItsGpusCharts()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        auto *jobs = qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs")));
        auto *gpus = qobject_cast<GpusPage *>(window.page(QStringLiteral("gpus")));
        QVERIFY(jobs && gpus);
        emit jobs->showGpuCharts(QStringLiteral("node02"), 3, 1000000, 0);
        QCOMPARE(window.currentPage(), QStringLiteral("gpus"));
        QVERIFY(gpus->showingDetail());
        QCOMPARE(gpus->detailGpu(), QStringLiteral("node02/gpu3"));
        QVERIFY(gpus->following());
        window.setCurrentPage(QStringLiteral("jobs"));
        emit jobs->showGpuCharts(QStringLiteral("node01"), 1, 1000000, 4600000);
        QCOMPARE(window.currentPage(), QStringLiteral("gpus"));
        QCOMPARE(gpus->detailGpu(), QStringLiteral("node01/gpu1"));
        QVERIFY(!gpus->following());
        QCOMPARE(gpus->windowStartMs(), 1000000);
        QCOMPARE(gpus->windowEndMs(), 4600000);
    }

    void navigationClickSwitchesPages()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        auto *nav = window.findChild<QListWidget *>(QStringLiteral("navigation"));
        nav->setCurrentRow(4);
        QCOMPARE(window.currentPage(), QStringLiteral("jobs"));
    }

    void overviewTilesShowTheEnginesSummary()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->advanceTime(3000)).ok());
        const auto summary = waitFor(engine->getSummary());
        QVERIFY(summary.ok());
        QCOMPARE(summary->gpus_total(), 16);

        MainWindow window(*engine, forgetful());
        OverviewPage *overview = window.overviewPage();
        QVERIFY(overview);
        QTRY_COMPARE(overview->tile(Kpi::GpusBusy)->detail(), QStringLiteral("of 16"));
        QCOMPARE(overview->tile(Kpi::GpusBusy)->value(), QString::number(summary->gpus_busy()));
        QCOMPARE(overview->tile(Kpi::NodesUp)->value(), QStringLiteral("2"));
        QCOMPARE(overview->tile(Kpi::NodesUp)->detail(), QStringLiteral("of 2"));
        for (Kpi kpi : kAllKpis) {
            const KpiReading expected = readKpi(kpi, *summary);
            KpiTile *tile = overview->tile(kpi);
            QCOMPARE(tile->title(), kpiTitle(kpi));
            QCOMPARE(tile->value(), expected.value);
            QCOMPARE(tile->unit(), expected.unit);
            QCOMPARE(tile->detail(), expected.detail);
            QCOMPARE(tile->state(), expected.health);
        }
    }

    void overviewFollowsTheEngine()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        OverviewPage *overview = window.overviewPage();
        QTRY_COMPARE(overview->tile(Kpi::GpusBusy)->detail(), QStringLiteral("of 16"));

        // Take a node down: the Nodes-up tile turns critical.
        const auto cluster = waitFor(engine->getCluster());
        QVERIFY(cluster.ok());
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_NODE_DOWN);
        fault.set_node(cluster->nodes(1).name());
        QVERIFY(waitFor(engine->injectFault(fault)).ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_COMPARE(overview->tile(Kpi::NodesUp)->value(), QStringLiteral("1"));
        QCOMPARE(overview->tile(Kpi::NodesUp)->state(), Health::Critical);
        QTRY_COMPARE(overview->tile(Kpi::AnomaliesOpen)->state(), Health::Warning);
    }

    void historyChartGetsOnePointPerEngineTime()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        UtilizationHistoryChart *chart = window.overviewPage()->historyChart();
        // The engine has readings from its start, so its start time is the first point.
        QTRY_COMPARE(chart->pointCount(), 1);
        for (int i = 1; i <= 3; ++i) {
            QVERIFY(waitFor(engine->advanceTime(1000)).ok());
            QTRY_COMPARE(chart->pointCount(), 1 + i);
        }
        QTest::qWait(300); // further polls of an unmoved engine add nothing
        QCOMPARE(chart->pointCount(), 4);
    }

    void historyChartOpensWithStoredHistory()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->advanceTime(120000)).ok()); // two minutes before the window opens
        MainWindow window(*engine, forgetful());
        UtilizationHistoryChart *chart = window.overviewPage()->historyChart();
        // One stored point per 10 s step over the two minutes, plus the live one.
        QTRY_VERIFY2(chart->pointCount() >= 12, qPrintable(QString::number(chart->pointCount())));
        const auto points = chart->temperatureSeries()->points();
        for (qsizetype i = 1; i < points.size(); ++i)
            QVERIFY(points[i].x() > points[i - 1].x());
        QVERIFY(points.front().y() > 20);
    }

    // Half an hour stored, a ten-minute chart: the page asks for its window only (a query from
    // the beginning of time is refused past 11,000 steps, and would carry what nobody sees).
    void historyChartAsksForItsWindowOnly()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->advanceTime(30 * 60000)).ok());
        MainWindow window(*engine, forgetful());
        UtilizationHistoryChart *chart = window.overviewPage()->historyChart();
        QTRY_VERIFY2(chart->pointCount() >= 60, qPrintable(QString::number(chart->pointCount())));
        QTest::qWait(300);
        QVERIFY2(chart->pointCount() <= 62, qPrintable(QString::number(chart->pointCount())));
        const auto points = chart->temperatureSeries()->points();
        QVERIFY(points.back().x() - points.front().x() <= chart->windowMs());
    }

    void heatStripGetsSixteenGpusFromTelemetry()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        GpuHeatStrip *strip = window.overviewPage()->heatStrip();
        // The topology gives every GPU a cell before any telemetry arrives...
        QTRY_COMPARE(strip->gpus().size(), 16);
        QVERIFY(std::isnan(strip->gpus()[0].tempC));
        // ...and telemetry fills in the readings.
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_VERIFY(!std::isnan(strip->gpus()[15].tempC));
        QCOMPARE(strip->gpus().size(), 16);

        const auto cluster = waitFor(engine->getCluster());
        QVERIFY(cluster.ok());
        const QString first = QString::fromStdString(cluster->nodes(0).name());
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(strip->gpus()[i].node, first);
            QCOMPARE(strip->gpus()[i].index, i);
            QVERIFY(!strip->gpus()[i].faulted);
            QVERIFY(strip->gpus()[i].tempC > 0);
            QVERIFY(strip->gpus()[i].powerW > 0);
        }
    }

    void heatStripMarksTheGpusOfANodeThatIsDown()
    {
        auto engine = virtualEngine();
        const auto cluster = waitFor(engine->getCluster());
        QVERIFY(cluster.ok());
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_NODE_DOWN);
        fault.set_node(cluster->nodes(1).name());
        QVERIFY(waitFor(engine->injectFault(fault)).ok());

        MainWindow window(*engine, forgetful());
        GpuHeatStrip *strip = window.overviewPage()->heatStrip();
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_COMPARE(strip->gpus().size(), 16);
        QTRY_VERIFY(!std::isnan(strip->gpus()[0].tempC));
        for (int i = 0; i < 8; ++i) {
            QVERIFY(!strip->gpus()[i].faulted);
            QVERIFY2(strip->gpus()[8 + i].faulted, qPrintable(strip->cellToolTip(8 + i)));
            // Their GPUs did not fail: the cell says why there is no reading.
            QCOMPARE(strip->cellLabel(8 + i), QStringLiteral("node down"));
            QVERIFY(strip->cellToolTip(8 + i).contains(QStringLiteral("Node down")));
        }
    }

    void heatStripMarksALostGpu()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        GpuHeatStrip *strip = window.overviewPage()->heatStrip();
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_COMPARE(strip->gpus().size(), 16);

        const auto cluster = waitFor(engine->getCluster());
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node(cluster->nodes(0).name());
        fault.set_gpu(3);
        QVERIFY(waitFor(engine->injectFault(fault)).ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_VERIFY(strip->gpus()[3].faulted);
        QVERIFY(!strip->gpus()[2].faulted);
        QVERIFY(strip->cellToolTip(3).contains(QStringLiteral("Faulted")));
        QCOMPARE(strip->cellLabel(3), QStringLiteral("fault"));
    }

    void statusBarNamesTheEngineAndSaysSimulated()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.connectionLabel()->text().contains(engine->description()));
        QTRY_VERIFY(window.simulatedBadge()->isVisible());
        QCOMPARE(window.simulatedBadge()->text(), QStringLiteral("Simulated cluster"));
        QVERIFY(window.windowTitle().contains(QStringLiteral("simulated")));
        QTRY_VERIFY(window.connectionLabel()->text().contains(QStringLiteral("simulated super node")));
    }

    void anEmbeddedEngineIsTheLocalAdminAndOffersEveryChange()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        QTRY_COMPARE(window.role(), pb::ROLE_ADMIN);
        QCOMPARE(window.roleLabel()->text(), QStringLiteral("local · admin"));
        auto *jobs = qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs")));
        QVERIFY(jobs);
        QVERIFY(jobs->submitButton()->isEnabled());
        QVERIFY(!jobs->submitButton()->toolTip().contains(QStringLiteral("role")));
    }

    void statusBarSaysWhichRealSourcesFail()
    {
        pb::ClusterSummary s;
        s.set_simulated(false);
        s.set_telemetry_source("dcgm-exporter");
        s.add_telemetry_sources()->set_ok(true);
        QCOMPARE(MainWindow::telemetryText(s), QStringLiteral("telemetry from dcgm-exporter"));
        s.add_telemetry_sources()->set_ok(false);
        QCOMPARE(MainWindow::telemetryText(s),
                 QStringLiteral("telemetry from dcgm-exporter (1 of 2 sources not answering)"));
    }

    // Every page of the sidebar is built (MainWindow stops with a message on an id it has no page for).
    void everyPageIsBuilt()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        for (const char *id : {"overview", "topology", "gpus", "logs", "jobs", "reports", "setup"}) {
            QWidget *page = window.page(QString::fromLatin1(id));
            QVERIFY2(page, id);
        }
    }

    // What `supernode --screenshot --page ID` draws (tst_console_startup checks the PNG is not
    // blank): each page shown in the window has its working parts, visible and laid out.
    void everyPageShowsItsWidgets_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QStringList>("widgets");
        QTest::newRow("overview") << "overview"
                                  << QStringList{"kpi-gpus", "gpu-heat-strip", "utilization-history"};
        QTest::newRow("topology") << "topology"
                                  << QStringList{"topology-metric", "topology-view", "topology-details"};
        QTest::newRow("gpus") << "gpus" << QStringList{"gpus-metric", "gpus-node", "gpus-range", "gpus-status"};
        QTest::newRow("logs") << "logs"
                              << QStringList{"anomalies", "acknowledge", "resolve", "log-tail", "log-node",
                                             "log-level", "log-period", "log-text", "log-pause"};
        QTest::newRow("jobs") << "jobs"
                              << QStringList{"submitJob", "jobTable", "jobFilterText", "jobFilterState",
                                             "cancelJob", "requeueJob", "resubmitJob", "jobTopology", "jobDetails"};
        QTest::newRow("reports") << "reports" << QStringList{"source", "section-utilization"};
        QTest::newRow("setup") << "setup" << QStringList{"openSetupWizard"};
    }
    void everyPageShowsItsWidgets()
    {
        QFETCH(QString, page);
        QFETCH(QStringList, widgets);
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.setCurrentPage(page));
        QWidget *shown = window.page(page);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const QString &name : widgets) {
            auto *w = shown->findChild<QWidget *>(name);
            QVERIFY2(w, qPrintable(page + " has no " + name));
            QTRY_VERIFY2(w->isVisible() && w->width() > 0 && w->height() > 0, qPrintable(page + ": " + name));
        }
        QVERIFY(!window.grab().isNull());
    }

    void aJobsPlacementIsShownOnTheTopology()
    {
        LocalEngine::Options options;
        options.engine.spec = sim::defaultSimulatedSpec();
        options.engine.spec.simulation.jobArrivalsPerHour = 0; // the GPUs are free for this job
        options.engine.virtualTime = true;
        auto engine = std::make_unique<LocalEngine>(std::move(options));
        MainWindow window(*engine, forgetful());
        window.resize(1400, 900);
        window.show();
        pb::JobSpec spec;
        spec.set_name("placed");
        spec.set_user("tester");
        spec.set_gpus_min(8);
        spec.set_gpus_max(8);
        spec.set_estimated_runtime_s(3600);
        const auto submitted = waitFor(engine->submitJob(spec));
        QVERIFY(submitted.ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        const auto running = waitFor(engine->getJob(submitted->id()));
        QCOMPARE(running->gpus_size(), 8);

        QVERIFY(window.setCurrentPage(QStringLiteral("jobs")));
        auto *jobs = qobject_cast<JobsPage *>(window.page(QStringLiteral("jobs")));
        const QString id = QString::fromStdString(submitted->id());
        QTRY_VERIFY(jobs->selectJob(id));
        QTRY_VERIFY(jobs->topologyButton()->isEnabled());
        auto *topology = qobject_cast<TopologyPage *>(window.page(QStringLiteral("topology")));
        QTRY_VERIFY(topology->hasCluster());
        jobs->topologyButton()->click();
        QCOMPARE(window.currentPage(), QStringLiteral("topology"));
        const QList<QGraphicsItem *> selected = topology->view()->scene()->selectedItems();
        QCOMPARE(selected.size(), 8);
        for (const pb::GpuRef &g : running->gpus()) {
            const QString gpuId = QStringLiteral("%1/gpu%2").arg(QString::fromStdString(g.node())).arg(g.gpu());
            QVERIFY2(topology->view()->gpuItem(gpuId) && topology->view()->gpuItem(gpuId)->isSelected(),
                     qPrintable(gpuId));
        }
        QVERIFY2(topology->details()->text().contains("Job " + id), qPrintable(topology->details()->text()));

        // Its GPUs' charts: the eight side by side on the GPUs page.
        jobs->chartsButton()->click();
        QCOMPARE(window.currentPage(), QStringLiteral("gpus"));
        auto *gpusPage = qobject_cast<GpusPage *>(window.page(QStringLiteral("gpus")));
        QCOMPARE(gpusPage->smallMultiples().size(), 8);
        for (const pb::GpuRef &g : running->gpus())
            QVERIFY(gpusPage->chart(QStringLiteral("%1/gpu%2").arg(QString::fromStdString(g.node())).arg(g.gpu())));
    }

    // A dark system palette gives dark pages (charts, topology, tables), a light one light pages:
    // nothing paints the light theme's colours by itself.
    void followsTheSystemPalette_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("dark") << true;
        QTest::newRow("light") << false;
    }
    void followsTheSystemPalette()
    {
        QFETCH(bool, dark);
        const QPalette before = QApplication::palette();
        QPalette p;
        if (dark) {
            for (auto [role, colour] : {std::pair{QPalette::Window, QColor(0x2b, 0x2b, 0x2b)},
                                        std::pair{QPalette::Base, QColor(0x1e, 0x1e, 0x1e)},
                                        std::pair{QPalette::AlternateBase, QColor(0x26, 0x26, 0x26)},
                                        std::pair{QPalette::Button, QColor(0x35, 0x35, 0x35)},
                                        std::pair{QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0)},
                                        std::pair{QPalette::Text, QColor(0xe0, 0xe0, 0xe0)},
                                        std::pair{QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0)}})
                p.setColor(role, colour);
        } else {
            p = QApplication::style()->standardPalette();
        }
        QApplication::setPalette(p);
        const auto restore = qScopeGuard([&before] { QApplication::setPalette(before); });
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const char *id : {"overview", "topology", "gpus", "logs", "jobs"}) {
            QVERIFY(window.setCurrentPage(QString::fromLatin1(id)));
            QTest::qWait(200); // a round of live values drawn
            const QImage shot = window.grab().toImage();
            double sum = 0;
            int n = 0;
            for (int y = 0; y < shot.height(); y += 9)
                for (int x = 0; x < shot.width(); x += 9, ++n)
                    sum += qGray(shot.pixel(x, y)) / 255.0;
            const double mean = sum / n;
            QVERIFY2(dark ? mean < 0.35 : mean > 0.65, qPrintable(QStringLiteral("%1: mean grey %2").arg(id).arg(mean)));
        }
    }

    void theSetupPageOpensTheWizard()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        QWidget *page = window.page(QStringLiteral("setup"));
        QVERIFY(page);
        auto *open = page->findChild<QPushButton *>(QStringLiteral("openSetupWizard"));
        QVERIFY(open);
        QVERIFY(!window.findChild<SetupWizard *>());
        open->click();
        auto *wizard = window.findChild<SetupWizard *>();
        QVERIFY(wizard);
        QVERIFY(wizard->isVisible());
        QCOMPARE(wizard->currentId(), int(SetupWizard::Start));
        wizard->close();
    }

    void remembersTheLastPage()
    {
        clearSettings();
        auto engine = virtualEngine();
        MainWindowOptions remember;
        {
            MainWindow window(*engine, remember);
            QCOMPARE(window.currentPage(), QStringLiteral("overview"));
            QVERIFY(window.setCurrentPage(QStringLiteral("reports")));
        }
        {
            MainWindow window(*engine, remember);
            QCOMPARE(window.currentPage(), QStringLiteral("reports"));
            window.setCurrentPage(QStringLiteral("gpus"));
            window.show();
            window.resize(900, 640);
            window.close();
        }
        MainWindow window(*engine, remember);
        QCOMPARE(window.currentPage(), QStringLiteral("gpus"));
        QCOMPARE(window.size(), QSize(900, 640));
        // A window that does not remember leaves them alone.
        {
            MainWindow forgetting(*engine, forgetful());
            forgetting.setCurrentPage(QStringLiteral("setup"));
        }
        QCOMPARE(QSettings(QStringLiteral("SuperNode"), QStringLiteral("SuperNode Console"))
                     .value(QStringLiteral("mainWindow/page"))
                     .toString(),
                 QStringLiteral("gpus"));
        clearSettings();
    }

    void freshnessGoesStaleWhenTheEngineStops()
    {
        auto engine = virtualEngine();
        MainWindowOptions options = forgetful();
        options.staleAfterMs = 400;
        MainWindow window(*engine, options);
        FreshnessLabel *freshness = window.freshness();
        QTRY_VERIFY(freshness->hasUpdate());
        // The engine still answers, but its clock has stopped: nothing new arrives.
        QTRY_VERIFY(freshness->isStale());
        QTRY_VERIFY2(freshness->text().startsWith(QStringLiteral("no update for")), qPrintable(freshness->text()));
        QVERIFY(waitFor(engine->advanceTime(1000)).ok());
        QTRY_VERIFY(!freshness->isStale());
        QVERIFY2(freshness->text().startsWith(QStringLiteral("updated")), qPrintable(freshness->text()));
    }

    void closingWithARequestInFlightIsSafe()
    {
        auto engine = virtualEngine();
        for (int i = 0; i < 5; ++i) {
            auto window = std::make_unique<MainWindow>(*engine, forgetful());
            window->summaryPoller()->poll();
            window.reset(); // the reply arrives after its window is gone
        }
        // Let the engine answer the orphaned requests; their continuations must not run.
        QVERIFY(waitFor(engine->advanceTime(1000)).ok());
        QTest::qWait(200);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
