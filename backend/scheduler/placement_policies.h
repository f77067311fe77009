#pragma once
// The placement policies the simulator and `supernodectl sim --policy` name:
//  - FirstFitPolicy ("fifo"): the first node in order that fits, its lowest free GPUs.
//  - BestFitPolicy ("bestfit"): the feasible node left with the least normalized free GPU+CPU,
//    the tightest GPU for a shared job (the FGD paper's best-fit baseline).
//  - FragmentationPolicy ("default"): fragmentation gradient descent (FGD, USENIX ATC'23):
//    the node and GPUs whose placement raises the node's expected fragmentation for the
//    observed job mix the least; then NVLink-connected sets, then the pluggable scores.

#include "backend/scheduler/fragmentation.h"
#include "backend/scheduler/placement.h"

namespace sn::sched {

class FirstFitPolicy final : public PlacementPolicy {
public:
    std::string name() const override { return "fifo"; }
    std::optional<Allocation> place(const ClusterCapacity &cluster, const PlacementRequest &request) override;
};

class BestFitPolicy final : public PlacementPolicy {
public:
    std::string name() const override { return "bestfit"; }
    std::optional<Allocation> place(const ClusterCapacity &cluster, const PlacementRequest &request) override;
};

class FragmentationPolicy final : public PlacementPolicy {
public:
    std::string name() const override { return "default"; }
    std::optional<Allocation> place(const ClusterCapacity &cluster, const PlacementRequest &request) override;
    void observe(const PlacementRequest &request) override { m_mix.add(request); }
    WorkloadMix &mix() { return m_mix; }

private:
    double fragmentationNow(const ClusterCapacity &cluster, int node);
    WorkloadMix m_mix;
    struct Cached {
        std::uint64_t version = ~std::uint64_t{0};
        double value = 0;
    };
    std::vector<Cached> m_cache; // per node
};

} // namespace sn::sched
