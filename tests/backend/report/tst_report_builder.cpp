// The report computed from a snapshot whose numbers are worked out on paper (report_fixture.h):
// KPIs per scope, the GPU series merged across job labels, the grouped utilization, and the
// recommendations with the numbers behind them.
#include "backend/logs/signature_library.h"
#include "backend/report/report_builder.h"
#include "tests/backend/report/report_fixture.h"
#include "tests/support/in_language.h"

#include <QTest>

using namespace sn::report;
using sn::test::paperSnapshot;

namespace {

const Cell *cellOf(const Table &t, const std::string &rowKey, const std::string &column)
{
    const auto col = std::find(t.columns.begin(), t.columns.end(), column);
    if (col == t.columns.end())
        return nullptr;
    for (const auto &row : t.rows)
        if (!row.empty() && cellText(row[0]) == rowKey)
            return &row[std::size_t(col - t.columns.begin())];
    return nullptr;
}

double numberOf(const Table *t, const std::string &rowKey, const std::string &column)
{
    const Cell *c = t ? cellOf(*t, rowKey, column) : nullptr;
    return c && c->number ? *c->number : -1;
}

bool hasRecommendation(const ReportData &data, const std::string &kind, const std::string &subject,
                       const std::string &evidence)
{
    for (const auto &row : data.table("recommendations")->rows)
        if (row[0].text == kind && row[1].text == subject && row[3].text.find(evidence) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestReportBuilder : public QObject {
    Q_OBJECT
private slots:
    void kpisPerScope_data()
    {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<bool>("jobLabels");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("available");
        QTest::addColumn<double>("allocated");
        QTest::addColumn<double>("used");
        QTest::addColumn<int>("submitted");
        for (bool labels : {true, false}) {
            const char *how = labels ? "job labels" : "placements";
            // Cluster: 4 GPUs x 4 h; A 2.5 + B 2 x 3 + D 0.1 allocated; used 2.5 + 0.4 + 1.6 + 0.
            QTest::addRow("cluster, %s", how) << "cluster" << labels << 4 << 16.0 << 8.6 << 4.5 << 4;
            // Node n2: B's GPU there (3 h) and D; used 1.6 + 0.
            QTest::addRow("node, %s", how) << "node:n2" << labels << 2 << 8.0 << 3.1 << 1.6 << 2;
            // Queue prod: B and C; B's GPUs while it held them: 0.1 x 3 + 0.4 x 3.
            QTest::addRow("queue, %s", how) << "queue:prod" << labels << 2 << 8.0 << 6.0 << 1.5 << 2;
            // Job A: 100 % for 2.5 h. With labels its 30 samples of hour 2 are its own; from its
            // placement it gets half of the merged hour-2 window (50 %).
            QTest::addRow("job, %s", how) << "job:A" << labels << 1 << 4.0 << 2.5 << (labels ? 2.5 : 2.25) << 1;
        }
    }

    void kpisPerScope()
    {
        QFETCH(QString, scope);
        QFETCH(bool, jobLabels);
        QFETCH(int, gpus);
        QFETCH(double, available);
        QFETCH(double, allocated);
        QFETCH(double, used);
        QFETCH(int, submitted);
        auto data = buildReport(paperSnapshot(scope.toStdString(), jobLabels));
        QVERIFY2(data, data ? "" : data.error().message.c_str());
        const Kpis &k = data->kpis;
        QCOMPARE(k.gpus, gpus);
        QCOMPARE(k.gpuHoursAvailable, available);
        QVERIFY2(qAbs(k.gpuHoursAllocated - allocated) < 1e-9, qPrintable(QString::number(k.gpuHoursAllocated)));
        QVERIFY2(qAbs(k.gpuHoursUsed - used) < 1e-9, qPrintable(QString::number(k.gpuHoursUsed)));
        QVERIFY(qAbs(k.allocationRate - allocated / available) < 1e-9);
        QCOMPARE(k.jobsSubmitted, submitted);
        // The KPI table carries the same numbers.
        QVERIFY(qAbs(numberOf(data->table("kpis"), "GPU-hours used", "Value") - used) < 1e-9);
    }

    void clusterKpisWorkedOutOnPaper()
    {
        auto data = buildReport(paperSnapshot());
        QVERIFY(data);
        const Kpis &k = data->kpis;
        QCOMPARE(k.nodes, 2);
        QCOMPARE(k.utilMeanPercent, 100 * 4.5 / 16);
        // Window means 0 x5, 10 x4, 40 x4, 50, 100, 100: rank 0.95 x 15 = 14.25 lies on 100.
        QCOMPARE(k.utilP95Percent, 100.0);
        QCOMPARE(k.jobsCompleted, 1);
        QCOMPARE(k.jobsFailed, 1);
        QCOMPARE(k.jobsCancelled, 0);
        QCOMPARE(k.waitMeanS, 900.0);        // A 0 s, B 1800 s, D 900 s
        QCOMPARE(k.waitP95S, 1710.0);        // 900 + 0.9 x 900
        QCOMPARE(k.completionMeanS, 9000.0); // A: submitted at 0, done at 2.5 h
        QVERIFY(qAbs(k.energyKwh - 4.0) < 1e-9);
        QCOMPARE(data->clusterName, std::string("华东超节点"));
        QVERIFY(data->simulated);
    }

    void mergesAGpusSeriesAcrossJobLabels()
    {
        auto data = buildReport(paperSnapshot());
        QVERIFY(data);
        const Table *gpus = data->table("gpu_utilization");
        QVERIFY(gpus);
        QCOMPARE(gpus->rows.size(), std::size_t(4)); // one row per GPU, not per series
        // n1/0: 100, 100, 50 (30 samples of 100 and 30 of 0), 0.
        QCOMPARE(*gpus->rows[0][2].number, 62.5);
        // n2/0's temperature: hour 3 merges 60 samples of 50 and one of 90.
        QCOMPARE(*gpus->rows[2][5].number, 90.0);
        const Table *nodes = data->table("node_utilization");
        QCOMPARE(numberOf(nodes, "n1", "Mean utilization %"), (62.5 + 10) / 2);
        QCOMPARE(numberOf(nodes, "n2", "Energy kWh"), 2.0);
        // The node chart: one series per node, one point per window.
        const Section *section = data->section("nodes");
        QCOMPARE(section->charts.size(), std::size_t(3));
        QCOMPARE(section->charts[0].series.size(), std::size_t(2));
        QCOMPARE(section->charts[0].series[0].points.size(), std::size_t(4));
        QCOMPARE(section->charts[0].series[0].points[2].second, (50.0 + 10.0) / 2);
    }

    void groupsUtilizationByQueueUserAndClass()
    {
        auto data = buildReport(paperSnapshot());
        QVERIFY(data);
        const Table *queues = data->table("utilization_by_queue");
        QCOMPARE(queues->rows[0][0].text, std::string("prod")); // most allocated first
        QCOMPARE(numberOf(queues, "prod", "GPU-hours allocated"), 6.0);
        QVERIFY(qAbs(numberOf(queues, "prod", "GPU-hours used") - 1.5) < 1e-9);
        QVERIFY(qAbs(numberOf(queues, "research", "GPU-hours allocated") - 2.6) < 1e-9);
        QVERIFY(qAbs(numberOf(queues, "research", "GPU-hours used") - 2.5) < 1e-9);
        QCOMPARE(numberOf(data->table("utilization_by_user"), "张伟", "GPU-hours allocated"), 2.5);
        QCOMPARE(numberOf(data->table("utilization_by_priority_class"), "normal", "Jobs"), 2.0);
        const Table *states = data->table("job_states");
        QCOMPARE(numberOf(states, "PENDING", "Jobs"), 1.0);
        QCOMPARE(numberOf(states, "RUNNING", "Jobs"), 1.0);
        QCOMPARE(data->table("jobs")->rows.size(), std::size_t(4));
    }

    void countsARunBeforeAPreemptionFromTheJobLabel()
    {
        // D was preempted after its run on n2/1 and waits again: its start time is gone, its
        // samples are not.
        auto snapshot = paperSnapshot();
        for (auto &job : *snapshot.mutable_jobs())
            if (job.id() == "D") {
                job.set_state(supernode::v1::JOB_STATE_PENDING);
                job.set_start_time_ms(0);
                job.set_end_time_ms(0);
                job.clear_gpus();
                job.set_preemptions(1);
            }
        auto data = buildReport(snapshot);
        QVERIFY(data);
        QVERIFY(qAbs(data->kpis.gpuHoursAllocated - 8.6) < 1e-9);
        QVERIFY(qAbs(numberOf(data->table("utilization_by_user"), "carol", "GPU-hours allocated") - 0.1) < 1e-9);
    }

    void listsEventsAndTheirResolution()
    {
        auto data = buildReport(paperSnapshot());
        QVERIFY(data);
        QCOMPARE(data->table("thermal_power_events")->rows.size(), std::size_t(2));
        const Table *anomalies = data->table("anomalies");
        QCOMPARE(anomalies->rows.size(), std::size_t(3));
        QCOMPARE(anomalies->rows[1].back().text, std::string("acknowledged"));
        QCOMPARE(data->section("anomalies")->paragraphs[0], std::string("3 warnings or worse, 2 not acknowledged."));
        QCOMPARE(numberOf(data->table("failure_signatures"), "xid", "Lines"), 12.0);
    }

    // Events and failure signatures in the reader's language: the engine's English messages as the
    // console shows them, each signature with its title.
    void eventsAndSignaturesInTheReadersLanguage()
    {
        auto snapshot = paperSnapshot();
        const sn::logs::Signature &xid79 = *sn::logs::SignatureLibrary::builtIn().find("nvrm.xid.79");
        snapshot.mutable_events(0)->set_message(sn::logs::signatureEventMessage(xid79, "n2", 1));
        snapshot.mutable_templates(0)->set_signature(xid79.id);
        const auto english = buildReport(snapshot);
        QVERIFY(english);
        QCOMPARE(english->table("anomalies")->rows[0][5].text, snapshot.events(0).message());
        const Table *signatures = english->table("failure_signatures");
        QCOMPARE(signatures->rows[0][1].text, xid79.title);
        const QString zh = sn::test::inChinese([&] {
            const auto data = buildReport(snapshot);
            return data ? QString::fromStdString(data->table("anomalies")->rows[0][5].text + "\n" +
                                                 data->table("failure_signatures")->rows[0][1].text)
                        : QString();
        });
        QCOMPARE(zh,
                 QString::fromUtf8(
                     "GPU 已从总线上掉线（Xid 79）（n2 GPU 1）：GPU 在 PCIe 上不再应答：其上的所有作业均已失败，"
                     "重启之前它不可见。排空该节点，检查供电、散热和 PCIe 插接，然后重启；若 GPU 再次掉线，更换它。\n"
                     "GPU 已从总线上掉线（Xid 79）"));
    }

    void recommendsFromTheData()
    {
        auto data = buildReport(paperSnapshot());
        QVERIFY(data);
        QVERIFY(hasRecommendation(*data, "under-used GPU", "n1/gpu1", "mean utilization 10.0%"));
        QVERIFY(hasRecommendation(*data, "under-used GPU", "n2/gpu1", "mean utilization 0.0%"));
        QVERIFY(hasRecommendation(*data, "thermal hot spot", "n2/gpu0", "max temperature 90.0 °C"));
        QVERIFY(hasRecommendation(*data, "communication-bound job", "B (job-B)",
                                  "2 nodes, 2 GPUs, mean utilization while running 25.0%"));
        QVERIFY(hasRecommendation(*data, "queue at quota", "prod", "1 jobs pending for quota"));
        QVERIFY(hasRecommendation(*data, "repeated hardware errors", "n2/gpu1", "2 error events (gpu.xid)"));
        QCOMPARE(data->table("recommendations")->rows.size(), std::size_t(6));
    }

    void recommendsNothingForAHealthyBusyCluster()
    {
        auto snapshot = paperSnapshot("node:n1");
        // Node n1 alone: n1/1 is under-used, nothing else; make it busy.
        for (auto &series : *snapshot.mutable_series())
            if (series.labels().at("Hostname") == "n1" && series.metric() == "DCGM_FI_DEV_GPU_UTIL")
                for (auto &w : *series.mutable_windows())
                    w.set_sum(90.0 * double(w.count()));
        auto data = buildReport(snapshot);
        QVERIFY(data);
        // B still spans two nodes, but on n1 its GPU is busy now: 90 % is not communication-bound.
        QCOMPARE(data->table("recommendations")->rows.size(), std::size_t(0));
        QVERIFY(data->section("recommendations")->paragraphs.back().starts_with("Nothing to recommend"));
    }

    void refusesWhatItCannotRead_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("version") << "version"
                                 << "snapshot format version 2 is not one this build reads";
        QTest::newRow("empty range") << "range"
                                     << "snapshot range is empty";
        QTest::newRow("scope") << "scope"
                               << "scope 'rack:7': expected cluster, node:NAME, queue:NAME or job:ID";
        QTest::newRow("scope without name") << "noname"
                                            << "scope 'node:'";
    }

    void refusesWhatItCannotRead()
    {
        QFETCH(QString, damage);
        QFETCH(QString, expected);
        auto s = paperSnapshot();
        if (damage == "version")
            s.set_format_version(2);
        if (damage == "range")
            s.set_end_ms(s.start_ms());
        if (damage == "scope")
            s.set_scope("rack:7");
        if (damage == "noname")
            s.set_scope("node:");
        auto data = buildReport(s);
        QVERIFY(!data);
        QVERIFY2(QString::fromStdString(data.error().message).contains(expected), data.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_report_builder.moc"
