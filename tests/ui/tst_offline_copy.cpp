// The console's local copy on a LocalEngine in virtual time (offscreen): a round saves the
// cluster's range to <cluster>.snap, a report built from that file with no engine at all equals
// the engine's report for the same range, a damaged copy is refused with what and where (and
// the Reports page says so), a failed write leaves the previous copy whole, and a disconnected
// engine skips rounds while the Reports page switches to the copy.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/offline_copy.h"
#include "ui/report_export.h"
#include "ui/reports_page.h"

#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <csignal>
#include <sys/resource.h>

using namespace sn;

namespace {

constexpr std::int64_t kHourMs = 3600 * 1000;

std::unique_ptr<LocalEngine> virtualEngine()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.spec.name = "华东超节点";
    options.engine.virtualTime = true;
    options.engine.sim.sampleIntervalMs = 60000;
    options.engine.sim.physicsStepMs = 10000;
    auto engine = std::make_unique<LocalEngine>(std::move(options));
    if (!waitFor(engine->advanceTime(2 * kHourMs)))
        qFatal("the engine did not advance");
    return engine;
}

OfflineCopy::Options copyOptions(const QTemporaryDir &dir)
{
    OfflineCopy::Options options;
    options.directory = dir.filePath(QStringLiteral("offline"));
    options.rangeMs = 2 * kHourMs;
    options.firstDelayMs = 0;
    return options;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs one export to completion; the message when it fails.
QString exportCsv(ReportExport &exporter, ReportExport::Request request, const QString &folder)
{
    request.format = QStringLiteral("csv");
    request.path = folder;
    QSignalSpy finished(&exporter, &ReportExport::finished);
    if (!exporter.start(request))
        return QStringLiteral("did not start");
    if (!finished.wait(120000))
        return QStringLiteral("did not finish");
    return finished[0][0].toBool() ? QString() : finished[0][1].toString();
}

// One saved copy; its path.
QString saveCopy(OfflineCopy &copy)
{
    QSignalSpy saved(&copy, &OfflineCopy::saved);
    QSignalSpy failed(&copy, &OfflineCopy::failed);
    if (!copy.saveNow())
        return {};
    if (!saved.wait(120000))
        return {};
    return saved[0][0].toString();
}

} // namespace

