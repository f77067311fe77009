// NAB's standard-profile score on hand-computed cases: 100 rows a minute apart (probation: the
// first 15), one window over rows 40..49. Expected values are NAB's formulas worked by hand:
// sigma(p) = 2 / (1 + e^(5p)) - 1, a TP worth sigma(p) / sigma(-1), a FP 0.11 x sigma(p).
#include "backend/anomaly/nab_score.h"

#include <QTest>

using namespace sn::anomaly;

namespace {
constexpr std::int64_t kMinute = 60000;

std::vector<std::int64_t> rows(std::size_t n)
{
    std::vector<std::int64_t> t(n);
    for (std::size_t i = 0; i < n; ++i)
        t[i] = std::int64_t(i) * kMinute;
    return t;
}
const std::vector<Window> kWindow{{40 * kMinute, 49 * kMinute}};
} // namespace

class TestNabScore : public QObject {
    Q_OBJECT
private slots:
    void scaledSigmoidMatchesNab()
    {
        QCOMPARE(nabScaledSigmoid(0.0), 0.0);
        QVERIFY(qAbs(nabScaledSigmoid(-1.0) - 0.9866142981514305) < 1e-12);
        QVERIFY(qAbs(nabScaledSigmoid(-0.5) - 0.8482836399575131) < 1e-12);
        QVERIFY(qAbs(nabScaledSigmoid(1.0) + 0.9866142981514305) < 1e-12);
        QCOMPARE(nabScaledSigmoid(3.0), -1.0);
    }

    void scoresHandComputedCases_data()
    {
        QTest::addColumn<std::vector<std::size_t>>("detections");
        QTest::addColumn<double>("raw");
        QTest::addColumn<int>("falsePositives");
        QTest::newRow("nothing: the null detector") << std::vector<std::size_t>{} << -1.0 << 0;
        QTest::newRow("window's first row: perfect") << std::vector<std::size_t>{40} << 1.0 << 0;
        QTest::newRow("window's middle") << std::vector<std::size_t>{45} << 0.8597925669097837 << 0;
        QTest::newRow("window's last row") << std::vector<std::size_t>{49} << 0.24824154977542992 << 0;
        QTest::newRow("two in the window: the best counts") << std::vector<std::size_t>{49, 40} << 1.0 << 0;
        QTest::newRow("FP just after the window") << std::vector<std::size_t>{50} << -1.0 - 0.029793183036839352 << 1;
        QTest::newRow("FP a window width after") << std::vector<std::size_t>{58} << -1.0 - 0.10852757279665734 << 1;
        QTest::newRow("FP far after") << std::vector<std::size_t>{90} << -1.11 << 1;
        QTest::newRow("FP before any window") << std::vector<std::size_t>{20} << -1.11 << 1;
        QTest::newRow("in probation: ignored") << std::vector<std::size_t>{5, 14} << -1.0 << 0;
        QTest::newRow("TP plus a late FP") << std::vector<std::size_t>{40, 90} << 1.0 - 0.11 << 1;
    }
    void scoresHandComputedCases()
    {
        QFETCH(std::vector<std::size_t>, detections);
        QFETCH(double, raw);
        QFETCH(int, falsePositives);
        const NabSeriesScore s = nabScore(rows(100), detections, kWindow);
        QVERIFY2(qAbs(s.raw - raw) < 1e-9, qPrintable(QString::number(s.raw, 'g', 17)));
        QCOMPARE(s.falsePositives, falsePositives);
        QCOMPARE(s.windows, 1);
        QCOMPARE(s.nullScore, -1.0);
        QCOMPARE(s.perfectScore, 1.0);
    }

    void earlierIsBetterAndNearFalsePositivesCostLess()
    {
        const auto t = rows(100);
        QVERIFY(nabScore(t, {40}, kWindow).raw > nabScore(t, {45}, kWindow).raw);
        QVERIFY(nabScore(t, {45}, kWindow).raw > nabScore(t, {49}, kWindow).raw);
        QVERIFY(nabScore(t, {50}, kWindow).raw > nabScore(t, {58}, kWindow).raw);
        QVERIFY(nabScore(t, {58}, kWindow).raw > nabScore(t, {90}, kWindow).raw);
    }

    void normalisesBetweenNullAndPerfectOverTheCorpus()
    {
        const auto t = rows(100);
        QCOMPARE(nabNormalizedScore({nabScore(t, {}, kWindow)}), 0.0);
        QCOMPARE(nabNormalizedScore({nabScore(t, {40}, kWindow)}), 100.0);
        // One series found at its start, one missed: (1 + -1) - (-2) over 2 - (-2) = 50.
        QCOMPARE(nabNormalizedScore({nabScore(t, {40}, kWindow), nabScore(t, {}, kWindow)}), 50.0);
        // Flagging every row is worse than nothing: 85 rows, 10 of them in the window.
        std::vector<std::size_t> all(100);
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = i;
        QVERIFY(nabNormalizedScore({nabScore(t, all, kWindow)}) < 0);
        QCOMPARE(nabNormalizedScore({}), 0.0);
    }

    void aWindowInProbationIsNotCounted()
    {
        const NabSeriesScore s = nabScore(rows(100), {3}, {{2 * kMinute, 5 * kMinute}});
        QCOMPARE(s.windows, 0);
        QCOMPARE(s.raw, 0.0);
        QCOMPARE(s.falsePositives, 0);
        // 10,000 rows: probation stops at 750 rows, not 15%.
        const NabSeriesScore long_ = nabScore(rows(10000), {800}, {{760 * kMinute, 900 * kMinute}});
        QCOMPARE(long_.windows, 1);
        QCOMPARE(long_.detected, 1);
    }
};

QTEST_APPLESS_MAIN(TestNabScore)
#include "tst_nab_score.moc"
