#include "backend/sim/packing_placer.h"

#include <algorithm>

namespace sn::sim {

std::variant<Placement, NoPlacement> placeJob(int gpus, int gpusPerNode, const std::vector<NodeFreeGpus> &free)
{
    int totalFree = 0;
    const NodeFreeGpus *largest = nullptr;
    for (const auto &n : free) {
        totalFree += static_cast<int>(n.freeGpus.size());
        if (!largest || n.freeGpus.size() > largest->freeGpus.size())
            largest = &n;
    }
    if (gpus <= 0)
        return NoPlacement{"the job asks for no GPUs"};
    if (totalFree < gpus)
        return NoPlacement{"waiting for resources: needs " + std::to_string(gpus) + " GPUs, " +
                           std::to_string(totalFree) + " free in the cluster"};

    if (gpus <= gpusPerNode) {
        const NodeFreeGpus *best = nullptr;
        for (const auto &n : free)
            if (static_cast<int>(n.freeGpus.size()) >= gpus && (!best || n.freeGpus.size() < best->freeGpus.size()))
                best = &n;
        if (!best)
            return NoPlacement{"waiting for resources: needs " + std::to_string(gpus) +
                               " GPUs on one node; the largest free block is " +
                               std::to_string(largest ? largest->freeGpus.size() : 0) + " on " +
                               (largest ? largest->node : std::string("no node")) + " (GPUs are fragmented)"};
        Placement p;
        for (int i = 0; i < gpus; ++i)
            p.gpus.push_back({best->node, best->freeGpus[i]});
        return p;
    }

    // Multi-node: prefer whole free nodes so that collectives stay balanced.
    std::vector<const NodeFreeGpus *> order;
    for (const auto &n : free)
        if (!n.freeGpus.empty())
            order.push_back(&n);
    std::stable_sort(order.begin(), order.end(),
                     [](auto *a, auto *b) { return a->freeGpus.size() > b->freeGpus.size(); });
    const int wholeNodesNeeded = (gpus + gpusPerNode - 1) / gpusPerNode;
    int wholeNodesFree = 0;
    for (auto *n : order)
        if (static_cast<int>(n->freeGpus.size()) == gpusPerNode)
            ++wholeNodesFree;
    if (wholeNodesFree < wholeNodesNeeded)
        return NoPlacement{"waiting for resources: needs " + std::to_string(wholeNodesNeeded) +
                           " whole free nodes for " + std::to_string(gpus) + " GPUs; " +
                           std::to_string(wholeNodesFree) + " are free"};
    Placement p;
    int left = gpus;
    for (auto *n : order) {
        for (int g : n->freeGpus) {
            if (left == 0)
                break;
            p.gpus.push_back({n->node, g});
            --left;
        }
    }
    return p;
}

} // namespace sn::sim
