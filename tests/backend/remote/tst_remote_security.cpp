// supernoded's security with real peers: a daemon started on 127.0.0.1 with TLS and tokens, and
// RemoteEngine clients that present the wrong token, the wrong role, no TLS, an untrusted or
// expired certificate. Also: mutating calls are audited, disconnects are reported and streams
// resume after the daemon comes back.
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/common/certificate_authority.h"
#include "backend/remote/client/remote_engine.h"
#include "backend/remote/daemon/state_store.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/loopback_port.h"
#include "tests/support/supernoded_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <sys/stat.h>

using namespace sn;
using sn::test::SupernodedProcess;

namespace {

ClusterSpec quietCluster()
{
    ClusterSpec spec = sim::defaultSimulatedSpec(1);
    spec.simulation.jobArrivalsPerHour = 0;
    return spec;
}

SupernodedProcess::Options daemonOptions()
{
    SupernodedProcess::Options o;
    o.spec = quietCluster();
    return o;
}

pb::JobSpec oneGpuJob()
{
    pb::JobSpec s;
    s.set_name("security");
    s.set_user("tester");
    s.set_gpus_min(1);
    s.set_gpus_max(1);
    s.set_estimated_runtime_s(600);
    return s;
}

pb::InjectFaultRequest xid(int gpu)
{
    pb::InjectFaultRequest f;
    f.set_kind(pb::FAULT_KIND_XID_79);
    f.set_node("node01");
    f.set_gpu(gpu);
    return f;
}

template <typename T> Error errorOf(Reply<T> reply)
{
    Result<T> r = waitFor(std::move(reply));
    return r.ok() ? Error{ErrorCode::Internal, "<the call succeeded>"} : r.error();
}

} // namespace

