// Dynamic thresholds, static rules and NAB series IO: synthetic series whose answer is known,
// NAB's real realAWSCloudwatch series with their labelled windows, and malformed CSVs.
#include "backend/anomaly/nab_series.h"
#include "backend/anomaly/series_detector.h"
#include "backend/anomaly/static_rule.h"
#include "tests/support/shared_data.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace sn::anomaly;

namespace {
constexpr std::int64_t kStep = 60000; // one sample a minute
}

class TestSeriesDetector : public QObject {
    Q_OBJECT
private slots:
    void learnsEachSeriesOwnBand()
    {
        // Two GPUs with different normals: 80 °C +- 1 is normal for one, an anomaly for the other.
        std::mt19937 rng(3);
        std::normal_distribution<double> noise(0, 0.5);
        SeriesDetector hot("gpu0"), cool("gpu1");
        for (int i = 0; i < 500; ++i) {
            QVERIFY(!hot.add(i * kStep, 80 + noise(rng)).inEvent);
            QVERIFY(!cool.add(i * kStep, 60 + noise(rng)).inEvent);
        }
        QVERIFY(std::abs(hot.baseline().level() - 80) < 1);
        bool raised = false;
        for (int i = 500; i < 520; ++i)
            raised = cool.add(i * kStep, 80 + noise(rng)).inEvent || raised;
        QVERIFY(raised);
        QCOMPARE(cool.events().size(), std::size_t(1));
        const AnomalyEvent &e = cool.events().front();
        QCOMPARE(e.startMs, 500 * kStep); // the first sample over the band, not the one that confirmed it
        QVERIFY(e.bandHigh < 80 && e.bandLow > 40);
        QCOMPARE(QString::fromStdString(e.detector), QString("level"));
        QVERIFY(hot.events().empty());
    }

    void staysSilentDuringWarmUp()
    {
        SeriesDetector d("s");
        for (int i = 0; i < 40; ++i)
            QVERIFY(!d.add(i * kStep, i % 2 ? 0 : 1000).inEvent);
    }

    void hysteresisKeepsOneEventAndEndsIt()
    {
        std::mt19937 rng(5);
        std::normal_distribution<double> noise(0, 1);
        SeriesDetector d("s");
        int t = 0;
        for (; t < 300; ++t)
            (void)d.add(t * kStep, 50 + noise(rng));
        // A spike that wobbles around the entry score must not flap into several events.
        for (int i = 0; i < 30; ++i, ++t)
            (void)d.add(t * kStep, (i % 3 ? 75 : 58) + noise(rng));
        for (int i = 0; i < 100; ++i, ++t)
            (void)d.add(t * kStep, 50 + noise(rng));
        QCOMPARE(d.events().size(), std::size_t(1));
        QVERIFY(!d.events().front().open());
        QVERIFY(d.events().front().endMs > d.events().front().startMs);
    }

    void singleSpikeIsNotAnEvent()
    {
        std::mt19937 rng(9);
        std::normal_distribution<double> noise(0, 1);
        SeriesDetector d("s");
        for (int t = 0; t < 300; ++t)
            (void)d.add(t * kStep, (t == 200 ? 500 : 50) + noise(rng));
        QVERIFY(d.events().empty()); // minimum duration: two samples over the band
    }

    void sustainedSmallDeviationIsAnEvent()
    {
        std::mt19937 rng(11);
        std::normal_distribution<double> noise(0, 1);
        SeriesDetector d("s");
        int t = 0;
        for (; t < 300; ++t)
            (void)d.add(t * kStep, 50 + noise(rng));
        for (int i = 0; i < 60; ++i, ++t)
            (void)d.add(t * kStep, 59 + noise(rng) * 0.2); // ~6-8 scales: under entry, over sustain
        QCOMPARE(d.events().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(d.events().front().detector), QString("sustained"));
    }

    void missingAndBackwardSamplesAreNotData()
    {
        SeriesDetector d("s");
        for (int t = 0; t < 100; ++t)
            (void)d.add(t * kStep, 10);
        QVERIFY(!d.addMissing(100 * kStep).inEvent);
        QVERIFY(d.add(50 * kStep, 1e9).dropped); // a clock jump back
        QVERIFY(d.add(101 * kStep, NAN).dropped);
        QCOMPARE(d.droppedSamples(), std::size_t(2));
        QVERIFY(d.events().empty());
        QCOMPARE(d.baseline().level(), 10.0);
    }

    void rateDetectorSeesAJump()
    {
        DetectorConfig c;
        c.rateScore = 8;
        c.enterScore = 1e9; // level detector off
        c.sustainScore = 1e9;
        SeriesDetector d("s", c);
        std::mt19937 rng(2);
        std::normal_distribution<double> noise(0, 1);
        int t = 0;
        for (; t < 300; ++t)
            (void)d.add(t * kStep, 100 + noise(rng));
        for (int i = 0; i < 5; ++i, ++t)
            (void)d.add(t * kStep, 100 + (i % 2 ? 60 : -60));
        QVERIFY(!d.events().empty());
        QCOMPARE(QString::fromStdString(d.events().front().detector), QString("rate"));
    }

