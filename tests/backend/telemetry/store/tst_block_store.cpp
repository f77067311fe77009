// Blocks: the head is cut into immutable blocks by aligned time range; a restart reads them
// back (plus the WAL for the head); retention drops whole blocks; rollups equal what the raw
// samples say; a corrupt block is set aside with a clear problem, not a crash.
#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/store_query.h"
#include "backend/telemetry/store/time_series_store.h"
#include "backend/telemetry/store/varint.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kHour = 3600 * 1000;
constexpr std::int64_t kT0 = 1'699'999'200'000; // a whole 2-hour boundary
constexpr std::int64_t kAll = std::numeric_limits<std::int64_t>::max();

StoreOptions optionsIn(const QString &dir)
{
    StoreOptions o;
    o.dataDir = dir;
    o.walSync = WalSync::Never;
    return o;
}

double valueAt(int series, std::int64_t t)
{
    std::mt19937_64 rng(static_cast<std::uint64_t>(t) * 31 + static_cast<std::uint64_t>(series));
    return std::round((300 + 50 * std::sin(t / 1e6) + std::uniform_real_distribution<double>(-5, 5)(rng)) * 100) / 100;
}

// 4 series at 1 s from kT0 for `seconds`.
void fill(TimeSeriesStore &store, std::int64_t fromS, std::int64_t seconds)
{
    std::vector<SeriesId> refs;
    for (int s = 0; s < 4; ++s)
        refs.push_back(store.seriesRef("DCGM_FI_DEV_POWER_USAGE", {{"gpu", std::to_string(s)}}));
    std::vector<RefSample> batch;
    for (std::int64_t i = fromS; i < fromS + seconds; ++i) {
        batch.clear();
        for (int s = 0; s < 4; ++s)
            batch.push_back({refs[s], kT0 + i * 1000, valueAt(s, kT0 + i * 1000)});
        QVERIFY(store.append(batch.data(), batch.size())->accepted == 4);
    }
}

// Checks every sample of every series against valueAt; returns how many there are.
std::size_t verifyAll(const TimeSeriesStore &store)
{
    std::size_t n = 0;
    for (SeriesId id : store.select({LabelMatcher::equal(kMetricNameLabel, "DCGM_FI_DEV_POWER_USAGE")})) {
        const int s = std::stoi(store.labelsOf(id).at("gpu"));
        std::int64_t prev = 0;
        store.forEachSample(id, 0, kAll, [&](const std::int64_t *t, const double *v, std::size_t k) {
            for (std::size_t i = 0; i < k; ++i) {
                if (v[i] != valueAt(s, t[i]) || t[i] <= prev)
                    qFatal("sample %lld of series %d is wrong", static_cast<long long>(t[i]), s);
                prev = t[i];
            }
            n += k;
        });
    }
    return n;
}

// A block of one series with one chunk, its index written field by field (the layout in
// docs/telemetry-store.md) with a valid CRC, so that only the given fields are wrong.
BlockBytes oneChunkBlock(std::int64_t blockMinTime, std::int64_t chunkMinDelta, std::uint64_t chunkSpan,
                         std::int64_t chunkOffsetDelta, std::uint32_t chunkLength)
{
    BlockBytes b;
    b.index = {'S', 'N', 'I', 'X', 1};
    putSigned(b.index, blockMinTime);
    putSigned(b.index, blockMinTime + 1);
    putVarint(b.index, 2); // symbols
    putString(b.index, "__name__");
    putString(b.index, "m");
    putVarint(b.index, 1); // series
    putVarint(b.index, 1); // label pairs: __name__=m
    putVarint(b.index, 0);
    putVarint(b.index, 1);
    putVarint(b.index, 1); // chunks
    putSigned(b.index, chunkMinDelta);
    putVarint(b.index, chunkSpan);
    putSigned(b.index, chunkOffsetDelta);
    putVarint(b.index, chunkLength);
    putVarint(b.index, 5); // rollup offset: an empty record right after the header
    putVarint(b.index, 0);
    putFixed32(b.index, crc32c(b.index.data(), b.index.size()));
    b.chunks = {'S', 'N', 'C', 'K', 1};
    b.rollups = {'S', 'N', 'R', 'U', 1};
    putFixed32(b.rollups, crc32c(nullptr, 0));
    return b;
}

