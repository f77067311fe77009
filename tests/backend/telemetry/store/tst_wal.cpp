// The write-ahead log: what was committed replays after the store object is destroyed
// without a clean close, after the process is killed, and after the log is cut mid-record or
// corrupted (the bad tail is reported and truncated; every record before it is kept).
#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/store_query.h"
#include "backend/telemetry/store/time_series_store.h"
#include "backend/telemetry/store/varint.h"
#include "tests/support/small_disk.h"
#include "tests/support/syscall_trace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <climits>
#include <cstring>
#include <set>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kT0 = 1'700'000'000'000;

StoreOptions optionsIn(const QString &dir)
{
    StoreOptions o;
    o.dataDir = dir;
    o.walSync = WalSync::Always;
    return o;
}

// Writes `batches` batches of 10 series x 1 sample; returns the samples written.
std::size_t writeBatches(TimeSeriesStore &store, int batches, int firstBatch = 0)
{
    std::vector<SeriesId> refs;
    for (int s = 0; s < 10; ++s)
        refs.push_back(store.seriesRef("DCGM_FI_DEV_POWER_USAGE", {{"gpu", std::to_string(s)}}));
    std::size_t n = 0;
    for (int b = firstBatch; b < firstBatch + batches; ++b) {
        std::vector<RefSample> batch;
        for (SeriesId r : refs)
            batch.push_back({r, kT0 + b * 1000, 100.25 + b + r * 0.01});
        n += store.append(batch.data(), batch.size())->accepted;
    }
    return n;
}

std::size_t countSamples(const TimeSeriesStore &store)
{
    std::size_t n = 0;
    for (SeriesId id : store.select({LabelMatcher::equal(kMetricNameLabel, "DCGM_FI_DEV_POWER_USAGE")}))
        store.forEachSample(id, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                            [&](const std::int64_t *t, const double *v, std::size_t k) {
                                for (std::size_t i = 0; i < k; ++i) {
                                    const int b = static_cast<int>((t[i] - kT0) / 1000);
                                    const int gpu = std::stoi(store.labelsOf(id).at("gpu"));
                                    if (v[i] != 100.25 + b + gpu * 0.01)
                                        qFatal("wrong value after replay");
                                }
                                n += k;
                            });
    return n;
}

QString onlySegment(const QString &dir)
{
    const QStringList segments = QDir(dir + "/wal").entryList({"segment-*"}, QDir::Files, QDir::Name);
    return segments.isEmpty() ? QString() : dir + "/wal/" + segments.last();
}
} // namespace

