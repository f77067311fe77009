// The Reports page on a LocalEngine in virtual time: the range follows the engine's clock, the
// scopes its nodes, an export runs in the background with progress and writes the chosen
// sections, the preview shows the report, and Cancel stops an export without leaving a file.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/reports_page.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace sn;

namespace {

std::unique_ptr<LocalEngine> virtualEngine()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.spec.name = "华东超节点";
    options.engine.virtualTime = true;
    options.engine.sim.sampleIntervalMs = 60000;
    options.engine.sim.physicsStepMs = 10000;
    auto engine = std::make_unique<LocalEngine>(std::move(options));
    if (!waitFor(engine->advanceTime(2 * 3600 * 1000)))
        qFatal("the engine did not advance");
    return engine;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestReportsPage : public QObject {
    Q_OBJECT
private slots:
    void rangeAndScopesComeFromTheEngine()
    {
        auto engine = virtualEngine();
        ReportsPage page(*engine);
        page.show();
        const std::int64_t now = waitFor(engine->getSummary())->time_ms() / 60000 * 60000;
        QTRY_COMPARE(page.toMs(), now);
        QCOMPARE(page.fromMs(), now - 24LL * 3600 * 1000);
        QTRY_VERIFY(page.scopeBox()->findData(QStringLiteral("node:node02")) >= 0);
        QCOMPARE(page.scope(), QStringLiteral("cluster"));
    }

    void exportsTheChosenSectionsInTheBackground()
    {
        auto engine = virtualEngine();
        ReportsPage page(*engine);
        page.show();
        const std::int64_t now = waitFor(engine->getSummary())->time_ms() / 60000 * 60000;
        QTRY_COMPARE(page.toMs(), now);
        page.setRange(now - 2 * 3600 * 1000, now);
        page.setSectionEnabled(QStringLiteral("jobs"), false);
        QTemporaryDir dir;
        const QString path = dir.filePath("report.html");
        QSignalSpy finished(&page, &ReportsPage::exportFinished);
        QVERIFY(page.exportTo(QStringLiteral("html"), path));
        QVERIFY(page.cancelButton()->isEnabled());
        QVERIFY(!page.exportTo(QStringLiteral("html"), path)); // one at a time
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QVERIFY2(finished[0][0].toBool(), qPrintable(finished[0][1].toString()));
        QCOMPARE(page.progressBar()->value(), 100);
        QVERIFY(!page.cancelButton()->isEnabled());
        const QByteArray html = readAll(path);
        QVERIFY(html.contains("华东超节点"));
        QVERIFY(html.contains("<section id=\"kpis\""));
        QVERIFY(html.contains("<svg"));
        QVERIFY(!html.contains("<section id=\"jobs\""));
        QVERIFY(page.previewView()->toPlainText().contains("GPU-hours available"));
        QVERIFY(page.statusLabel()->text().contains(path));
    }

    void cancelStopsAnExportAndLeavesNoFile()
    {
        auto engine = virtualEngine();
        ReportsPage page(*engine);
        page.show();
        const std::int64_t now = waitFor(engine->getSummary())->time_ms() / 60000 * 60000;
        QTRY_COMPARE(page.toMs(), now);
        QTemporaryDir dir;
        const QString path = dir.filePath("report.pdf");
        QSignalSpy finished(&page, &ReportsPage::exportFinished);
        QVERIFY(page.exportTo(QStringLiteral("pdf"), path));
        page.cancel(); // before the worker has read the first series
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(finished[0][0].toBool(), false);
        QCOMPARE(finished[0][1].toString(), QStringLiteral("cancelled"));
        QVERIFY(!QFile::exists(path));
        QVERIFY(!QFile::exists(path + ".part"));
        QVERIFY(page.statusLabel()->text().contains("cancelled"));
        // And the page exports again afterwards.
        QVERIFY(page.exportTo(QStringLiteral("pdf"), path));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
        QVERIFY2(finished[1][0].toBool(), qPrintable(finished[1][1].toString()));
        QVERIFY(readAll(path).startsWith("%PDF"));
    }

    void refusesAnExportWithNoSection()
    {
        auto engine = virtualEngine();
        ReportsPage page(*engine);
        for (const char *key : {"kpis", "utilization", "nodes", "gpus", "thermal", "anomalies", "logs", "jobs",
                                "topology", "recommendations"})
            page.setSectionEnabled(QLatin1String(key), false);
        QVERIFY(!page.preview());
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("Choose at least one section."));
    }

    void aJobScopeNeedsAnIdAndReportsThatJob()
    {
        auto engine = virtualEngine();
        ReportsPage page(*engine);
        page.show();
        const std::int64_t now = waitFor(engine->getSummary())->time_ms() / 60000 * 60000;
        QTRY_COMPARE(page.toMs(), now);
        const int jobItem = page.scopeBox()->findData(QStringLiteral("job:"));
        QVERIFY(jobItem >= 0);
        QVERIFY(page.jobIdEdit()->isHidden());
        page.scopeBox()->setCurrentIndex(jobItem);
        QVERIFY(!page.jobIdEdit()->isHidden());
        QVERIFY(!page.preview()); // no ID yet
        QVERIFY2(page.statusLabel()->text().contains("job's ID"), qPrintable(page.statusLabel()->text()));
        QTest::keyClicks(page.jobIdEdit(), QStringLiteral("12 ;x")); // no spaces or shell characters
        QCOMPARE(page.jobIdEdit()->text(), QStringLiteral("12x"));

        pb::ListJobsRequest request;
        request.set_limit(2000);
        const auto jobs = waitFor(engine->listJobs(request));
        QVERIFY(jobs);
        const pb::Job *ran = nullptr;
        for (const pb::Job &j : jobs->jobs())
            if (j.start_time_ms() > 0 && !j.spec().name().empty()) {
                ran = &j;
                break;
            }
        QVERIFY(ran);
        const QString id = QString::fromStdString(ran->id());
        page.setJobScope(id);
        QCOMPARE(page.scope(), QStringLiteral("job:%1").arg(id));
        QSignalSpy finished(&page, &ReportsPage::exportFinished);
        QVERIFY(page.preview());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QVERIFY2(finished[0][0].toBool(), qPrintable(finished[0][1].toString()));
        const QString text = page.previewView()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("scope job:%1").arg(id)), qPrintable(text.left(400)));
        QVERIFY(text.contains(QString::fromStdString(ran->spec().name())));
    }
};

QTEST_MAIN(TestReportsPage)
#include "tst_reports_page.moc"
