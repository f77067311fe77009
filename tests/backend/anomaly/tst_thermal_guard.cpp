// ThermalGuard, the engine's thermal protection service, on its own: a recording setter stands in
// for the executor (the engine's tests drive it with the simulator and a real nvidia-smi fixture:
// tst_engine_thermal_protection, tst_engine_power_cap_executor). What it asks of its host is
// recorded here: the events, their attribution and the action written onto what it answers.
#include "backend/anomaly/thermal_guard.h"

#include "backend/api/metric_catalogue.h"

#include <QElapsedTimer>
#include <QtTest>

#include <map>
#include <vector>

using namespace sn;
using namespace sn::anomaly;

namespace {

struct Calls {
    std::vector<std::pair<std::string, int>> ranges;
    std::vector<double> limits;
};

class RecordingSetter final : public PowerLimitSetter {
public:
    RecordingSetter(Calls &calls, std::string rangeError = {}) : m_calls(calls), m_rangeError(std::move(rangeError)) {}
    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override
    {
        m_calls.ranges.emplace_back(node, gpu);
        if (!m_rangeError.empty())
            return failedPrecondition(m_rangeError);
        return PowerLimitRange{200, 700};
    }
    Status setPowerLimit(const std::string &, int, double watts) override
    {
        m_calls.limits.push_back(watts);
        return success();
    }
    std::string name() const override { return "recording"; }

private:
    Calls &m_calls;
    std::string m_rangeError;
};

struct Timeline {
    std::vector<Event> events;
    std::vector<std::pair<std::string, std::uint64_t>> actions; // summary, action event id
    std::map<std::pair<std::string, int>, double> limits;       // what readings said
    std::int64_t now = 1'000'000;

    ThermalGuard::Host host()
    {
        ThermalGuard::Host h;
        h.nowMs = [this] { return now; };
        h.record = [this](Event e) {
            e.id = events.size() + 1;
            events.push_back(std::move(e));
            return events.back().id;
        };
        h.attribute = [](Event &e) { e.jobId = "job-on-" + e.node; };
        h.noteActionTaken = [this](const std::string &, int, std::int64_t, bool, const std::string &summary,
                                   std::uint64_t id) { actions.emplace_back(summary, id); };
        h.currentPowerLimitW = [this](const std::string &node, int gpu) -> std::optional<double> {
            const auto it = limits.find({node, gpu});
            return it == limits.end() ? std::nullopt : std::optional<double>(it->second);
        };
        return h;
    }
};

MetricSample temperature(const std::string &node, int gpu, std::int64_t timeMs, double celsius)
{
    return {metric::kGpuTemp, {{"Hostname", node}, {"gpu", std::to_string(gpu)}}, timeMs, celsius};
}

ThermalProtectionSpec enabled()
{
    ThermalProtectionSpec spec;
    spec.enabled = true;
    return spec;
}

} // namespace