    void staticRuleWithHysteresis()
    {
        auto rule = parseStaticRule("gpu_hot", "DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error");
        QVERIFY2(rule.ok(), rule.ok() ? "" : rule.error().message.c_str());
        QCOMPARE(rule->minDurationMs, std::int64_t(30000));
        RuleEvaluator r(*rule, "gpu07/3");
        const std::int64_t s = 10000;
        QVERIFY(!r.add(0, 80));
        QVERIFY(!r.add(1 * s, 86)); // beyond, but not yet for 30 s
        QVERIFY(!r.add(2 * s, 84)); // back under: the clock restarts
        QVERIFY(!r.add(3 * s, 87));
        QVERIFY(!r.add(5 * s, 88));
        QVERIFY(r.add(6 * s, 89)); // 30 s beyond
        QVERIFY(r.add(7 * s, 84)); // under 85 but not under the clear value
        QVERIFY(r.add(8 * s, 81));
        QVERIFY(r.add(9 * s, NAN)); // missing ends nothing
        QVERIFY(!r.add(11 * s, 80));
        QCOMPARE(r.events().size(), std::size_t(1));
        const AnomalyEvent &e = r.events().front();
        QCOMPARE(e.startMs, 3 * s);
        QCOMPARE(e.endMs, 11 * s);
        QCOMPARE(e.peakValue, 89.0);
        QCOMPARE(e.severity, sn::Severity::Error);
        QCOMPARE(e.toEvent("gpu07", 3).kind, std::string("anomaly.rule"));
    }

    void rejectsBadRules_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("short") << "TEMP >"
                               << "expected";
        QTest::newRow("operator") << "TEMP >= 85"
                                  << "operator '>='";
        QTest::newRow("limit") << "TEMP > hot"
                               << "'hot' is not a number";
        QTest::newRow("duration unit") << "TEMP > 85 for 30"
                                       << "needs a unit";
        QTest::newRow("clear side") << "TEMP > 85 clear 90"
                                    << "wrong side";
        QTest::newRow("severity") << "TEMP > 85 severity loud"
                                  << "severity 'loud'";
        QTest::newRow("unknown") << "TEMP > 85 when now"
                                 << "unknown word 'when'";
        QTest::newRow("dangling") << "TEMP > 85 for"
                                  << "needs a value";
    }
    void rejectsBadRules()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        auto r = parseStaticRule("r", text.toStdString());
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
    }

    void readsCsvWithMissingValues()
    {
        auto r = parseTimestampValueCsv("timestamp,value\n2014-02-14 14:30:00,0.132\n2014-02-14 14:35:00,[N/A]\n"
                                        "2014-02-14 14:40:00.500000,\n2014-02-14T14:45:00,[Not Supported]\n");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->size(), std::size_t(4));
        QVERIFY((*r)[0].valid);
        QCOMPARE((*r)[0].timeMs, std::int64_t(1392388200000));
        QVERIFY(!(*r)[1].valid && !(*r)[2].valid && !(*r)[3].valid);
        QCOMPARE((*r)[2].timeMs - (*r)[1].timeMs, std::int64_t(300500));
    }

    void rejectsMalformedCsv_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << ""
                               << "empty file";
        QTest::newRow("header") << "time,value\n"
                                << "header";
        QTest::newRow("columns") << "timestamp,value\n2014-02-14 14:30:00,1,2\n"
                                 << "line 2, column 1: expected two";
        QTest::newRow("timestamp") << "timestamp,value\n2014-13-14 14:30:00,1\n"
                                   << "line 2, column 1: timestamp";
        QTest::newRow("garbage value") << "timestamp,value\n2014-02-14 14:30:00,12abc\n"
                                       << "line 2, column 21: value";
        QTest::newRow("truncated") << "timestamp,value\n2014-02-14 14:3"
                                   << "line 2";
        QTest::newRow("binary") << QString::fromLatin1("timestamp,value\n\x01\x02\xff,\x03\n") << "line 2";
    }
    void rejectsMalformedCsv()
    {
        QFETCH(QString, csv);
        QFETCH(QString, error);
        auto r = parseTimestampValueCsv(csv.toStdString());
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
    }

    void findsLabelledWindowsInNab_data()
    {
        QTest::addColumn<QString>("series");
        QTest::newRow("grok asg") << "grok_asg_anomaly";
        QTest::newRow("rds e47b3b") << "rds_cpu_utilization_e47b3b";
        QTest::newRow("network 5abac7") << "ec2_network_in_5abac7";
    }
    void findsLabelledWindowsInNab()
    {
        // Series where at least two windows are found at the default settings (docs/benchmarks.md lists
        // all 17); the test fails if a change to the detectors loses them.
        QFETCH(QString, series);
        if (!sn::test::requireSharedData("nab/data/realAWSCloudwatch"))
            return;
        const std::string key = "realAWSCloudwatch/" + series.toStdString() + ".csv";
        auto data = readTimestampValueCsv(sn::test::sharedDataPath("nab/data/").toStdString() + key);
        QVERIFY2(data.ok(), data.ok() ? "" : data.error().message.c_str());
        auto windows = readNabWindows(sn::test::sharedDataPath("nab/labels/combined_windows.json").toStdString(), key);
        QVERIFY(windows.ok());
        SeriesDetector d(key);
        for (const TimedValue &v : *data)
            (void)(v.valid ? d.add(v.timeMs, v.value) : d.addMissing(v.timeMs));
        std::vector<std::int64_t> starts;
        for (const AnomalyEvent &e : d.events())
            starts.push_back(e.startMs);
        const WindowScore s = scoreWindows(starts, *windows);
        QCOMPARE(s.windows, int(windows->size()));
        QVERIFY2(s.detected >= 2, qPrintable(QString::number(s.detected)));
        QVERIFY2(s.falsePositives <= 60, qPrintable(QString::number(s.falsePositives)));
    }
};

QTEST_APPLESS_MAIN(TestSeriesDetector)
#include "tst_series_detector.moc"
