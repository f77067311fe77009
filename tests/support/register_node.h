#pragma once
// RegisterNode against a real supernoded, as supernode-agent sends it (sample_pusher.cpp), for
// the tests that need a registered node without running the agent and its discovery: the call
// with a role's token (the registration itself: agent_registration.h).
#include "backend/api/supernode.grpc.pb.h"
#include "tests/support/agent_registration.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <QFile>

#include <chrono>
#include <string>

namespace sn::test {

inline grpc::Status registerNode(const SupernodedProcess &daemon, const pb::RegisterNodeRequest &request,
                                 pb::RegisterNodeResponse *response, const QString &role = QStringLiteral("operator"))
{
    QFile ca(daemon.path("certs/ca.pem"));
    if (!ca.open(QIODevice::ReadOnly))
        return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                            "no CA at " + daemon.path("certs/ca.pem").toStdString());
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = ca.readAll().toStdString();
    auto stub = pb::Engine::NewStub(
        grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon.port()), grpc::SslCredentials(ssl)));
    grpc::ClientContext context;
    if (const QString token = daemon.token(role); !token.isEmpty())
        context.AddMetadata("authorization", "Bearer " + token.toStdString());
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    return stub->RegisterNode(&context, request, response);
}

} // namespace sn::test
