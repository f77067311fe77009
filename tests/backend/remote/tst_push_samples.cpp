// Telemetry ingress against a real supernoded over TLS: pushed samples are in the store (read
// back with QueryRange through RemoteEngine) and reach a live SubscribeTelemetry client; the
// answer names the last committed batch; a resent batch is not stored twice; a viewer cannot
// push; malformed messages are refused with the batch and sample that are wrong. Log lines in a
// batch are searchable (QueryLogs) and mined like any line, and kept once when the batch is
// sent again; a restarted agent (a new run) counting from 1 again is not taken for a resend.
// A daemon whose telemetry store cannot open acknowledges nothing and says why.
#include "backend/api/supernode.grpc.pb.h"
#include "backend/model/directory_lock.h"
#include "backend/remote/client/remote_engine.h"
#include "backend/remote/daemon/push_decoder.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace sn;

namespace {

test::SupernodedProcess::Options daemonOptions()
{
    test::SupernodedProcess::Options o;
    o.spec = sim::defaultSimulatedSpec(1); // virtual time: the simulator adds nothing by itself
    return o;
}

std::unique_ptr<pb::Engine::Stub> stubFor(const test::SupernodedProcess &daemon)
{
    QFile ca(daemon.path("certs/ca.pem"));
    if (!ca.open(QIODevice::ReadOnly))
        qFatal("no CA");
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = ca.readAll().toStdString();
    return pb::Engine::NewStub(
        grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon.port()), grpc::SslCredentials(ssl)));
}

// Two series (GPU 0 and 1 of node "agent-a"), `n` samples each, 1 s apart from `t0`.
pb::PushSamplesRequest batch(std::uint64_t sequence, std::int64_t t0, int n, bool registerSeries)
{
    pb::PushSamplesRequest r;
    r.set_agent("agent-a");
    r.set_sequence(sequence);
    if (registerSeries)
        for (std::uint32_t g = 0; g < 2; ++g) {
            pb::PushSeries *s = r.add_series();
            s->set_ref(g);
            s->set_metric("DCGM_FI_DEV_GPU_TEMP");
            (*s->mutable_labels())["Hostname"] = "agent-a";
            (*s->mutable_labels())["gpu"] = std::to_string(g);
        }
    std::int64_t previous = 0;
    for (std::uint32_t g = 0; g < 2; ++g)
        for (int i = 0; i < n; ++i) {
            const std::int64_t t = t0 + i * 1000;
            r.add_refs(g);
            r.add_time_deltas_ms(t - previous);
            r.add_values(40 + g + i * 0.5);
            previous = t;
        }
    return r;
}

// Lines of agent-a's kernel log, 1 ms apart from t0.
void addLogLines(pb::PushSamplesRequest &r, std::int64_t t0, const std::vector<std::string> &texts)
{
    for (const std::string &text : texts) {
        pb::LogLine *l = r.add_log_lines();
        l->set_time_ms(t0++);
        l->set_source("kernel");
        l->set_text(text);
        l->set_gpu(-1);
    }
}

grpc::Status push(pb::Engine::Stub &stub, const QString &token, const std::vector<pb::PushSamplesRequest> &messages,
                  pb::PushSamplesResponse *response)
{
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token.toStdString());
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    auto writer = stub.PushSamples(&context, response);
    for (const auto &m : messages)
        if (!writer->Write(m))
            break;
    writer->WritesDone();
    return writer->Finish();
}

std::vector<pb::Point> stored(rpc::RemoteEngine &engine, const std::string &gpu, std::int64_t from, std::int64_t to)
{
    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_GPU_TEMP");
    (*q.mutable_match_labels())["Hostname"] = "agent-a";
    (*q.mutable_match_labels())["gpu"] = gpu;
    q.set_start_ms(from);
    q.set_end_ms(to);
    auto r = waitFor(engine.queryRange(q));
    if (!r || r->series_size() != 1)
        return {};
    return {r->series(0).points().begin(), r->series(0).points().end()};
}

} // namespace

