#pragma once
// Whom to stop so that a waiting job fits: the victim choice of preemption and of a queue
// reclaiming its guarantee. The victims are chosen by node, the way Kueue/Volcano "reclaim"
// and YARN's capacity-scheduler preemption do: freed GPUs are only worth something where the
// job can use them, so a plan picks the node whose free GPUs plus its victims' GPUs make the
// placement, with the cheapest victims (elastic shrinks first, then the lowest class, then the
// least work since the last checkpoint). Taking victims in cheapness order over the whole
// cluster instead spent a borrowing queue's allowance on victims scattered over nodes the job
// could not use (another GPU model, another card's share), and then nothing was left to take
// where it could.
//
// Each victim belongs to a group (its queue) with a budget: the GPUs that may be taken from
// the group in all, so that victims of one queue together never take it below its guarantee.

#include "backend/scheduler/placement.h"

#include <functional>
#include <optional>
#include <vector>

namespace sn::sched {

struct VictimCandidate {
    int job = -1;     // the caller's id
    int group = -1;   // index into the budgets; -1: no budget (the job's own queue)
    Allocation frees; // what stopping (or shrinking) it gives back
    bool shrink = false;
    int priority = 0;
    double workAtRisk = 0; // GPU-ms lost if stopped now (0 for a shrink)
};

struct VictimPlan {
    std::vector<int> victims; // indices into the candidates, each needed by the placement
    Allocation placement;
};

// Places the job on a copy of the cluster; nullopt when it does not fit.
using PlaceOnCluster = std::function<std::optional<Allocation>(const ClusterCapacity &)>;

// The cheapest plan: first the best single node (when `request`, the least the job accepts,
// fits on one node at all), else victims in cheapness order over the nodes the job may use,
// until it fits spread over nodes. Only victims whose node the placement uses stay in the plan.
// nullopt when no plan within the budgets makes room.
std::optional<VictimPlan> chooseVictims(const ClusterCapacity &cluster, const PlacementRequest &request,
                                        const std::vector<VictimCandidate> &candidates, std::vector<int> budgets,
                                        const PlaceOnCluster &place);

} // namespace sn::sched
