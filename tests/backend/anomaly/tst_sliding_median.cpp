// SlidingMedian against the straightforward median (copy the window, nth_element at size / 2,
// as RobustBaseline did before it kept its median incrementally) on random data: windows of
// several sizes, values with many ties, runs much longer than the window, NaN; and a
// RobustBaseline fed through it against the straightforward baseline, scale for scale.
#include "backend/anomaly/robust_baseline.h"
#include "backend/anomaly/sliding_median.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <random>

using namespace sn::anomaly;

namespace {

double straightforwardMedian(const std::deque<double> &window)
{
    if (window.empty())
        return 0;
    std::vector<double> v(window.begin(), window.end());
    auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

// RobustBaseline as it was before SlidingMedian: the reference its results must equal.
class StraightforwardBaseline {
public:
    explicit StraightforwardBaseline(BaselineConfig c) : m_config(c) {}
    bool ready() const { return m_seen >= m_config.warmup; }
    double scale() const
    {
        return std::max({1.4826 * straightforwardMedian(m_residuals), m_config.minScale,
                         m_config.relativeMinScale * std::abs(m_level)});
    }
    void update(double value)
    {
        if (m_seen == 0) {
            m_level = value;
        } else {
            double v = value;
            if (ready()) {
                const double s = scale() * m_config.clampSigmas;
                v = std::clamp(v, m_level - s, m_level + s);
            }
            m_residuals.push_back(std::abs(v - m_level));
            if (m_residuals.size() > m_config.window)
                m_residuals.pop_front();
            m_level += m_config.alpha * (v - m_level);
        }
        ++m_seen;
    }
    double level() const { return m_level; }

private:
    BaselineConfig m_config;
    double m_level = 0;
    std::size_t m_seen = 0;
    std::deque<double> m_residuals;
};

} // namespace

class TestSlidingMedian : public QObject {
    Q_OBJECT
private slots:
    void equalsTheStraightforwardMedian_data()
    {
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("distinctValues"); // 0: continuous values, else that many (ties)
        QTest::addColumn<int>("pushes");
        QTest::newRow("window 1") << 1 << 0 << 200;
        QTest::newRow("window 2, ties") << 2 << 3 << 500;
        QTest::newRow("window 7, continuous") << 7 << 0 << 2000;
        QTest::newRow("window 64, heavy ties") << 64 << 4 << 5000;
        QTest::newRow("window 1000, continuous") << 1000 << 0 << 6000;
        QTest::newRow("window 1000, ties") << 1000 << 50 << 6000;
        QTest::newRow("window larger than the run") << 5000 << 0 << 3000;
    }
    void equalsTheStraightforwardMedian()
    {
        QFETCH(int, window);
        QFETCH(int, distinctValues);
        QFETCH(int, pushes);
        std::mt19937_64 rng(static_cast<std::uint64_t>(window * 131 + distinctValues));
        std::lognormal_distribution<double> continuous(0, 2);
        std::uniform_int_distribution<int> tied(0, std::max(0, distinctValues - 1));
        SlidingMedian incremental(static_cast<std::size_t>(window));
        std::deque<double> reference;
        QCOMPARE(incremental.median(), 0.0);
        for (int i = 0; i < pushes; ++i) {
            const double v = distinctValues > 0 ? tied(rng) * 0.25 : continuous(rng);
            incremental.push(v);
            reference.push_back(v);
            if (reference.size() > std::size_t(window))
                reference.pop_front();
            QCOMPARE(incremental.size(), reference.size());
            if (incremental.median() != straightforwardMedian(reference))
                QFAIL(qPrintable(QString("push %1: median %2, straightforward %3")
                                     .arg(i)
                                     .arg(incremental.median())
                                     .arg(straightforwardMedian(reference))));
        }
    }

    void emptyWindowKeepsNothing()
    {
        SlidingMedian m(0);
        m.push(3);
        QCOMPARE(m.size(), std::size_t(0));
        QCOMPARE(m.median(), 0.0);
    }

    void nanCountsAsInfinitelyFarOff()
    {
        SlidingMedian m(3);
        m.push(1);
        m.push(std::numeric_limits<double>::quiet_NaN());
        m.push(std::numeric_limits<double>::quiet_NaN());
        QCOMPARE(m.median(), std::numeric_limits<double>::infinity());
        m.push(2); // 1 leaves: the window is {NaN, NaN, 2}
        QCOMPARE(m.median(), std::numeric_limits<double>::infinity());
        m.push(0.5); // {NaN, 2, 0.5}
        QCOMPARE(m.median(), 2.0);
        m.push(0.25); // {2, 0.5, 0.25}
        QCOMPARE(m.median(), 0.5);
    }

    void robustBaselineScalesAsTheStraightforwardOne_data()
    {
        QTest::addColumn<int>("window");
        QTest::addColumn<double>("spikeEvery"); // a wild value every N samples, clamped by the band
        QTest::newRow("default window, noise") << 1000 << 0.0;
        QTest::newRow("default window, spikes") << 1000 << 37.0;
        QTest::newRow("short window, spikes") << 20 << 5.0;
    }
    void robustBaselineScalesAsTheStraightforwardOne()
    {
        QFETCH(int, window);
        QFETCH(double, spikeEvery);
        BaselineConfig config;
        config.window = static_cast<std::size_t>(window);
        RobustBaseline incremental(config);
        StraightforwardBaseline reference(config);
        std::mt19937 rng(11);
        std::normal_distribution<double> noise(70, 3);
        for (int i = 0; i < 6000; ++i) {
            double v = std::round(noise(rng) * 4) / 4; // sensors report in steps: ties
            if (spikeEvery > 0 && i % int(spikeEvery) == 0)
                v += 40;
            incremental.update(v);
            reference.update(v);
            QCOMPARE(incremental.ready(), reference.ready());
            QCOMPARE(incremental.level(), reference.level());
            if (incremental.scale() != reference.scale())
                QFAIL(qPrintable(QString("sample %1: scale %2, straightforward %3")
                                     .arg(i)
                                     .arg(incremental.scale())
                                     .arg(reference.scale())));
        }
    }
};

QTEST_GUILESS_MAIN(TestSlidingMedian)
#include "tst_sliding_median.moc"
