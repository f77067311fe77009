// Quantities as operators write them: byte sizes like Kubernetes, link speeds like network gear.

#include "backend/model/quantity.h"

#include <QtTest>

#include <cstdint>
#include <limits>

using namespace sn;

class TestQuantity : public QObject {
    Q_OBJECT

private slots:
    void parsesBytes_data();
    void parsesBytes();
    void rejectsBadBytes_data();
    void rejectsBadBytes();
    void formatsBytesWithLargestExactUnit_data();
    void formatsBytesWithLargestExactUnit();
    void bytesRoundTrip_data();
    void bytesRoundTrip();
    void parsesGbps_data();
    void parsesGbps();
    void rejectsBadGbps_data();
    void rejectsBadGbps();
    void formatsGbps_data();
    void formatsGbps();
    void gbpsRoundTrip_data();
    void gbpsRoundTrip();
    void parsesDurations_data();
    void parsesDurations();
    void rejectsBadDurations_data();
    void rejectsBadDurations();
    void durationsRoundTrip_data();
    void durationsRoundTrip();
};

constexpr qint64 kKi = 1024;
constexpr qint64 kMi = kKi * 1024;
constexpr qint64 kGi = kMi * 1024;
constexpr qint64 kTi = kGi * 1024;
constexpr qint64 kPi = kTi * 1024;

void TestQuantity::parsesBytes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("bytes");
    QTest::newRow("binary Gi") << "512Gi" << 512 * kGi;
    QTest::newRow("SI G is 10^9") << "80G" << qint64(80'000'000'000);
    QTest::newRow("plain bytes") << "1024" << qint64(1024);
    QTest::newRow("fractional Ti") << "1.5Ti" << kTi + kTi / 2;
    QTest::newRow("Mi") << "64Mi" << 64 * kMi;
    QTest::newRow("Ki") << "100Ki" << 100 * kKi;
    QTest::newRow("zero") << "0" << qint64(0);
    QTest::newRow("Pi") << "2Pi" << 2 * kPi;
    QTest::newRow("SI M") << "250M" << qint64(250'000'000);
    QTest::newRow("SI K upper") << "3K" << qint64(3000);
    QTest::newRow("Kubernetes lower-case k") << "3k" << qint64(3000);
    QTest::newRow("SI T") << "2T" << qint64(2'000'000'000'000);
    QTest::newRow("trailing B for bytes") << "80GiB" << 80 * kGi;
    QTest::newRow("plain B") << "512B" << qint64(512);
    QTest::newRow("surrounding spaces") << " 2Ti " << 2 * kTi;
    QTest::newRow("fraction with zeros") << "2.50Gi" << 2 * kGi + kGi / 2;
    QTest::newRow("fraction giving whole SI bytes") << "1.5K" << qint64(1500);
    QTest::newRow("largest value") << "9223372036854775807" << std::numeric_limits<qint64>::max();
    QTest::newRow("7Ei fits") << "7Ei" << 7 * 1024 * kPi;
}

void TestQuantity::parsesBytes()
{
    QFETCH(QString, text);
    QFETCH(qint64, bytes);
    const auto result = parseBytes(text.toStdString());
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(qint64(*result), bytes);
}

void TestQuantity::rejectsBadBytes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("empty") << ""
                           << "got an empty value";
    QTest::newRow("only spaces") << "   "
                                 << "got an empty value";
    QTest::newRow("junk") << "lots"
                          << "expected a byte quantity like 512Gi, 80G or 1024, got \"lots\"";
    QTest::newRow("unknown unit") << "12Gx"
                                  << "unknown unit \"Gx\"";
    QTest::newRow("negative") << "-1Gi"
                              << "not negative";
    QTest::newRow("negative zero") << "-0"
                                   << "not negative";
    QTest::newRow("overflow by unit") << "8Ei"
                                      << "at most 8Ei";
    QTest::newRow("overflow by digits") << "99999999999999999999"
                                        << "at most 8Ei";
    QTest::newRow("overflow just above max") << "9223372036854775808"
                                             << "at most 8Ei";
    QTest::newRow("fraction of a byte") << "1.5"
                                        << "whole number of bytes";
    QTest::newRow("fraction of a byte in Ki") << "0.3Ki"
                                              << "whole number of bytes";
    QTest::newRow("unit without number") << "Gi"
                                         << "got \"Gi\"";
    QTest::newRow("dangling point") << "1.Gi"
                                    << "got \"1.Gi\"";
    QTest::newRow("leading point") << ".5Gi"
                                   << "got \".5Gi\"";
    QTest::newRow("space inside") << "512 Gi"
                                  << "unknown unit \" Gi\"";
    QTest::newRow("exponent") << "1e9"
                              << "unknown unit \"e9\"";
    QTest::newRow("lower-case binary") << "512gi"
                                       << "unknown unit \"gi\"";
    QTest::newRow("hex") << "0x10"
                         << "unknown unit";
}

