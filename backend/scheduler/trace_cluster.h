#pragma once
// From trace rows to what the scheduler takes: a cluster of the trace's nodes, and job specs.

#include "backend/model/job_spec.h"
#include "backend/scheduler/cluster_capacity.h"
#include "backend/scheduler/trace_csv.h"

namespace sn::sched {

// gpuNodesOnly: leave out nodes without GPUs (the FGD experiments use the GPU nodes).
ClusterCapacity capacityFromTraceNodes(const std::vector<TraceNode> &nodes, bool gpuNodesOnly);

// The spec a trace row submits: the GPU count exact (min = max), CPUs in whole CPUs (the milli
// value goes to Scheduler::submit separately), priority class from the row, the estimate when
// the trace gives one.
JobSpec jobSpecOf(const TraceJob &job);

} // namespace sn::sched
