// A real supernoded killed with SIGKILL at a random moment of mixed load, 50 times in a row on
// the same state directory: job submissions, fault injections (events), acknowledgements and
// telemetry ingress (a simulated agent pushing 8 GPUs' samples, one short PushSamples stream
// after another) in flight together. After every kill, supernoded --check-state finds the
// state whole (SQLite integrity, the telemetry store's consistency check). After every
// restart, every write the daemon answered is there: each acknowledged job under its id, each
// answered event, each answered acknowledgement (with who made it), every sample of every
// batch a PushSamples answer acknowledged (committed_sequence: in the WAL, docs/remote.md),
// each once; the audit log holds a record of each; ids never repeat. Seeded, so a failure can
// be replayed (SN_KILL_LOOP_SEED).
#include "backend/remote/client/remote_engine.h"
#include "backend/remote/daemon/state_store.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/sample_pusher.h"

#include <QDateTime>

#include <QTest>

#include <atomic>
#include <map>
#include <random>
#include <set>
#include <thread>

using namespace sn;
using sn::test::SupernodedProcess;

namespace {

constexpr int kRounds = 50;

pb::JobSpec job(int round, int i)
{
    return test::oneGpuJob("kill-" + std::to_string(round) + "-" + std::to_string(i));
}

pb::InjectFaultRequest fault(int gpu)
{
    pb::InjectFaultRequest f;
    f.set_kind(pb::FAULT_KIND_XID_79);
    f.set_node("node01");
    f.set_gpu(gpu % 8);
    return f;
}

// What the daemon has answered so far, across rounds.
struct Answered {
    std::set<std::string> jobs;
    std::set<std::uint64_t> events;
    std::set<std::uint64_t> acks;
    int mutatingCalls = 0;                 // answered ok: each must have its audit record
    std::vector<std::int64_t> pushedTimes; // acknowledged PushSamples batches, by sample time
    int pushStreams = 0, pushStreamsCut = 0;
};

} // namespace