class TestRemoteSecurity : public QObject {
    Q_OBJECT

private slots:
    void tokensAreRequiredAndChecked()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        auto none = daemon.client();
        none.token.clear();
        const Error missing = errorOf(rpc::RemoteEngine(none).getSummary());
        QCOMPARE(missing.code, ErrorCode::PermissionDenied);
        QVERIFY2(QString::fromStdString(missing.message).contains("needs a token"), missing.message.c_str());
        auto wrong = daemon.client();
        wrong.token = rpc::createToken("intruder", rpc::Role::Admin)->token; // well-formed, unknown
        const Error unknown = errorOf(rpc::RemoteEngine(wrong).getSummary());
        QCOMPARE(unknown.code, ErrorCode::PermissionDenied);
        QVERIFY2(QString::fromStdString(unknown.message).contains("not known"), unknown.message.c_str());
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client("viewer")).getSummary()).ok());
    }

    void rolesGateMutatingCalls_data()
    {
        QTest::addColumn<QString>("role");
        QTest::addColumn<QString>("call");
        QTest::addColumn<bool>("allowed");
        for (const char *call : {"submit", "cancel", "requeue", "ack", "inject", "advance", "apply"}) {
            QTest::addRow("viewer %s", call) << "viewer" << call << false;
            QTest::addRow("operator %s", call) << "operator" << call << (QString(call) != "apply");
            QTest::addRow("admin %s", call) << "admin" << call << true;
        }
        QTest::addRow("viewer reads") << "viewer"
                                      << "read" << true;
    }
    void rolesGateMutatingCalls()
    {
        QFETCH(QString, role);
        QFETCH(QString, call);
        QFETCH(bool, allowed);
        if (!m_shared) {
            m_shared = std::make_unique<SupernodedProcess>();
            QString why;
            QVERIFY2(m_shared->start(daemonOptions(), &why), qPrintable(why));
        }
        rpc::RemoteEngine admin(m_shared->client("admin"));
        rpc::RemoteEngine engine(m_shared->client(role));
        const pb::Job job = waitFor(admin.submitJob(oneGpuJob())).value();
        const pb::Event event = waitFor(admin.injectFault(xid(0))).value();
        Status outcome = success();
        auto keep = [&outcome](auto result) { outcome = result.ok() ? success() : Status(result.error()); };
        if (call == "submit")
            keep(waitFor(engine.submitJob(oneGpuJob())));
        else if (call == "cancel")
            keep(waitFor(engine.cancelJob(job.id())));
        else if (call == "requeue") {
            // A running job is what a requeue takes: the earlier rows' jobs make room for it.
            const auto listed = waitFor(admin.listJobs({})); // named: the loop must not outlive it
            QVERIFY(listed.ok());
            for (const pb::Job &j : listed->jobs())
                if (j.id() != job.id() && (j.state() == pb::JOB_STATE_PENDING || j.state() == pb::JOB_STATE_RUNNING))
                    QVERIFY(waitFor(admin.cancelJob(j.id())).ok());
            QVERIFY(waitFor(admin.advanceTime(1000)).ok());
            QCOMPARE(waitFor(admin.getJob(job.id()))->state(), pb::JOB_STATE_RUNNING);
            keep(waitFor(engine.requeueJob(job.id())));
        } else if (call == "ack")
            keep(waitFor(engine.ackEvent(event.id(), "tester")));
        else if (call == "inject")
            keep(waitFor(engine.injectFault(xid(1))));
        else if (call == "advance")
            keep(waitFor(engine.advanceTime(100)));
        else if (call == "apply") {
            pb::ApplyConfigRequest dry;
            dry.set_yaml(waitFor(admin.getConfig())->yaml());
            dry.set_dry_run(true);
            keep(waitFor(engine.applyConfig(dry)));
        } else {
            keep(waitFor(engine.getCluster()));
            keep(waitFor(engine.listJobs({})));
        }
        QVERIFY2(outcome.ok() == allowed, outcome.ok() ? "allowed" : outcome.error().message.c_str());
        if (!allowed) {
            QCOMPARE(outcome.error().code, ErrorCode::PermissionDenied);
            QVERIFY2(QString::fromStdString(outcome.error().message).contains("needs the role"),
                     outcome.error().message.c_str());
        }
    }

    void mutatingCallsAreAuditedWithWhoWhatAndOutcome()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client("operator")).submitJob(oneGpuJob())).ok());
        QVERIFY(!waitFor(rpc::RemoteEngine(daemon.client("viewer")).submitJob(oneGpuJob())).ok());
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client("viewer")).getSummary()).ok()); // reads are not audited
        daemon.kill9();                                                                 // what was answered is on disk
        auto state = rpc::StateStore::open((daemon.stateDir() + "/state.db").toStdString());
        QVERIFY(state.ok());
        const auto records = (*state)->audit(0).value();
        QCOMPARE(records.size(), std::size_t(2));
        QCOMPARE(records[0].who, std::string("test-operator"));
        QCOMPARE(records[0].role, std::string("operator"));
        QCOMPARE(records[0].rpc, std::string("SubmitJob"));
        QCOMPARE(records[0].outcome, std::string("ok"));
        QVERIFY(records[0].what.find("security") != std::string::npos);
        QVERIFY(records[0].peer.find("127.0.0.1") != std::string::npos);
        QVERIFY(records[0].timeMs > 0);
        QCOMPARE(records[1].who, std::string("test-viewer"));
        QVERIFY(records[1].outcome.rfind("PERMISSION_DENIED", 0) == 0);
    }

    // The state (audit log, jobs, telemetry WAL, locks) is the daemon's alone, whoever starts it:
    // a daemon started by hand from a shell with umask 022 used to leave it world-readable.
    void stateIsPrivateWhoeverStartsTheDaemon()
    {
        const mode_t shellUmask = ::umask(022);
        SupernodedProcess daemon;
        QString why;
        const bool started = daemon.start(daemonOptions(), &why);
        ::umask(shellUmask);
        QVERIFY2(started, qPrintable(why));
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client("operator")).submitJob(oneGpuJob())).ok());
        daemon.stop();
        auto modeOf = [](const QString &path) {
            struct stat st {};
            return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 07777u;
        };
        QCOMPARE(modeOf(daemon.stateDir()), 0700u);
        int files = 0;
        QDirIterator it(daemon.stateDir(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const bool dir = it.fileInfo().isDir();
            files += dir ? 0 : 1;
            QVERIFY2(modeOf(path) == (dir ? 0700u : 0600u),
                     qPrintable(QString("%1 is %2").arg(path).arg(modeOf(path), 4, 8, QChar('0'))));
        }
        QVERIFY2(files >= 3, qPrintable(QString::number(files))); // state.db, a WAL segment, ...
    }

    // HF_TOKEN's value reached every viewer through ListJobs and stayed in the audit log and the
    // state (issue 29): now no reply, audit row or state file holds a secret value.
    void secretEnvironmentValuesReachNoReplyAuditOrState()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        pb::JobSpec spec = oneGpuJob();
        (*spec.mutable_environment())["HF_TOKEN"] = "hf_abc123secret";
        (*spec.mutable_environment())["RUN_LABEL"] = "listed_def456secret";
        (*spec.mutable_environment())["EPOCHS"] = "3";
        spec.add_secret_environment("RUN_LABEL");
        const auto submitted = waitFor(rpc::RemoteEngine(daemon.client("operator")).submitJob(spec));
        QVERIFY2(submitted.ok(), submitted.ok() ? "" : submitted.error().message.c_str());
        rpc::RemoteEngine viewer(daemon.client("viewer"));
        std::vector<pb::Job> seen{*submitted, waitFor(viewer.getJob(submitted->id())).value()};
        const pb::ListJobsResponse listed = waitFor(viewer.listJobs({})).value(); // kept: jobs() refers into it
        for (const pb::Job &j : listed.jobs())
            seen.push_back(j);
        QCOMPARE(seen.size(), std::size_t(3));
        for (const pb::Job &j : seen) {
            QCOMPARE(QString::fromStdString(j.spec().environment().at("HF_TOKEN")), QString("<secret>"));
            QCOMPARE(QString::fromStdString(j.spec().environment().at("RUN_LABEL")), QString("<secret>"));
            QCOMPARE(QString::fromStdString(j.spec().environment().at("EPOCHS")), QString("3"));
        }
        daemon.stop();
        auto state = rpc::StateStore::open((daemon.stateDir() + "/state.db").toStdString());
        QVERIFY(state.ok());
        const auto records = (*state)->audit(0).value();
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY2(records[0].what.find("<secret>") != std::string::npos, records[0].what.c_str());
        state->reset();
        QDirIterator it(daemon.stateDir(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            ++files;
            QVERIFY2(!bytes.contains("hf_abc123secret") && !bytes.contains("listed_def456secret"),
                     qPrintable(f.fileName()));
        }
        QVERIFY(files >= 2);
    }

    // A caller without a token cannot fill the disk with audit rows (issue 29): its first refusal
    // is recorded, the rest counted and written as one row when the window ends or the daemon stops.
    void refusalsAreCountedNotWrittenOneByOne()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        auto none = daemon.client();
        none.token.clear();
        rpc::RemoteEngine anonymous(none);
        constexpr int kCalls = 300;
        for (int i = 0; i < kCalls; ++i)
            QCOMPARE(errorOf(anonymous.submitJob(oneGpuJob())).code, ErrorCode::PermissionDenied);
        QVERIFY(!waitFor(rpc::RemoteEngine(daemon.client("viewer")).cancelJob("1")).ok()); // another caller
        daemon.stop(); // the count is written as the daemon stops
        auto state = rpc::StateStore::open((daemon.stateDir() + "/state.db").toStdString());
        QVERIFY(state.ok());
        const auto records = (*state)->audit(0).value();
        QString rows;
        for (const auto &r : records)
            rows += QString::fromStdString(r.who + " " + r.rpc + " " + r.outcome + "\n");
        QVERIFY2(records.size() == 3, qPrintable(rows));
        QCOMPARE(records[0].who, std::string("unauthenticated"));
        QVERIFY(records[0].outcome.rfind("UNAUTHENTICATED", 0) == 0);
        QCOMPARE(records[1].who, std::string("test-viewer"));
        QCOMPARE(records[2].who, std::string("unauthenticated"));
        QCOMPARE(records[2].peer, std::string("127.0.0.1"));
        QVERIFY2(records[2].outcome.rfind(std::to_string(kCalls - 1) + " more refused calls", 0) == 0,
                 records[2].outcome.c_str());
    }

    // Who submitted, acknowledged or resolved is the caller's principal, not what the request
    // claims (issue 29): an operator's "user" and "by" are replaced by its own name; an admin may
    // act on someone's behalf, audited as the admin.
    void changesAreAttributedToThePrincipalNotTheClaim()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        rpc::RemoteEngine op(daemon.client("operator"));
        rpc::RemoteEngine admin(daemon.client("admin"));
        pb::JobSpec spec = oneGpuJob();
        spec.set_user("mallory");
        const auto claimed = waitFor(op.submitJob(spec));
        QVERIFY2(claimed.ok(), claimed.ok() ? "" : claimed.error().message.c_str());
        QCOMPARE(claimed->spec().user(), std::string("test-operator"));
        spec.set_user("alice");
        QCOMPARE(waitFor(admin.submitJob(spec))->spec().user(), std::string("alice"));

        const auto fault = waitFor(op.injectFault(xid(0)));
        QVERIFY2(fault.ok(), fault.ok() ? "" : fault.error().message.c_str());
        const auto acked = waitFor(op.ackEvent(fault->id(), "mallory"));
        QVERIFY2(acked.ok(), acked.ok() ? "" : acked.error().message.c_str());
        QCOMPARE(acked->acknowledged_by(), std::string("test-operator"));
        const auto resolved = waitFor(op.resolveEvent(fault->id(), "mallory"));
        QVERIFY2(resolved.ok(), resolved.ok() ? "" : resolved.error().message.c_str());
        QCOMPARE(resolved->resolved_by(), std::string("test-operator"));
        const auto second = waitFor(op.injectFault(xid(1)));
        QCOMPARE(waitFor(admin.ackEvent(second->id(), "bob"))->acknowledged_by(), std::string("bob"));
    }

    void plainTextClientIsRefusedByATlsDaemon()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        auto plain = daemon.client();
        plain.tls = false;
        plain.callTimeoutMs = 3000;
        QCOMPARE(errorOf(rpc::RemoteEngine(plain).getSummary()).code, ErrorCode::Unavailable);
    }

    void certificateFromAnotherAuthorityIsRefused()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        auto client = daemon.client();
        client.caPem = rpc::createCertificateAuthority("Someone else", 3600)->certificatePem;
        client.callTimeoutMs = 3000;
        QCOMPARE(errorOf(rpc::RemoteEngine(client).getSummary()).code, ErrorCode::Unavailable);
    }

    void expiredServerCertificateIsRefused()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why)); // makes the CA
        daemon.stop();
        rpc::KeyAndCertificate ca{rpc::readTextFile(daemon.path("certs/ca.key").toStdString()).value(),
                                  rpc::readTextFile(daemon.path("certs/ca.pem").toStdString()).value()};
        rpc::CertificateRequest expired;
        expired.commonName = "localhost";
        expired.ipAddresses = {"127.0.0.1"};
        expired.notBeforeOffsetS = -2 * 24 * 3600;
        expired.validForS = 24 * 3600; // ended yesterday
        const auto issued = rpc::issueCertificate(ca, expired);
        QVERIFY(issued.ok());
        QVERIFY(rpc::writeFileWithMode(daemon.path("expired.pem").toStdString(), issued->certificatePem, 0644).ok());
        QVERIFY(rpc::writeFileWithMode(daemon.path("expired.key").toStdString(), issued->keyPem, 0600).ok());
        auto options = daemonOptions();
        options.serverCertificate = daemon.path("expired.pem");
        options.serverKey = daemon.path("expired.key");
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto client = daemon.client();
        client.callTimeoutMs = 3000;
        QCOMPARE(errorOf(rpc::RemoteEngine(client).getSummary()).code, ErrorCode::Unavailable);
    }

    void mutualTlsNeedsTheClientCertificate()
    {
        SupernodedProcess daemon;
        auto options = daemonOptions();
        options.mutualTls = true;
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client()).getSummary()).ok());
        auto anonymous = daemon.client();
        anonymous.clientCertPem.clear();
        anonymous.clientKeyPem.clear();
        anonymous.callTimeoutMs = 3000;
        QCOMPARE(errorOf(rpc::RemoteEngine(anonymous).getSummary()).code, ErrorCode::Unavailable);
    }

    void disconnectIsReportedAndTheEventStreamResumesWithoutDuplicates()
    {
        SupernodedProcess daemon;
        auto options = daemonOptions();
        options.port = test::freeLoopbackPort();
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto clientOptions = daemon.client("operator");
        clientOptions.callTimeoutMs = 3000;
        clientOptions.reconnectMaxMs = 300;
        rpc::RemoteEngine engine(clientOptions);
        QSignalSpy connection(&engine, &EngineApi::connectionChanged);
        auto stream = engine.streamEvents();
        QSignalSpy events(stream.get(), &EventStream::event);
        QVERIFY(waitFor(engine.injectFault(xid(0))).ok());
        QTRY_VERIFY(events.count() >= 2); // sim.fault, gpu.xid
        const int before = events.count();

        daemon.stop();
        QCOMPARE(waitFor(engine.getSummary()).error().code, ErrorCode::Unavailable);
        QTRY_VERIFY(connection.count() >= 1);
        QCOMPARE(connection.last().at(0).toBool(), false);

        // Same port, and a new state directory: a new epoch whose event ids start again at 1.
        QVERIFY(QDir(daemon.stateDir()).removeRecursively());
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        QTRY_VERIFY_WITH_TIMEOUT(waitFor(engine.injectFault(xid(1))).ok(), 10000);
        QTRY_VERIFY(connection.last().at(0).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(events.count() >= before + 2, 10000);
        QTest::qWait(300);
        // Every event of the new epoch once, in order: ids restart and do not repeat.
        std::vector<std::uint64_t> ids;
        for (int i = before; i < events.count(); ++i)
            ids.push_back(events.at(i).at(0).value<pb::Event>().id());
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));
        QVERIFY(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
        QCOMPARE(ids.front(), std::uint64_t(1));
    }

    void cleanupTestCase() { m_shared.reset(); }

private:
    std::unique_ptr<SupernodedProcess> m_shared;
};

QTEST_GUILESS_MAIN(TestRemoteSecurity)
#include "tst_remote_security.moc"
