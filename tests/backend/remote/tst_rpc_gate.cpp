// Every rpc of supernode.v1.Engine, read from the service descriptor (a new rpc is called here
// the day it is added), streams included, called on a real supernoded (TLS, tokens) with no
// token, an unknown token and each role's token, as raw gRPC calls carrying an empty request:
// the gate refuses what the role may not do (issue 29, item 18) whatever the handler does next.
// The least role per rpc is written here independently of the daemon's policy table, so a
// policy changed by mistake fails this test.
#include <QTest>

#include "backend/api/supernode.grpc.pb.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/daemon/rpc_policies.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/security/credentials.h>

#include <map>

using namespace sn;
using sn::test::SupernodedProcess;

namespace {

// The least role of each rpc, as the product documents it (docs/security.md).
const std::map<std::string, QString> &leastRoles()
{
    static const std::map<std::string, QString> roles = {
        {"GetCluster", "viewer"},     {"GetSummary", "viewer"},     {"SubscribeTelemetry", "viewer"},
        {"QueryRange", "viewer"},     {"SubmitJob", "operator"},    {"ListJobs", "viewer"},
        {"GetJob", "viewer"},         {"CancelJob", "operator"},    {"RequeueJob", "operator"},
        {"ListEvents", "viewer"},     {"StreamEvents", "viewer"},   {"AckEvent", "operator"},
        {"QueryLogs", "viewer"},      {"StreamLogs", "viewer"},     {"GetConfig", "viewer"},
        {"ApplyConfig", "admin"},     {"GetSimulation", "viewer"},  {"InjectFault", "operator"},
        {"AdvanceTime", "operator"},  {"PlanJob", "viewer"},        {"RenderJob", "viewer"},
        {"PushSamples", "operator"},  {"ResolveEvent", "operator"}, {"ListLogTemplates", "viewer"},
        {"RegisterNode", "operator"}, {"WhoAmI", "viewer"},
    };
    return roles;
}

int rank(const QString &role)
{
    return role == "viewer" ? 1 : role == "operator" ? 2 : role == "admin" ? 3 : 0;
}

struct Outcome {
    grpc::StatusCode code = grpc::StatusCode::UNKNOWN;
    std::string message;
};

// One call of any shape (unary, server or client stream): the gRPC wire is the same, so a generic
// bidirectional call sends one empty request, closes its side and reads the status. An admitted
// server stream never ends by itself: it is cancelled once the daemon has sent its headers (with
// "sn-epoch"; a refused stream ends with its status alone).
Outcome callRaw(const std::shared_ptr<grpc::Channel> &channel, const std::string &method, const std::string &token,
                bool serverStreams)
{
    grpc::GenericStub stub(channel);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    if (!token.empty())
        context.AddMetadata("authorization", "Bearer " + token);
    grpc::CompletionQueue queue;
    auto call = stub.PrepareCall(&context, method, &queue);
    void *tag = nullptr;
    bool ok = false;
    auto step = [&](auto start) {
        start(reinterpret_cast<void *>(1));
        return queue.Next(&tag, &ok) && ok;
    };
    step([&](void *t) { call->StartCall(t); });
    grpc::Slice empty;
    grpc::ByteBuffer request(&empty, 1);
    step([&](void *t) { call->Write(request, t); });
    step([&](void *t) { call->WritesDone(t); });
    step([&](void *t) { call->ReadInitialMetadata(t); });
    // An admitted stream's headers carry the daemon's epoch; a refused one ends with its status alone.
    if (serverStreams && context.GetServerInitialMetadata().count("sn-epoch") > 0)
        context.TryCancel();
    else {
        grpc::ByteBuffer reply; // read into until the daemon's side ends
        while (step([&](void *t) { call->Read(&reply, t); })) {
        }
    }
    grpc::Status status;
    step([&](void *t) { call->Finish(&status, t); });
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) {
    }
    return {status.error_code(), status.error_message()};
}

} // namespace

class TestRpcGate : public QObject {
    Q_OBJECT

private slots:
    void everyRpcIsGatedForEveryCaller()
    {
        SupernodedProcess daemon;
        SupernodedProcess::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        options.spec.simulation.jobArrivalsPerHour = 0;
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        const auto client = daemon.client();
        grpc::SslCredentialsOptions ssl;
        ssl.pem_root_certs = client.caPem;
        const auto channel =
            grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon.port()), grpc::SslCredentials(ssl));

        const auto *service = google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
            supernode::v1::Engine::service_full_name());
        QVERIFY(service);
        QVERIFY(service->method_count() > 0);
        QVERIFY(rpc::rpcsWithoutPolicy().empty()); // else the daemon would not have started
        const std::string unknown = rpc::createToken("intruder", rpc::Role::Admin)->token;
        int calls = 0;
        for (int m = 0; m < service->method_count(); ++m) {
            const auto *method = service->method(m);
            const auto least = leastRoles().find(method->name());
            QVERIFY2(least != leastRoles().end(),
                     qPrintable(QString::fromStdString(method->name()) +
                                ": a new rpc; say here (and in docs/security.md) which role it needs"));
            const std::string path = "/" + std::string(service->full_name()) + "/" + method->name();
            for (const QString &caller : {QString(), QStringLiteral("unknown"), QStringLiteral("viewer"),
                                          QStringLiteral("operator"), QStringLiteral("admin")}) {
                const std::string token = caller == "unknown" ? unknown : daemon.token(caller).toStdString();
                const Outcome got = callRaw(channel, path, token, method->server_streaming());
                ++calls;
                const QString where = QStringLiteral("%1 as %2: %3 %4")
                                          .arg(QString::fromStdString(method->name()),
                                               caller.isEmpty() ? QStringLiteral("(no token)") : caller)
                                          .arg(int(got.code))
                                          .arg(QString::fromStdString(got.message));
                if (rank(caller) == 0)
                    QVERIFY2(got.code == grpc::StatusCode::UNAUTHENTICATED, qPrintable(where));
                else if (rank(caller) < rank(least->second))
                    QVERIFY2(got.code == grpc::StatusCode::PERMISSION_DENIED &&
                                 got.message.find("needs the role " + least->second.toStdString()) != std::string::npos,
                             qPrintable(where));
                else // admitted: whatever the engine makes of an empty request, not a refusal of the caller
                    QVERIFY2(got.code != grpc::StatusCode::UNAUTHENTICATED &&
                                 got.code != grpc::StatusCode::PERMISSION_DENIED &&
                                 got.code != grpc::StatusCode::UNIMPLEMENTED &&
                                 got.code != grpc::StatusCode::DEADLINE_EXCEEDED,
                             qPrintable(where));
            }
        }
        QCOMPARE(calls, 5 * service->method_count());
        // Every rpc named here exists: a row left behind by a removed rpc is noticed.
        QCOMPARE(std::size_t(service->method_count()), leastRoles().size());
    }
};

QTEST_GUILESS_MAIN(TestRpcGate)
#include "tst_rpc_gate.moc"