class TestOfflineCopy : public QObject {
    Q_OBJECT
private slots:
    void sanitisesTheClusterName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("file");
        QTest::newRow("plain") << "dgx-a_1"
                               << "dgx-a_1";
        QTest::newRow("chinese") << "华东超节点"
                                 << "华东超节点";
        QTest::newRow("path separators") << "../etc/passwd"
                                         << "___etc_passwd";
        QTest::newRow("spaces") << "lab cluster 2"
                                << "lab_cluster_2";
        QTest::newRow("empty") << ""
                               << "cluster";
    }
    void sanitisesTheClusterName()
    {
        QFETCH(QString, name);
        QFETCH(QString, file);
        QCOMPARE(OfflineCopy::sanitisedName(name), file);
    }

    void aReportFromTheCopyEqualsTheEnginesReport()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        OfflineCopy copy(*engine, copyOptions(dir));
        QSignalSpy saved(&copy, &OfflineCopy::saved);
        copy.start(); // the timer's first round
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 120000);
        const QString path = saved[0][0].toString();
        QCOMPARE(path, dir.filePath(QStringLiteral("offline/华东超节点.snap")));
        const std::int64_t now = waitFor(engine->getSummary())->time_ms() / 60000 * 60000;
        QCOMPARE(saved[0][3].toLongLong(), now);
        QCOMPARE(saved[0][2].toLongLong(), now - 2 * kHourMs);
        QCOMPARE(copy.path(), path);

        ReportExport::Request request;
        request.startMs = now - 2 * kHourMs;
        request.endMs = now;
        ReportExport fromEngine(*engine);
        const QString engineDir = dir.filePath(QStringLiteral("engine"));
        QCOMPARE(exportCsv(fromEngine, request, engineDir), QString());
        engine.reset(); // the copy's report needs no engine

        ReportExport fromCopy;
        request.snapshotPath = path;
        const QString copyDir = dir.filePath(QStringLiteral("copy"));
        QCOMPARE(exportCsv(fromCopy, request, copyDir), QString());
        const QStringList tables = QDir(engineDir).entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
        QVERIFY(tables.contains(QStringLiteral("kpis.csv")));
        QCOMPARE(QDir(copyDir).entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name), tables);
        for (const QString &t : tables)
            QVERIFY2(readAll(engineDir + "/" + t) == readAll(copyDir + "/" + t), qPrintable(t));
        QVERIFY(readAll(copyDir + "/kpis.csv").contains("GPU-hours available"));

        // A range outside the copy is refused, saying which.
        request.startMs = now - 3 * kHourMs;
        const QString outside = exportCsv(fromCopy, request, dir.filePath(QStringLiteral("outside")));
        QVERIFY2(outside.contains("is not inside the snapshot's"), qPrintable(outside));
    }

    void aDamagedCopyIsRefusedAndThePageSaysSo()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        OfflineCopy copy(*engine, copyOptions(dir));
        const QString path = saveCopy(copy);
        QVERIFY(!path.isEmpty());
        QByteArray bytes = readAll(path);
        bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();

        ReportsPage page(*engine);
        page.setLocalCopy(path, copy.savedAtMs(), copy.fromMs(), copy.toMs());
        QVERIFY(page.useLocalCopy(true));
        QSignalSpy finished(&page, &ReportsPage::exportFinished);
        QVERIFY(page.preview());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(finished[0][0].toBool(), false);
        const QString message = finished[0][1].toString();
        QVERIFY2(message.startsWith(path + ": report snapshot damaged"), qPrintable(message));
        QVERIFY2(message.contains("does not match its CRC-32 at byte 20"), qPrintable(message));
        QVERIFY(page.statusLabel()->text().contains(message));
    }

    void aFailedWriteLeavesThePreviousCopy()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        OfflineCopy copy(*engine, copyOptions(dir));
        const QString path = saveCopy(copy);
        QVERIFY(!path.isEmpty());
        const QByteArray before = readAll(path);
        QVERIFY(waitFor(engine->advanceTime(kHourMs)));

        // A file size limit makes the real write fail part way (EFBIG), for root too.
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
        rlimit small = old;
        small.rlim_cur = rlim_t(before.size() / 2);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QSignalSpy failed(&copy, &OfflineCopy::failed);
        QSignalSpy savedAnyway(&copy, &OfflineCopy::saved);
        QVERIFY(copy.saveNow());
        QTRY_COMPARE_WITH_TIMEOUT(failed.size() + savedAnyway.size(), 1, 120000);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed[0][0].toString().contains("cannot write " + path), qPrintable(failed[0][0].toString()));
        QCOMPARE(readAll(path), before);
        QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files), QStringList{QFileInfo(path).fileName()});

        // And the next round writes the new range.
        QSignalSpy saved(&copy, &OfflineCopy::saved);
        QVERIFY(copy.saveNow());
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 120000);
        QVERIFY(readAll(path) != before);
    }

    void aDisconnectedEngineSkipsRoundsAndThePageUsesTheCopy()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        OfflineCopy copy(*engine, copyOptions(dir));
        QVERIFY(!saveCopy(copy).isEmpty());
        ReportsPage page(*engine);
        page.setOfflineCopy(&copy);
        QCOMPARE(page.sourceBox()->count(), 2);
        QVERIFY(!page.usingLocalCopy());
        QVERIFY(page.sourceBox()->itemText(1).startsWith("Local copy (saved "));

        emit engine->connectionChanged(false, QStringLiteral("daemon gone"));
        QVERIFY(!copy.engineConnected());
        QVERIFY(!copy.saveNow()); // skipped while disconnected
        QVERIFY(page.usingLocalCopy());
        QVERIFY2(page.statusLabel()->text().contains("disconnected"), qPrintable(page.statusLabel()->text()));
        QCOMPARE(page.fromMs(), copy.fromMs());
        QCOMPARE(page.toMs(), copy.toMs());
        QCOMPARE(page.fromEdit()->minimumDateTime().toMSecsSinceEpoch(), copy.fromMs());
        QCOMPARE(page.toEdit()->maximumDateTime().toMSecsSinceEpoch(), copy.toMs());
        page.setRange(copy.fromMs() - kHourMs, copy.toMs() + kHourMs); // held inside the copy
        QCOMPARE(page.fromMs(), copy.fromMs());
        QCOMPARE(page.toMs(), copy.toMs());

        // The last hour of the copy, narrowed from the file.
        page.setRange(copy.toMs() - kHourMs, copy.toMs());
        QSignalSpy finished(&page, &ReportsPage::exportFinished);
        QVERIFY(page.preview());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QVERIFY2(finished[0][0].toBool(), qPrintable(finished[0][1].toString()));
        QVERIFY(page.previewView()->toPlainText().contains("GPU-hours available"));

        emit engine->connectionChanged(true, QString());
        QVERIFY(copy.saveNow());
        QVERIFY(page.useLocalCopy(false));
        QCOMPARE(page.fromEdit()->minimumDateTime(), QDateTimeEdit().minimumDateTime());
        QTRY_VERIFY_WITH_TIMEOUT(!copy.running(), 120000);
    }

    void aNewConsoleRestoresTheNewestWholeCopyFromAnEarlierRun()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        QString path;
        std::int64_t fromMs = 0, toMs = 0;
        {
            OfflineCopy first(*engine, copyOptions(dir));
            path = saveCopy(first);
            QVERIFY(!path.isEmpty());
            fromMs = first.fromMs();
            toMs = first.toMs();
        }
        // A newer file that does not read whole (a crash of some other writer) is passed over.
        const QString damagedPath = QFileInfo(path).absolutePath() + QStringLiteral("/other.snap");
        QFile damaged(damagedPath);
        QVERIFY(damaged.open(QIODevice::WriteOnly));
        damaged.write(readAll(path).left(100));
        damaged.close();
        QVERIFY(damaged.open(QIODevice::ReadWrite));
        QVERIFY(damaged.setFileTime(QDateTime::currentDateTimeUtc().addSecs(60), QFileDevice::FileModificationTime));
        damaged.close();

        OfflineCopy::Options options = copyOptions(dir);
        options.firstDelayMs = 3600 * 1000; // only the restore, no round
        OfflineCopy second(*engine, options);
        ReportsPage page(*engine);
        page.setOfflineCopy(&second);
        // Started while out of reach: a remote engine says so soon after it is made.
        emit engine->connectionChanged(false, QStringLiteral("daemon gone"));
        QVERIFY(!page.usingLocalCopy()); // nothing to switch to yet
        QSignalSpy saved(&second, &OfflineCopy::saved);
        QSignalSpy failed(&second, &OfflineCopy::failed);
        second.start();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 60000);
        QCOMPARE(saved[0][0].toString(), path);
        QCOMPARE(second.fromMs(), fromMs);
        QCOMPARE(second.toMs(), toMs);
        QVERIFY(page.usingLocalCopy());
        QCOMPARE(page.toMs(), toMs);
        QCOMPARE(failed.size(), 0);
    }

    void anEmptyDirectoryRestoresNothingAndIsNoFailure()
    {
        auto engine = virtualEngine();
        QTemporaryDir dir;
        OfflineCopy::Options options = copyOptions(dir);
        options.firstDelayMs = 3600 * 1000;
        OfflineCopy copy(*engine, options);
        QSignalSpy saved(&copy, &OfflineCopy::saved);
        QSignalSpy failed(&copy, &OfflineCopy::failed);
        copy.start();
        QTRY_VERIFY_WITH_TIMEOUT(!copy.running(), 60000);
        QCOMPARE(saved.size(), 0);
        QCOMPARE(failed.size(), 0);
        QVERIFY(copy.path().isEmpty());
    }
};

QTEST_MAIN(TestOfflineCopy)
#include "tst_offline_copy.moc"
