// The Logs & anomalies page: its models under QAbstractItemModelTester, and on a real embedded
// engine in virtual time a fault's kernel line found by filtering, pause and resume of the
// tail, an anomaly acknowledged and resolved through the engine with its related lines and
// chart window, the templates view narrowing the tail to one template, and the action thermal
// protection took for an overheating GPU in the anomalies list.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/event_table_model.h"
#include "ui/log_table_model.h"
#include "ui/log_template_table_model.h"
#include "ui/log_templates_panel.h"
#include "ui/logs_page.h"
#include "widgets/spark_chart.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

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

pb::LogLine line(qint64 t, const char *node, const char *source, const char *text, int gpu = -1)
{
    pb::LogLine l;
    l.set_time_ms(t);
    l.set_node(node);
    l.set_source(source);
    l.set_text(text);
    l.set_gpu(gpu);
    return l;
}

pb::Event makeEvent(std::uint64_t id, pb::Severity s, bool acked = false)
{
    pb::Event e;
    e.set_id(id);
    e.set_time_ms(static_cast<std::int64_t>(id) * 1000);
    e.set_severity(s);
    e.set_kind("gpu.xid");
    e.set_node("node01");
    e.set_gpu(2);
    e.set_message("Xid 79");
    e.set_acknowledged(acked);
    return e;
}

pb::LogTemplateInfo templateInfo(const char *id, const char *text, std::uint64_t count, qint64 last,
                                 const char *node = "node01")
{
    pb::LogTemplateInfo t;
    t.set_id(id);
    t.set_text(text);
    t.set_count(count);
    t.set_total_count(count);
    t.set_first_ms(1000);
    t.set_last_ms(last);
    t.set_severity(pb::SEVERITY_INFO);
    t.add_nodes(node);
    for (int i = 0; i < 4; ++i)
        t.add_rate(static_cast<std::uint32_t>(count) / 4);
    return t;
}

pb::InjectFaultRequest xid79(const char *node, int gpu)
{
    pb::InjectFaultRequest f;
    f.set_kind(pb::FAULT_KIND_XID_79);
    f.set_node(node);
    f.set_gpu(gpu);
    return f;
}
} // namespace

class TestLogsPage : public QObject {
    Q_OBJECT
private slots:
    void logModelPassesTheTesterWhileBoundedAndFiltered()
    {
        LogTableModel model(5);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LogFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.append({line(1, "node01", "kernel", "NVRM: Xid 79"), line(2, "node02", "slurmd", "launch"),
                      line(3, "node01", "job/7", "epoch 1", 3)});
        QCOMPARE(model.rowCount(), 3);
        model.append({line(4, "a", "kernel", "x"), line(5, "a", "kernel", "y"), line(6, "a", "kernel", "z")});
        QCOMPARE(model.rowCount(), 5); // the oldest left
        QCOMPARE(model.line(0).time_ms(), 2);
        filter.setNode("node01");
        QCOMPARE(filter.rowCount(), 1);
        filter.setNode({});
        filter.setSource("job/");
        QCOMPARE(filter.rowCount(), 1);
        filter.setSource({});
        filter.setGpu(3);
        QCOMPARE(filter.rowCount(), 1);
        filter.setGpu(-1);
        filter.setMinimumSeverity(pb::SEVERITY_WARNING);
        QCOMPARE(filter.rowCount(), 0); // every line is info
        filter.setMinimumSeverity(pb::SEVERITY_UNSPECIFIED);
        filter.setText("Z");
        QCOMPARE(filter.rowCount(), 1); // case-insensitive
        QCOMPARE(filter.data(filter.index(0, LogTableModel::Text)).toString(), QStringLiteral("z"));
        model.clear();
        QCOMPARE(filter.rowCount(), 0);
    }