void TestQuantity::rejectsBadBytes()
{
    QFETCH(QString, text);
    QFETCH(QString, messagePart);
    const auto result = parseBytes(text.toStdString());
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::InvalidArgument);
    const QString message = QString::fromStdString(result.error().message);
    QVERIFY2(message.contains(messagePart), qPrintable(message));
    QVERIFY2(message.startsWith("expected "), qPrintable(message)); // cluster_yaml prefixes the key
}

void TestQuantity::formatsBytesWithLargestExactUnit_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << "0";
    QTest::newRow("Gi") << 512 * kGi << "512Gi";
    QTest::newRow("Ti beats Gi") << 2 * kTi << "2Ti";
    QTest::newRow("Gi when Ti is not exact") << kTi + kTi / 2 << "1536Gi";
    QTest::newRow("Ki") << 100 * kKi << "100Ki";
    QTest::newRow("exactly 1024") << qint64(1024) << "1Ki";
    QTest::newRow("SI G when not binary") << qint64(80'000'000'000) << "80G";
    QTest::newRow("no exact unit") << qint64(1500) << "1500";
    QTest::newRow("SI K exact") << qint64(3000) << "3K";
    QTest::newRow("binary preferred when both divide") << qint64(2'048'000) << "2000Ki";
    QTest::newRow("plain") << qint64(1023) << "1023";
    QTest::newRow("Pi") << 3 * kPi << "3Pi";
    QTest::newRow("largest value") << std::numeric_limits<qint64>::max() << "9223372036854775807";
}

void TestQuantity::formatsBytesWithLargestExactUnit()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(formatBytes(bytes)), text);
}

void TestQuantity::bytesRoundTrip_data()
{
    QTest::addColumn<qint64>("bytes");
    const qint64 values[] = {
        0,           1,          999,        1000,    1023,      1024,
        4096,        80 * kGi,   512 * kGi,  2 * kTi, 1'500'000, 123'456'789,
        7 * kPi + 1, 1024 * kPi, kMi * 1000, kGi - 1, 999 * kTi, std::numeric_limits<qint64>::max()};
    for (qint64 v : values)
        QTest::newRow(qPrintable(QString::number(v))) << v;
}

void TestQuantity::bytesRoundTrip()
{
    QFETCH(qint64, bytes);
    const std::string text = formatBytes(bytes);
    const auto back = parseBytes(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(qint64(*back), bytes);
}

void TestQuantity::parsesGbps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("gbps");
    QTest::newRow("G") << "100G" << 100.0;
    QTest::newRow("Gbps") << "400Gbps" << 400.0;
    QTest::newRow("Gb/s") << "200Gb/s" << 200.0;
    QTest::newRow("Gbit/s") << "200Gbit/s" << 200.0;
    QTest::newRow("plain number is gigabits") << "25" << 25.0;
    QTest::newRow("fractional T") << "1.6T" << 1600.0;
    QTest::newRow("Tbps") << "3.2Tbps" << 3200.0;
    QTest::newRow("M") << "100M" << 0.1;
    QTest::newRow("Mb/s") << "2500Mb/s" << 2.5;
    QTest::newRow("fractional G") << "12.5G" << 12.5;
    QTest::newRow("zero") << "0" << 0.0;
    QTest::newRow("spaces around") << " 56G " << 56.0;
}

void TestQuantity::parsesGbps()
{
    QFETCH(QString, text);
    QFETCH(double, gbps);
    const auto result = parseGbps(text.toStdString());
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(*result, gbps);
}

void TestQuantity::rejectsBadGbps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("empty") << ""
                           << "got an empty value";
    QTest::newRow("junk") << "fast"
                          << "got \"fast\"";
    QTest::newRow("negative") << "-100G"
                              << "not negative";
    QTest::newRow("unknown unit") << "100Q"
                                  << "unknown unit \"Q\"";
    QTest::newRow("bytes, not bits") << "100GB/s"
                                     << "that is bytes";
    QTest::newRow("bytes Bps") << "12GBps"
                               << "that is bytes";
    QTest::newRow("lower-case unit") << "100g"
                                     << "unknown unit \"g\"";
    QTest::newRow("exponent") << "1e3"
                              << "unknown unit \"e3\"";
    QTest::newRow("infinity") << "inf"
                              << "got \"inf\"";
    QTest::newRow("out of range") << QString(400, '9') << "out of range";
}

