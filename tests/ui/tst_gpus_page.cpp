// The GPUs page on a real embedded engine in virtual time: small multiples from one downsampled
// query, never more than 4 points per pixel column, time ranges switching the window, a custom
// range, live follow, the detail view of one GPU and job markers. Also MetricChart alone
// (the detail view's chart); SparkChart alone is tests/widgets/tst_spark_chart.cpp.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/gpu_chart_data.h"
#include "ui/gpus_page.h"
#include "ui/summary_poller.h"
#include "widgets/metric_chart.h"
#include "widgets/spark_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineSeries>
#include <QScrollArea>
#include <QSignalSpy>
#include <QPushButton>
#include <QTest>
#include <QVBoxLayout>
#include <QValueAxis>

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

void advance(LocalEngine &engine, int seconds)
{
    // One step: the simulator still samples every second of it.
    QVERIFY(waitFor(engine.advanceTime(seconds * 1000LL)).ok());
}

qint64 engineNow(LocalEngine &engine)
{
    return waitFor(engine.getSummary())->time_ms();
}

// A page on an engine that already holds some history.
struct Fixture {
    LocalEngine &engine;
    SummaryPoller poller{engine};
    std::unique_ptr<GpusPage> page;
    explicit Fixture(LocalEngine &e) : engine(e)
    {
        poller.setIntervalMs(50);
        page = std::make_unique<GpusPage>(engine, poller);
        page->resize(1400, 900);
        page->show();
        poller.start();
    }
    // Waits for a round of answers asked after now.
    bool nextRound()
    {
        const int target = page->answeredRounds() + (page->busy() ? 2 : 1);
        page->refresh();
        return QTest::qWaitFor([&] { return page->answeredRounds() >= target; }, 5000);
    }
};

template <typename Chart> void verifyAtMostFourPerColumn(Chart *c)
{
    QVERIFY2(c->pointCount() <= 4 * c->plotWidth() + 4,
             qPrintable(QStringLiteral("%1 points on %2 columns").arg(c->pointCount()).arg(c->plotWidth())));
}
} // namespace

class TestGpusPage : public QObject {
    Q_OBJECT
    std::unique_ptr<LocalEngine> m_history; // 6 minutes of simulated history, shared (a debug build simulates slowly)

private slots:
    void initTestCase()
    {
        m_history = virtualEngine();
        advance(*m_history, 360);
    }

    void metricChartReplacesItsPointsAndKeepsMarkersInRange()
    {
        MetricChart chart;
        chart.resize(600, 300);
        chart.setUnit(QStringLiteral("%"));
        chart.setValueRange(0, 100);
        chart.setTimeRange(0, 60000);
        QSignalSpy replaced(chart.series(), &QXYSeries::pointsReplaced);
        QSignalSpy added(chart.series(), &QXYSeries::pointAdded);
        QList<QPointF> points;
        for (int i = 0; i < 60; ++i)
            points << QPointF(i * 1000, i);
        chart.setPoints(points);
        QCOMPARE(chart.pointCount(), 60);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(added.count(), 0);
        chart.setPoints(points.mid(30));
        QCOMPARE(chart.pointCount(), 30);
        QCOMPARE(replaced.count(), 2);
        chart.setMarkers({{30000, QStringLiteral("job 7 started"), Qt::green}});
        QCOMPARE(chart.markers().size(), 1);
        // A value above a fixed range widens it rather than being cut off.
        chart.setPoints({QPointF(0, 20), QPointF(1000, 130)});
        auto *axis = qobject_cast<QValueAxis *>(chart.chart()->axes(Qt::Vertical).first());
        QVERIFY(axis->max() >= 130);
        QVERIFY(chart.plotWidth() > 0);
    }

