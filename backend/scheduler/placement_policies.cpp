#include "backend/scheduler/placement_policies.h"

#include "backend/scheduler/node_fit.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace sn::sched {

void PlacementPolicy::addScore(std::shared_ptr<const PlacementScore> score, double weight)
{
    m_scores.emplace_back(std::move(score), weight);
}

double PlacementPolicy::extraCost(const ClusterCapacity &cluster, const PlacementRequest &request,
                                  const Allocation &a) const
{
    double sum = 0;
    for (const auto &[score, weight] : m_scores)
        sum += weight * score->cost(cluster, request, a);
    return sum;
}

std::unique_ptr<PlacementPolicy> makePlacementPolicy(const std::string &name)
{
    if (name == "fifo" || name == "firstfit")
        return std::make_unique<FirstFitPolicy>();
    if (name == "bestfit")
        return std::make_unique<BestFitPolicy>();
    if (name == "default" || name == "fgd")
        return std::make_unique<FragmentationPolicy>();
    return nullptr;
}

std::vector<std::string> placementPolicyNames()
{
    return {"fifo", "bestfit", "default"};
}

namespace {

// Node-local GPU indices with at least `milli` free, tightest first when `tightest`.
int pickSharedGpu(const NodeCapacity &node, int milli, bool tightest)
{
    int best = -1;
    for (std::size_t g = 0; g < node.gpus.size(); ++g) {
        const GpuSlot &s = node.gpus[g];
        if (!s.healthy || s.milliFree < milli)
            continue;
        if (!tightest)
            return static_cast<int>(g);
        if (best < 0 || s.milliFree < node.gpus[best].milliFree)
            best = static_cast<int>(g);
    }
    return best;
}

Allocation single(int node, const PlacementRequest &r, std::vector<int> gpus)
{
    Allocation a;
    a.parts.push_back(singleNodeShare(node, r, std::move(gpus)));
    return a;
}

bool anySingleNodeCouldHold(const ClusterCapacity &cluster, const PlacementRequest &r)
{
    for (const NodeCapacity &n : cluster.nodes())
        if (static_cast<int>(n.gpus.size()) >= r.gpus)
            return true;
    return false;
}

} // namespace

std::optional<Allocation> FirstFitPolicy::place(const ClusterCapacity &cluster, const PlacementRequest &r)
{
    const auto &nodes = cluster.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!fitsNode(nodes[i], r))
            continue;
        if (r.gpus == 0)
            return single(static_cast<int>(i), r, {});
        if (r.shared())
            return single(static_cast<int>(i), r, {pickSharedGpu(nodes[i], r.gpuMilli, false)});
        return single(static_cast<int>(i), r, pickWholeGpus(nodes[i], r.gpus));
    }
    if (!anySingleNodeCouldHold(cluster, r) || r.gpus > 1)
        return placeAcrossNodes(cluster, r);
    return std::nullopt;
}

std::optional<Allocation> BestFitPolicy::place(const ClusterCapacity &cluster, const PlacementRequest &r)
{
    // As the FGD paper's simulator scores it: 0.5 x CPU left + 0.5 x GPU left after placing,
    // each normalized by the largest node's capacity (not the node's own, which would rank a
    // half-empty small node like a half-empty big one), least left wins.
    const auto &nodes = cluster.nodes();
    std::int64_t maxCpu = 1;
    int maxGpuMilli = 1;
    for (const NodeCapacity &n : nodes) {
        maxCpu = std::max(maxCpu, n.cpuMilli);
        maxGpuMilli = std::max(maxGpuMilli, static_cast<int>(n.gpus.size()) * kMilliPerGpu);
    }
    int best = -1;
    double bestScore = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeCapacity &n = nodes[i];
        if (!fitsNode(n, r))
            continue;
        const double gpuLeft = static_cast<double>(n.milliFree() - r.gpus * r.gpuMilli) / maxGpuMilli;
        const double cpuLeft = static_cast<double>(n.cpuMilliFree - r.cpuMilli) / static_cast<double>(maxCpu);
        const double score = 0.5 * gpuLeft + 0.5 * cpuLeft;
        if (score < bestScore) {
            bestScore = score;
            best = static_cast<int>(i);
        }
    }
    if (best < 0)
        return r.gpus > 1 ? placeAcrossNodes(cluster, r) : std::nullopt;
    if (r.gpus == 0)
        return single(best, r, {});
    if (r.shared())
        return single(best, r, {pickSharedGpu(nodes[best], r.gpuMilli, true)});
    return single(best, r, pickWholeGpus(nodes[best], r.gpus));
}

double FragmentationPolicy::fragmentationNow(const ClusterCapacity &cluster, int node)
{
    Cached &c = m_cache[node];
    const NodeCapacity &n = cluster.nodes()[node];
    if (c.version != n.version) {
        c.value = nodeFragmentation(NodeView::of(n), m_mix.shapes());
        c.version = n.version;
    }
    return c.value;
}

