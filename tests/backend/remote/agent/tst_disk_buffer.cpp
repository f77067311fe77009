// The agent's disk buffer on real files: batches come back in order across reopen, the bound
// drops whole oldest segments and counts them, acknowledged segments are deleted, and a torn
// or corrupt record is reported with file and byte and the rest of its segment skipped, and a
// segment whose name disagrees with its first batch is renamed, not overwritten or reordered.
#include "backend/remote/agent/disk_buffer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;
using namespace sn::agent;

namespace {

std::string payload(std::uint64_t sequence, std::size_t size = 100)
{
    std::string p(size, static_cast<char>('a' + sequence % 26));
    p.replace(0, std::min(size, std::to_string(sequence).size()), std::to_string(sequence));
    return p;
}

// Every batch the buffer holds, as (sequence, payload); empty when it cannot be read.
std::vector<std::pair<std::uint64_t, std::string>> everyBatch(const DiskBuffer &b)
{
    std::vector<std::pair<std::uint64_t, std::string>> out;
    if (auto all = b.readAfter(0, 100); all.ok())
        for (const BufferedBatch &batch : *all)
            out.emplace_back(batch.sequence, batch.payload);
    return out;
}

std::unique_ptr<DiskBuffer> openBuffer(const QString &dir, std::uint64_t maxBytes = 1 << 20,
                                       std::uint64_t segmentBytes = 1024)
{
    auto b = DiskBuffer::open({dir, maxBytes, segmentBytes});
    if (!b)
        qFatal("%s", b.error().message.c_str());
    return std::move(*b);
}

QStringList segments(const QString &dir)
{
    return QDir(dir).entryList({"*.seg"}, QDir::Files, QDir::Name);
}

} // namespace

class TestDiskBuffer : public QObject {
    Q_OBJECT

private slots:
    void batchesComeBackInOrderAcrossReopen()
    {
        QTemporaryDir dir;
        {
            auto b = openBuffer(dir.path());
            for (std::uint64_t s = 1; s <= 50; ++s)
                QVERIFY(b->append(s, payload(s)).ok());
            QVERIFY(segments(dir.path()).size() > 3); // 116-byte records, 1 KiB segments
            auto first = b->readAfter(0, 10);
            QVERIFY(first.ok());
            QCOMPARE(first->size(), std::size_t{10});
            QCOMPARE(first->front().sequence, 1u);
            QCOMPARE(first->back().payload, payload(10));
        }
        auto b = openBuffer(dir.path());
        QVERIFY(b->problems().empty());
        QCOMPARE(b->lastSequence(), 50u);
        auto rest = b->readAfter(20, 1000);
        QVERIFY(rest.ok());
        QCOMPARE(rest->size(), std::size_t{30});
        for (std::size_t i = 0; i < rest->size(); ++i) {
            QCOMPARE((*rest)[i].sequence, 21 + i);
            QCOMPARE((*rest)[i].payload, payload(21 + i));
        }
        QVERIFY(!b->append(50, payload(50)).ok()); // not after the last: refused
        QVERIFY(b->append(51, payload(51)).ok());  // a reopened buffer appends to a new segment
    }

    void acknowledgedSegmentsAreDeleted()
    {
        QTemporaryDir dir;
        auto b = openBuffer(dir.path());
        for (std::uint64_t s = 1; s <= 40; ++s)
            QVERIFY(b->append(s, payload(s)).ok());
        const int before = segments(dir.path()).size();
        QVERIFY(b->dropThrough(20).ok());
        QVERIFY(segments(dir.path()).size() < before);
        auto left = b->readAfter(0, 1000);
        QVERIFY(left.ok());
        QVERIFY(left->front().sequence <= 21); // nothing unacknowledged is gone
        QCOMPARE(left->back().sequence, 40u);
        QVERIFY(b->dropThrough(40).ok());
        QCOMPARE(segments(dir.path()).size(), 0);
        QCOMPARE(b->stats().bytes, 0u);
        QVERIFY(b->append(41, payload(41)).ok());
        QCOMPARE(b->readAfter(40, 10)->size(), std::size_t{1});
    }

    void fullBufferDropsOldestSegmentsAndCountsThem()
    {
        QTemporaryDir dir;
        auto b = openBuffer(dir.path(), 4096, 1024);
        for (std::uint64_t s = 1; s <= 200; ++s)
            QVERIFY(b->append(s, payload(s)).ok());
        const DiskBufferStats st = b->stats();
        QVERIFY2(st.bytes <= 4096, qPrintable(QString::number(st.bytes)));
        QVERIFY(st.droppedSegments > 0);
        QCOMPARE(st.droppedBatches + st.batches, 200u);
        auto left = b->readAfter(0, 1000);
        QVERIFY(left.ok());
        QCOMPARE(left->size(), std::size_t(st.batches));
        QCOMPARE(left->back().sequence, 200u); // the newest are kept
        QCOMPARE(left->front().sequence, 200 - st.batches + 1);
    }

