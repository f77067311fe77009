#pragma once
// Submit-time checks: a spec that can never run is refused with a message saying what to
// change, before it touches the queue (so nothing already queued is disturbed).

#include "backend/model/job_spec.h"
#include "backend/model/result.h"
#include "backend/scheduler/cluster_capacity.h"
#include "backend/scheduler/scheduler_config.h"

#include <functional>

namespace sn::sched {

// `knownJob` answers whether a dependency names a job the scheduler has.
Status validateJob(const JobSpec &spec, std::int64_t cpuMilli, const ClusterCapacity &cluster,
                   const SchedulerConfig &config, const std::function<bool(const std::string &)> &knownJob);

} // namespace sn::sched
