#include "backend/scheduler/victim_choice.h"

#include "backend/scheduler/node_fit.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

namespace sn::sched {

namespace {

// The spread plan asks the policy after each victim; a job that needs more than this many is
// better served by its reservation.
constexpr int kMaxSpreadTries = 64;

// Cheaper first: the highest class stopped (a shrink stops nothing), the work lost, the jobs
// stopped, the jobs touched.
struct PlanCost {
    int worstClass = INT_MIN;
    double risk = 0;
    int preempted = 0;
    int victims = 0;
    void add(const VictimCandidate &c)
    {
        if (!c.shrink) {
            worstClass = std::max(worstClass, c.priority);
            ++preempted;
        }
        risk += c.workAtRisk;
        ++victims;
    }
    bool operator<(const PlanCost &o) const
    {
        return std::tie(worstClass, risk, preempted, victims) < std::tie(o.worstClass, o.risk, o.preempted, o.victims);
    }
};

// Takes the candidate from its group's budget; false (nothing taken) when the budget is short.
bool spend(const VictimCandidate &c, std::vector<int> &budgets)
{
    if (c.group < 0)
        return true;
    const int gpus = c.frees.gpuCount();
    if (budgets[c.group] < gpus)
        return false;
    budgets[c.group] -= gpus;
    return true;
}

struct NodePlan {
    int node = -1;
    std::vector<int> victims;
    PlanCost cost;
};

// The cheapest victims on one node that make the job fit there, or an empty plan.
NodePlan planOnNode(ClusterCapacity &what, int node, const PlacementRequest &request,
                    const std::vector<VictimCandidate> &candidates, const std::vector<int> &onNode,
                    std::vector<int> budgets)
{
    NodePlan plan;
    plan.node = node;
    // The job may fit here already (it was kept off reserved nodes, and makeRoom looks at the
    // whole cluster): then nobody is stopped.
    bool fits = fitsNode(what.nodes()[node], request);
    if (fits)
        return plan;
    for (const int c : onNode) {
        if (!spend(candidates[c], budgets))
            continue;
        what.release(candidates[c].frees);
        plan.victims.push_back(c);
        if ((fits = fitsNode(what.nodes()[node], request)))
            break;
    }
    if (fits) {
        // Fewest victims: give back each earlier one (dearest first) the job can do without.
        for (std::size_t i = plan.victims.size() - 1; i-- > 0;) {
            const VictimCandidate &c = candidates[plan.victims[i]];
            what.apply(c.frees);
            if (fitsNode(what.nodes()[node], request))
                plan.victims.erase(plan.victims.begin() + static_cast<std::ptrdiff_t>(i));
            else
                what.release(c.frees);
        }
    }
    for (const int c : plan.victims)
        what.apply(candidates[c].frees); // the what-if copy is the cluster again
    if (!fits)
        return {};
    for (const int c : plan.victims)
        plan.cost.add(candidates[c]);
    return plan;
}

// Keeps the victims whose GPUs, CPUs or memory sit on a node the placement uses: on those
// nodes the cluster is then exactly the what-if copy the placement was made on.
std::vector<int> neededBy(const Allocation &placement, const std::vector<VictimCandidate> &candidates,
                          const std::vector<int> &taken, std::size_t nodeCount)
{
    std::vector<bool> used(nodeCount, false);
    for (const NodeShare &p : placement.parts)
        used[p.node] = true;
    std::vector<int> kept;
    for (const int c : taken)
        if (std::any_of(candidates[c].frees.parts.begin(), candidates[c].frees.parts.end(),
                        [&](const NodeShare &p) { return used[p.node]; }))
            kept.push_back(c);
    return kept;
}

} // namespace

std::optional<VictimPlan> chooseVictims(const ClusterCapacity &cluster, const PlacementRequest &request,
                                        const std::vector<VictimCandidate> &candidates, std::vector<int> budgets,
                                        const PlaceOnCluster &place)
{
    std::vector<int> order(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const VictimCandidate &x = candidates[a], &y = candidates[b];
        return std::tie(y.shrink, x.priority, x.workAtRisk) < std::tie(x.shrink, y.priority, y.workAtRisk);
    });
    // A node helps only if the job may run there at all (health, GPU model).
    const auto &nodes = cluster.nodes();
    auto usable = [&](int n) { return nodes[n].healthy && (request.gpus == 0 || modelAllowed(nodes[n], request)); };
    std::map<int, std::vector<int>> byNode; // node -> candidates on it, cheapest first
    for (const int c : order)
        for (const NodeShare &p : candidates[c].frees.parts)
            if (usable(p.node) && (byNode[p.node].empty() || byNode[p.node].back() != c))
                byNode[p.node].push_back(c);

    ClusterCapacity what = cluster;
    std::optional<VictimPlan> singlePlan, spreadPlan;
    PlanCost singleCost, spreadCost;
    auto costOf = [&](const std::vector<int> &victims) {
        PlanCost c;
        for (const int v : victims)
            c.add(candidates[v]);
        return c;
    };
    if (request.gpus <= cluster.largestNodeGpus()) {
        std::vector<NodePlan> plans;
        for (const auto &[node, onNode] : byNode)
            if (NodePlan p = planOnNode(what, node, request, candidates, onNode, budgets); p.node >= 0)
                plans.push_back(std::move(p));
        std::stable_sort(plans.begin(), plans.end(),
                         [](const NodePlan &a, const NodePlan &b) { return a.cost < b.cost; });
        for (const NodePlan &p : plans) {
            // The policy places on that node alone (its choice of GPUs, NVLink domain, share).
            ClusterCapacity only = cluster;
            for (const int c : p.victims)
                only.release(candidates[c].frees);
            for (std::size_t n = 0; n < only.nodes().size(); ++n)
                if (static_cast<int>(n) != p.node)
                    only.nodes()[n].healthy = false;
            if (auto placed = place(only)) {
                VictimPlan out;
                out.victims = neededBy(*placed, candidates, p.victims, nodes.size());
                out.placement = std::move(*placed);
                singleCost = costOf(out.victims);
                singlePlan = std::move(out);
                break;
            }
        }
    }
    // No single node: victims in cheapness order, on nodes the job may use, until it fits spread
    // over nodes (whole GPUs only: a share lives on one GPU of one node).
    if (request.shared() || request.gpus <= 1)
        return singlePlan;
    std::vector<int> taken;
    int tries = 0;
    for (const int c : order) {
        if (tries >= kMaxSpreadTries)
            break;
        const bool helps = std::any_of(candidates[c].frees.parts.begin(), candidates[c].frees.parts.end(),
                                       [&](const NodeShare &p) { return usable(p.node); });
        if (!helps || !spend(candidates[c], budgets))
            continue;
        what.release(candidates[c].frees);
        taken.push_back(c);
        ++tries;
        if (auto placed = place(what)) {
            VictimPlan out;
            out.victims = neededBy(*placed, candidates, taken, nodes.size());
            out.placement = std::move(*placed);
            spreadCost = costOf(out.victims);
            spreadPlan = std::move(out);
            break;
        }
    }
    // Spread only when that stops strictly less (the job keeps one node's NVLink otherwise).
    if (!singlePlan || !spreadPlan)
        return singlePlan ? singlePlan : spreadPlan;
    return spreadCost < singleCost ? spreadPlan : singlePlan;
}

} // namespace sn::sched
