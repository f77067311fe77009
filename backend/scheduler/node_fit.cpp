#include "backend/scheduler/node_fit.h"

#include <algorithm>
#include <map>

namespace sn::sched {

bool modelAllowed(const NodeCapacity &node, const PlacementRequest &r)
{
    if (r.modelMask == 0)
        return true;
    return node.modelId >= 0 && node.modelId < 64 && (r.modelMask >> node.modelId) & 1U;
}

bool fitsNode(const NodeCapacity &node, const PlacementRequest &r)
{
    if (!node.healthy || node.cpuMilliFree < r.cpuMilli || node.memoryBytesFree < r.memoryBytes)
        return false;
    if (r.gpus == 0)
        return true;
    if (!modelAllowed(node, r))
        return false;
    if (r.shared()) {
        for (const GpuSlot &g : node.gpus)
            if (g.healthy && g.milliFree >= r.gpuMilli)
                return true;
        return false;
    }
    return node.wholeFreeGpus() >= r.gpus;
}

std::vector<int> pickWholeGpus(const NodeCapacity &node, int count)
{
    // Free GPUs grouped by domain; a node has at most a handful of domains.
    std::map<int, std::vector<int>> byDomain;
    for (std::size_t g = 0; g < node.gpus.size(); ++g)
        if (node.gpus[g].healthy && node.gpus[g].milliFree == kMilliPerGpu)
            byDomain[node.gpus[g].nvlinkDomain].push_back(static_cast<int>(g));
    const std::vector<int> *tightest = nullptr;
    for (const auto &[domain, gpus] : byDomain)
        if (static_cast<int>(gpus.size()) >= count && (!tightest || gpus.size() < tightest->size()))
            tightest = &gpus;
    if (tightest)
        return {tightest->begin(), tightest->begin() + count};
    std::vector<const std::vector<int> *> order;
    for (const auto &[domain, gpus] : byDomain)
        order.push_back(&gpus);
    std::stable_sort(order.begin(), order.end(), [](auto *a, auto *b) { return a->size() > b->size(); });
    std::vector<int> out;
    for (const auto *gpus : order)
        for (int g : *gpus)
            if (static_cast<int>(out.size()) < count)
                out.push_back(g);
    if (static_cast<int>(out.size()) < count)
        return {};
    std::sort(out.begin(), out.end());
    return out;
}

bool nvlinkConnected(const NodeCapacity &node, const std::vector<int> &gpus)
{
    for (int g : gpus)
        if (node.gpus[g].nvlinkDomain != node.gpus[gpus.front()].nvlinkDomain)
            return false;
    return true;
}

NodeShare singleNodeShare(int nodeIndex, const PlacementRequest &r, std::vector<int> gpus)
{
    NodeShare s;
    s.node = nodeIndex;
    s.gpus = std::move(gpus);
    s.gpuMilli = r.gpus == 0 ? 0 : r.gpuMilli;
    s.cpuMilli = r.cpuMilli;
    s.memoryBytes = r.memoryBytes;
    return s;
}

std::optional<Allocation> placeAcrossNodes(const ClusterCapacity &cluster, const PlacementRequest &r)
{
    if (r.shared() || r.gpus <= 1)
        return std::nullopt;
    // Per node the CPU and memory a GPU brings with it: the job's split by GPU count.
    const double cpuPerGpu = static_cast<double>(r.cpuMilli) / r.gpus;
    const double memPerGpu = static_cast<double>(r.memoryBytes) / r.gpus;
    struct Candidate {
        int node;
        int gpus; // what this node can give
    };
    std::map<int, std::vector<Candidate>> byLeaf;
    std::vector<Candidate> all;
    const auto &nodes = cluster.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeCapacity &n = nodes[i];
        PlacementRequest one = r;
        one.gpus = 1;
        one.cpuMilli = static_cast<std::int64_t>(cpuPerGpu);
        one.memoryBytes = static_cast<std::int64_t>(memPerGpu);
        if (!fitsNode(n, one))
            continue;
        int give = n.wholeFreeGpus();
        if (cpuPerGpu > 0)
            give = std::min<int>(give, static_cast<int>(n.cpuMilliFree / cpuPerGpu));
        if (memPerGpu > 0)
            give = std::min<int>(give, static_cast<int>(n.memoryBytesFree / memPerGpu));
        if (give <= 0)
            continue;
        byLeaf[n.leaf].push_back({static_cast<int>(i), give});
        all.push_back({static_cast<int>(i), give});
    }
    // Greedy over the fullest nodes: fewest nodes for the group; leftover on the last node is
    // taken from the tightest node that still covers it.
    auto take = [&](std::vector<Candidate> c) -> std::optional<std::vector<Candidate>> {
        std::stable_sort(c.begin(), c.end(), [](const Candidate &a, const Candidate &b) { return a.gpus > b.gpus; });
        std::vector<Candidate> picked;
        int left = r.gpus;
        std::size_t i = 0;
        for (; i < c.size() && left > 0; ++i) {
            if (c[i].gpus >= left) {
                // The tightest remaining node that covers what is left.
                std::size_t best = i;
                for (std::size_t j = i; j < c.size() && c[j].gpus >= left; ++j)
                    best = j;
                picked.push_back({c[best].node, left});
                left = 0;
                break;
            }
            picked.push_back(c[i]);
            left -= c[i].gpus;
        }
        if (left > 0)
            return std::nullopt;
        return picked;
    };
    std::optional<std::vector<Candidate>> best;
    for (auto &[leaf, candidates] : byLeaf) {
        auto p = take(candidates);
        if (p && (!best || p->size() < best->size()))
            best = std::move(p);
    }
    if (!best)
        best = take(all);
    if (!best)
        return std::nullopt;
    Allocation a;
    for (const Candidate &c : *best) {
        NodeShare s;
        s.node = c.node;
        s.gpus = pickWholeGpus(nodes[c.node], c.gpus);
        s.gpuMilli = kMilliPerGpu;
        s.cpuMilli = static_cast<std::int64_t>(cpuPerGpu * c.gpus);
        s.memoryBytes = static_cast<std::int64_t>(memPerGpu * c.gpus);
        a.parts.push_back(std::move(s));
    }
    return a;
}

} // namespace sn::sched