QStringList blockDirs(const QString &dir)
{
    return QDir(dir + "/blocks").entryList({"b-*"}, QDir::Dirs, QDir::Name);
}
} // namespace

class TestBlockStore : public QObject {
    Q_OBJECT
private slots:
    void headIsCutIntoBlocksAndARestartReadsEverything()
    {
        QTemporaryDir dir;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            fill(*store, 0, 7 * 3600); // 7 hours: blocks for [0,2h), [2h,4h); [4h,7h) stays in the head
            QCOMPARE(blockDirs(dir.path()).size(), 2);
            QCOMPARE(verifyAll(*store), std::size_t(4 * 7 * 3600));
        } // dropped without close: the head comes back from the WAL
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(store->openReport().blocksLoaded, std::size_t(2));
        QVERIFY(store->openReport().problems.empty());
        QCOMPARE(verifyAll(*store), std::size_t(4 * 7 * 3600));
        // Each block holds its aligned range and its files.
        for (const QString &name : blockDirs(dir.path())) {
            for (const char *file : {"index", "chunks", "rollups"})
                QVERIFY(QFile::exists(dir.path() + "/blocks/" + name + "/" + file));
            const QStringList parts = name.split('-');
            QCOMPARE(parts[2].toLongLong() - parts[1].toLongLong(), 2 * kHour);
        }
        // Flushing the head puts everything in blocks, and it all still reads back.
        QVERIFY(store->flushHead().ok());
        QCOMPARE(blockDirs(dir.path()).size(), 4);
        store.reset();
        auto again = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(verifyAll(*again), std::size_t(4 * 7 * 3600));
        QCOMPARE(again->openReport().wal.samples, std::uint64_t(0));
    }

    void memoryOnlyStoreCutsBlocksInMemory()
    {
        auto store = std::move(TimeSeriesStore::open(StoreOptions{}).value());
        fill(*store, 0, 5 * 3600);
        QCOMPARE(store->stats().blocks, std::size_t(1));
        QVERIFY(store->stats().blockBytes > 0);
        QCOMPARE(verifyAll(*store), std::size_t(4 * 5 * 3600));
    }

    void aJumpFarAheadCutsTheRangesThatHoldSamplesAndPassesOverTheRest()
    {
        // An hour of samples, then the same series 400 days later (an agent back after months,
        // a virtual-time daemon fed real pushes): the hour becomes one block, the ~4,800 empty
        // ranges between make none, and everything reads back, before and after a restart.
        QTemporaryDir dir;
        constexpr std::int64_t kLater = 400LL * 24 * 3600; // seconds
        StoreOptions o = optionsIn(dir.path());
        o.retentionMs = 500LL * 24 * kHour; // the hour is not expired by the jump
        {
            auto store = std::move(TimeSeriesStore::open(o).value());
            fill(*store, 0, 3600);
            fill(*store, kLater, 10);
            QCOMPARE(blockDirs(dir.path()).size(), 1);
            QVERIFY(blockDirs(dir.path())[0].startsWith(QStringLiteral("b-%1-%2").arg(kT0).arg(kT0 + 2 * kHour)));
            QCOMPARE(verifyAll(*store), std::size_t(4 * 3610));
            // The ranges passed over are closed like cut ones: a sample in them is refused.
            const SeriesId id = store->seriesRef("DCGM_FI_DEV_POWER_USAGE", {{"gpu", "0"}});
            const RefSample late{id, kT0 + 100LL * 24 * kHour, 1.0};
            QCOMPARE(store->append(&late, 1)->rejected, std::size_t(1));
        }
        auto store = std::move(TimeSeriesStore::open(o).value());
        QVERIFY(store->openReport().problems.empty());
        QCOMPARE(verifyAll(*store), std::size_t(4 * 3610));
    }

    void retentionDropsWholeBlocks()
    {
        QTemporaryDir dir;
        StoreOptions o = optionsIn(dir.path());
        o.retentionMs = 5 * kHour;
        auto store = std::move(TimeSeriesStore::open(o).value());
        fill(*store, 0, 10 * 3600);
        // Blocks [0,2h) and [2h,4h) end more than 5 h before the newest sample (10 h): gone.
        const QStringList blocks = blockDirs(dir.path());
        QCOMPARE(blocks.size(), 2);
        QVERIFY(blocks[0].startsWith(QStringLiteral("b-%1-").arg(kT0 + 4 * kHour)));
        std::int64_t oldest = kAll;
        for (SeriesId id : store->select({}))
            store->forEachSample(id, 0, kAll, [&](const std::int64_t *t, const double *, std::size_t) {
                oldest = std::min(oldest, t[0]);
            });
        QCOMPARE(oldest, kT0 + 4 * kHour);
    }

    void rollupsEqualTheRawSamples_data()
    {
        QTest::addColumn<qint64>("resolution");
        QTest::newRow("1 minute") << qint64(60'000);
        QTest::newRow("1 hour") << qint64(3'600'000);
    }
    void rollupsEqualTheRawSamples()
    {
        QFETCH(qint64, resolution);
        QTemporaryDir dir;
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        fill(*store, 0, 5 * 3600); // one block [0, 2h) and a head: rollups come from both
        const SeriesId id = store->select({LabelMatcher::equal("gpu", "2")}).at(0);
        std::vector<RollupBucket> buckets;
        store->rollups(id, resolution, kT0, kT0 + 5 * kHour - 1, buckets);
        QCOMPARE(static_cast<qint64>(buckets.size()), 5 * kHour / resolution);
        for (const RollupBucket &b : buckets) {
            double mn = 1e300, mx = -1e300;
            long double sum = 0;
            std::uint64_t count = 0;
            for (std::int64_t t = b.start; t < b.start + resolution; t += 1000) {
                const double v = valueAt(2, t);
                mn = std::min(mn, v);
                mx = std::max(mx, v);
                sum += v;
                ++count;
            }
            QCOMPARE(b.count, count);
            QCOMPARE(b.min, mn);
            QCOMPARE(b.max, mx);
            QVERIFY(std::abs(b.sum - static_cast<double>(sum)) < 1e-6);
        }
        // A summary by whole hours reads the 1-hour rollups; by 90 s it reads raw samples.
        std::int64_t used = -1;
        auto hourly = summarize(*store, {LabelMatcher::equal("gpu", "2")}, kT0, kT0 + 5 * kHour - 1, kHour, &used);
        QCOMPARE(used, kHour);
        QCOMPARE(hourly->at(0).windows.size(), std::size_t(5));
        auto raw = summarize(*store, {LabelMatcher::equal("gpu", "2")}, kT0, kT0 + 5 * kHour - 1, 90'000, &used);
        QCOMPARE(used, std::int64_t(0));
        std::uint64_t total = 0;
        for (const WindowSummary &w : raw->at(0).windows)
            total += w.count;
        QCOMPARE(total, std::uint64_t(5 * 3600));
    }

    void corruptBlockIsSetAsideWithAReason_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("index") << "index";
        QTest::newRow("chunks") << "chunks";
        QTest::newRow("rollups") << "rollups";
    }
    void corruptBlockIsSetAsideWithAReason()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            fill(*store, 0, 5 * 3600);
            QVERIFY(store->flushHead().ok());
        }
        const QString first = dir.path() + "/blocks/" + blockDirs(dir.path()).first() + "/" + file;
        QFile f(first);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        f.putChar('\x5a');
        f.putChar('\xa5');
        f.close();
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        QCOMPARE(store->openReport().problems.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(store->openReport().problems[0]).contains("checksum"),
                 store->openReport().problems[0].c_str());
        QCOMPARE(store->openReport().blocksLoaded, std::size_t(blockDirs(dir.path()).size()));
        QVERIFY(QDir(dir.path() + "/blocks").entryList({"corrupt-*"}, QDir::Dirs).size() == 1);
    }

    // Chunks and rollups files are version 2 since format 2 chunks (split Rice codes); files
    // of version 1, written before, are read as they are; a newer version is set aside.
    void blockFileVersionsAreReadOrRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("problem"); // empty: the block opens
        QTest::newRow("chunks version 1") << "chunks" << 1 << "";
        QTest::newRow("rollups version 1") << "rollups" << 1 << "";
        QTest::newRow("chunks version 3") << "chunks" << 3 << "chunks: unsupported version 3 at byte 4";
        QTest::newRow("rollups version 0") << "rollups" << 0 << "rollups: unsupported version 0 at byte 4";
        QTest::newRow("index version 2") << "index" << 2 << "index: unsupported version 2 at byte 4";
    }
    void blockFileVersionsAreReadOrRefused()
    {
        QFETCH(QString, file);
        QFETCH(int, version);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        std::size_t samples = 0;
        {
            auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
            fill(*store, 0, 5 * 3600);
            QVERIFY(store->flushHead().ok());
            samples = verifyAll(*store);
        }
        const QString first = dir.path() + "/blocks/" + blockDirs(dir.path()).first() + "/" + file;
        QFile f(first);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(4);
        QCOMPARE(f.peek(1).at(0), file == "index" ? '\x01' : '\x02'); // what this version writes
        f.putChar(static_cast<char>(version));
        f.close();
        auto store = std::move(TimeSeriesStore::open(optionsIn(dir.path())).value());
        if (problem.isEmpty()) {
            QVERIFY(store->openReport().problems.empty());
            QCOMPARE(verifyAll(*store), samples);
            return;
        }
        QCOMPARE(store->openReport().problems.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(store->openReport().problems[0]).contains(problem),
                 store->openReport().problems[0].c_str());
    }

    // Found by fuzz/fuzz_block: offsets and times in a corrupt index are checked without
    // overflowing (an offset near 2^64 wrapped "offset + length + 4" around and passed the bounds
    // check, so reading the record's CRC read far outside the chunks file).
    void corruptIndexFieldsAreRefusedWithoutOverflow_data()
    {
        QTest::addColumn<qint64>("blockMin");
        QTest::addColumn<qint64>("chunkMinDelta");
        QTest::addColumn<quint64>("chunkSpan");
        QTest::addColumn<qint64>("offsetDelta");
        QTest::addColumn<QString>("error");
        const qint64 max = std::numeric_limits<qint64>::max();
        QTest::newRow("offset wraps around")
            << qint64(0) << qint64(0) << quint64(0) << qint64(-2)
            << "chunks: record at byte 18446744073709551614 (0 bytes) runs past the end";
        QTest::newRow("offset past the end") << qint64(0) << qint64(0) << quint64(0) << qint64(6)
                                             << "chunks: record at byte 6 (0 bytes) runs past the end (5 bytes)";
        QTest::newRow("min time overflows")
            << qint64(1) << max << quint64(0) << qint64(5) << "index: series 0 chunk 0: chunk times overflow";
        QTest::newRow("span overflows") << qint64(0) << max << quint64(1) << qint64(5)
                                        << "index: series 0 chunk 0: chunk times overflow";
        QTest::newRow("span beyond int64") << qint64(0) << qint64(0) << quint64(max) + 1 << qint64(5)
                                           << "index: series 0 chunk 0: chunk times overflow";
    }
    void corruptIndexFieldsAreRefusedWithoutOverflow()
    {
        QFETCH(qint64, blockMin);
        QFETCH(qint64, chunkMinDelta);
        QFETCH(quint64, chunkSpan);
        QFETCH(qint64, offsetDelta);
        QFETCH(QString, error);
        BlockBytes bytes = oneChunkBlock(blockMin, chunkMinDelta, chunkSpan, offsetDelta, 0);
        const auto block = Block::fromBytes(std::move(bytes));
        QVERIFY(!block.ok());
        const QString message = QString::fromStdString(block.error().message);
        QVERIFY2(message.startsWith(error), qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestBlockStore)
#include "tst_block_store.moc"
