#pragma once
// The replay simulator: a discrete-event simulation in virtual time that drives the real
// Scheduler (not a copy) with a trace. Events are job submissions, job ends (work done at the
// job's current width, so preemption and elastic resizes move them) and faults; after the
// events of one instant, one scheduling cycle runs.

#include "backend/scheduler/scheduler.h"
#include "backend/scheduler/trace_csv.h"

#include <map>
#include <string>
#include <vector>

namespace sn::sched {

struct ReplayFault {
    double atS = 0;
    std::string node;
    double repairS = 3600; // back in service after this long
};

struct ReplayOptions {
    std::string policy = "default";     // "fifo": strict FIFO + first fit; others: our scheduler with that placement
    bool estimatesFromDurations = true; // a trace row without an estimate: its true duration
    std::vector<ReplayFault> faults;
    double fragmentationSampleS = 3600; // how often the unallocatable fraction is measured
};

struct QueueReplayStats {
    int jobs = 0;
    double waitSMean = 0;
    double jctSMean = 0;
    double gpuHours = 0;
    double guaranteeGpus = 0;
    double starvedS = 0; // time it wanted at least its guarantee but held less
    // Time a waiting job of the queue would have fitted inside its unused guarantee: what the
    // scheduler owed it (starvedS also counts jobs bigger than what the guarantee leaves).
    double deniedGuaranteeS = 0;
};

struct ReplayResult {
    std::string policy;
    int jobs = 0;     // submitted and accepted
    int rejected = 0; // refused at submit (the first message is kept)
    std::string firstRejection;
    int completed = 0;
    double utilizationMean = 0;    // GPU work that was kept / (capacity x makespan)
    double allocationRateMean = 0; // time-average of allocated GPU shares / capacity
    double waitSMean = 0, waitSP50 = 0, waitSP95 = 0;
    double jctSMean = 0, jctSP50 = 0, jctSP95 = 0;
    double makespanS = 0; // first submit to last end
    int preemptions = 0;
    int preemptionsOfOneJobMax = 0; // the most any one job was preempted (ping-pong shows here)
    double fragmentationMean = 0;   // time-average share of capacity the job mix could not use
    double recoverySMean = 0;       // fault to running again; 0 with no faults
    int recoveries = 0;
    std::vector<std::pair<double, double>> allocationRate; // (seconds, share), one per change, thinned
    std::map<std::string, QueueReplayStats> queues;
};

ReplayResult replayTrace(const ClusterCapacity &cluster, const std::vector<TraceJob> &trace,
                         const SchedulerConfig &config, const ReplayOptions &options);

} // namespace sn::sched
