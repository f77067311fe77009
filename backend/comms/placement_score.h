#pragma once
// The scheduler's placement score: the expected time of one gradient all-reduce of a model of a
// given size over a candidate GPU set, from the cost model. Built once per topology (each GPU's
// node and rail, the node's NVLink fabric and NICs); scoring a set allocates nothing, so a
// placement search can score millions of candidates a second.

#include "backend/comms/cost_model.h"
#include "backend/comms/topology_graph.h"

#include <span>
#include <string>
#include <vector>

namespace sn::comms {

class PlacementScorer {
public:
    // Nodes are taken to be alike: the shape comes from the first node with GPUs.
    explicit PlacementScorer(const TopologyGraph &graph, CostParams params = defaultCostParams());

    // Microseconds for an all-reduce of `bytes` over `gpus` (indices into gpuIds()). A set
    // spread unevenly is paced by its fullest node; GPUs on different local indices on different
    // nodes (off-rail) send across the spine.
    double allReduceUs(std::span<const int> gpus, double bytes) const;
    CommShape shapeOf(std::span<const int> gpus) const;

    const std::vector<std::string> &gpuIds() const { return m_gpuIds; }
    const CommShape &nodeShape() const { return m_node; }

private:
    CostParams m_params;
    CommShape m_node; // one full node
    std::vector<std::string> m_gpuIds;
    std::vector<int> m_nodeOf;  // per GPU
    std::vector<int> m_localOf; // per GPU: its index on the node (its rail)
};

} // namespace sn::comms
