// The "agent disconnected 60 s then back: no gap in the stored series", with real
// programs: a real supernoded over TLS with tokens, and a real `supernode-agent --daemon` that
// reads two GPUs through the test-only fake NVML (tests/backend/telemetry/collectors/fake_nvml: this
// machine has no GPU) every second. The daemon is SIGKILLed, kept down for 60 real seconds,
// and restarted on the same state directory and port; the agent, which buffered on disk
// meanwhile, backfills. QueryRange over the agent's GPU series must then hold one sample per
// interval from before the kill to after the restart: no gap, no duplicate timestamp.
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/streaming_agent.h"
#include "tests/support/supernoded_process.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

constexpr int kIntervalMs = 1000;

std::vector<std::int64_t> storedTimes(rpc::RemoteEngine &engine, const std::string &metric, const std::string &gpu,
                                      std::int64_t from, std::int64_t to)
{
    pb::QueryRangeRequest q;
    q.set_metric(metric);
    (*q.mutable_match_labels())["Hostname"] = "gap-node";
    (*q.mutable_match_labels())["gpu"] = gpu;
    q.set_start_ms(from);
    q.set_end_ms(to);
    auto r = waitFor(engine.queryRange(q));
    std::vector<std::int64_t> times;
    if (r && r->series_size() == 1)
        for (const pb::Point &p : r->series(0).points())
            times.push_back(p.time_ms());
    return times;
}

// "" when every step is one interval (the agent's timer may slip a little, never a whole
// interval) and no timestamp repeats; else the first place where that fails.
QString gapOrDuplicate(const std::vector<std::int64_t> &times)
{
    for (std::size_t i = 1; i < times.size(); ++i) {
        const std::int64_t step = times[i] - times[i - 1];
        if (step <= 0)
            return QStringLiteral("sample %1 at %2 ms repeats or precedes the one before").arg(i).arg(times[i]);
        if (step >= kIntervalMs * 3 / 2)
            return QStringLiteral("gap of %1 ms before sample %2 (at %3 ms)").arg(step).arg(i).arg(times[i]);
    }
    return {};
}

} // namespace

class TestAgentDaemonGap : public QObject {
    Q_OBJECT

private slots:
    void daemonDown60sLeavesNoGap()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1); // virtual time: only the agent's samples move
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        o.port = daemon.port(); // the agent keeps its address across the restart

        test::StreamingAgentOptions ao;
        ao.node = QStringLiteral("gap-node");
        ao.nvml = QStringLiteral(FAKE_NVML_MODERN);
        ao.intervalMs = kIntervalMs;
        test::StreamingAgent agent(daemon, ao);
        QVERIFY(agent.started());

        const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch() - 5000;
        {
            rpc::RemoteEngine engine(daemon.client("viewer"));
            QTRY_VERIFY2_WITH_TIMEOUT(
                storedTimes(engine, "DCGM_FI_DEV_GPU_TEMP", "0", startMs, startMs + 3'600'000).size() >= 5,
                qPrintable(agent.output()), 60000);
        }

        daemon.kill9();
        const std::int64_t killedMs = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(60'000); // real seconds: the agent buffers on disk and retries with backoff
        QVERIFY2(agent.running(), qPrintable(agent.output()));
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        const std::int64_t restartedMs = QDateTime::currentMSecsSinceEpoch();

        rpc::RemoteEngine engine(daemon.client("viewer"));
        // Backfilled once a sample taken after the restart is stored (the buffer goes in order).
        const auto until = [&] {
            return storedTimes(engine, "DCGM_FI_DEV_GPU_TEMP", "1", startMs, restartedMs + 3'600'000);
        };
        QTRY_VERIFY2_WITH_TIMEOUT(!until().empty() && until().back() > restartedMs + 3 * kIntervalMs,
                                  qPrintable(agent.output()), 60000);
        const std::int64_t endMs = restartedMs + 2 * kIntervalMs; // a range the agent has surely sent
        for (const std::string metric : {"DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_FB_USED"})
            for (const std::string gpu : {"0", "1"}) {
                const std::vector<std::int64_t> times = storedTimes(engine, metric, gpu, startMs, endMs);
                QVERIFY2(!times.empty(), (metric + " gpu " + gpu).c_str());
                QVERIFY2(times.front() < killedMs - 4 * kIntervalMs, "nothing stored from before the kill");
                QVERIFY2(times.back() > restartedMs, "nothing stored from after the restart");
                const QString problem = gapOrDuplicate(times);
                QVERIFY2(problem.isEmpty(),
                         qPrintable(QString::fromStdString(metric + " gpu " + gpu + ": ") + problem));
                // Every interval of the outage is there, not just its edges.
                const auto during = std::count_if(times.begin(), times.end(),
                                                  [&](std::int64_t t) { return t > killedMs && t < restartedMs; });
                QVERIFY2(
                    during >= (restartedMs - killedMs) / kIntervalMs - 2,
                    qPrintable(QStringLiteral("%1 samples in a %2 ms outage").arg(during).arg(restartedMs - killedMs)));
            }
    }
};

QTEST_GUILESS_MAIN(TestAgentDaemonGap)
#include "tst_agent_daemon_gap.moc"
