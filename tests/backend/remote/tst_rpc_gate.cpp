// Every rpc of supernode.v1.Engine, read from the service descriptor (a new rpc is called here
// the day it is added), streams included, called on a real supernoded (TLS, tokens) with no
// token, an unknown token and each role's token, as raw gRPC calls carrying an empty request
// (raw_grpc_call.h):
// the gate refuses what the role may not do (issue 29, item 18) whatever the handler does next.
// The least role per rpc is written here independently of the daemon's policy table, so a
// policy changed by mistake fails this test.
#include <QTest>

#include "backend/api/supernode.grpc.pb.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/daemon/rpc_policies.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/raw_grpc_call.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
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
                test::RawGrpcCall call(channel, path, token);
                // An admitted server stream never ends by itself.
                const grpc::Status got = call.finish(method->server_streaming() && call.streaming());
                ++calls;
                const QString where = QStringLiteral("%1 as %2: %3 %4")
                                          .arg(QString::fromStdString(method->name()),
                                               caller.isEmpty() ? QStringLiteral("(no token)") : caller)
                                          .arg(int(got.error_code()))
                                          .arg(QString::fromStdString(got.error_message()));
                if (rank(caller) == 0)
                    QVERIFY2(got.error_code() == grpc::StatusCode::UNAUTHENTICATED, qPrintable(where));
                else if (rank(caller) < rank(least->second))
                    QVERIFY2(got.error_code() == grpc::StatusCode::PERMISSION_DENIED &&
                                 got.error_message().find("needs the role " + least->second.toStdString()) !=
                                     std::string::npos,
                             qPrintable(where));
                else // admitted: whatever the engine makes of an empty request, not a refusal of the caller
                    QVERIFY2(got.error_code() != grpc::StatusCode::UNAUTHENTICATED &&
                                 got.error_code() != grpc::StatusCode::PERMISSION_DENIED &&
                                 got.error_code() != grpc::StatusCode::UNIMPLEMENTED &&
                                 got.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED,
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
