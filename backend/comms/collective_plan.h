#pragma once
// Collective plans as objects, for the topology view and for explaining a prediction: which GPU
// sends to which, over which link and rail.
// - Rings, NCCL-style: one channel per rail (per NIC across nodes, per NVSwitch plane in one
//   node); across nodes each channel leaves a node on rail r and enters the next on rail r, so a
//   rail-aligned set never crosses the spine (a set with an odd node count closes one hop off-rail).
// - Trees: NCCL's double binary tree over the nodes (the second tree shifted by one, so a node
//   that is a leaf in one is inner in the other); inside a node a chain over NVLink.
// - Hierarchical all-reduce: reduce-scatter inside each node, all-reduce of each GPU's 1/g share
//   across nodes over its rail, all-gather inside each node.

#include "backend/comms/cost_model.h"
#include "backend/comms/topology_graph.h"
#include "backend/model/result.h"

#include <string>
#include <vector>

namespace sn::comms {

struct PlanHop {
    std::string from, to; // GPU ids
    LinkKind via = LinkKind::NvLink;
    std::string rail; // network hops: the rail both ends use; empty when it changes rail
};

struct RingChannel {
    int channel = 0;
    std::vector<std::string> order; // GPU ids, the ring closes from the last to the first
    std::vector<PlanHop> hops;
    bool railAligned() const;
};

struct PlanPhase {
    std::string what;                             // "reduce-scatter within each node over NVLink"
    std::vector<std::vector<std::string>> groups; // the GPU groups that run it at once
    LinkKind via = LinkKind::NvLink;
    double bytesPerRank = 0;
};

struct CollectivePlan {
    std::vector<std::string> nodes; // in plan order
    std::vector<RingChannel> rings;
    std::vector<std::vector<int>> treeParents; // two trees: per node index, its parent's (-1 root)
    std::vector<PlanPhase> hierarchical;
    Prediction ring, tree; // the cost model's all-reduce time for `bytes`
};

// `gpus`: GPU ids of the graph, the same number on every node they use (else an error).
Result<CollectivePlan> planAllReduce(const TopologyGraph &graph, const std::vector<std::string> &gpus, double bytes,
                                     const CostParams &params = defaultCostParams());

} // namespace sn::comms
