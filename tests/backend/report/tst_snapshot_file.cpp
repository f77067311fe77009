// The snapshot file supernodectl snapshot writes: read back exactly, and every kind of damage
// refused with what is wrong and where, never half-read.
#include "backend/report/snapshot_file.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <zlib.h>

namespace rpb = supernode::report::v1;
using namespace sn::report;

namespace {

rpb::ReportSnapshot sample()
{
    rpb::ReportSnapshot s;
    s.set_format_version(1);
    s.set_start_ms(1767225600000);
    s.set_end_ms(1767225600000 + 3600000);
    s.set_step_ms(60000);
    s.set_scope("node:node01");
    s.mutable_cluster()->set_name("华东超节点");
    auto *series = s.add_series();
    series->set_metric("DCGM_FI_DEV_GPU_UTIL");
    (*series->mutable_labels())["Hostname"] = "node01";
    auto *w = series->add_windows();
    w->set_start_ms(s.start_ms());
    w->set_sum(4200);
    w->set_count(60);
    s.add_jobs()->set_id("42");
    return s;
}

void setCrc(QByteArray &bytes)
{
    const auto crc = quint32(::crc32(0L, reinterpret_cast<const Bytef *>(bytes.constData() + kSnapshotHeaderBytes),
                                     uInt(bytes.size() - kSnapshotHeaderBytes)));
    qToLittleEndian<quint32>(crc, bytes.data() + 20);
}

} // namespace

class TestSnapshotFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripsThroughAFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("week.snap");
        QVERIFY(writeSnapshotFile(sample(), path));
        auto read = readSnapshotFile(path);
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(read->SerializeAsString(), sample().SerializeAsString());
        QCOMPARE(QString::fromStdString(read->cluster().name()), QStringLiteral("华东超节点"));
    }

    void refusesDamage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected"); // part of the message: what and where

        const QByteArray good = encodeSnapshot(sample());
        QTest::newRow("empty") << QByteArray() << "shorter than the 24-byte header";
        QTest::newRow("short header") << good.left(10) << "10 bytes, shorter than the 24-byte header";
        QByteArray magic = good;
        magic[3] = 'X';
        QTest::newRow("foreign file") << magic << "bytes 0-7 are not the magic";
        QByteArray version = good;
        qToLittleEndian<quint32>(7, version.data() + 8);
        QTest::newRow("newer version") << version << "format version 7 at byte 8";
        QTest::newRow("truncated") << good.left(good.size() - 5) << "(truncated)";
        QTest::newRow("extra bytes") << good + QByteArray("junk") << "(extra bytes at the end)";
        QByteArray flipped = good;
        flipped[kSnapshotHeaderBytes + 3] = char(flipped[kSnapshotHeaderBytes + 3] ^ 0x40);
        QTest::newRow("flipped payload bit") << flipped << "does not match its CRC-32 at byte 20";
        // A payload that passes the CRC but is not a ReportSnapshot (an invalid wire type).
        QByteArray garbage = good.left(kSnapshotHeaderBytes) + QByteArray("\x0f\xff\xff\xff", 4);
        qToLittleEndian<quint64>(4, garbage.data() + 12);
        setCrc(garbage);
        QTest::newRow("not a message") << garbage << "the payload at byte 24 is not a ReportSnapshot";
        rpb::ReportSnapshot wrong = sample();
        wrong.set_format_version(3);
        QTest::newRow("message version") << encodeSnapshot(wrong) << "message version 3 is not 1";
    }

    void refusesDamage()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        auto decoded = decodeSnapshot(bytes);
        QVERIFY(!decoded);
        QVERIFY2(QString::fromStdString(decoded.error().message).contains(expected), decoded.error().message.c_str());
    }

    void namesTheFileItRefuses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("cut.snap");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(encodeSnapshot(sample()).left(40));
        f.close();
        auto read = readSnapshotFile(path);
        QVERIFY(!read);
        QVERIFY(QString::fromStdString(read.error().message).startsWith(path + ": report snapshot damaged"));
        auto missing = readSnapshotFile(dir.filePath("none.snap"));
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().message).contains("none.snap"));
    }
};

QTEST_GUILESS_MAIN(TestSnapshotFile)
#include "tst_snapshot_file.moc"
