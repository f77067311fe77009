// Crash safety with a real supernoded: kill -9 while 1,000 submissions are in flight, restart on
// the same state directory, and every submission that was answered is there under its id, with
// its audit record; events keep their ids and an event stream resumes across the restart.
#include "backend/remote/client/remote_engine.h"
#include "backend/remote/daemon/state_store.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/loopback_port.h"
#include "tests/support/supernoded_process.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>

#include <set>

using namespace sn;

namespace {

test::SupernodedProcess::Options daemonOptions()
{
    test::SupernodedProcess::Options o;
    o.spec = sim::defaultSimulatedSpec(1);
    o.spec.simulation.jobArrivalsPerHour = 0;
    o.port = test::freeLoopbackPort();
    return o;
}

pb::JobSpec job(int i)
{
    pb::JobSpec s;
    s.set_name("crash-" + std::to_string(i));
    s.set_user("tester");
    s.set_gpus_min(1);
    s.set_gpus_max(1);
    s.set_estimated_runtime_s(3600);
    return s;
}

} // namespace

class TestSupernodedCrash : public QObject {
    Q_OBJECT

private slots:
    void killNineDuringSubmissionsLosesNoAcknowledgedJob()
    {
        test::SupernodedProcess daemon;
        const auto options = daemonOptions();
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto client = daemon.client("operator");
        client.callTimeoutMs = 5000;
        std::vector<Reply<pb::Job>> replies;
        {
            rpc::RemoteEngine engine(client);
            for (int i = 0; i < 1000; ++i)
                replies.push_back(engine.submitJob(job(i)));
            // Kill while answers are still arriving: some acknowledged, some not.
            QTRY_VERIFY_WITH_TIMEOUT(
                std::count_if(replies.begin(), replies.end(), [](const auto &r) { return r.isFinished(); }) >= 200,
                30000);
            daemon.kill9();
            for (auto &r : replies)
                r.waitForFinished();
        }
        std::set<std::string> acknowledged;
        int refused = 0;
        for (auto &r : replies) {
            const Result<pb::Job> result = r.result();
            if (result.ok())
                acknowledged.insert(result->id());
            else
                ++refused;
        }
        qInfo("%zu acknowledged, %d not answered before the kill", acknowledged.size(), refused);
        QVERIFY(acknowledged.size() >= 200);

        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("operator"));
        const pb::ListJobsResponse listed = waitFor(engine.listJobs({})).value();
        std::set<std::string> present;
        for (const pb::Job &j : listed.jobs())
            present.insert(j.id());
        for (const std::string &id : acknowledged)
            QVERIFY2(present.count(id), qPrintable(QStringLiteral("acknowledged job %1 is missing after the restart "
                                                                  "(%2 listed); the daemon said: %3")
                                                       .arg(QString::fromStdString(id))
                                                       .arg(present.size())
                                                       .arg(daemon.output())));
        // Ids continue after the restored ones: a new job never reuses one.
        const pb::Job fresh = waitFor(engine.submitJob(job(1000))).value();
        QVERIFY(!present.count(fresh.id()));
        daemon.stop();
        auto state = rpc::StateStore::open((daemon.stateDir() + "/state.db").toStdString());
        QVERIFY(state.ok());
        int audited = 0;
        const auto records = (*state)->audit(0);
        QVERIFY(records.ok());
        for (const rpc::AuditRecord &r : records.value())
            audited += r.rpc == "SubmitJob" && r.outcome == "ok";
        QVERIFY(audited >= static_cast<int>(acknowledged.size()) + 1);
    }

    void eventsKeepTheirIdsAndTheStreamResumesAcrossARestart()
    {
        test::SupernodedProcess daemon;
        const auto options = daemonOptions();
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto client = daemon.client("operator");
        client.reconnectMaxMs = 300;
        client.callTimeoutMs = 3000;
        rpc::RemoteEngine engine(client);
        auto stream = engine.streamEvents();
        QSignalSpy events(stream.get(), &EventStream::event);
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(0);
        const pb::Event first = waitFor(engine.injectFault(fault)).value();
        QVERIFY(waitFor(engine.ackEvent(first.id(), "tester")).ok());
        QTRY_VERIFY(events.count() >= 2);
        const int before = events.count();

        daemon.kill9();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        pb::ListEventsRequest all;
        const pb::ListEventsResponse kept = waitFor(engine.listEvents(all)).value();
        bool found = false;
        for (const pb::Event &e : kept.events())
            if (e.id() == first.id()) {
                found = true;
                QVERIFY(e.acknowledged()); // the acknowledgement was answered, so it was stored
                // and who made it: the operator's principal, whatever the request said
                QCOMPARE(e.acknowledged_by(), std::string("test-operator"));
            }
        QVERIFY(found);
        fault.set_gpu(1);
        const pb::Event second = waitFor(engine.injectFault(fault)).value();
        QVERIFY(second.id() > first.id()); // ids continue in the same epoch
        QTRY_VERIFY_WITH_TIMEOUT(events.count() >= before + 2, 10000);
        QTest::qWait(300);
        std::vector<std::uint64_t> ids;
        for (int i = 0; i < events.count(); ++i)
            ids.push_back(events.at(i).at(0).value<pb::Event>().id());
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));
        QVERIFY(std::adjacent_find(ids.begin(), ids.end()) == ids.end()); // no duplicates
        QVERIFY(std::find(ids.begin(), ids.end(), second.id()) != ids.end());
    }
};

QTEST_GUILESS_MAIN(TestSupernodedCrash)
#include "tst_supernoded_crash.moc"
