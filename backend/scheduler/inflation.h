#pragma once
// FGD-style workload inflation (Weng et al., USENIX ATC'23, section 6): jobs drawn with
// replacement from the trace are placed one at a time and never leave; a job that fits nowhere
// is dropped (it "fails"); drawing stops once the GPU amount requested by all drawn jobs reaches
// the cluster's GPU capacity. What is left unallocated at that point is capacity lost to
// fragmentation: a perfect packer would have placed everything.

#include "backend/scheduler/cluster_capacity.h"
#include "backend/scheduler/placement.h"
#include "backend/scheduler/trace_csv.h"

#include <cstdint>
#include <vector>

namespace sn::sched {

struct InflationResult {
    int sampledJobs = 0;
    int failedJobs = 0;
    double requestedGpus = 0; // sum over drawn jobs, shares counted as fractions
    double allocatedGpus = 0;
    int capacityGpus = 0;
    double unallocatedGpuFraction = 0; // 1 - allocated / capacity
    double failedGpuFraction = 0;      // GPUs asked by dropped jobs / capacity
};

// The policy first observes every trace job (the job-size mix FGD measures fragmentation
// against), then places the draws. Deterministic for a seed.
InflationResult runInflation(ClusterCapacity cluster, const std::vector<TraceJob> &trace, PlacementPolicy &policy,
                             std::uint64_t seed, double targetShare = 1.0);

PlacementRequest requestOf(const TraceJob &job, const ClusterCapacity &cluster);

} // namespace sn::sched
