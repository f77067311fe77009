#pragma once
// A documented synthetic workload for time-based replays, shaped like published GPU-cluster
// traces (Microsoft Philly, Jeon et al., USENIX ATC'19; Alibaba PAI, Weng et al., NSDI'22): most
// jobs take one GPU, a few take whole nodes or several; run times are heavy-tailed (log-normal,
// minutes to a day); arrivals are Poisson at a chosen offered load. Three teams share the
// cluster with different priority classes, as the demo cluster.yaml names them:
//
//   queue     jobs  class                  GPUs 1/2/4/8/16/32 (%)  median run  checkpoint
//   research  30%   modelTraining 100      40/20/15/15/7/3         1 h         every 30 min
//   product   40%   inference 80           60/30/10/0/0/0          2 h         none
//   data      30%   dataPreprocessing 50   100/0/0/0/0/0           30 min      none
//
// (about 49% / 45% / 5% of the GPU-hours), log-normal run times with sigma 1.2.
//
// Users overestimate: the estimate a job is submitted with is its run time x U(1, 3), at least
// 10 min. Sizes above the cluster's node size are gang jobs. Seeded: the same options give the
// same trace on every platform (no std::*_distribution).

#include "backend/scheduler/trace_csv.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::sched {

struct TraceGeneratorOptions {
    int clusterGpus = 64;
    int gpusPerNode = 8;
    double offeredLoad = 1.2; // GPU-seconds asked per GPU-second of capacity while jobs arrive
    int jobs = 2000;
    std::uint64_t seed = 1;
};

std::vector<TraceJob> generateTrace(const TraceGeneratorOptions &options);
// The same rows as a generic trace CSV (submit_s,duration_s,gpus,queue,priority,...).
std::string traceCsv(const std::vector<TraceJob> &jobs);

} // namespace sn::sched
