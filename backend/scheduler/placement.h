#pragma once
// The placement contract: what a job asks for in numbers the placer understands, the policy
// that picks GPUs for it, and the pluggable score through which another engine area (the comms
// cost model) can weigh candidate GPU sets without the scheduler knowing about it.

#include "backend/scheduler/cluster_capacity.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sn::sched {

struct PlacementRequest {
    int gpus = 1;                 // whole GPUs; a shared job asks for 1 with gpuMilli < 1000
    int gpuMilli = kMilliPerGpu;  // per GPU
    std::int64_t cpuMilli = 0;    // for the whole job, split over its nodes by GPU count
    std::int64_t memoryBytes = 0; // likewise
    std::uint64_t modelMask = 0;  // bit i: ClusterCapacity::gpuModels()[i] allowed; 0: any
    bool shared() const { return gpus == 1 && gpuMilli < kMilliPerGpu; }
};

// An extra cost for a candidate, lower is better, in "GPUs of capacity" units so that it adds
// to fragmentation; the comms engine plugs in communication cost here.
class PlacementScore {
public:
    virtual ~PlacementScore() = default;
    virtual double cost(const ClusterCapacity &cluster, const PlacementRequest &request,
                        const Allocation &candidate) const = 0;
};

class PlacementPolicy {
public:
    virtual ~PlacementPolicy() = default;
    virtual std::string name() const = 0;
    // The allocation this policy prefers on the cluster as it is now; nullopt when none fits.
    virtual std::optional<Allocation> place(const ClusterCapacity &cluster, const PlacementRequest &request) = 0;
    // Tells the policy about a job it will be asked to place, so that it can learn the job mix.
    virtual void observe(const PlacementRequest &request) {}
    void addScore(std::shared_ptr<const PlacementScore> score, double weight);

protected:
    double extraCost(const ClusterCapacity &cluster, const PlacementRequest &request, const Allocation &a) const;
    bool hasExtraScores() const { return !m_scores.empty(); }

private:
    std::vector<std::pair<std::shared_ptr<const PlacementScore>, double>> m_scores;
};

// "fifo" (first fit), "bestfit", "default" (fragmentation gradient descent with topology
// preferences); nullptr for another name.
std::unique_ptr<PlacementPolicy> makePlacementPolicy(const std::string &name);
std::vector<std::string> placementPolicyNames();

} // namespace sn::sched