namespace {

// Nodes in the same state give the same answer; most of a big cluster is a few states.
struct StateKey {
    NodeView view;
    bool operator==(const StateKey &o) const { return std::memcmp(&view, &o.view, sizeof(NodeView)) == 0; }
};
struct StateHash {
    std::size_t operator()(const StateKey &k) const
    {
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
        mix(static_cast<std::uint64_t>(k.view.modelId));
        mix(static_cast<std::uint64_t>(k.view.cpuMilliFree));
        mix(static_cast<std::uint64_t>(k.view.memoryBytesFree));
        for (int i = 0; i < k.view.gpuCount; ++i)
            mix(static_cast<std::uint64_t>(k.view.milliFree[i]));
        return h;
    }
};
struct StateAnswer {
    double cost;
    int viewGpu; // shared jobs: which GPU (index among the healthy ones)
};

} // namespace

std::optional<Allocation> FragmentationPolicy::place(const ClusterCapacity &cluster, const PlacementRequest &r)
{
    const auto &nodes = cluster.nodes();
    if (m_cache.size() != nodes.size())
        m_cache.assign(nodes.size(), Cached{});
    if (m_mix.observed() == 0)
        m_mix.add(r); // no history yet: the job itself is the mix
    const auto &mix = m_mix.shapes();

    std::unordered_map<StateKey, StateAnswer, StateHash> seen;
    int best = -1, bestViewGpu = -1;
    double bestCost = std::numeric_limits<double>::infinity();
    double bestTight = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeCapacity &n = nodes[i];
        if (!fitsNode(n, r))
            continue;
        StateKey key{NodeView::of(n)};
        std::memset(key.view.milliFree + key.view.gpuCount, 0, sizeof(int) * (16 - key.view.gpuCount));
        StateAnswer answer;
        if (auto it = seen.find(key); it != seen.end())
            answer = it->second;
        else {
            const double before = fragmentationNow(cluster, static_cast<int>(i));
            NodeView after = key.view;
            after.cpuMilliFree -= r.cpuMilli;
            after.memoryBytesFree -= r.memoryBytes;
            answer = {std::numeric_limits<double>::infinity(), -1};
            if (r.shared()) {
                for (int g = 0; g < after.gpuCount; ++g) {
                    if (after.milliFree[g] < r.gpuMilli)
                        continue;
                    after.milliFree[g] -= r.gpuMilli;
                    const double cost = nodeFragmentation(after, mix) - before;
                    after.milliFree[g] += r.gpuMilli;
                    // Ties go to the tighter GPU, which keeps emptier GPUs whole.
                    if (cost < answer.cost - 1e-9 || (cost < answer.cost + 1e-9 && answer.viewGpu >= 0 &&
                                                      after.milliFree[g] < after.milliFree[answer.viewGpu]))
                        answer = {cost, g};
                }
            } else if (r.gpus > 0) {
                int taken = 0;
                for (int g = 0; g < after.gpuCount && taken < r.gpus; ++g)
                    if (after.milliFree[g] == kMilliPerGpu) {
                        after.milliFree[g] = 0;
                        ++taken;
                    }
                answer.cost = nodeFragmentation(after, mix) - before;
            } else {
                answer.cost = nodeFragmentation(after, mix) - before;
            }
            seen.emplace(key, answer);
        }
        double cost = answer.cost;
        // Tie-break by best fit: the node left with the least free GPU share.
        const double tight = static_cast<double>(n.milliFree()) / std::max(1, n.usableGpus()) +
                             static_cast<double>(n.cpuMilliFree) / std::max<std::int64_t>(1, n.cpuMilli);
        if (!r.shared() && r.gpus > 1 && !nvlinkConnected(n, pickWholeGpus(n, r.gpus)))
            cost += kMilliPerGpu; // a set split over NVLink domains costs about a GPU's worth
        if (hasExtraScores()) {
            std::vector<int> gpus;
            if (r.shared()) {
                int seenHealthy = 0;
                for (std::size_t g = 0; g < n.gpus.size(); ++g)
                    if (n.gpus[g].healthy && seenHealthy++ == answer.viewGpu)
                        gpus.push_back(static_cast<int>(g));
            } else if (r.gpus > 0)
                gpus = pickWholeGpus(n, r.gpus);
            cost += kMilliPerGpu * extraCost(cluster, r, single(static_cast<int>(i), r, gpus));
        }
        if (cost < bestCost - 1e-9 || (cost < bestCost + 1e-9 && tight < bestTight)) {
            bestCost = cost;
            bestTight = tight;
            best = static_cast<int>(i);
            bestViewGpu = answer.viewGpu;
        }
    }
    if (best < 0)
        return r.gpus > 1 ? placeAcrossNodes(cluster, r) : std::nullopt;
    const NodeCapacity &n = nodes[best];
    if (r.gpus == 0)
        return single(best, r, {});
    if (r.shared()) {
        int seenHealthy = 0;
        for (std::size_t g = 0; g < n.gpus.size(); ++g)
            if (n.gpus[g].healthy && seenHealthy++ == bestViewGpu)
                return single(best, r, {static_cast<int>(g)});
        return std::nullopt;
    }
    return single(best, r, pickWholeGpus(n, r.gpus));
}

} // namespace sn::sched
