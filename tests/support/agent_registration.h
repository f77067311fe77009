#pragma once
// A registration as supernode-agent sends it (sample_pusher.cpp): an HGX-like node of `gpus`
// GPUs of `model` on one NVSwitch, each GPU linked to it. Protobuf only, for the tests that
// register with a daemon (register_node.h) and those that call the engine directly.
#include "backend/api/supernode.pb.h"

#include <string>

namespace sn::test {

namespace pb = supernode::v1;

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

} // namespace sn::test
