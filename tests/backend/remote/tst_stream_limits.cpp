// What one principal's streams may hold of a real supernoded (issue 29, item 4): a bounded number
// of server streams open at once per principal (--max-streams), and a queue per stream bounded in
// bytes as well as messages (--stream-queue-bytes), so a reader that stops reading is cut off
// instead of growing the daemon's memory with whole-cluster batches.
#include <QTest>

#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/raw_grpc_call.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

using namespace sn;
using sn::test::RawGrpcCall;
using sn::test::SupernodedProcess;

namespace {

const std::string kSubscribe = "/supernode.v1.Engine/SubscribeTelemetry";

SupernodedProcess::Options daemonOptions(QStringList extra)
{
    SupernodedProcess::Options o;
    o.spec = sim::defaultSimulatedSpec(1);
    o.spec.simulation.jobArrivalsPerHour = 0;
    o.extraArguments = std::move(extra);
    return o;
}

std::shared_ptr<grpc::Channel> channelTo(const SupernodedProcess &daemon)
{
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = daemon.client().caPem;
    return grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon.port()), grpc::SslCredentials(ssl));
}

} // namespace

class TestStreamLimits : public QObject {
    Q_OBJECT

private slots:
    void streamsPerPrincipalAreBounded()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions({"--max-streams", "3"}), &why), qPrintable(why));
        const auto channel = channelTo(daemon);
        const std::string viewer = daemon.token("viewer").toStdString();
        std::vector<std::unique_ptr<RawGrpcCall>> open;
        for (const char *method : {"SubscribeTelemetry", "StreamEvents", "StreamLogs"}) {
            open.push_back(
                std::make_unique<RawGrpcCall>(channel, "/supernode.v1.Engine/" + std::string(method), viewer));
            QVERIFY2(open.back()->streaming(), method);
        }
        RawGrpcCall fourth(channel, kSubscribe, viewer);
        QVERIFY(!fourth.streaming());
        const grpc::Status refused = fourth.finish();
        QCOMPARE(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
        QVERIFY2(refused.error_message().find("3 streams open") != std::string::npos &&
                     refused.error_message().find("--max-streams") != std::string::npos,
                 refused.error_message().c_str());
        // Another principal has its own streams; unary calls of the same one are not counted.
        RawGrpcCall other(channel, kSubscribe, daemon.token("operator").toStdString());
        QVERIFY(other.streaming());
        QVERIFY(waitFor(rpc::RemoteEngine(daemon.client("viewer")).getSummary()).ok());
        // A stream that ends gives its slot back.
        QCOMPARE(open.front()->finish(true).error_code(), grpc::StatusCode::CANCELLED);
        open.erase(open.begin());
        bool reopened = false;
        for (int tries = 0; tries < 50 && !reopened; ++tries) {
            auto again = std::make_unique<RawGrpcCall>(channel, kSubscribe, viewer);
            reopened = again->streaming();
            if (reopened)
                open.push_back(std::move(again));
            else
                QTest::qWait(100); // the daemon hears of the cancel a moment later
        }
        QVERIFY(reopened);
    }

    // A subscriber that stops reading: the daemon queues no more than --stream-queue-bytes for it,
    // far fewer than the 1,024 messages the count alone allows, then ends the stream.
    void aReaderThatStopsIsCutOffByBytes()
    {
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonOptions({"--stream-queue-bytes", "300000"}), &why), qPrintable(why));
        RawGrpcCall stalled(channelTo(daemon), kSubscribe, daemon.token("viewer").toStdString(),
                            std::chrono::seconds(30));
        QVERIFY(stalled.streaming());
        rpc::RemoteEngine admin(daemon.client("admin"));
        const auto advanced = waitFor(admin.advanceTime(600 * 1000)); // 600 one-second batches
        QVERIFY2(advanced.ok(), advanced.ok() ? "" : advanced.error().message.c_str());
        long messages = 0, bytes = 0;
        for (long size; (size = stalled.read()) >= 0; ++messages)
            bytes += size;
        const grpc::Status ended = stalled.finish();
        qInfo("read %ld messages, %ld bytes before the end: %d %s", messages, bytes, int(ended.error_code()),
              ended.error_message().c_str());
        QCOMPARE(ended.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
        QVERIFY2(ended.error_message().find("too slowly") != std::string::npos, ended.error_message().c_str());
        QVERIFY(messages < 600);
    }
};

QTEST_GUILESS_MAIN(TestStreamLimits)
#include "tst_stream_limits.moc"