class TestThermalGuard : public QObject {
    Q_OBJECT

private slots:
    void aHotGpuIsCappedAuditedAndAnswered()
    {
        Timeline t;
        Calls calls;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.inPlace = std::make_unique<RecordingSetter>(calls)});
        guard.observe(temperature("gpu01", 3, 1000, 70));
        QVERIFY(calls.limits.empty());
        guard.observe(temperature("gpu01", 3, 2000, 92));
        QCOMPARE(calls.limits, std::vector<double>{650});
        QCOMPARE(calls.ranges.size(), std::size_t(1)); // asked once per GPU
        QCOMPARE(guard.audit().size(), std::size_t(1));
        QCOMPARE(guard.audit().front().executor, std::string("recording"));
        QCOMPARE(t.events.size(), std::size_t(1));
        QCOMPARE(t.events.front().kind, std::string("action.power_cap"));
        QCOMPARE(t.events.front().jobId, std::string("job-on-gpu01"));
        QCOMPARE(t.actions.size(), std::size_t(1));
        QCOMPARE(t.actions.front().second, t.events.front().id);
    }

    void samplesWithoutANodeOrGpuAreIgnored()
    {
        Timeline t;
        Calls calls;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.inPlace = std::make_unique<RecordingSetter>(calls)});
        guard.observe({metric::kGpuTemp, {{"gpu", "1"}}, 1000, 99});
        guard.observe({metric::kGpuTemp, {{"Hostname", "gpu01"}, {"gpu", "x"}}, 1000, 99});
        guard.observe({metric::kGpuTemp, {{"Hostname", "gpu01"}}, 1000, 99});
        QVERIFY(calls.ranges.empty());
        QVERIFY(t.events.empty());
    }

    void withoutAnExecutorItSaysSoAndRunsDry()
    {
        Timeline t;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.unavailable = "dcgm-exporter only reads"});
        QCOMPARE(t.events.size(), std::size_t(1));
        QCOMPARE(t.events.front().kind, std::string("action.power_cap_unavailable"));
        QVERIFY(QString::fromStdString(t.events.front().message).contains("dcgm-exporter only reads"));
        guard.observe(temperature("gpu01", 0, 1000, 95)); // no reading of its limit yet: nothing
        QVERIFY(guard.audit().empty());
        t.limits[{"gpu01", 0}] = 700;
        guard.observe(temperature("gpu01", 0, 2000, 95));
        QCOMPARE(guard.audit().size(), std::size_t(1));
        QCOMPARE(guard.audit().front().executor, std::string("dry run"));
        QVERIFY(guard.audit().front().decision.dryRun);
    }

    void aRangeThatCannotBeHadIsSaidOncePerNodeAndAskedAgainAfterARegistration()
    {
        Timeline t;
        Calls calls;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.inPlace = std::make_unique<RecordingSetter>(calls, "no permission")});
        for (int gpu = 0; gpu < 8; ++gpu)
            guard.observe(temperature("gpu02", gpu, 1000, 95));
        QCOMPARE(calls.ranges.size(), std::size_t(8));
        QCOMPARE(t.events.size(), std::size_t(1)); // one node, one reason
        guard.observe(temperature("gpu02", 0, 2000, 95));
        QCOMPARE(calls.ranges.size(), std::size_t(8)); // remembered
        guard.forgetRangeFailures("gpu02");
        guard.observe(temperature("gpu02", 0, 3000, 95));
        QCOMPARE(calls.ranges.size(), std::size_t(9));
        QCOMPARE(t.events.size(), std::size_t(2)); // said again: it may have changed
    }

    void aDisabledConfigurationWatchesNothing()
    {
        Timeline t;
        Calls calls;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.inPlace = std::make_unique<RecordingSetter>(calls)});
        guard.configure(ThermalProtectionSpec{}, {});
        guard.observe(temperature("gpu01", 0, 1000, 99));
        QVERIFY(calls.ranges.empty());
        QVERIFY(guard.audit().empty());
    }

    void aRealExecutorAnswersOnTheGuardsThread()
    {
        Timeline t;
        Calls calls;
        ThermalGuard guard(t.host(), "");
        guard.configure(enabled(), {.offThread = std::make_unique<RecordingSetter>(calls)});
        // The first hot sample asks for the range off this thread; the GPU waits for the answer,
        // which arrives as an event on this thread; a later sample then caps it.
        std::int64_t time = 1000;
        QElapsedTimer waited;
        waited.start();
        while (guard.audit().empty() && waited.elapsed() < 10000) {
            guard.observe(temperature("gpu03", 1, time += 1000, 95));
            QTest::qWait(20);
        }
        QCOMPARE(guard.audit().size(), std::size_t(1));
        QVERIFY(guard.audit().front().ok);
        QCOMPARE(guard.audit().front().executor, std::string("recording"));
        QCOMPARE(calls.ranges.size(), std::size_t(1)); // written on the worker, read after its reply
        QCOMPARE(calls.limits, std::vector<double>{650});
        QCOMPARE(t.events.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestThermalGuard)
#include "tst_thermal_guard.moc"
