#pragma once
// The scheduler's rules, from cluster.yaml's schedulingPolicy: priority classes, named queues
// with their quotas and fair-share weights (resourceQuota for any other queue), the fair-share
// half-life, and which mechanisms (preemption, backfill, elastic) are on.

#include "backend/model/cluster_spec.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace sn::sched {

struct QueuePolicy {
    int gpuMin = 0;                    // guaranteed GPUs: may reclaim borrowed ones by preemption
    int gpuMax = 0;                    // may borrow up to this many; 0: no limit
    std::int64_t memoryLimitBytes = 0; // over the queue's running jobs; 0: no limit
    double weight = 1;                 // fair share between queues
};

struct SchedulerConfig {
    std::map<std::string, int> priorityClasses; // name -> value; empty: any name, value 0
    std::map<std::string, QueuePolicy> queues;  // empty: any queue, each with defaultQuota
    QueuePolicy defaultQuota;

    bool strictFifo = false; // one line in submit order; the head blocks everyone (the baseline)
    bool backfill = true;    // EASY: later jobs may start if they do not delay the reservation
    bool preemption = true;  // of lower priority, and of borrowed capacity by a queue under min
    bool elastic = true;     // grow into idle GPUs, shrink toward min for waiting work
    bool fairShare = true;   // order equal priorities by decayed usage per weight
    double fairShareHalfLifeS = 3600;
    int maxBackfillScan = 2000; // pending jobs looked at per cycle behind a blocked head

    static SchedulerConfig fromPolicy(const SchedulingPolicy &policy);
    // The baseline the quality targets compare with: strict FIFO, nothing else.
    static SchedulerConfig fifo();

    const QueuePolicy &queue(const std::string &name) const;
    std::optional<int> priorityOf(const std::string &priorityClass) const; // nullopt: unknown class
};

} // namespace sn::sched
