#pragma once
// The nodes whose agents registered their hardware (RegisterNode). A registration is what the
// node itself found (NVML, nvidia-smi, ibstat, ip; backend/remote/agent/node_registration.h), so
// it wins over cluster.yaml in every view: a configured node keeps its name and address and takes
// the registered GPUs, NVSwitches, NICs, CPU, memory and in-node links; a node cluster.yaml does
// not name is added. Each node is marked `registered` (and `unconfigured` when only its agent
// knows it), so a console can tell a node that reported itself from one that was written down.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sn {

namespace pb = supernode::v1;

// What is malformed in a registration, naming the field ("node.gpus[3].index: repeats GPU 2"); ok otherwise.
Status checkRegistration(const pb::RegisterNodeRequest &request);

// "GPU3 uuid GPU-a -> GPU-b", "NIC mlx5_1 added", "memory_bytes 1 -> 2", ...; empty when equal.
std::vector<std::string> registrationChanges(const pb::Node &before, const pb::Node &after);

class NodeRegistry {
public:
    struct Outcome {
        bool first = false;               // the node had not registered before
        std::vector<std::string> changes; // against the previous registration; empty when the same
    };
    // Stores a checked registration (ids filled in where left empty).
    Outcome add(pb::RegisterNodeRequest request, std::int64_t nowMs);
    bool contains(const std::string &node) const { return m_nodes.contains(node); }
    // Merges the registrations into a cluster built from cluster.yaml (or the simulator).
    void applyTo(pb::Cluster &cluster) const;

private:
    std::map<std::string, pb::RegisterNodeRequest> m_nodes; // by node name; node.registered_ms set
};

} // namespace sn
