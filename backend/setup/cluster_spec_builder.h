#pragma once
// The cluster.yaml the wizard writes: the discovered nodes (GPUs with uuid and bus id, NVSwitches,
// RDMA NICs, CPU cores, memory), telemetry from nvidia-smi over SSH, and the scheduling policy
// the user chose, starting from the usual one. It goes through writeClusterYaml, so what the
// wizard writes is what the engine reads back.

#include "backend/model/cluster_spec.h"
#include "backend/setup/node_inventory.h"

#include <string>
#include <vector>

namespace sn::setup {

// modelTraining 100 and dataPreprocessing 50; one "default" queue with GPUs min 4 / max 16 and a
// 512Gi memory limit, which is also the quota of queues not named.
SchedulingPolicy defaultSchedulingPolicy();

struct DiscoveredNode {
    std::string address; // as the user typed it: "admin@10.0.0.5:22"
    NodeInventory inventory;
};

// jobBackend: "embedded" (no jobBackends section), "slurm" (the CLI on this machine, the
// simplest way in: change `via` to ssh or rest in cluster.yaml) or "kubernetes" (kubectl with the
// user's kubeconfig).
ClusterSpec buildClusterSpec(const std::string &clusterName, const std::vector<DiscoveredNode> &nodes,
                             const SchedulingPolicy &policy, const std::string &jobBackend = "embedded");

} // namespace sn::setup
