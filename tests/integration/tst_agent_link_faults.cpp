// Faults between a node and the head, with real programs: a real supernoded over TLS with
// tokens and a real `supernode-agent --daemon` on the test-only fake NVML (this machine has no
// GPU), sampling every second.
//  - Link cut: the agent reaches the daemon through a TCP relay (tests/support/tcp_relay.h)
//    that the test cuts - every connection reset, new ones refused - for 20 s and restores.
//    The agent buffers on disk and backfills: the stored series has one sample per interval
//    across the cut, no gap, no duplicate.
//  - Clock jumps: the agent runs under libfaketime (Debian's faketime), its wall clock stepped
//    1 h forward, then 5 min back. What the store keeps (docs/hardening.md, Clock jumps): a
//    series holds each timestamp once, in increasing order; samples from the jumped-ahead clock
//    are stored where the node says they were; after the backward step, samples older than the
//    series' newest are refused (counted as rejected in the PushSamples answer) and nothing is
//    duplicated or reordered; the series continues as soon as the node's clock is past its
//    newest sample again (here stepped forward once more, as NTP would; in real time it takes
//    the 5 minutes).
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/streaming_agent.h"
#include "tests/support/supernoded_process.h"
#include "tests/support/tcp_relay.h"

#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

constexpr int kIntervalMs = 1000;
const char *const kFaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

std::vector<std::int64_t> storedTimes(rpc::RemoteEngine &engine, const std::string &gpu, std::int64_t from,
                                      std::int64_t to)
{
    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_GPU_TEMP");
    (*q.mutable_match_labels())["Hostname"] = "fault-node";
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

// "" when no timestamp repeats or goes back and, where `maxStepMs` > 0, no step is longer.
QString orderProblem(const std::vector<std::int64_t> &times, std::int64_t maxStepMs)
{
    for (std::size_t i = 1; i < times.size(); ++i) {
        const std::int64_t step = times[i] - times[i - 1];
        if (step <= 0)
            return QStringLiteral("sample %1 at %2 ms repeats or precedes the one before").arg(i).arg(times[i]);
        if (maxStepMs > 0 && step > maxStepMs)
            return QStringLiteral("gap of %1 ms before sample %2 (at %3 ms)").arg(step).arg(i).arg(times[i]);
    }
    return {};
}

// The agent on the fake NVML, dialling the daemon's port or the relay's.
test::StreamingAgentOptions agentOptions(quint16 port)
{
    test::StreamingAgentOptions o;
    o.node = QStringLiteral("fault-node");
    o.nvml = QStringLiteral(FAKE_NVML_MODERN);
    o.port = port;
    o.intervalMs = kIntervalMs;
    return o;
}

void setClockOffset(const QString &file, const QString &offset)
{
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(offset.toLatin1() + "\n");
}

} // namespace