    void smallMultiplesComeFromOneDownsampledQuery()
    {
        Fixture f(*m_history);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->answeredRounds() >= 1, 10000);
        QCOMPARE(f.page->smallMultiples().size(), 16);
        f.page->setSpan(15 * 60 * 1000);
        QVERIFY(f.nextRound());
        SparkChart *c = f.page->chart("node01/gpu0");
        QVERIFY(c);
        QTRY_VERIFY(c->pointCount() > 10);
        QTRY_VERIFY(c->drawnPointCount() > 10); // in view: drawn, not held back
        for (SparkChart *m : f.page->smallMultiples()) {
            verifyAtMostFourPerColumn(m);
            QVERIFY(m->pointCount() > 0);
        }
        // Every point lies in the window, and the axis shows the window.
        const qint64 start = f.page->windowStartMs(), end = f.page->windowEndMs();
        QCOMPARE(end - start, 15 * 60 * 1000LL);
        for (const QPointF &p : c->points())
            QVERIFY(p.x() >= start && p.x() <= end);
        QCOMPARE(c->startMs(), start);
        QCOMPARE(c->endMs(), end);
    }

    void aJobsGpusAreChartedSideBySideUnderAChip()
    {
        Fixture f(*m_history);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->answeredRounds() >= 1, 10000);
        const QStringList job{"node01/gpu2", "node01/gpu3", "node02/gpu5"};
        f.page->showGpus(job, "Job 1042's GPUs");
        QCOMPARE(f.page->smallMultiples().size(), 3); // across both nodes, only the job's
        for (const QString &id : job)
            QVERIFY2(f.page->chart(id), qPrintable(id));
        QVERIFY(!f.page->chart("node01/gpu0"));
        QVERIFY(f.page->gpuSetChip()->isVisible());
        QVERIFY(f.page->gpuSetChip()->text().startsWith("Job 1042's GPUs"));
        QVERIFY(f.nextRound());
        QTRY_VERIFY(f.page->chart("node02/gpu5")->pointCount() > 0);
        f.page->gpuSetChip()->click(); // every GPU again
        QCOMPARE(f.page->smallMultiples().size(), 16);
        QVERIFY(!f.page->gpuSetChip()->isVisible());
    }

    void switchingTimeRangesMovesTheWindow_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<qint64>("spanMs");
        QTest::newRow("5 min") << "Last 5 minutes" << 5 * 60 * 1000LL;
        QTest::newRow("1 h") << "Last hour" << 3600 * 1000LL;
        QTest::newRow("7 days") << "Last 7 days" << 7 * 24 * 3600 * 1000LL;
    }
    void switchingTimeRangesMovesTheWindow()
    {
        QFETCH(QString, title);
        QFETCH(qint64, spanMs);
        Fixture f(*m_history);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->answeredRounds() >= 1, 10000);
        f.page->rangeBox()->setCurrentIndex(f.page->rangeBox()->findText(title));
        QVERIFY(f.nextRound());
        QCOMPARE(f.page->windowEndMs() - f.page->windowStartMs(), spanMs);
        QVERIFY(f.page->windowEndMs() >= engineNow(f.engine) - 1000);
        SparkChart *c = f.page->chart("node02/gpu5");
        QTRY_VERIFY(c->pointCount() > 0);
        verifyAtMostFourPerColumn(c);
        QCOMPARE(c->endMs() - c->startMs(), spanMs);
        // 5 minutes of 1 s samples show only the last 300 s; longer windows hold all 360 s.
        const double first = c->points().constFirst().x();
        if (spanMs == 5 * 60 * 1000LL)
            QVERIFY(first >= f.page->windowEndMs() - spanMs);
        else
            QVERIFY(first <= f.page->windowEndMs() - 350 * 1000);
    }

    void aCustomRangeStaysAndLiveFollowMoves()
    {
        auto engine = virtualEngine(); // its clock is moved here
        advance(*engine, 60);
        Fixture f(*engine);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->answeredRounds() >= 1, 10000);
        f.page->setSpan(5 * 60 * 1000);
        QVERIFY(f.nextRound());
        QVERIFY(f.page->following());
        const qint64 endBefore = f.page->windowEndMs();
        advance(f.engine, 5);
        QTRY_VERIFY(f.page->windowEndMs() >= endBefore + 5000); // follows the engine's clock

        const qint64 now = engineNow(f.engine);
        f.page->setCustomRange(now - 50 * 1000, now - 20 * 1000);
        QVERIFY(!f.page->following());
        QVERIFY(f.nextRound());
        SparkChart *c = f.page->chart("node01/gpu1");
        QTRY_VERIFY(c->pointCount() > 0);
        for (const QPointF &p : c->points())
            QVERIFY(p.x() >= now - 50 * 1000 && p.x() <= now - 20 * 1000);
        advance(f.engine, 5);
        QVERIFY(f.nextRound());
        QCOMPARE(f.page->windowEndMs(), now - 20 * 1000); // a custom window does not move
        f.page->setCustomRange(now, now - 1000);          // backwards: refused, nothing changes
        QCOMPARE(f.page->windowEndMs(), now - 20 * 1000);
    }

    void theDetailViewShowsEveryMetricOfOneGpuWithJobMarkers()
    {
        auto engine = virtualEngine();
        pb::JobSpec job;
        job.set_name("train");
        job.set_user("test");
        job.set_queue("research");
        job.set_priority_class("modelTraining");
        job.set_gpus_min(1);
        job.set_gpus_max(1);
        job.set_estimated_runtime_s(3600);
        advance(*engine, 30);
        const auto submitted = waitFor(engine->submitJob(job));
        QVERIFY(submitted.ok());
        advance(*engine, 120);
        const auto running = waitFor(engine->getJob(submitted->id()));
        QVERIFY(running.ok());
        if (running->gpus_size() == 0)
            QSKIP("the simulated cluster had no free GPU for the job");
        const QString node = QString::fromStdString(running->gpus(0).node());
        const int gpu = running->gpus(0).gpu();

        SummaryPoller poller(*engine);
        poller.setIntervalMs(50);
        GpusPage page(*engine, poller);
        page.resize(1400, 900);
        page.show();
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.answeredRounds() >= 1, 10000);
        page.setSpan(5 * 60 * 1000);
        const int before = page.answeredRounds();
        page.showGpu(node, gpu);
        QVERIFY(page.showingDetail());
        QTRY_VERIFY(page.answeredRounds() > before);
        QCOMPARE(page.detailCharts().size(), gpuChartMetrics().size());
        int withData = 0;
        for (MetricChart *c : page.detailCharts()) {
            withData += c->pointCount() > 0;
            verifyAtMostFourPerColumn(c);
        }
        QVERIFY2(withData >= 6, qPrintable(QString::number(withData))); // util, temp, power, memory, clocks, PCIe...
        bool started = false;
        for (const ChartMarker &m : page.detailCharts().front()->markers())
            started |= m.label.contains(QString::fromStdString(submitted->id())) && m.label.contains("started");
        QVERIFY(started);
        page.showAll();
        QVERIFY(!page.showingDetail());
    }

    void aChartOutOfViewDrawsItsPointsWhenScrolledIn()
    {
        QScrollArea area;
        auto *content = new QWidget;
        auto *column = new QVBoxLayout(content);
        auto *top = new SparkChart; // as the GPUs page's small multiples
        auto *below = new SparkChart;
        for (SparkChart *c : {top, below}) {
            c->setDeferWhileHidden(true);
            c->setMinimumHeight(600);
            column->addWidget(c);
        }
        area.setWidget(content);
        area.setWidgetResizable(true);
        area.resize(600, 450);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QTRY_VERIFY(!top->visibleRegion().isEmpty());
        QVERIFY(below->visibleRegion().isEmpty());
        const QList<QPointF> points{QPointF(0, 1), QPointF(1000, 2), QPointF(2000, 3)};
        top->setPoints(points);
        below->setPoints(points);
        QCOMPARE(top->drawnPointCount(), 3);
        QVERIFY(below->hasPending());
        QCOMPARE(below->drawnPointCount(), 0);
        QCOMPARE(below->pointCount(), 3); // what it will show
        area.ensureWidgetVisible(below);
        QTRY_VERIFY(!below->visibleRegion().isEmpty());
        below->applyPending(); // what the GPUs page does when its scroll bar moves
        QVERIFY(!below->hasPending());
        QCOMPARE(below->drawnPointCount(), 3);
    }

    void chartDataHelpers()
    {
        const pb::QueryRangeRequest q = gpuChartQuery("DCGM_FI_DEV_GPU_TEMP", 10, 20, 300, "node01", 3);
        QCOMPARE(q.pixel_columns(), 300);
        QCOMPARE(q.match_labels().at("Hostname"), std::string("node01"));
        QCOMPARE(q.match_labels().at("gpu"), std::string("3"));
        QCOMPARE(q.aggregation(), pb::AGGREGATION_NONE); // M4, every extreme kept
        pb::Series s;
        (*s.mutable_labels())["Hostname"] = "node01";
        (*s.mutable_labels())["gpu"] = "3";
        pb::Point *p = s.add_points();
        p->set_time_ms(5);
        p->set_value(2048);
        QCOMPARE(seriesGpuId(s), QStringLiteral("node01/gpu3"));
        QCOMPARE(seriesPoints(s, 1.0 / 1024).constFirst(), QPointF(5, 2));
        QVERIFY(gpuChartMetric("DCGM_FI_DEV_FB_USED"));
        QVERIFY(!gpuChartMetric("nonsense"));
    }
};

QTEST_MAIN(TestGpusPage)
#include "tst_gpus_page.moc"
