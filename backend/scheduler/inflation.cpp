#include "backend/scheduler/inflation.h"

#include <random>

namespace sn::sched {

PlacementRequest requestOf(const TraceJob &job, const ClusterCapacity &cluster)
{
    PlacementRequest r;
    r.gpus = job.gpus;
    r.gpuMilli = job.gpus == 0 ? 0 : job.gpuMilli;
    r.cpuMilli = job.cpuMilli;
    r.memoryBytes = job.memoryBytes;
    if (!job.gpuModels.empty()) {
        for (const std::string &m : job.gpuModels)
            if (const int id = cluster.modelId(m); id >= 0 && id < 63)
                r.modelMask |= std::uint64_t{1} << id;
        if (r.modelMask == 0)
            r.modelMask = std::uint64_t{1} << 63;
    }
    return r;
}

InflationResult runInflation(ClusterCapacity cluster, const std::vector<TraceJob> &trace, PlacementPolicy &policy,
                             std::uint64_t seed, double targetShare)
{
    InflationResult res;
    res.capacityGpus = cluster.totalGpus();
    if (trace.empty() || res.capacityGpus == 0)
        return res;
    std::vector<PlacementRequest> requests;
    requests.reserve(trace.size());
    for (const TraceJob &j : trace) {
        requests.push_back(requestOf(j, cluster));
        policy.observe(requests.back());
    }
    // std::mt19937_64 and a plain modulo-free draw: the same sequence on every platform
    // (std::uniform_int_distribution is implementation-defined).
    std::mt19937_64 rng(seed);
    const double target = targetShare * res.capacityGpus;
    double failedMilli = 0;
    while (res.requestedGpus < target) {
        const std::size_t pick = static_cast<std::size_t>((rng() >> 11) * (1.0 / 9007199254740992.0) * trace.size());
        const PlacementRequest &r = requests[pick];
        const double gpus = r.gpus * (r.gpus == 0 ? 0 : r.gpuMilli) / 1000.0;
        res.requestedGpus += gpus;
        ++res.sampledJobs;
        if (auto a = policy.place(cluster, r))
            cluster.apply(*a);
        else {
            ++res.failedJobs;
            failedMilli += gpus;
        }
    }
    res.allocatedGpus = cluster.allocatedMilli() / 1000.0;
    res.unallocatedGpuFraction = 1.0 - res.allocatedGpus / res.capacityGpus;
    res.failedGpuFraction = failedMilli / res.capacityGpus;
    return res;
}

} // namespace sn::sched