class TestSupernodedKillLoop : public QObject {
    Q_OBJECT

private slots:
    void everyAnsweredWriteSurvivesFiftyKills()
    {
        const unsigned seed = qEnvironmentVariableIsSet("SN_KILL_LOOP_SEED")
                                  ? qEnvironmentVariableIntValue("SN_KILL_LOOP_SEED")
                                  : 20261203u;
        qInfo("seed %u", seed);
        std::mt19937 random(seed);
        SupernodedProcess daemon;
        const auto options = test::quietDaemonOptions();
        Answered answered;
        // Pushed samples an hour back, 1 s apart, in order across rounds: a fresh time each batch.
        test::SamplePusher agent("kill-agent", 8, QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 3600'000);
        std::vector<std::uint64_t> unacknowledged; // answered events not yet acknowledged
        for (int round = 0; round <= kRounds; ++round) {
            QString why;
            QVERIFY2(daemon.start(options, &why), qPrintable(QStringLiteral("round %1: %2").arg(round).arg(why)));
            auto client = daemon.client("operator");
            client.callTimeoutMs = 5000;
            rpc::RemoteEngine engine(client);
            verify(engine, answered, round);
            if (QTest::currentTestFailed())
                return;
            if (round == kRounds)
                break;

            // Mixed load, all in flight at once; the agent pushes until the kill cuts its stream.
            std::atomic<bool> killed{false};
            std::vector<std::int64_t> pushed;
            int streams = 0, cut = 0;
            std::thread pusher([&] {
                while (!killed.load()) {
                    auto stream = agent.push(daemon, 1 + int(streams % 5));
                    pushed.insert(pushed.end(), stream.acknowledged.begin(), stream.acknowledged.end());
                    ++streams;
                    cut += !stream.status.ok();
                }
            });
            std::vector<Reply<pb::Job>> submissions;
            std::vector<Reply<pb::Event>> injections;
            std::vector<std::pair<std::uint64_t, Reply<pb::Event>>> acks;
            const int jobs = 40 + int(random() % 120);
            for (int i = 0; i < jobs; ++i) {
                submissions.push_back(engine.submitJob(job(round, i)));
                if (i % 20 == 0)
                    injections.push_back(engine.injectFault(fault(int(random()))));
                if (i % 10 == 0 && !unacknowledged.empty()) {
                    const std::uint64_t id = unacknowledged.back();
                    unacknowledged.pop_back();
                    acks.emplace_back(id, engine.ackEvent(id, "tester"));
                }
            }
            QTest::qWait(int(random() % 300)); // the kill lands anywhere in the load
            daemon.kill9();
            killed = true;
            pusher.join();
            answered.pushedTimes.insert(answered.pushedTimes.end(), pushed.begin(), pushed.end());
            answered.pushStreams += streams;
            answered.pushStreamsCut += cut;
            QString report;
            const int code = daemon.checkState(&report);
            QVERIFY2(code == 0, qPrintable(QStringLiteral("round %1: --check-state exit %2 after the kill:\n%3")
                                               .arg(round)
                                               .arg(code)
                                               .arg(report)));

            for (auto &r : submissions) {
                r.waitForFinished();
                if (const auto result = r.result(); result.ok()) {
                    QVERIFY2(answered.jobs.insert(result->id()).second,
                             qPrintable("job id reused: " + QString::fromStdString(result->id())));
                    ++answered.mutatingCalls;
                }
            }
            for (auto &r : injections) {
                r.waitForFinished();
                if (const auto result = r.result(); result.ok()) {
                    QVERIFY2(answered.events.insert(result->id()).second, "event id reused");
                    unacknowledged.push_back(result->id());
                    ++answered.mutatingCalls;
                }
            }
            for (auto &[id, r] : acks) {
                r.waitForFinished();
                if (r.result().ok()) {
                    answered.acks.insert(id);
                    ++answered.mutatingCalls;
                } else {
                    unacknowledged.push_back(id); // not answered: try again next round
                }
            }
        }
        qInfo("%zu jobs, %zu events, %zu acknowledgements, %zu pushed batches (%d streams, %d cut by a kill) "
              "answered across %d kills",
              answered.jobs.size(), answered.events.size(), answered.acks.size(), answered.pushedTimes.size(),
              answered.pushStreams, answered.pushStreamsCut, kRounds);
        QVERIFY(answered.jobs.size() > std::size_t(kRounds));
        QVERIFY(answered.pushedTimes.size() > std::size_t(kRounds));
        QVERIFY(!answered.acks.empty());
        daemon.stop();

        auto state = rpc::StateStore::open((daemon.stateDir() + "/state.db").toStdString());
        QVERIFY(state.ok());
        const auto records = (*state)->audit(0);
        QVERIFY(records.ok());
        int ok = 0;
        for (const rpc::AuditRecord &r : records.value())
            ok += r.outcome == "ok";
        QVERIFY2(ok >= answered.mutatingCalls,
                 qPrintable(QStringLiteral("%1 audited, %2 answered").arg(ok).arg(answered.mutatingCalls)));
    }

private:
    void verify(rpc::RemoteEngine &engine, const Answered &answered, int round)
    {
        const auto listed = test::listedJobIds(engine);
        QVERIFY2(listed.ok(), listed.ok() ? "" : listed.error().message.c_str());
        const std::set<std::string> &present = *listed;
        for (const std::string &id : answered.jobs)
            QVERIFY2(
                present.count(id),
                qPrintable(
                    QStringLiteral("round %1: answered job %2 is missing").arg(round).arg(QString::fromStdString(id))));
        const auto events = waitFor(engine.listEvents({}));
        QVERIFY(events.ok());
        std::map<std::uint64_t, pb::Event> byId;
        for (const pb::Event &e : events->events())
            byId[e.id()] = e;
        for (const std::uint64_t id : answered.events)
            QVERIFY2(byId.count(id),
                     qPrintable(QStringLiteral("round %1: answered event %2 is missing").arg(round).arg(id)));
        for (const std::uint64_t id : answered.acks) {
            QVERIFY2(byId[id].acknowledged(),
                     qPrintable(QStringLiteral("round %1: answered acknowledgement of %2 is lost").arg(round).arg(id)));
            QCOMPARE(byId[id].acknowledged_by(), std::string("test-operator")); // the principal, not the claim
        }
        if (answered.pushedTimes.empty())
            return;
        pb::QueryRangeRequest q;
        q.set_metric(test::SamplePusher::kMetric);
        (*q.mutable_match_labels())["Hostname"] = "kill-agent";
        q.set_start_ms(answered.pushedTimes.front());
        q.set_end_ms(answered.pushedTimes.back());
        const auto range = waitFor(engine.queryRange(q));
        QVERIFY2(range.ok(), range.ok() ? "" : range.error().message.c_str());
        QCOMPARE(range->series_size(), 8);
        for (const pb::Series &series : range->series()) {
            const int gpu = std::stoi(series.labels().at("gpu"));
            std::map<std::int64_t, double> points;
            for (const pb::Point &p : series.points())
                QVERIFY2(points.emplace(p.time_ms(), p.value()).second,
                         qPrintable(QStringLiteral("round %1: GPU %2 has the sample at %3 twice")
                                        .arg(round)
                                        .arg(gpu)
                                        .arg(p.time_ms())));
            for (const std::int64_t t : answered.pushedTimes) {
                const auto it = points.find(t);
                QVERIFY2(it != points.end(), qPrintable(QStringLiteral("round %1: acknowledged sample of GPU %2 at "
                                                                       "%3 is missing")
                                                            .arg(round)
                                                            .arg(gpu)
                                                            .arg(t)));
                QCOMPARE(it->second, test::SamplePusher::valueAt(gpu, t));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestSupernodedKillLoop)
#include "tst_supernoded_kill_loop.moc"
