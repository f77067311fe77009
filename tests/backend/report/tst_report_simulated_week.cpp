// A report of a simulated week (virtual time, seeded) of the demo super node under a Chinese
// name, through a real embedded engine: every format is written, read back with the tools a
// reader has (poppler, an XML parser, a CSV reader), and the CSV's totals are checked against
// what the engine itself answers, computed here from its raw samples and its job list.
#include "backend/engine/engine_config.h"
#include "backend/report/csv_writer.h"
#include "backend/report/html_writer.h"
#include "backend/report/pdf_writer.h"
#include "backend/report/report_builder.h"
#include "backend/report/report_gatherer.h"
#include "backend/report/report_simulation.h"
#include "tests/backend/report/csv_reader.h"
#include "tests/backend/report/pdf_tools.h"
#include "translations/translation_loader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <map>

using namespace sn;
using namespace sn::report;

namespace {

constexpr std::int64_t kWeekMs = 7LL * 24 * 3600 * 1000;
constexpr std::int64_t kSampleMs = 5 * 60 * 1000;
const std::string kCluster = "华东超节点";
const std::string kUser = "李雷";

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

double csvNumber(const sn::test::CsvDocument &doc, const QString &key, const QString &column)
{
    bool ok = false;
    const double v = sn::test::csvValue(doc, key, column).value_or("").toDouble(&ok);
    return ok ? v : -1;
}

} // namespace

