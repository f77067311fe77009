#pragma once
// The nodes whose agents registered their hardware (RegisterNode). A registration is what the
// node itself found (NVML, nvidia-smi, ibstat, ip; backend/remote/agent/node_registration.h), so
// it wins over cluster.yaml in every view: a configured node keeps its name and address and takes
// the registered GPUs, NVSwitches, NICs, CPU, memory and in-node links; a node cluster.yaml does
// not name is added. Each node is marked `registered` (and `unconfigured` when only its agent
// knows it), so a console can tell a node that reported itself from one that was written down.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sn {

namespace pb = supernode::v1;

// What one registration may hold and how many nodes may register: far above any GPU server (8 or
// 16 GPUs, a few NICs, some hundred in-node links; about 20 KB; 4,096 links of short names fit) and any cluster this
// console runs, and what keeps one hostile or broken agent from filling the engine's memory and state.db with
// registrations (16 MiB each, as many names as it likes) before.
struct RegistrationLimits {
    static constexpr std::size_t bytes = 256 * 1024; // the whole message, serialized
    static constexpr std::size_t nameBytes = 253;    // a DNS name's most
    static constexpr int gpus = 64;
    static constexpr int nvswitches = 64;
    static constexpr int nics = 512;
    static constexpr int links = 4096;
    static constexpr int hostFacts = 64;
    static constexpr std::size_t nodes = 1024; // nodes registered at once
};

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
    // Whether a node of this name may register: one already registered always may (again), a new
    // one while fewer than RegistrationLimits::nodes are.
    Status admits(const std::string &node) const;
    // Stores a checked, admitted registration (ids filled in where left empty).
    Outcome add(pb::RegisterNodeRequest request, std::int64_t nowMs);
    // A registration an earlier run kept (supernoded's state.db), put back as it was: its own
    // registered_ms, no Outcome, since the node registered then, not now. Checked as on add,
    // because what is read back from disk is input like any other.
    Status restore(pb::RegisterNodeRequest stored);
    bool contains(const std::string &node) const { return m_nodes.contains(node); }
    // The registration as kept (ids named, registered, registered_ms); null when never registered.
    const pb::RegisterNodeRequest *find(const std::string &node) const;
    // Merges the registrations into a cluster built from cluster.yaml (or the simulator). A node
    // only its agent knows is UP while `reporting(name)` says its telemetry is fresh: a
    // registration restored after a restart says what the node has, not that it is there.
    void applyTo(pb::Cluster &cluster, const std::function<bool(const std::string &)> &reporting) const;

private:
    std::map<std::string, pb::RegisterNodeRequest> m_nodes; // by node name; node.registered_ms set
};

} // namespace sn
