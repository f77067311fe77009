#pragma once
// RegisterNode against a real supernoded, as supernode-agent sends it (sample_pusher.cpp), for
// the tests that need a registered node without running the agent and its discovery: an
// HGX-like node of `gpus` GPUs of `model` on one NVSwitch, and the call with a role's token.
#include "backend/api/supernode.grpc.pb.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <QFile>

#include <chrono>
#include <string>

namespace sn::test {

inline pb::RegisterNodeRequest agentRegistration(const std::string &node, int gpus,
                                                 const std::string &model = "NVIDIA H100 80GB HBM3")
{
    pb::RegisterNodeRequest r;
    pb::Node &n = *r.mutable_node();
    n.set_name(node);
    n.set_cpu_cores(96);
    n.set_memory_bytes(1LL << 40);
    for (int i = 0; i < gpus; ++i) {
        pb::Gpu *g = n.add_gpus();
        g->set_index(i);
        g->set_uuid("GPU-" + node + "-" + std::to_string(i));
        g->set_model(model);
        g->set_memory_bytes(80LL << 30);
    }
    n.add_nvswitches()->set_model("NVSwitch");
    for (int i = 0; i < gpus; ++i) {
        pb::Link *l = r.add_links();
        l->set_a(node + "/gpu" + std::to_string(i));
        l->set_b(node + "/nvswitch0");
        l->set_type(pb::LINK_TYPE_NVLINK);
        l->set_lanes(18);
        l->set_healthy(true);
    }
    (*n.mutable_host_facts())["agent_version"] = "test";
    return r;
}

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