class TestReportSimulatedWeek : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        auto spec = engineClusterSpec("");
        QVERIFY(spec);
        spec->name = kCluster;
        spec->simulation.seed = 11;
        m_start = kVirtualEpochMs;
        m_end = m_start + kWeekMs;
        // One sample per 5-minute window (the report's step for a week) and a 1-minute physics
        // step keep the week to minutes in a debug build; supernodectl samples every minute.
        m_engine = std::make_unique<LocalEngine>(simulationOptions(*spec, m_start, kSampleMs, 60000));
        pb::JobSpec job;
        job.set_name("训练-llama");
        job.set_user(kUser);
        job.set_queue("research");
        job.set_gpus_min(4);
        job.set_gpus_max(4);
        job.set_estimated_runtime_s(6 * 3600);
        QVERIFY(waitFor(m_engine->submitJob(job)));
        QVERIFY(simulateUntil(*m_engine, m_start, m_end));
        GatherOptions options;
        options.startMs = m_start;
        options.endMs = m_end;
        auto snapshot = gatherSnapshot(*m_engine, options);
        QVERIFY2(snapshot, snapshot ? "" : snapshot.error().message.c_str());
        auto data = buildReport(*snapshot);
        QVERIFY2(data, data ? "" : data.error().message.c_str());
        m_data = std::move(*data);
        m_snapshot = std::move(*snapshot);
        QVERIFY(m_dir.isValid());
    }

    void pdfHasTheKpisSectionsAndChineseText()
    {
        const QString pdf = m_dir.filePath("week.pdf");
        QVERIFY(writePdf(m_data, pdf));
        const QString text = sn::test::pdfText(pdf);
        QVERIFY2(text.contains(QString::fromStdString(kCluster)), qPrintable(text.left(400)));
        QVERIFY(text.contains(QString::fromStdString(kUser)));
        QVERIFY(text.contains("2026-01-01 00:00 UTC to 2026-01-08 00:00 UTC"));
        for (const Section &s : m_data.sections)
            QVERIFY2(text.contains(QString::fromStdString(s.title)), s.title.c_str());
        for (const char *kpi : {"GPU-hours available", "GPU-hours allocated", "GPU-hours used", "Mean utilization",
                                "P95 utilization", "Allocation rate", "Jobs submitted", "Jobs completed", "Jobs failed",
                                "Mean wait", "P95 wait", "Mean completion time"})
            QVERIFY2(text.contains(kpi), kpi);
        // 16 GPUs x 168 h, as the cover's KPI table prints it.
        QVERIFY(text.contains("2688.0"));
        const int pages = sn::test::pdfPages(pdf);
        QVERIFY2(pages >= 4, qPrintable(QString::number(pages)));
        for (int page : {1, 2, pages}) {
            const double ink = sn::test::pdfInkShare(pdf, page, m_dir.path());
            QVERIFY2(ink > 0.002, qPrintable(QStringLiteral("page %1: ink %2").arg(page).arg(ink)));
        }
    }

    void pdfInChineseHasChineseTitlesKpisAndDates()
    {
        // The same week built while the zh_CN translation is installed, as supernodectl report
        // --lang zh_CN and the console in a Chinese locale do.
        auto locale = installTranslations(QStringLiteral("zh_CN"));
        QVERIFY2(locale, locale ? "" : locale.error().message.c_str());
        auto data = buildReport(m_snapshot);
        const QString pdf = m_dir.filePath("week-zh.pdf");
        const Status written = data ? writePdf(*data, pdf) : Status(data.error());
        QVERIFY(installTranslations(QStringLiteral("en"))); // the other tests read English
        QVERIFY2(written, written ? "" : written.error().message.c_str());
        // pdftotext drops the narrow spaces between CJK and digits ("第 1 页" reads "第1页"), so
        // the Chinese words are compared without white space.
        const QString text = sn::test::pdfText(pdf);
        QString packed = text;
        packed.remove(QRegularExpression(QStringLiteral("\\s")));
        // Copying or searching the PDF must give the ideographs, not the look-alike Kangxi
        // radicals a CJK font may share glyphs with (pdf_writer.cpp, reportFont).
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("[\\x{2E80}-\\x{2FDF}]"))),
                 "radicals in the extracted text");
        for (const char *words : {"集群报告",
                                  "概要",
                                  "关键指标",
                                  "按队列、用户和优先级类别的利用率",
                                  "节点：利用率、温度和功耗",
                                  "温度与功耗事件、功率上限操作",
                                  "异常及其处理",
                                  "日志模板与故障特征",
                                  "拓扑快照与链路健康",
                                  "建议",
                                  "可用 GPU 小时",
                                  "已分配 GPU 小时",
                                  "已使用 GPU 小时",
                                  "平均利用率",
                                  "P95 利用率",
                                  "分配率",
                                  "提交的作业",
                                  "完成的作业",
                                  "平均等待时间",
                                  "GPU 能耗",
                                  "模拟集群",
                                  "第 1 页"})
            QVERIFY2(packed.contains(QString::fromUtf8(words).remove(QLatin1Char(' '))), words);
        QVERIFY2(!text.contains("GPU-hours available") && !text.contains("Recommendations"),
                 qPrintable(text.left(800)));
        // Dates in the Chinese pattern, numbers as the zh_CN locale writes them (no grouping).
        QVERIFY2(text.contains(QString::fromUtf8("2026年1月1日 00:00 UTC 至 2026年1月8日 00:00 UTC")),
                 qPrintable(text.left(800)));
        QVERIFY(text.contains("2688.0"));
        QVERIFY(text.contains(QString::fromStdString(kCluster)));
    }

    void htmlParsesAndHasTheCharts()
    {
        const QString html = m_dir.filePath("week.html");
        QVERIFY(writeHtml(m_data, html));
        QXmlStreamReader xml(readAll(html));
        int svgs = 0, polylines = 0, longest = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            svgs += xml.name() == u"svg";
            if (xml.name() == u"polyline") {
                ++polylines;
                longest = std::max<int>(longest, int(xml.attributes().value("points").split(u' ').size()));
            }
        }
        QVERIFY2(!xml.hasError(),
                 qPrintable(QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString())));
        QCOMPARE(svgs, 3);
        QCOMPARE(polylines, 3 * 2);                                     // two nodes
        QVERIFY2(longest > 1000, qPrintable(QString::number(longest))); // a week of 5-minute windows
        QVERIFY(readAll(html).contains(QByteArray::fromStdString(kUser)));
    }

    void csvTotalsMatchTheEnginesOwnAnswers()
    {
        const QString dir = m_dir.filePath("csv");
        auto files = writeCsvFolder(m_data, dir);
        QVERIFY(files);
        std::map<QString, sn::test::CsvDocument> csv;
        for (const QString &file : *files) {
            auto doc = sn::test::readCsv(readAll(file));
            QVERIFY2(doc.error.isEmpty(), qPrintable(file + ": " + doc.error));
            csv[QFileInfo(file).completeBaseName()] = std::move(doc);
        }
        const auto &kpis = csv["kpis"];

        // Jobs: the engine's own job list, counted here.
        auto jobs = waitFor(m_engine->listJobs({}));
        QVERIFY(jobs);
        int submitted = 0, completed = 0, failed = 0, overlapping = 0;
        double allocated = 0;
        for (const pb::Job &j : jobs->jobs()) {
            const bool inRange = j.submit_time_ms() >= m_start && j.submit_time_ms() < m_end;
            submitted += inRange;
            // Ended within the range: the simulator backdates the jobs it boots with, so one may
            // have ended before the range began.
            const bool ended = j.end_time_ms() > 0 && j.end_time_ms() >= m_start && j.end_time_ms() < m_end;
            completed += ended && j.state() == pb::JOB_STATE_COMPLETED;
            failed += ended && j.state() == pb::JOB_STATE_FAILED;
            const bool ranInRange = j.start_time_ms() > 0 && j.start_time_ms() < m_end &&
                                    (j.end_time_ms() == 0 || j.end_time_ms() > m_start);
            overlapping += inRange || ranInRange;
            if (j.start_time_ms() > 0) {
                const double share =
                    j.spec().gpu_milli() > 0 && j.spec().gpu_milli() < 1000 ? j.spec().gpu_milli() / 1000.0 : 1;
                const std::int64_t end = j.end_time_ms() > 0 ? std::min(j.end_time_ms(), m_end) : m_end;
                allocated += j.gpus_size() * share * double(end - std::max(j.start_time_ms(), m_start)) / 3.6e6;
            }
        }
        QVERIFY(submitted > 100);
        QCOMPARE(csvNumber(kpis, "Jobs submitted", "Value"), double(submitted));
        QCOMPARE(csvNumber(kpis, "Jobs completed", "Value"), double(completed));
        QCOMPARE(csvNumber(kpis, "Jobs failed", "Value"), double(failed));
        QCOMPARE(int(csv["jobs"].rows.size()) - 1, overlapping);
        // GPU-hours allocated: each GPU sample that carries a job label is an allocated sample
        // interval (this counts the runs before a preemption or requeue too, which a job's
        // final start time alone would miss, so it is at least the placement x time above).
        pb::QueryRangeRequest labelled;
        labelled.set_metric(kUtilMetric);
        labelled.set_start_ms(m_start);
        labelled.set_end_ms(m_end - 1);
        auto samples = waitFor(m_engine->queryRange(labelled));
        QVERIFY(samples);
        double sampledAllocation = 0;
        for (const pb::Series &series : samples->series())
            if (series.labels().count("job") && !series.labels().at("job").empty())
                sampledAllocation += double(series.points_size()) * double(kSampleMs) / 3.6e6;
        const double reportedAllocation = csvNumber(kpis, "GPU-hours allocated", "Value");
        QVERIFY2(qAbs(reportedAllocation - sampledAllocation) < 0.005 * sampledAllocation,
                 qPrintable(QStringLiteral("report %1, job-labelled samples %2")
                                .arg(reportedAllocation, 0, 'f', 3)
                                .arg(sampledAllocation, 0, 'f', 3)));
        QVERIFY2(allocated <= reportedAllocation * 1.005,
                 qPrintable(QStringLiteral("placement x time %1 > report %2").arg(allocated).arg(reportedAllocation)));
        allocated = reportedAllocation; // the queue table adds up to the report's own total
        double byQueue = 0, byState = 0;
        for (std::size_t r = 1; r < csv["utilization_by_queue"].rows.size(); ++r)
            byQueue += csv["utilization_by_queue"].rows[r][2].toDouble();
        for (std::size_t r = 1; r < csv["job_states"].rows.size(); ++r)
            byState += csv["job_states"].rows[r][1].toDouble();
        QVERIFY(qAbs(byQueue - allocated) < 1e-6 * allocated);
        QCOMPARE(byState, double(overlapping));
        QVERIFY(sn::test::csvValue(csv["utilization_by_user"], QString::fromStdString(kUser), "Jobs").has_value());

        // GPU-hours used and energy: the engine's raw samples, integrated here (each sample
        // stands for the sample interval up to the next one).
        const auto integrate = [&](const char *metric) {
            pb::QueryRangeRequest q;
            q.set_metric(metric);
            q.set_start_ms(m_start);
            q.set_end_ms(m_end - 1);
            auto raw = waitFor(m_engine->queryRange(q));
            if (!raw)
                return -1.0;
            double total = 0;
            for (const pb::Series &s : raw->series())
                for (const pb::Point &p : s.points())
                    total += p.value() * double(kSampleMs) / 3.6e6;
            return total;
        };
        const double used = integrate(kUtilMetric) / 100, energy = integrate(kPowerMetric) / 1000;
        QVERIFY(used > 100);
        const double reportedUsed = csvNumber(kpis, "GPU-hours used", "Value");
        QVERIFY2(qAbs(reportedUsed - used) < 0.005 * used,
                 qPrintable(QStringLiteral("%1 vs %2").arg(reportedUsed).arg(used)));
        QVERIFY(qAbs(csvNumber(kpis, "GPU energy", "Value") - energy) < 0.005 * energy);
        double gpuEnergy = 0;
        for (std::size_t r = 1; r < csv["gpu_utilization"].rows.size(); ++r)
            gpuEnergy += csv["gpu_utilization"].rows[r].back().toDouble();
        QCOMPARE(int(csv["gpu_utilization"].rows.size()) - 1, 16);
        QVERIFY(qAbs(gpuEnergy - energy) < 0.005 * energy);
    }

private:
    std::int64_t m_start = 0, m_end = 0;
    std::unique_ptr<LocalEngine> m_engine;
    rpb::ReportSnapshot m_snapshot;
    ReportData m_data;
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestReportSimulatedWeek)
#include "tst_report_simulated_week.moc"
