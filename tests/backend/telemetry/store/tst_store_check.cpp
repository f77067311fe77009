// The store's consistency check on a real store on disk: clean after writes, cuts and a
// reopen, and each way of damaging its files (a flipped byte, a chunk that no longer decodes
// under a good CRC, rollups that disagree with the raw samples, an orphan chunk, overlapping
// blocks, times going backwards, a WAL record broken mid-segment, a WAL sample that replay
// would refuse and no block holds) is named with the file and place. A torn WAL tail - the
// batch a killed process was writing - is a note, not a finding. The check changes nothing.
#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/time_series_store.h"
#include "backend/telemetry/store/varint.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kHour = 3600 * 1000;
constexpr std::int64_t kT0 = 1'699'999'200'000; // a whole 2-hour boundary

// Two constant series (1.0 and 2.0, so their rollup records have the same length) and a noisy
// one, every 10 s for 5 hours: one block cut, the rest in the head and the WAL.
void fill(const QString &dir)
{
    StoreOptions o;
    o.dataDir = dir;
    o.walSync = WalSync::Never;
    auto store = TimeSeriesStore::open(o);
    QVERIFY(store.ok());
    const SeriesId a = (*store)->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"gpu", "0"}});
    const SeriesId b = (*store)->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"gpu", "1"}});
    const SeriesId c = (*store)->seriesRef("DCGM_FI_DEV_POWER_USAGE", {{"gpu", "0"}});
    for (std::int64_t t = kT0; t < kT0 + 5 * kHour; t += 10'000) {
        const RefSample batch[] = {{a, t, 1.0}, {b, t, 2.0}, {c, t, 300 + double((t / 10'000) % 97) / 4}};
        QVERIFY((*store)->append(batch, 3)->accepted == 3);
    }
}

QString firstBlock(const QString &dir)
{
    const QStringList names = QDir(dir + "/blocks").entryList({"b-*"}, QDir::Dirs, QDir::Name);
    return names.isEmpty() ? QString() : dir + "/blocks/" + names.front();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

void putCrc(QByteArray &bytes, qsizetype at, const std::uint8_t *data, std::size_t size)
{
    const std::uint32_t crc = crc32c(data, size);
    for (int i = 0; i < 4; ++i)
        bytes[at + i] = char((crc >> (8 * i)) & 0xff);
}

std::string findingsText(const StoreCheckReport &r)
{
    std::string s;
    for (const auto &f : r.findings)
        s += f.where + ": " + f.what + "\n";
    return s;
}

using Damage = std::function<void(const QString &dir)>;

// Rewrites a chunk's record in place with `edit` applied to its bytes and the CRC recomputed,
// so only the decoder can see what is wrong.
void editFirstChunk(const QString &dir, const std::function<void(char *bytes, std::size_t size)> &edit)
{
    auto block = Block::open(firstBlock(dir));
    QVERIFY(block.ok());
    const BlockChunkRef ref = (*block)->series().front().chunks.front();
    block->reset();
    const QString path = firstBlock(dir) + "/chunks";
    QByteArray bytes = readAll(path);
    edit(bytes.data() + ref.offset, ref.length);
    putCrc(bytes, qsizetype(ref.offset + ref.length), reinterpret_cast<const std::uint8_t *>(bytes.data()) + ref.offset,
           ref.length);
    writeAll(path, bytes);
}

// A block of one series written by the real writer over [from, to) with the given times.
void writeBlock(const QString &dir, std::int64_t from, std::int64_t to, const std::vector<std::int64_t> &times,
                std::uint64_t sequence, std::uint32_t chunkSamples = 720)
{
    BlockBuilder builder(from, to, chunkSamples);
    std::vector<double> values(times.size(), 5.0);
    builder.addSeries("DCGM_FI_DEV_GPU_UTIL", {{"gpu", "0"}}, times.data(), values.data(), times.size());
    QVERIFY(Block::write(dir + "/blocks", builder.finish(), sequence).ok());
}

QString newestSegment(const QString &dir)
{
    const QStringList names = QDir(dir + "/wal").entryList({"segment-*"}, QDir::Files, QDir::Name);
    return names.isEmpty() ? QString() : dir + "/wal/" + names.back();
}

} // namespace

Q_DECLARE_METATYPE(Damage)

class TestStoreCheck : public QObject {
    Q_OBJECT

private slots:
    void aCleanStoreHasNoFindings()
    {
        QTemporaryDir dir;
        fill(dir.path());
        const StoreCheckReport r = checkStore(dir.path());
        QVERIFY2(r.ok(), findingsText(r).c_str());
        QCOMPARE(r.blocks, std::uint64_t(1)); // the first 2 h; the head keeps 1.5 block ranges
        QCOMPARE(r.blockSeries, std::uint64_t(3));
        QCOMPARE(r.blockSamples, std::uint64_t(3 * 720));
        QCOMPARE(r.walSamples, std::uint64_t(3 * 1080)); // the last 3 hours, in the head
        QVERIFY(r.notes.empty());

        // Reopened (replay, checkpoint) and checked through the store itself: still clean.
        StoreOptions o;
        o.dataDir = dir.path();
        auto store = TimeSeriesStore::open(o);
        QVERIFY(store.ok());
        const StoreCheckReport again = (*store)->check();
        QVERIFY2(again.ok(), findingsText(again).c_str());
    }

    void damageIsNamed_data()
    {
        QTest::addColumn<Damage>("damage");
        QTest::addColumn<QString>("expected"); // in a finding's "where: what"

        QTest::newRow("chunk byte flipped") << Damage([](const QString &d) {
            const QString path = firstBlock(d) + "/chunks";
            QByteArray b = readAll(path);
            b[40] = char(b[40] ^ 0x10);
            writeAll(path, b);
        }) << "chunks: checksum mismatch for the record at byte";
        QTest::newRow("index byte flipped") << Damage([](const QString &d) {
            const QString path = firstBlock(d) + "/index";
            QByteArray b = readAll(path);
            b[12] = char(b[12] ^ 0x01);
            writeAll(path, b);
        }) << "index: checksum mismatch";
        QTest::newRow("chunk undecodable under a good CRC") << Damage([](const QString &d) {
            editFirstChunk(d, [](char *bytes, std::size_t) { bytes[0] = char(0xf4); }); // format 15
        }) << "chunk 0 (chunks byte 6): does not decode: chunk: unknown format 15";
        QTest::newRow("chunk times differ from the index") << Damage([](const QString &d) {
            // The first time (zig-zag varint after flags and count) moved by one tick: still
            // decodes, but not where the index says.
            editFirstChunk(d, [](char *bytes, std::size_t) { bytes[3] = char(bytes[3] ^ 0x02); });
        }) << "the index says";
        QTest::newRow("rollups of two series swapped") << Damage([](const QString &d) {
            auto block = Block::open(firstBlock(d));
            QVERIFY(block.ok());
            const BlockSeries a = (*block)->series()[0], b = (*block)->series()[1];
            block->reset();
            QCOMPARE(a.rollupLength, b.rollupLength);
            const QString path = firstBlock(d) + "/rollups";
            QByteArray bytes = readAll(path);
            const qsizetype n = a.rollupLength + 4; // with its CRC, so both records stay valid
            const QByteArray ra = bytes.mid(qsizetype(a.rollupOffset), n), rb = bytes.mid(qsizetype(b.rollupOffset), n);
            bytes.replace(qsizetype(a.rollupOffset), n, rb);
            bytes.replace(qsizetype(b.rollupOffset), n, ra);
            writeAll(path, bytes);
        }) << "60 s rollup: bucket at";
        QTest::newRow("orphan chunk record") << Damage([](const QString &d) {
            auto block = Block::open(firstBlock(d));
            QVERIFY(block.ok());
            const BlockChunkRef ref = (*block)->series().front().chunks.front();
            block->reset();
            const QString path = firstBlock(d) + "/chunks";
            QByteArray bytes = readAll(path);
            std::vector<std::uint8_t> len;
            putVarint(len, ref.length);
            const QByteArray record = QByteArray(reinterpret_cast<const char *>(len.data()), qsizetype(len.size())) +
                                      bytes.mid(qsizetype(ref.offset), qsizetype(ref.length) + 4);
            writeAll(path, bytes + record);
        }) << "a chunk no series in the index refers to";
        QTest::newRow("overlapping blocks") << Damage([](const QString &d) {
            writeBlock(d, kT0 + kHour, kT0 + 3 * kHour, {kT0 + kHour, kT0 + kHour + 1000}, 99);
        }) << "overlaps block";
        QTest::newRow("times going backwards") << Damage([](const QString &d) {
            // Two chunks, each in order, the second starting before the first ends.
            const std::int64_t t = kT0 + 10 * kHour;
            writeBlock(d, t, t + 2 * kHour, {t + 5000, t + 6000, t + 3000, t + 4000}, 98, 2);
        }) << "is not after the one before";
        QTest::newRow("block renamed") << Damage([](const QString &d) {
            QVERIFY(QDir().rename(firstBlock(d), d + "/blocks/b-1-2-1"));
        }) << "the name does not match the index's range";
        QTest::newRow("block set aside") << Damage([](const QString &d) {
            QVERIFY(QDir().rename(firstBlock(d), d + "/blocks/corrupt-b-0-0-1"));
        }) << "set aside as corrupt";
        QTest::newRow("WAL record broken mid-segment") << Damage([](const QString &d) {
            const QString path = newestSegment(d);
            QByteArray b = readAll(path);
            b[b.size() / 2] = char(b[b.size() / 2] ^ 0x40);
            writeAll(path, b);
        }) << "checksum mismatch";
        QTest::newRow("WAL sample no block holds") << Damage([](const QString &d) {
            // A segment a later process wrote: a sample inside the first block's range that the
            // block does not hold. Replay refuses it (older than the newest block), so it is lost.
            auto wal = Wal::create(d + "/wal", WalSync::Always, 0);
            QVERIFY(wal.ok());
            (*wal)->logSeries(0, "DCGM_FI_DEV_GPU_UTIL", {{"gpu", "0"}});
            const RefSample lost{0, kT0 + 5, 1.0};
            (*wal)->logSamples(&lost, 1);
            QVERIFY((*wal)->commit().ok());
        }) << "replay refuses it, and no block holds it";
    }

    void damageIsNamed()
    {
        QFETCH(Damage, damage);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        fill(dir.path());
        QVERIFY(checkStore(dir.path()).ok());
        damage(dir.path());
        if (QTest::currentTestFailed())
            return;
        const auto before = QDir(dir.path() + "/wal").entryList(QDir::Files);
        const QByteArray walBefore = readAll(newestSegment(dir.path()));
        const StoreCheckReport r = checkStore(dir.path());
        QVERIFY2(!r.ok(), "the damage went unnoticed");
        const QString text = QString::fromStdString(findingsText(r));
        QVERIFY2(text.contains(expected), qPrintable("expected '" + expected + "' in:\n" + text));
        // The check changed nothing (a WAL replay that repairs would have cut the segment).
        QCOMPARE(QDir(dir.path() + "/wal").entryList(QDir::Files), before);
        QCOMPARE(readAll(newestSegment(dir.path())), walBefore);
    }

    void aTornWalTailIsANoteNotAFinding()
    {
        QTemporaryDir dir;
        fill(dir.path());
        const QString path = newestSegment(dir.path());
        QByteArray b = readAll(path);
        b.chop(3); // the last record's payload cut short, as a process killed in write() leaves it
        writeAll(path, b);
        const StoreCheckReport r = checkStore(dir.path());
        QVERIFY2(r.ok(), findingsText(r).c_str());
        QCOMPARE(r.notes.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(r.notes.front()).contains("torn record"), r.notes.front().c_str());
    }

    void aMissingDirectoryIsAFinding()
    {
        QTemporaryDir dir;
        const StoreCheckReport r = checkStore(dir.path() + "/nothing-here");
        QVERIFY(!r.ok());
        QVERIFY(QString::fromStdString(r.text()).contains("no such directory"));
    }
};

QTEST_GUILESS_MAIN(TestStoreCheck)
#include "tst_store_check.moc"