class TestPushSamples : public QObject {
    Q_OBJECT

private slots:
    void decoderRefusesMalformedMessages_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("says");
        QTest::newRow("columns of different length") << 0 << "columns differ in length (refs 6, time_deltas_ms 5";
        QTest::newRow("unregistered ref") << 1 << "sample 0 names series ref 7, but the stream has registered only 2";
        QTest::newRow("ref out of sequence")
            << 2 << "series 0 (DCGM_FI_DEV_GPU_TEMP) has ref 5, expected the next ref 0";
        QTest::newRow("no metric name") << 3 << "series 1 (ref 1) has no metric name";
        QTest::newRow("time overflow") << 4 << "sample 1: time_deltas_ms overflows the time";
        QTest::newRow("log line without time") << 5 << "log line 1 has no time (time_ms 0)";
        QTest::newRow("log line with a GPU below -1") << 6 << "log line 0 has GPU -2";
        QTest::newRow("log line of no node") << 7 << "log line 0 names no node, and the batch no agent";
        QTest::newRow("too many log lines") << 8 << "10001 log lines, more than 10000 in one message";
    }

    void decoderRefusesMalformedMessages()
    {
        QFETCH(int, damage);
        QFETCH(QString, says);
        pb::PushSamplesRequest r = batch(12, 1'700'000'000'000, 3, true);
        switch (damage) {
        case 0:
            r.mutable_time_deltas_ms()->RemoveLast();
            break;
        case 1:
            r.set_refs(0, 7);
            break;
        case 2:
            r.mutable_series(0)->set_ref(5);
            break;
        case 3:
            r.mutable_series(1)->clear_metric();
            break;
        case 4:
            r.set_time_deltas_ms(1, std::numeric_limits<std::int64_t>::max());
            break;
        case 5:
            addLogLines(r, 1'700'000'000'000, {"a", "b"});
            r.mutable_log_lines(1)->set_time_ms(0);
            break;
        case 6:
            addLogLines(r, 1'700'000'000'000, {"a"});
            r.mutable_log_lines(0)->set_gpu(-2);
            break;
        case 7:
            addLogLines(r, 1'700'000'000'000, {"a"});
            r.clear_agent();
            break;
        case 8:
            addLogLines(r, 1'700'000'000'000, std::vector<std::string>(10001, "x"));
            break;
        }
        std::uint32_t registered = 0;
        auto decoded = rpc::decodePush(r, &registered);
        QVERIFY(!decoded);
        const QString message = QString::fromStdString(decoded.error().message);
        QVERIFY2(message.startsWith(damage == 7 ? "PushSamples batch 12: " : "PushSamples batch 12 from agent-a: ") &&
                     message.contains(says),
                 qPrintable(message));
        QCOMPARE(registered, 0u); // a refused message registers nothing
    }

    void decoderReadsColumns()
    {
        std::uint32_t registered = 0;
        auto first = rpc::decodePush(batch(1, 1000, 2, true), &registered);
        QVERIFY(first.ok());
        QCOMPARE(registered, 2u);
        QCOMPARE(first->newSeries.size(), std::size_t{2});
        QCOMPARE(first->samples.size(), std::size_t{4});
        QCOMPARE(first->samples[1].timeMs, 2000);
        QCOMPARE(first->samples[2].ref, 1u);
        QCOMPARE(first->samples[3].value, 41.5);
        auto second = rpc::decodePush(batch(2, 5000, 1, false), &registered); // refs from the first
        QVERIFY(second.ok());
        QVERIFY(second->newSeries.empty());
    }

    void pushedSamplesAreStoredStreamedAndAcknowledged()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("viewer"));
        pb::SubscribeTelemetryRequest live;
        live.add_nodes("agent-a");
        auto subscription = engine.subscribeTelemetry(live);
        QSignalSpy batches(subscription.get(), &TelemetryStream::batch);
        QTest::qWait(500); // the subscription reaches the daemon

        auto stub = stubFor(daemon);
        const std::int64_t t0 = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 60'000;
        pb::PushSamplesResponse response;
        grpc::Status s = push(*stub, daemon.token("operator"),
                              {batch(7, t0, 10, true), batch(8, t0 + 10'000, 10, false)}, &response);
        QVERIFY2(s.ok(), qPrintable(QString::fromStdString(s.error_message()) + daemon.output()));
        QCOMPARE(response.committed_sequence(), 8u);
        QCOMPARE(response.accepted(), 40u);
        QCOMPARE(response.rejected(), 0u);

        const auto points = stored(engine, "1", t0, t0 + 60'000);
        QCOMPARE(points.size(), std::size_t{20});
        QCOMPARE(points.front().time_ms(), t0);
        QCOMPARE(points.back().value(), 41 + 9 * 0.5);

        const auto liveSamples = [&batches] {
            int n = 0;
            for (const auto &args : batches)
                n += args.at(0).value<pb::SampleBatch>().samples_size();
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(liveSamples(), 40, 5000);
        for (const auto &args : batches) {
            const auto received = args.at(0).value<pb::SampleBatch>(); // named: the loop must not outlive it
            for (const pb::Sample &x : received.samples()) {
                QCOMPARE(x.metric(), std::string("DCGM_FI_DEV_GPU_TEMP"));
                QCOMPARE(x.labels().at("Hostname"), std::string("agent-a"));
            }
        }

        // The agent resends after a lost answer: the store keeps each timestamp once.
        s = push(*stub, daemon.token("operator"), {batch(8, t0 + 10'000, 10, true)}, &response);
        QVERIFY(s.ok());
        QCOMPARE(response.rejected(), 20u);
        QCOMPARE(stored(engine, "0", t0, t0 + 60'000).size(), std::size_t{20});
        QTest::qWait(300);
        QCOMPARE(liveSamples(), 40); // and subscribers do not see the resent samples again
    }

    // A daemon whose telemetry store cannot open (here: another process holds its directory)
    // runs on a memory-only store; it must not acknowledge pushes then, or agents would delete
    // samples nothing keeps (issue 29, item 10). It says so in an event; once the store opens
    // again (the holder gone, the daemon restarted) the same batch is acknowledged.
    void pushesAreNotAcknowledgedWhileTheStoreCannotOpen()
    {
        test::SupernodedProcess daemon;
        const QString telemetryDir = daemon.stateDir() + "/telemetry";
        QVERIFY(QDir().mkpath(telemetryDir));
        auto holder = lockDirectory(telemetryDir, "the test");
        QVERIFY(holder.ok());
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("viewer"));
        const auto events = waitFor(engine.listEvents({}));
        QVERIFY(events.ok());
        const auto raised = std::find_if(events->events().begin(), events->events().end(),
                                         [](const pb::Event &e) { return e.kind() == "telemetry.store_unavailable"; });
        QVERIFY2(raised != events->events().end(), qPrintable(daemon.output()));
        QCOMPARE(raised->severity(), pb::SEVERITY_CRITICAL);
        QVERIFY2(raised->message().find(telemetryDir.toStdString()) != std::string::npos, raised->message().c_str());

        const std::int64_t t0 = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 60'000;
        pb::PushSamplesResponse response;
        grpc::Status s = push(*stubFor(daemon), daemon.token("operator"), {batch(1, t0, 10, true)}, &response);
        QCOMPARE(s.error_code(), grpc::StatusCode::UNAVAILABLE);
        QVERIFY2(s.error_message().find("not acknowledged") != std::string::npos, s.error_message().c_str());
        QCOMPARE(response.committed_sequence(), 0u);

        daemon.stop();
        holder->reset(); // the other holder goes
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        s = push(*stubFor(daemon), daemon.token("operator"), {batch(1, t0, 10, true)}, &response);
        QVERIFY2(s.ok(), s.error_message().c_str());
        QCOMPARE(response.committed_sequence(), 1u);
        rpc::RemoteEngine again(daemon.client("viewer"));
        QCOMPARE(stored(again, "0", t0, t0 + 60'000).size(), std::size_t{10});
    }

    void logLinesAreKeptOnceAndMined()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("viewer"));
        auto stub = stubFor(daemon);
        const std::int64_t t0 = QDateTime::currentMSecsSinceEpoch() - 10'000;
        const std::vector<std::string> lines{
            "NVRM: Xid (PCI:0000:18:00): 79, pid=4242, name=python, GPU has fallen off the bus.",
            "nvidia-peermem: module loaded"};
        pb::PushSamplesRequest first = batch(1, t0, 1, true);
        first.set_run(0x5eed);
        addLogLines(first, t0, lines);
        pb::PushSamplesResponse response;
        grpc::Status s = push(*stub, daemon.token("operator"), {first}, &response);
        QVERIFY2(s.ok(), s.error_message().c_str());
        QCOMPARE(response.log_lines_accepted(), 2u);

        const auto kernelLines = [&] {
            pb::LogQueryRequest q;
            q.set_node("agent-a");
            q.set_source("kernel");
            q.set_start_ms(t0 - 1000);
            q.set_end_ms(t0 + 3'600'000); // the daemon's clock is virtual: name the end
            auto r = waitFor(engine.queryLogs(q));
            return r ? std::vector<pb::LogLine>(r->lines().begin(), r->lines().end()) : std::vector<pb::LogLine>{};
        };
        std::vector<pb::LogLine> kept = kernelLines();
        QCOMPARE(kept.size(), std::size_t{2});
        QCOMPARE(kept[0].text(), lines[0]);
        QCOMPARE(kept[0].time_ms(), t0);
        QCOMPARE(kept[0].signature(), std::string("nvrm.xid.79")); // through the engine's log pipeline
        QVERIFY(!kept[1].template_id().empty());

        // The answer was lost: the agent sends the batch again on a new stream.
        s = push(*stub, daemon.token("operator"), {first}, &response);
        QVERIFY(s.ok());
        QCOMPARE(response.log_lines_accepted(), 0u);
        QCOMPARE(kernelLines().size(), std::size_t{2});

        // The agent restarted with an empty buffer: a new run counts from 1 again.
        pb::PushSamplesRequest restarted = batch(1, t0 + 5000, 1, true);
        restarted.set_run(0xfeed);
        addLogLines(restarted, t0 + 5000, {"nvidia-peermem: module loaded"});
        s = push(*stub, daemon.token("operator"), {restarted}, &response);
        QVERIFY(s.ok());
        QCOMPARE(response.log_lines_accepted(), 1u);
        kept = kernelLines();
        QCOMPARE(kept.size(), std::size_t{3});
        QCOMPARE(kept[2].template_id(), kept[1].template_id()); // the same template, mined once
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("role");
        QTest::addColumn<int>("damage");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("says");
        QTest::newRow("viewer") << "viewer" << -1 << int(grpc::StatusCode::PERMISSION_DENIED) << "";
        QTest::newRow("no token") << "" << -1 << int(grpc::StatusCode::UNAUTHENTICATED) << "";
        QTest::newRow("unregistered ref") << "operator" << 1 << int(grpc::StatusCode::INVALID_ARGUMENT)
                                          << "PushSamples batch 3 from agent-a: sample 0 names series ref 7";
    }

    void refusals()
    {
        QFETCH(QString, role);
        QFETCH(int, damage);
        QFETCH(int, code);
        QFETCH(QString, says);
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions(), &why), qPrintable(why));
        auto stub = stubFor(daemon);
        pb::PushSamplesRequest r = batch(3, 1'700'000'000'000, 2, true);
        if (damage == 1)
            r.set_refs(0, 7);
        pb::PushSamplesResponse response;
        const grpc::Status s = push(*stub, role.isEmpty() ? QString() : daemon.token(role), {r}, &response);
        QCOMPARE(int(s.error_code()), code);
        QVERIFY2(QString::fromStdString(s.error_message()).contains(says), s.error_message().c_str());
    }
};

QTEST_GUILESS_MAIN(TestPushSamples)
#include "tst_push_samples.moc"
