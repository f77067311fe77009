#include "backend/scheduler/trace_cluster.h"

#include <cmath>

namespace sn::sched {

ClusterCapacity capacityFromTraceNodes(const std::vector<TraceNode> &nodes, bool gpuNodesOnly)
{
    ClusterCapacity c;
    for (const TraceNode &n : nodes)
        if (!gpuNodesOnly || n.gpus > 0)
            c.addNode(n.name, n.gpuModel, n.gpus, n.cpuMilli, n.memoryBytes);
    return c;
}

JobSpec jobSpecOf(const TraceJob &job)
{
    JobSpec s;
    s.name = job.name;
    s.user = job.queue;
    s.queue = job.queue;
    s.priorityClass = job.priorityClass;
    s.gpusMin = s.gpusMax = job.gpus;
    s.gpuMilli = job.gpus == 0 ? 1000 : job.gpuMilli;
    s.gpuModels = job.gpuModels;
    s.cpus = static_cast<int>(job.cpuMilli / 1000);
    s.memoryBytes = job.memoryBytes;
    s.gang = job.gang;
    if (job.estimatedRuntimeS)
        s.estimatedRuntimeS = static_cast<std::int64_t>(std::ceil(*job.estimatedRuntimeS));
    if (job.checkpointIntervalS)
        s.checkpointIntervalS = static_cast<std::int64_t>(std::ceil(*job.checkpointIntervalS));
    return s;
}

} // namespace sn::sched