void TestQuantity::rejectsBadGbps()
{
    QFETCH(QString, text);
    QFETCH(QString, messagePart);
    const auto result = parseGbps(text.toStdString());
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::InvalidArgument);
    const QString message = QString::fromStdString(result.error().message);
    QVERIFY2(message.contains(messagePart), qPrintable(message));
    QVERIFY2(message.startsWith("expected "), qPrintable(message));
}

void TestQuantity::formatsGbps_data()
{
    QTest::addColumn<double>("gbps");
    QTest::addColumn<QString>("text");
    QTest::newRow("100") << 100.0 << "100G";
    QTest::newRow("1600 stays in G") << 1600.0 << "1600G";
    QTest::newRow("fraction") << 12.5 << "12.5G";
    QTest::newRow("zero") << 0.0 << "0G";
    QTest::newRow("sub-gigabit") << 0.1 << "0.1G";
}

void TestQuantity::formatsGbps()
{
    QFETCH(double, gbps);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(formatGbps(gbps)), text);
}

void TestQuantity::gbpsRoundTrip_data()
{
    QTest::addColumn<double>("gbps");
    const double values[] = {0,   1,    10,   25,  40,      56,     100,  200,       400,
                             800, 1600, 12.5, 0.1, 1.0 / 3, 2.5e-7, 1e15, 123456.789};
    for (double v : values)
        QTest::newRow(qPrintable(QString::number(v, 'g', 17))) << v;
}

void TestQuantity::gbpsRoundTrip()
{
    QFETCH(double, gbps);
    const std::string text = formatGbps(gbps);
    const auto back = parseGbps(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(*back, gbps); // exact, not fuzzy: a written file must read back to the same spec
    QVERIFY(*back == gbps);
}

void TestQuantity::parsesDurations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("milliseconds") << "500ms" << qint64(500);
    QTest::newRow("seconds") << "15s" << qint64(15'000);
    QTest::newRow("compound") << "1h30m" << qint64(5'400'000);
    QTest::newRow("days") << "15d" << qint64(15LL * 86'400'000);
    QTest::newRow("weeks") << "2w" << qint64(14LL * 86'400'000);
    QTest::newRow("year") << "1y" << qint64(365LL * 86'400'000);
    QTest::newRow("every unit") << "1d2h3m4s5ms" << qint64(86'400'000 + 7'200'000 + 180'000 + 4'000 + 5);
    QTest::newRow("spaces around") << "  10s " << qint64(10'000);
    QTest::newRow("zero") << "0s" << qint64(0);
}

void TestQuantity::parsesDurations()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto result = parseDurationMs(text.toStdString());
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(*result, ms);
}

void TestQuantity::rejectsBadDurations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("empty") << "" << "an empty value";
    QTest::newRow("no unit") << "15" << "needs a unit";
    QTest::newRow("unknown unit") << "15min" << "unknown unit \"min\"";
    QTest::newRow("negative") << "-5s" << "not negative";
    QTest::newRow("fraction") << "1.5h" << "unknown unit \".\"";
    QTest::newRow("smallest first") << "30m1h" << "largest first";
    QTest::newRow("unit twice") << "1h1h" << "largest first";
    QTest::newRow("overflow") << "99999999999999999999y" << "too large";
    QTest::newRow("overflow by product") << "999999999999y" << "too large";
    QTest::newRow("garbage") << "soon" << "\"soon\"";
}

void TestQuantity::rejectsBadDurations()
{
    QFETCH(QString, text);
    QFETCH(QString, messagePart);
    const auto result = parseDurationMs(text.toStdString());
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::InvalidArgument);
    const QString message = QString::fromStdString(result.error().message);
    QVERIFY2(message.contains(messagePart), qPrintable(message));
    QVERIFY2(message.startsWith("expected a duration"), qPrintable(message));
}

void TestQuantity::durationsRoundTrip_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << "0s";
    QTest::newRow("ms") << qint64(250) << "250ms";
    QTest::newRow("second") << qint64(1000) << "1s";
    QTest::newRow("90 s") << qint64(90'000) << "1m30s";
    QTest::newRow("15 days") << qint64(15LL * 86'400'000) << "15d";
    QTest::newRow("odd") << qint64(86'400'000 + 1) << "1d1ms";
}

void TestQuantity::durationsRoundTrip()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(formatDurationMs(ms)), text);
    const auto back = parseDurationMs(text.toStdString());
    QVERIFY(back.ok());
    QCOMPARE(*back, ms);
}

QTEST_GUILESS_MAIN(TestQuantity)
#include "tst_quantity.moc"
