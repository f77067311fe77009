// nccl-tests logs read from ../shared/data/nccl/nccl-tests, checked against the rule the data's
// README states (busbw = algbw x the collective's bus factor on every row), and malformed logs.
#include "backend/comms/cost_model.h"
#include "backend/comms/nccl_tests_log.h"
#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sn::comms;

namespace {

std::string readLog(const QString &name)
{
    QFile f(sn::test::sharedDataPath("nccl/nccl-tests/" + name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll().toStdString();
}

} // namespace

class TestNcclTestsLog : public QObject {
    Q_OBJECT
private slots:
    void readsEveryRealLog_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("rows");
        QTest::addColumn<double>("largestBusbw");
        QTest::newRow("a3mega all_reduce") << "gcp-a3mega_2x8xH100_all_reduce_perf.txt"
                                           << "all_reduce" << 16 << 2 << 31 << 338.82;
        QTest::newRow("2080Ti all_reduce") << "autodl_2x2080Ti_all_reduce_perf_g2.txt"
                                           << "all_reduce" << 2 << 1 << 28 << 4.00;
        QTest::newRow("2080Ti all_gather") << "autodl_2x2080Ti_all_gather_perf_g2.txt"
                                           << "all_gather" << 2 << 1 << 28 << 3.79;
        QTest::newRow("2080Ti alltoall") << "autodl_2x2080Ti_alltoall_perf_g2.txt"
                                         << "alltoall" << 2 << 1 << 28 << 4.61;
        QTest::newRow("2080Ti broadcast") << "autodl_2x2080Ti_broadcast_perf_g2.txt"
                                          << "broadcast" << 2 << 1 << 28 << 11.09;
        QTest::newRow("2080Ti reduce") << "autodl_2x2080Ti_reduce_perf_g2.txt"
                                       << "reduce" << 2 << 1 << 28 << 11.14;
        QTest::newRow("2080Ti reduce 1 GPU") << "autodl_2x2080Ti_reduce_perf_nog.txt"
                                             << "reduce" << 1 << 1 << 28 << 267.37;
    }

    void readsEveryRealLog()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests"))
            return;
        QFETCH(QString, file);
        QFETCH(QString, collective);
        QFETCH(int, ranks);
        QFETCH(int, nodes);
        QFETCH(int, rows);
        QFETCH(double, largestBusbw);
        auto run = parseNcclTestsLog(readLog(file), file.toStdString());
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
        QCOMPARE(QString::fromStdString(run->collective), collective);
        QCOMPARE(static_cast<int>(run->ranks.size()), ranks);
        QCOMPARE(run->nodes(), nodes);
        QCOMPARE(static_cast<int>(run->rows.size()), rows);
        QCOMPARE(run->largest()->outOfPlace.busbwGBps, largestBusbw);
        QVERIFY(run->avgBusbwGBps.has_value());
        // busbw = algbw x factor on every row, within the rounding of both to two decimals.
        const Collective c = *collectiveFromName(run->collective);
        for (const NcclTestsRow &row : run->rows)
            for (const NcclTestsTiming *t : {&row.outOfPlace, &row.inPlace}) {
                const double expected = t->algbwGBps * busBandwidthFactor(c, ranks);
                QVERIFY2(
                    std::abs(t->busbwGBps - expected) <=
                        0.005 * busBandwidthFactor(c, ranks) + 0.0051 + 1e-6 * expected,
                    qPrintable(
                        QString("line %1: busbw %2, algbw x factor %3").arg(row.line).arg(t->busbwGBps).arg(expected)));
            }
    }

    void everyLogIsCovered()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests"))
            return;
        QCOMPARE(QDir(sn::test::sharedDataPath("nccl/nccl-tests")).entryList(QDir::Files).size(), 7);
    }

    void readsHostsAndDevicesOfEveryRank()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests"))
            return;
        auto run = parseNcclTestsLog(readLog("gcp-a3mega_2x8xH100_all_reduce_perf.txt"));
        QVERIFY(run.ok());
        QCOMPARE(run->ranks[9].host, std::string("ztan-mig-gq73"));
        QCOMPARE(run->ranks[9].device, 1);
        QCOMPARE(run->ranks[9].busId, std::string("0000:05:00"));
        QCOMPARE(run->ranks[9].model, std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(run->rows.back().bytes, 8589934592LL);
        QCOMPARE(run->rows.back().outOfPlace.timeUs, 47535.0);
        auto alltoall = parseNcclTestsLog(readLog("autodl_2x2080Ti_alltoall_perf_g2.txt"));
        QVERIFY(alltoall.ok());
        QVERIFY(!alltoall->rows.back().inPlace.wrong.has_value()); // printed N/A: unknown, not 0
        QCOMPARE(alltoall->rows.back().outOfPlace.wrong.value(), 0LL);
    }

    void malformedLogsFailSayingWhere_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("says");
        QTest::newRow("truncated row") << "  8589934592    2147483648     float     sum      -1    47535  180.71  "
                                          "338.82      0    47743  179.92  337.35      0"
                                       << "  8589934592    2147483648     float     sum      -1    47535  180.71"
                                       << ":62:3: a result row has 7 fields";
        QTest::newRow("garbage busbw") << "  180.71  338.82      0    47743"
                                       << "  180.71  3x8.82      0    47743"
                                       << ":62:72: out-of-place busbw '3x8.82' is not a number";
        QTest::newRow("N/A algbw") << "169.81  318.40"
                                   << "   N/A  318.40"
                                   << ":60:67: out-of-place algbw 'N/A'";
        QTest::newRow("bad wrong count") << "338.82      0    47743"
                                         << "338.82     -3    47743"
                                         << "#wrong '-3' is not a count";
        QTest::newRow("sizes out of order") << "  4294967296    1073741824"
                                            << "  9994967296    1073741824"
                                            << "is smaller than the row before";
        QTest::newRow("no table") << "#       size         count"
                                  << "#       hello         count"
                                  << "no result rows";
    }

    void malformedLogsFailSayingWhere()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests"))
            return;
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, says);
        QString text = QString::fromStdString(readLog("gcp-a3mega_2x8xH100_all_reduce_perf.txt"));
        QVERIFY2(text.contains(from), qPrintable(from));
        text.replace(text.indexOf(from), from.size(), to);
        auto run = parseNcclTestsLog(text.toStdString(), "log");
        QVERIFY(!run.ok());
        QVERIFY2(QString::fromStdString(run.error().message).contains(says), run.error().message.c_str());
    }

    void emptyAndGarbageInputs()
    {
        QVERIFY(!parseNcclTestsLog("").ok());
        QVERIFY(!parseNcclTestsLog("\x01\x02\xff garbage\n12 13 14\n").ok());
    }
};

QTEST_GUILESS_MAIN(TestNcclTestsLog)
#include "tst_nccl_tests_log.moc"
