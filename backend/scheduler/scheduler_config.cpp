#include "backend/scheduler/scheduler_config.h"

namespace sn::sched {

SchedulerConfig SchedulerConfig::fromPolicy(const SchedulingPolicy &policy)
{
    SchedulerConfig c;
    for (const PriorityClass &pc : policy.priorityClasses)
        c.priorityClasses[pc.name] = pc.value;
    if (policy.resourceQuota) {
        c.defaultQuota.gpuMin = policy.resourceQuota->gpuMin;
        c.defaultQuota.gpuMax = policy.resourceQuota->gpuMax;
        c.defaultQuota.memoryLimitBytes = policy.resourceQuota->memoryLimitBytes;
    }
    for (const QueueSpec &q : policy.queues)
        c.queues[q.name] = QueuePolicy{q.quota.gpuMin, q.quota.gpuMax, q.quota.memoryLimitBytes, q.weight};
    c.fairShareHalfLifeS = static_cast<double>(policy.fairShareHalfLifeMs) / 1000.0;
    c.preemption = policy.preemption;
    c.backfill = policy.backfill;
    c.elastic = policy.elastic;
    return c;
}

SchedulerConfig SchedulerConfig::fifo()
{
    SchedulerConfig c;
    c.strictFifo = true;
    c.backfill = c.preemption = c.elastic = c.fairShare = false;
    return c;
}

const QueuePolicy &SchedulerConfig::queue(const std::string &name) const
{
    const auto it = queues.find(name);
    return it == queues.end() ? defaultQuota : it->second;
}

std::optional<int> SchedulerConfig::priorityOf(const std::string &priorityClass) const
{
    if (priorityClass.empty())
        return 0;
    const auto it = priorityClasses.find(priorityClass);
    if (it == priorityClasses.end())
        return priorityClasses.empty() ? std::optional<int>(0) : std::nullopt;
    return it->second;
}

} // namespace sn::sched