    void eventModelPassesTheTesterAndUpdatesInPlace()
    {
        EventTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        EventFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.upsert({makeEvent(1, pb::SEVERITY_INFO), makeEvent(2, pb::SEVERITY_CRITICAL)});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.event(0).id(), 2u); // newest first
        model.upsert({makeEvent(3, pb::SEVERITY_WARNING)});
        QCOMPARE(model.event(0).id(), 3u);
        QCOMPARE(model.openCount(), 2);
        model.upsert({makeEvent(2, pb::SEVERITY_CRITICAL, true)}); // acknowledged: same row, updated
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.data(model.index(model.rowOf(2), EventTableModel::State)).toString(),
                 QStringLiteral("acknowledged"));
        QCOMPARE(model.openCount(), 1);
        model.upsert({makeEvent(0, pb::SEVERITY_ERROR)}); // older than all: a reset, still sorted
        QCOMPARE(model.event(3).id(), 0u);
        filter.setMinimumSeverity(pb::SEVERITY_WARNING);
        QCOMPARE(filter.rowCount(), 3);
        filter.setOpenOnly(true);
        QCOMPARE(filter.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, EventTableModel::Where)).toString(), QStringLiteral("node01 · GPU 2"));
    }

    void filteringFindsAFaultsKernelLine()
    {
        auto engine = virtualEngine();
        LogsPage page(*engine);
        QVERIFY(waitFor(engine->advanceTime(5000)).ok());
        QVERIFY(waitFor(engine->injectFault(xid79("node01", 3))).ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QTRY_VERIFY(page.logModel()->rowCount() > 0);
        page.textFilter()->setText(QStringLiteral("Xid"));
        QTRY_VERIFY(page.logFilter()->rowCount() >= 1);
        for (int r = 0; r < page.logFilter()->rowCount(); ++r)
            QVERIFY(page.logFilter()
                        ->data(page.logFilter()->index(r, LogTableModel::Text))
                        .toString()
                        .contains(QStringLiteral("Xid"), Qt::CaseInsensitive));
        QVERIFY(page.logFilter()->rowCount() < page.logModel()->rowCount());
        page.nodeFilter()->setCurrentIndex(page.nodeFilter()->findData(QStringLiteral("node02")));
        QCOMPARE(page.logFilter()->rowCount(), 0); // the fault was on node01
        page.nodeFilter()->setCurrentIndex(page.nodeFilter()->findData(QStringLiteral("node01")));
        QVERIFY(page.logFilter()->rowCount() >= 1);
    }

    void levelAndPeriodNarrowTheTail()
    {
        auto engine = virtualEngine();
        LogsPage page(*engine);
        QVERIFY(waitFor(engine->advanceTime(5000)).ok());
        QVERIFY(waitFor(engine->injectFault(xid79("node01", 3))).ok());
        QVERIFY(waitFor(engine->advanceTime(10 * 60 * 1000)).ok()); // ten minutes of lines after it
        QTRY_VERIFY(page.logModel()->rowCount() > 0);
        QTest::qWait(300); // the last flush
        const int all = page.logFilter()->rowCount();

        // The Xid line is critical (its signature); the others the simulator writes are not.
        page.levelFilter()->setCurrentIndex(page.levelFilter()->findData(int(pb::SEVERITY_CRITICAL)));
        QVERIFY(page.logFilter()->rowCount() >= 1);
        QVERIFY(page.logFilter()->rowCount() < all);
        for (int r = 0; r < page.logFilter()->rowCount(); ++r) {
            const QModelIndex level = page.logFilter()->index(r, LogTableModel::Level);
            QCOMPARE(level.data(LogTableModel::SeverityRole).toInt(), int(pb::SEVERITY_CRITICAL));
            QCOMPARE(level.data().toString(), QStringLiteral("critical"));
        }
        page.levelFilter()->setCurrentIndex(0);
        QCOMPARE(page.logFilter()->rowCount(), all);

        // The last five minutes, up to the newest line: the fault, ten minutes back, is out.
        page.periodFilter()->setCurrentIndex(page.periodFilter()->findData(qint64(5 * 60 * 1000)));
        const int recent = page.logFilter()->rowCount();
        QVERIFY(recent > 0 && recent < all);
        qint64 newest = 0;
        for (int r = 0; r < page.logModel()->rowCount(); ++r)
            newest = std::max(newest, page.logModel()->index(r, 0).data(LogTableModel::TimeMsRole).toLongLong());
        for (int r = 0; r < recent; ++r)
            QVERIFY(page.logFilter()->index(r, 0).data(LogTableModel::TimeMsRole).toLongLong() >= newest - 5 * 60 * 1000);
        page.textFilter()->setText(QStringLiteral("Xid"));
        QCOMPARE(page.logFilter()->rowCount(), 0);
        // It moves on with new lines.
        QVERIFY(waitFor(engine->advanceTime(6 * 60 * 1000)).ok());
        page.textFilter()->clear();
        QTRY_VERIFY(page.logFilter()->index(0, 0).data(LogTableModel::TimeMsRole).toLongLong() > newest);
        page.periodFilter()->setCurrentIndex(0);
        QVERIFY(page.logFilter()->rowCount() > recent);
    }

    void pauseHoldsNewLinesUntilResumed()
    {
        auto engine = virtualEngine();
        LogsPage page(*engine);
        QVERIFY(waitFor(engine->advanceTime(3000)).ok());
        QTRY_VERIFY(page.logModel()->rowCount() > 0);
        QTest::qWait(300); // let the last flush pass
        page.pauseButton()->click();
        QVERIFY(page.pauseButton()->isChecked());
        const int shown = page.logModel()->rowCount();
        QVERIFY(waitFor(engine->injectFault(xid79("node02", 1))).ok());
        QVERIFY(waitFor(engine->advanceTime(3000)).ok());
        QTRY_VERIFY(page.waitingLines() > 0);
        QTest::qWait(300);
        QCOMPARE(page.logModel()->rowCount(), shown);
        page.pauseButton()->click();
        QCOMPARE(page.waitingLines(), 0);
        QVERIFY(page.logModel()->rowCount() > shown);
    }

    void anAnomalyIsAcknowledgedThroughTheEngine()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->injectFault(xid79("node01", 5))).ok());
        LogsPage page(*engine);
        QTRY_VERIFY(page.eventFilter()->rowCount() >= 1);
        QVERIFY(!page.acknowledgeButton()->isEnabled());
        page.eventView()->selectRow(0);
        QVERIFY(page.acknowledgeButton()->isEnabled());
        const std::uint64_t id =
            page.eventModel()->event(page.eventFilter()->mapToSource(page.eventFilter()->index(0, 0)).row()).id();
        // Selecting it narrows the log to its node.
        QCOMPARE(page.nodeFilter()->currentData().toString(), QStringLiteral("node01"));
        page.acknowledgeButton()->click();
        QTRY_VERIFY(page.eventModel()->event(page.eventModel()->rowOf(id)).acknowledged());
        pb::ListEventsRequest open;
        open.set_open_only(true);
        const auto still = waitFor(engine->listEvents(open));
        QVERIFY(still.ok());
        for (const pb::Event &e : still->events())
            QVERIFY(e.id() != id);
    }

    void templateModelPassesTheTesterUpdatesInPlaceAndSorts()
    {
        LogTemplateTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LogTemplateFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pb::ListLogTemplatesResponse first;
        *first.add_templates() = templateInfo("0000000a", "NVRM: Xid (PCI:<*>): 79", 4, 5000);
        *first.add_templates() = templateInfo("0000000b", "slurmd: launched job <*>", 12, 9000, "node02");
        first.set_bucket_ms(1000);
        model.update(first);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(model.rowOf("0000000b"), LogTemplateTableModel::Count)).toULongLong(), 12ull);
        const auto rate = model.data(model.index(0, LogTemplateTableModel::Rate), LogTemplateTableModel::RateRole)
                              .value<QList<qreal>>();
        QCOMPARE(rate.size(), 4);

        filter.sort(LogTemplateTableModel::Count, Qt::DescendingOrder);
        QCOMPARE(filter.data(filter.index(0, LogTemplateTableModel::Count)).toULongLong(), 12ull); // numbers, not text
        filter.setText(QStringLiteral("xid"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setText({});
        filter.setNode(QStringLiteral("node02"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setNode({});

        // The next answer: b grew past nothing, a vanished, c is new; b keeps its identity.
        const QPersistentModelIndex b = model.index(model.rowOf("0000000b"), 0);
        pb::ListLogTemplatesResponse second;
        *second.add_templates() = templateInfo("0000000c", "nccl: ring <*> connected", 3, 9500);
        *second.add_templates() = templateInfo("0000000b", "slurmd: launched job <*>", 20, 9900, "node02");
        model.update(second);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf("0000000a"), -1);
        QVERIFY(b.isValid());
        QCOMPARE(b.data(LogTemplateTableModel::IdRole).toString(), QStringLiteral("0000000b"));
        QCOMPARE(model.data(model.index(b.row(), LogTemplateTableModel::Count)).toULongLong(), 20ull);
        model.update({});
        QCOMPARE(model.rowCount(), 0);
    }

    void clickingATemplateNarrowsTheTailToIt()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->advanceTime(5000)).ok());
        QVERIFY(waitFor(engine->injectFault(xid79("node01", 3))).ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        LogsPage page(*engine);
        page.resize(1400, 900);
        page.show();
        QTRY_VERIFY(page.logModel()->rowCount() > 0);
        LogTemplatesPanel *panel = page.templatesPanel();
        QSignalSpy refreshed(panel, &LogTemplatesPanel::refreshed);
        page.upperTabs()->setCurrentWidget(panel); // shown: it asks the engine
        QTRY_VERIFY(refreshed.count() >= 1);
        QVERIFY(panel->model()->rowCount() >= 2);
        panel->textFilter()->setText(QStringLiteral("Xid"));
        QCOMPARE(panel->filter()->rowCount(), 1);
        const QModelIndex row = panel->filter()->index(0, LogTemplateTableModel::Template);
        const QString id = row.data(LogTemplateTableModel::IdRole).toString();
        QCOMPARE(id.size(), 8);
        QTableView *view = panel->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
        QCOMPARE(page.logFilter()->templateId(), id);
        QVERIFY(page.templateChip()->isVisible());
        QVERIFY(page.logFilter()->rowCount() >= 1);
        QVERIFY(page.logFilter()->rowCount() < page.logModel()->rowCount());
        for (int r = 0; r < page.logFilter()->rowCount(); ++r)
            QVERIFY(page.logFilter()->data(page.logFilter()->index(r, LogTableModel::Text)).toString().contains("Xid"));
        page.templateChip()->click(); // drops the template filter
        QVERIFY(page.logFilter()->templateId().isEmpty());
        QVERIFY(!page.templateChip()->isVisible());
        QCOMPARE(page.logFilter()->rowCount(), page.logModel()->rowCount());
    }

    void theActionTakenForAnOverheatingGpuShowsInTheList()
    {
        // One node with thermal protection on and a rule for hot GPUs, a job heating all GPUs,
        // then the simulator's overheat fault on GPU 3: the protection power-caps it and the
        // anomaly's row says so, updated in place through the event stream.
        LocalEngine::Options options;
        options.engine.spec = sim::defaultSimulatedSpec(1);
        options.engine.spec.simulation.jobArrivalsPerHour = 0;
        AnomalySpec anomaly;
        anomaly.rules.push_back({"gpu_too_hot", "DCGM_FI_DEV_GPU_TEMP > 85 for 10s clear 82 severity error"});
        anomaly.thermalProtection.enabled = true;
        anomaly.thermalProtection.limitC = 85;
        anomaly.thermalProtection.clearC = 80;
        options.engine.spec.anomaly = anomaly;
        options.engine.virtualTime = true;
        LocalEngine engine(std::move(options));
        pb::JobSpec job;
        job.set_name("burn");
        job.set_user("tester");
        job.set_queue("research");
        job.set_priority_class("modelTraining");
        job.set_gpus_min(8);
        job.set_gpus_max(8);
        job.set_estimated_runtime_s(4 * 3600);
        job.set_kind(pb::WORKLOAD_KIND_TRAINING);
        QVERIFY(waitFor(engine.submitJob(job)).ok());
        QVERIFY(waitFor(engine.advanceTime(120000)).ok()); // warm under load
        LogsPage page(engine);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.eventModel()->headerData(EventTableModel::Action, Qt::Horizontal).toString(),
                 QStringLiteral("Action taken"));

        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_GPU_OVERHEAT);
        fault.set_node(waitFor(engine.getCluster())->nodes(0).name());
        fault.set_gpu(3);
        fault.set_duration_ms(6 * 60 * 1000);
        QVERIFY(waitFor(engine.injectFault(fault)).ok());
        const auto actionRow = [&page] {
            EventTableModel *m = page.eventModel();
            for (int r = 0; r < m->rowCount(); ++r)
                if (!m->event(r).kind().starts_with("action.") &&
                    m->index(r, EventTableModel::Action).data().toString().contains(QStringLiteral("power-capped")))
                    return r;
            return -1;
        };
        for (int s = 0; s < 180 && actionRow() < 0; ++s) {
            QVERIFY(waitFor(engine.advanceTime(1000)).ok());
            QCoreApplication::processEvents();
        }
        QTRY_VERIFY(actionRow() >= 0);
        const int row = actionRow();
        const pb::Event &e = page.eventModel()->event(row);
        QCOMPARE(e.gpu(), 3);
        const QString action = page.eventModel()->index(row, EventTableModel::Action).data().toString();
        QVERIFY2(action.startsWith(QStringLiteral("thermal-protection power-capped GPU 3 to ")), qPrintable(action));
        QCOMPARE(page.eventModel()->index(row, EventTableModel::Action).data(Qt::ToolTipRole).toString(), action);
        page.eventView()->selectRow(page.eventFilter()->mapFromSource(page.eventModel()->index(row, 0)).row());
        QVERIFY2(page.eventDetails()->text().contains(QStringLiteral("action taken: thermal-protection power-capped")),
                 qPrintable(page.eventDetails()->text()));
        // The action's own event is in the list too.
        QVERIFY(page.eventModel()->rowOf(e.action_event_id()) >= 0);
        QCOMPARE(page.eventModel()->event(page.eventModel()->rowOf(e.action_event_id())).kind(),
                 std::string("action.power_cap"));
    }

    void anAnomalyShowsItsContextAndIsResolvedThroughTheEngine()
    {
        auto engine = virtualEngine();
        QVERIFY(waitFor(engine->advanceTime(200000)).ok()); // lines long before the fault
        QVERIFY(waitFor(engine->injectFault(xid79("node01", 5))).ok());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        LogsPage page(*engine);
        page.show();
        QTRY_VERIFY(page.eventFilter()->rowCount() >= 1);
        QTRY_VERIFY(page.logModel()->rowCount() > 0);
        int row = -1;
        for (int r = 0; r < page.eventFilter()->rowCount(); ++r)
            if (page.eventFilter()->index(r, EventTableModel::Kind).data().toString() == QStringLiteral("gpu.xid"))
                row = r;
        QVERIFY(row >= 0);
        const pb::Event xid =
            page.eventModel()->event(page.eventFilter()->mapToSource(page.eventFilter()->index(row, 0)).row());
        QVERIFY(!page.resolveButton()->isEnabled());
        QVERIFY(!page.chartButton()->isEnabled());
        page.eventView()->selectRow(row);
        QVERIFY(page.resolveButton()->isEnabled());
        QVERIFY(page.chartButton()->isEnabled());
        QVERIFY(!page.eventDetails()->text().isEmpty());
        // The related lines: its node and GPU, within two minutes of it.
        QVERIFY(page.windowChip()->isVisible());
        QVERIFY(page.logFilter()->rowCount() >= 1);
        for (int r = 0; r < page.logFilter()->rowCount(); ++r) {
            const qint64 t = page.logFilter()->index(r, 0).data(LogTableModel::TimeMsRole).toLongLong();
            QVERIFY(t >= xid.time_ms() - LogsPage::kContextMs && t <= xid.time_ms() + LogsPage::kContextMs);
            QCOMPARE(page.logFilter()->index(r, 0).data(LogTableModel::GpuRole).toInt(), 5);
        }
        // And its GPU's chart around that time, beside the details, with the anomaly marked:
        // an Xid is charted with utilization, the simulator's samples fill the window.
        SparkChart *inline_ = page.eventChart();
        QVERIFY(inline_->isVisible());
        QVERIFY2(inline_->title().contains(QStringLiteral("node01 GPU 5")), qPrintable(inline_->title()));
        QTRY_VERIFY(inline_->pointCount() > 0);
        for (const QPointF &p : inline_->points())
            QVERIFY(p.x() >= xid.time_ms() - LogsPage::kContextMs && p.x() <= xid.time_ms() + LogsPage::kContextMs);
        QCOMPARE(inline_->markers().size(), 1);
        QCOMPARE(inline_->markers().first().timeMs, xid.time_ms());
        page.windowChip()->click();
        QVERIFY(!page.windowChip()->isVisible());

        QSignalSpy chart(&page, &LogsPage::showGpuCharts);
        page.chartButton()->click();
        QCOMPARE(chart.count(), 1);
        QCOMPARE(chart.at(0).at(0).toString(), QStringLiteral("node01"));
        QCOMPARE(chart.at(0).at(1).toInt(), 5);
        QVERIFY(chart.at(0).at(2).toLongLong() <= xid.time_ms() - LogsPage::kContextMs);
        QVERIFY(chart.at(0).at(3).toLongLong() >= xid.time_ms() + LogsPage::kContextMs);

        page.resolveButton()->click();
        QTRY_VERIFY(page.eventModel()->event(page.eventModel()->rowOf(xid.id())).resolved());
        QVERIFY(!page.resolveButton()->isEnabled());
        QVERIFY(page.eventModel()
                    ->data(page.eventModel()->index(page.eventModel()->rowOf(xid.id()), EventTableModel::State))
                    .toString()
                    .startsWith(QStringLiteral("resolved by")));
        const auto events = waitFor(engine->listEvents({}));
        QVERIFY(events.ok());
        bool found = false;
        for (const pb::Event &e : events->events())
            if (e.id() == xid.id()) {
                found = true;
                QVERIFY(e.resolved());
                QVERIFY(e.acknowledged());
            }
        QVERIFY(found);
    }
};

QTEST_MAIN(TestLogsPage)
#include "tst_logs_page.moc"
