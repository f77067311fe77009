#pragma once
// Questions every placement policy asks of one node: does the request fit, which whole GPUs
// would it take (one NVLink domain when possible), and how to spread a gang job that no single
// node holds over the fewest nodes under one leaf switch.

#include "backend/scheduler/placement.h"

#include <optional>
#include <vector>

namespace sn::sched {

// The node's GPU model is one the request allows (any, when it names none).
bool modelAllowed(const NodeCapacity &node, const PlacementRequest &r);

// CPU, memory, model, health and GPU shares on a single node.
bool fitsNode(const NodeCapacity &node, const PlacementRequest &r);

// `count` whole free GPUs: from the tightest NVLink domain that holds them all, else from the
// largest domains first. Empty when the node has fewer free.
std::vector<int> pickWholeGpus(const NodeCapacity &node, int count);

// True when every GPU of the set is in one NVLink domain.
bool nvlinkConnected(const NodeCapacity &node, const std::vector<int> &gpus);

NodeShare singleNodeShare(int nodeIndex, const PlacementRequest &r, std::vector<int> gpus);

// Whole GPUs over several nodes: the leaf whose free nodes hold the job in the fewest nodes
// (whole free nodes first), else across leaves. nullopt when the cluster cannot.
std::optional<Allocation> placeAcrossNodes(const ClusterCapacity &cluster, const PlacementRequest &r);

} // namespace sn::sched