    void corruptTail_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("reported");
        QTest::newRow("torn header") << "truncate-header"
                                     << "torn record header";
        QTest::newRow("torn payload") << "truncate-payload"
                                      << "torn record";
        QTest::newRow("flipped payload byte") << "flip"
                                              << "CRC mismatch";
    }

    void corruptTail()
    {
        QFETCH(QString, damage);
        QFETCH(QString, reported);
        QTemporaryDir dir;
        {
            auto b = openBuffer(dir.path(), 1 << 20, 1 << 20); // one segment
            for (std::uint64_t s = 1; s <= 5; ++s)
                QVERIFY(b->append(s, payload(s)).ok());
        }
        const QString seg = QDir(dir.path()).filePath(segments(dir.path()).front());
        QFile f(seg);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 recordBytes = 16 + 100;
        if (damage == "truncate-header")
            QVERIFY(f.resize(4 * recordBytes + 7));
        else if (damage == "truncate-payload")
            QVERIFY(f.resize(5 * recordBytes - 30));
        else {
            QVERIFY(f.seek(4 * recordBytes + 16 + 50));
            char c = 0;
            QVERIFY(f.getChar(&c));
            QVERIFY(f.seek(4 * recordBytes + 16 + 50));
            QVERIFY(f.putChar(static_cast<char>(c ^ 0x40)));
        }
        f.close();
        auto b = openBuffer(dir.path());
        QCOMPARE(b->problems().size(), std::size_t{1});
        const QString problem = QString::fromStdString(b->problems().front());
        QVERIFY2(problem.contains(seg) && problem.contains("record 4 at byte 464") && problem.contains(reported),
                 qPrintable(problem));
        auto left = b->readAfter(0, 100);
        QVERIFY(left.ok());
        QCOMPARE(left->size(), std::size_t{4}); // the good prefix
        QCOMPARE(left->back().sequence, 4u);
        QCOMPARE(b->lastSequence(), 4u);
        QVERIFY(b->append(5, payload(5)).ok()); // the skipped number can be written again
        QCOMPARE(b->readAfter(4, 10)->front().payload, payload(5));
    }

    // Found by fuzz_disk_buffer: the record CRC covers the payload, not the header, so a damaged
    // sequence in a segment's first record goes unseen and the segment's name (its first batch,
    // as written) no longer matches it. The next segment was then created under that same name
    // (O_TRUNC: the old batch's bytes gone, another batch's payload read back under its
    // number), or, at the next start, the misnamed segment sorted after newer ones and was
    // deleted as out of order. Now open() renames it for the batch it starts with.
    void aSegmentNamedAheadOfItsFirstBatchIsRenamed()
    {
        QTemporaryDir dir;
        {
            auto b = openBuffer(dir.path());
            QVERIFY(b->append(10, "first run").ok());
        }
        QCOMPARE(segments(dir.path()), QStringList{"00000000000000000010.seg"});
        QFile f(QDir(dir.path()).filePath("00000000000000000010.seg"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.putChar(8)); // sequence 10 (0b1010) loses bit 1: 8, in a file named for 10
        f.close();

        const std::vector<std::pair<std::uint64_t, std::string>> expected{
            {8, "first run"}, {9, payload(9)}, {10, payload(10)}, {11, payload(11)}};
        {
            auto b = openBuffer(dir.path(), 1 << 20, 16); // every batch in a new segment
            QCOMPARE(b->problems().size(), std::size_t{1});
            const QString problem = QString::fromStdString(b->problems().front());
            QVERIFY2(problem.contains("00000000000000000010.seg: starts at batch 8, not the batch its name says; "
                                      "renamed to 00000000000000000008.seg"),
                     qPrintable(problem));
            QCOMPARE(b->lastSequence(), 8u);
            for (std::uint64_t s = 9; s <= 11; ++s)
                QVERIFY(b->append(s, payload(s)).ok());
            QCOMPARE(everyBatch(*b), expected);
        }
        auto b = openBuffer(dir.path(), 1 << 20, 16); // the next start: nothing to report, nothing lost
        QVERIFY(b->problems().empty());
        QCOMPARE(everyBatch(*b), expected);
    }
};

QTEST_GUILESS_MAIN(TestDiskBuffer)
#include "tst_disk_buffer.moc"
