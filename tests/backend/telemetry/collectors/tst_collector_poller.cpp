// The poller runs each collector on its own thread at aligned times, so a slow source neither
// stalls the others nor shifts their timestamps. The collectors here are stand-ins that count
// and sleep: the real sources have tests of their own.

#include "backend/telemetry/collectors/collector_poller.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

using namespace sn;
using namespace std::chrono_literals;

namespace {

std::int64_t wallMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

class CountingCollector final : public Collector {
public:
    CountingCollector(std::string name, std::chrono::milliseconds busy, bool fail = false)
        : m_name(std::move(name)), m_busy(busy), m_fail(fail)
    {
    }
    std::string source() const override { return m_name; }
    Result<Collection> collect(std::int64_t nowMs) override
    {
        std::this_thread::sleep_for(m_busy);
        if (m_fail)
            return Error{ErrorCode::Unavailable, m_name + " is unreachable"};
        Collection c;
        c.samples.push_back({"up", {{"source", m_name}}, nowMs, 1});
        return c;
    }

private:
    std::string m_name;
    std::chrono::milliseconds m_busy;
    bool m_fail;
};

struct Delivered {
    std::mutex mutex;
    std::map<std::size_t, std::vector<std::int64_t>> times;
    std::map<std::size_t, std::vector<std::string>> errors;
};

} // namespace

class TestCollectorPoller : public QObject {
    Q_OBJECT

private slots:
    void alignsPollTimes_data();
    void alignsPollTimes();
    void slowCollectorDoesNotDelayOthers();
    void errorsAreDelivered();
    void stopsPromptly();
};

void TestCollectorPoller::alignsPollTimes_data()
{
    QTest::addColumn<qint64>("now");
    QTest::addColumn<qint64>("interval");
    QTest::addColumn<qint64>("next");
    QTest::newRow("mid interval") << qint64(1234) << qint64(1000) << qint64(2000);
    QTest::newRow("on a boundary: the next one") << qint64(2000) << qint64(1000) << qint64(3000);
    QTest::newRow("short interval") << qint64(1001) << qint64(250) << qint64(1250);
}

void TestCollectorPoller::alignsPollTimes()
{
    QFETCH(qint64, now);
    QFETCH(qint64, interval);
    QFETCH(qint64, next);
    QCOMPARE(CollectorPoller::nextPollMs(now, interval), next);
}

void TestCollectorPoller::slowCollectorDoesNotDelayOthers()
{
    Delivered delivered;
    std::vector<std::unique_ptr<Collector>> collectors;
    collectors.push_back(std::make_unique<CountingCollector>("fast", 0ms));
    collectors.push_back(std::make_unique<CountingCollector>("slow", 130ms)); // overruns a 50 ms interval
    CollectorPoller poller(std::move(collectors), 50ms, wallMs, [&](std::size_t i, Result<Collection> r) {
        std::lock_guard lock(delivered.mutex);
        if (r.ok()) // no QVERIFY here: this runs on the collector's thread
            delivered.times[i].push_back(r->samples.front().timeMs);
        else
            delivered.errors[i].push_back(r.error().message);
    });
    poller.start();
    std::this_thread::sleep_for(600ms);
    poller.stop();

    std::lock_guard lock(delivered.mutex);
    QVERIFY(delivered.errors.empty());
    const auto &fast = delivered.times[0];
    const auto &slow = delivered.times[1];
    // Fast polls every interval; a loaded 2-core machine may lose a few, not most.
    QVERIFY2(fast.size() >= 7, qPrintable(QString::number(fast.size())));
    QVERIFY2(slow.size() < fast.size(), qPrintable(QString("%1 vs %2").arg(slow.size()).arg(fast.size())));
    for (const std::int64_t t : fast)
        QCOMPARE(t % 50, 0);
    for (const std::int64_t t : slow)
        QCOMPARE(t % 50, 0);
    for (std::size_t i = 1; i < fast.size(); ++i)
        QVERIFY(fast[i] > fast[i - 1]);
    QVERIFY(poller.skippedPolls(1) > 0);
}

void TestCollectorPoller::errorsAreDelivered()
{
    Delivered delivered;
    std::vector<std::unique_ptr<Collector>> collectors;
    collectors.push_back(std::make_unique<CountingCollector>("node07", 0ms, true));
    CollectorPoller poller(std::move(collectors), 20ms, wallMs, [&](std::size_t i, Result<Collection> r) {
        std::lock_guard lock(delivered.mutex);
        if (!r.ok())
            delivered.errors[i].push_back(r.error().message);
    });
    QCOMPARE(poller.collector(0).source(), std::string("node07"));
    poller.start();
    QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                 std::lock_guard lock(delivered.mutex);
                                 return delivered.errors[0].size() >= 2;
                             }()),
                             5000);
    poller.stop();
    std::lock_guard lock(delivered.mutex);
    QCOMPARE(delivered.errors[0].front(), std::string("node07 is unreachable"));
}

void TestCollectorPoller::stopsPromptly()
{
    std::vector<std::unique_ptr<Collector>> collectors;
    collectors.push_back(std::make_unique<CountingCollector>("hourly", 0ms));
    std::atomic<int> polls{0};
    CollectorPoller poller(std::move(collectors), std::chrono::hours(1), wallMs,
                           [&](std::size_t, Result<Collection>) { ++polls; });
    poller.start();
    std::this_thread::sleep_for(20ms);
    QElapsedTimer timer;
    timer.start();
    poller.stop(); // must not wait for the hour
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(polls.load(), 0);
}

QTEST_GUILESS_MAIN(TestCollectorPoller)
#include "tst_collector_poller.moc"