class TestWal : public QObject {
    Q_OBJECT
private slots:
    void replaysAfterTheStoreIsDroppedWithoutClose()
    {
        QTemporaryDir dir;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            QCOMPARE(writeBatches(*store, 500), std::size_t(5000));
        } // no close, no flush: only what append() committed
        auto reopened = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(reopened->openReport().wal.samples, std::uint64_t(5000));
        QVERIFY(!reopened->openReport().wal.truncated);
        QCOMPARE(countSamples(*reopened), std::size_t(5000));
        // And it keeps going where it stopped: new samples after a restart replay too.
        QCOMPARE(writeBatches(*reopened, 100, 500), std::size_t(1000));
        reopened.reset();
        auto again = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(countSamples(*again), std::size_t(6000));
    }

    // Two stores on one directory would replay and checkpoint each other's WAL, deleting the
    // live one's segments (issue 29): the second opener is refused, naming the holder; nothing of
    // the first is touched; once it is gone the directory opens whole.
    void aSecondOpenerIsRefusedNamingTheHolder()
    {
        QTemporaryDir dir;
        auto first = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(writeBatches(*first, 10), std::size_t(100));
        const auto second = TimeSeriesStore::open(optionsIn(dir.path()));
        QVERIFY(!second.ok());
        QCOMPARE(second.error().code, ErrorCode::FailedPrecondition);
        const std::string holder = "is in use by process " + std::to_string(QCoreApplication::applicationPid());
        QVERIFY2(second.error().message.find(holder) != std::string::npos, second.error().message.c_str());
        QVERIFY2(second.error().message.find(dir.path().toStdString()) != std::string::npos,
                 second.error().message.c_str());
        QCOMPARE(writeBatches(*first, 10, 10), std::size_t(100));
        first.reset();
        auto third = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(countSamples(*third), std::size_t(200));
    }

    // The disk fills in the middle of a commit (issue 29): the short write left part of a record
    // in the segment, the retry wrote the whole record after it, and replay stopped at the torn
    // one, dropping every sample acknowledged after it. Now the partial bytes are cut off first.
    void aFullDiskLeavesNoTornRecord()
    {
        QTemporaryDir dir;
        test::SmallDisk disk;
        QString why;
        const QString data = dir.filePath("data");
        if (!disk.mount(data, 1, false, &why))
            QSKIP(qPrintable("cannot mount a tmpfs here: " + why));
        std::vector<int> acknowledged;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(data)).value());
            std::vector<SeriesId> refs;
            for (int s = 0; s < 10; ++s)
                refs.push_back(store->seriesRef("DCGM_FI_DEV_POWER_USAGE", {{"gpu", std::to_string(s)}}));
            const auto write = [&](int b) {
                std::vector<RefSample> batch;
                for (SeriesId r : refs)
                    batch.push_back({r, kT0 + b * 1000, 100.25 + b + r * 0.01});
                const auto appended = store->append(batch.data(), batch.size());
                if (appended)
                    acknowledged.push_back(b);
                return appended.ok();
            };
            QVERIFY(write(0));
            QVERIFY(test::fillUp(data) > 0);
            QFile filler(data + "/filler");
            QVERIFY(filler.resize(filler.size() - 6000)); // a page or two: the next records half fit
            int b = 1;
            while (b < 10000 && write(b))
                ++b;
            QVERIFY2(b < 10000, "the disk never filled");
            const int failed = b;
            QVERIFY(!write(failed + 1)); // still full
            QVERIFY(QFile::remove(data + "/filler"));
            for (int more = failed + 2; more < failed + 12; ++more)
                QVERIFY(write(more));
        } // as if killed: no close
        auto reopened = std::move(TimeSeriesStore::open(optionsIn(data)).value());
        QVERIFY2(!reopened->openReport().wal.truncated, "replay stopped at a torn record");
        std::set<std::int64_t> present;
        for (SeriesId id : reopened->select({LabelMatcher::equal(kMetricNameLabel, "DCGM_FI_DEV_POWER_USAGE")}))
            reopened->forEachSample(id, kT0, kT0 + 100'000'000,
                                    [&](const std::int64_t *t, const double *, std::size_t n) {
                                        for (std::size_t i = 0; i < n; ++i)
                                            present.insert((t[i] - kT0) / 1000);
                                    });
        for (int b : acknowledged)
            QVERIFY2(present.count(b), qPrintable(QString("acknowledged batch %1 lost").arg(b)));
    }

    void replaysAfterTheProcessIsKilled()
    {
        QTemporaryDir dir;
        const pid_t child = fork();
        if (child == 0) {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            writeBatches(*store, 300);
            _exit(0); // no destructors, no atexit: as if killed right after the last acknowledgement
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(countSamples(*store), std::size_t(3000));
    }

    // A new segment's name is on disk (the directory fsynced) before anything in it counts and
    // before a checkpoint removes the segments it replaces: otherwise a power loss can keep the
    // removals and lose the new segment, with every acknowledged sample in it. Seen in a real
    // run of this program under strace.
    void aNewSegmentIsSyncedIntoItsDirectoryBeforeOldOnesGo()
    {
        QTemporaryDir dir;
        const QString data = QDir(dir.path()).canonicalPath();
        const auto trace = test::traceSyscalls(QCoreApplication::applicationFilePath(), {"--checkpoint-child", data},
                                               "openat,unlink,unlinkat,fsync,fdatasync");
        QVERIFY2(trace.error.isEmpty(), qPrintable(trace.error));
        const QString wal = data + "/wal";
        const QRegularExpression created("^openat\\(.*\"" + QRegularExpression::escape(wal) +
                                         "/segment-\\d+\", [^)]*O_CREAT");
        const QRegularExpression removed("^unlink(at)?\\(.*\"" + QRegularExpression::escape(wal) + "/segment-");
        int segments = 0;
        for (int at = trace.find(created); at >= 0; at = trace.find(created, at + 1)) {
            ++segments;
            const int nextRemoval = trace.find(removed, at + 1);
            const int nextSegment = trace.find(created, at + 1);
            int before = nextRemoval;
            if (before < 0 || (nextSegment >= 0 && nextSegment < before))
                before = nextSegment;
            QVERIFY2(trace.directorySynced(wal, at + 1, before), qPrintable(trace.lines[at]));
        }
        QVERIFY2(segments >= 3, qPrintable(trace.lines.join('\n').right(3000))); // two opens, two checkpoints
        QVERIFY(trace.find(removed) >= 0);
    }

    void tornOrCorruptTailIsReportedAndTruncated_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("problem");
        QTest::newRow("cut mid-record") << "cut"
                                        << "torn record";
        QTest::newRow("cut in a header") << "cut-header"
                                         << "torn record header";
        QTest::newRow("flipped bit in the last record") << "flip"
                                                        << "checksum mismatch";
        QTest::newRow("garbage appended") << "garbage"
                                          << "";
    }
    void tornOrCorruptTailIsReportedAndTruncated()
    {
        QFETCH(QString, damage);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        qint64 sizeBeforeLast = 0;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            writeBatches(*store, 199);
            sizeBeforeLast = QFileInfo(onlySegment(dir.path())).size();
            writeBatches(*store, 1, 199);
        }
        const QString segment = onlySegment(dir.path());
        QFile f(segment);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        if (damage == "cut") {
            QVERIFY(f.resize(size - 7));
        } else if (damage == "cut-header") {
            QVERIFY(f.resize(sizeBeforeLast + 4));
        } else if (damage == "flip") {
            f.seek(size - 3);
            char c;
            f.getChar(&c);
            f.seek(size - 3);
            f.putChar(static_cast<char>(c ^ 0x10));
        } else {
            f.seek(size);
            f.write(QByteArray("\x05\x00\x00\x00garbage-garbage", 19));
        }
        f.close();
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        const WalReplayReport &r = store->openReport().wal;
        QVERIFY(r.truncated);
        QVERIFY2(QString::fromStdString(r.problem).contains(problem), r.problem.c_str());
        const bool lastRecordKept = damage == "garbage";
        QCOMPARE(r.truncatedAtByte, std::uint64_t(lastRecordKept ? size : sizeBeforeLast));
        // Every record before the damage is kept; only the damaged last batch is gone.
        QCOMPARE(countSamples(*store), std::size_t(lastRecordKept ? 2000 : 1990));
        // The truncated log now replays cleanly, and the store writes on.
        QCOMPARE(writeBatches(*store, 5, 300), std::size_t(50));
        store.reset();
        auto again = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QVERIFY(!again->openReport().wal.truncated);
        QCOMPARE(countSamples(*again), std::size_t(lastRecordKept ? 2050 : 2040));
    }

    // A samples record whose CRC matches but whose time delta would overflow past int64 (what
    // fuzz_wal_replay found: UBSan's signed overflow) is a bad record: reported and truncated.
    void aSampleTimeThatOverflowsIsABadRecord()
    {
        QTemporaryDir dir;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            writeBatches(*store, 3);
        }
        const QString segment = onlySegment(dir.path());
        const qint64 before = QFileInfo(segment).size();
        std::vector<std::uint8_t> payload;
        putVarint(payload, 1);                // one sample
        putSigned(payload, 1700000000000);    // base time
        putVarint(payload, 0);                // series id
        putSigned(payload, INT64_MAX - 2000); // time delta: base + delta overflows
        for (int i = 0; i < 8; ++i)           // value
            payload.push_back(0);
        std::vector<std::uint8_t> record(9);
        const auto length = static_cast<std::uint32_t>(payload.size());
        std::memcpy(record.data(), &length, 4); // little-endian, as the WAL writes it
        record[8] = 2;                          // a samples record
        record.insert(record.end(), payload.begin(), payload.end());
        const std::uint32_t crc = crc32c(record.data() + 8, length + 1);
        std::memcpy(record.data() + 4, &crc, 4);
        QFile f(segment);
        QVERIFY(f.open(QIODevice::Append));
        f.write(reinterpret_cast<const char *>(record.data()), qint64(record.size()));
        f.close();
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        const WalReplayReport &r = store->openReport().wal;
        QVERIFY(r.truncated);
        QVERIFY2(QString::fromStdString(r.problem).contains("time overflows"), r.problem.c_str());
        QCOMPARE(r.truncatedAtByte, std::uint64_t(before));
        QCOMPARE(countSamples(*store), std::size_t(30));
    }

    void garbageSegmentNeverCrashes()
    {
        QTemporaryDir dir;
        QDir().mkpath(dir.path() + "/wal");
        QFile f(dir.path() + "/wal/segment-00000001");
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 4096; ++i)
            f.putChar(static_cast<char>((i * 7919) & 0xff));
        f.close();
        auto store = TimeSeriesStore::open(optionsIn(dir.path()));
        QVERIFY(store.ok());
        QVERIFY((*store)->openReport().wal.truncated);
        QCOMPARE((*store)->openReport().wal.truncatedAtByte, std::uint64_t(0));
    }
};

// `tst_wal --checkpoint-child DIR`: opens a store in DIR, writes, drops it and opens it again
// (a replay and a checkpoint), the run aNewSegmentIsSyncedIntoItsDirectoryBeforeOldOnesGo traces.
int checkpointChild(const char *dir)
{
    {
        auto store = TimeSeriesStore::open(optionsIn(QString::fromLocal8Bit(dir)));
        if (!store)
            return 3;
        writeBatches(**store, 5);
    }
    auto again = TimeSeriesStore::open(optionsIn(QString::fromLocal8Bit(dir)));
    return again && countSamples(**again) == 50 ? 0 : 4;
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--checkpoint-child") == 0)
        return checkpointChild(argv[2]);
    QCoreApplication app(argc, argv);
    TestWal test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_wal.moc"