class TestAgentLinkFaults : public QObject {
    Q_OBJECT

private slots:
    void linkCutAndRestoredLeavesNoGap()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1); // virtual time: only the agent's samples move
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        test::TcpRelay link(daemon.port());
        test::StreamingAgent agent(daemon, agentOptions(link.port()));
        QVERIFY(agent.started());
        rpc::RemoteEngine engine(daemon.client("viewer"));

        const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch() - 5000;
        const std::int64_t far = startMs + 3'600'000;
        QTRY_VERIFY2_WITH_TIMEOUT(storedTimes(engine, "0", startMs, far).size() >= 5, qPrintable(agent.output()),
                                  60000);
        link.cut();
        const std::int64_t cutMs = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(20'000);
        const std::size_t duringCut = storedTimes(engine, "0", cutMs + 2000, far).size();
        QVERIFY(link.restore());
        const std::int64_t restoredMs = QDateTime::currentMSecsSinceEpoch();
        QCOMPARE(duringCut, std::size_t(0)); // the cut was real: nothing arrived through it
        QVERIFY(agent.running());

        const auto newest = [&] {
            const auto times = storedTimes(engine, "1", startMs, far);
            return times.empty() ? std::int64_t(0) : times.back();
        };
        QTRY_VERIFY2_WITH_TIMEOUT(newest() > restoredMs + 3 * kIntervalMs, qPrintable(agent.output()), 60000);
        const std::int64_t endMs = restoredMs + 2 * kIntervalMs;
        for (const std::string gpu : {"0", "1"}) {
            const auto times = storedTimes(engine, gpu, startMs, endMs);
            QVERIFY(times.front() < cutMs - 3 * kIntervalMs);
            QVERIFY(times.back() > restoredMs);
            const QString problem = orderProblem(times, kIntervalMs * 3 / 2);
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromStdString("gpu " + gpu + ": ") + problem));
            const auto during =
                std::count_if(times.begin(), times.end(), [&](std::int64_t t) { return t > cutMs && t < restoredMs; });
            QVERIFY2(during >= (restoredMs - cutMs) / kIntervalMs - 2,
                     qPrintable(QStringLiteral("%1 samples in a %2 ms cut").arg(during).arg(restoredMs - cutMs)));
        }
        QVERIFY(link.connectionsSeen() >= 2); // the agent reconnected through the restored link
    }

    void clockJumpsNeitherDuplicateNorReorder()
    {
        if (!QFile::exists(kFaketime))
            QSKIP("libfaketime is not installed (scripts/deps installs faketime)");
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1);
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        QTemporaryDir clockDir;
        const QString clock = clockDir.filePath("offset");
        setClockOffset(clock, "+0");
        QProcessEnvironment faked;
        faked.insert("LD_PRELOAD", kFaketime);
        // Under the asan preset the agent's ASan runtime would refuse to start behind the
        // preloaded library; the order does not matter to what it checks here.
        faked.insert("ASAN_OPTIONS", "verify_asan_link_order=0");
        faked.insert("FAKETIME_TIMESTAMP_FILE", clock);
        faked.insert("FAKETIME_NO_CACHE", "1");   // the file is read at every clock call: a step, not a restart
        faked.insert("DONT_FAKE_MONOTONIC", "1"); // timers and gRPC's deadlines stay on the real clock
        test::StreamingAgentOptions withClock = agentOptions(daemon.port());
        withClock.env = faked;
        test::StreamingAgent agent(daemon, withClock);
        QVERIFY(agent.started());
        rpc::RemoteEngine engine(daemon.client("viewer"));

        const std::int64_t hour = 3'600'000;
        const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch() - 5000;
        const std::int64_t far = startMs + 3 * hour;
        QTRY_VERIFY2_WITH_TIMEOUT(storedTimes(engine, "0", startMs, far).size() >= 5, qPrintable(agent.output()),
                                  60000);

        // 1 h forward: the node's samples are stored at the node's times.
        setClockOffset(clock, "+3600");
        const std::int64_t forwardMs = QDateTime::currentMSecsSinceEpoch();
        QTRY_VERIFY2_WITH_TIMEOUT(storedTimes(engine, "0", forwardMs + hour, far).size() >= 5,
                                  qPrintable(agent.output()), 30000);

        // 5 min back: older than each series' newest sample, so refused, nothing stored twice.
        const std::int64_t newestBefore = storedTimes(engine, "0", startMs, far).back();
        setClockOffset(clock, "+3300");
        const std::int64_t backMs = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(8000);
        for (const std::string gpu : {"0", "1"}) {
            const auto times = storedTimes(engine, gpu, startMs, far);
            const QString problem = orderProblem(times, 0);
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromStdString("gpu " + gpu + ": ") + problem));
            // Sampled before the step and still in flight: at most a couple of intervals.
            QVERIFY2(times.back() <= newestBefore + 3 * kIntervalMs,
                     qPrintable(QStringLiteral("gpu %1: newest %2 ms, %3 ms past the newest before the step")
                                    .arg(QString::fromStdString(gpu))
                                    .arg(times.back())
                                    .arg(times.back() - newestBefore)));
            // The stepped-back clock read backMs + 55 min onwards; the hour-ahead samples start
            // after backMs + 59.5 min (that phase lasted under 30 s), the first ones long before.
            const auto backSamples = std::count_if(times.begin(), times.end(), [&](std::int64_t t) {
                return t >= backMs + 55 * 60'000 - 2000 && t <= backMs + 55 * 60'000 + 12'000;
            });
            QCOMPARE(backSamples, 0); // the stepped-back clock's samples went nowhere
        }
        QVERIFY(agent.running());

        // The node's clock past its newest sample again: the series continues.
        setClockOffset(clock, "+3615");
        const std::int64_t againMs = QDateTime::currentMSecsSinceEpoch();
        QTRY_VERIFY2_WITH_TIMEOUT(storedTimes(engine, "0", againMs + hour + 15'000, far).size() >= 3,
                                  qPrintable(agent.output()), 30000);
        for (const std::string gpu : {"0", "1"}) {
            const QString problem = orderProblem(storedTimes(engine, gpu, startMs, far), 0);
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromStdString("gpu " + gpu + ": ") + problem));
        }
    }
};

QTEST_GUILESS_MAIN(TestAgentLinkFaults)
#include "tst_agent_link_faults.moc"
