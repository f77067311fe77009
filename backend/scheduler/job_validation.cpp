#include "backend/scheduler/job_validation.h"

#include <algorithm>

namespace sn::sched {

namespace {

std::string s(std::int64_t v)
{
    return std::to_string(v);
}

} // namespace

Status validateJob(const JobSpec &spec, std::int64_t cpuMilli, const ClusterCapacity &cluster,
                   const SchedulerConfig &config, const std::function<bool(const std::string &)> &knownJob)
{
    const std::string job = "job '" + spec.name + "': ";
    if (spec.gpusMin < 0 || spec.gpusMax < 0)
        return invalidArgument(job + "GPU counts must not be negative (min " + s(spec.gpusMin) + ", max " +
                               s(spec.gpusMax) + ")");
    if (spec.gpusMin > spec.gpusMax)
        return invalidArgument(job + "gpus min (" + s(spec.gpusMin) + ") is above max (" + s(spec.gpusMax) +
                               "); ask for min <= max, or the same number twice for an exact count");
    if (spec.gpuMilli <= 0 || spec.gpuMilli > kMilliPerGpu)
        return invalidArgument(job + "gpuMilli must be in 1..1000 (a share of one GPU), got " + s(spec.gpuMilli));
    if (spec.gpuMilli < kMilliPerGpu && spec.gpusMax > 1)
        return invalidArgument(job + "a GPU share (gpuMilli " + s(spec.gpuMilli) +
                               ") is for one GPU, but it asks for " + s(spec.gpusMax) +
                               "; share one GPU or ask for whole GPUs");
    if (spec.memoryBytes < 0 || spec.gpuMemoryBytes < 0)
        return invalidArgument(job + "memory must not be negative");
    if (spec.cpus < 0 || cpuMilli < 0)
        return invalidArgument(job + "CPUs must not be negative, got " + s(spec.cpus));
    if (spec.estimatedRuntimeS < 0 || spec.checkpointIntervalS < 0)
        return invalidArgument(job + "estimated runtime and checkpoint interval must not be negative");

    const int total = cluster.totalGpus();
    if (spec.gpusMin > total)
        return invalidArgument(job + "asks for " + s(spec.gpusMin) + " GPUs; the cluster has " + s(total));
    if (!spec.gang && spec.gpusMin > cluster.largestNodeGpus())
        return invalidArgument(job + "asks for " + s(spec.gpusMin) + " GPUs without gang; the largest node has " +
                               s(cluster.largestNodeGpus()) + " (set gang to spread it over nodes)");
    if (!spec.gpuModels.empty() && spec.gpusMin > 0) {
        int matching = 0;
        for (const NodeCapacity &n : cluster.nodes())
            if (n.modelId >= 0 && std::find(spec.gpuModels.begin(), spec.gpuModels.end(),
                                            cluster.gpuModels()[n.modelId]) != spec.gpuModels.end())
                matching += static_cast<int>(n.gpus.size());
        if (matching == 0) {
            std::string have;
            for (const auto &m : cluster.gpuModels())
                have += (have.empty() ? "" : ", ") + m;
            return invalidArgument(job + "no node has any of the GPU models it asks for; the cluster has " + have);
        }
        if (spec.gpusMin > matching)
            return invalidArgument(job + "asks for " + s(spec.gpusMin) +
                                   " GPUs of the models it names; the cluster has " + s(matching));
    }
    std::int64_t mostCpu = 0, mostMemory = 0, allCpu = 0, allMemory = 0;
    for (const NodeCapacity &n : cluster.nodes()) {
        mostCpu = std::max(mostCpu, n.cpuMilli);
        mostMemory = std::max(mostMemory, n.memoryBytes);
        allCpu += n.cpuMilli;
        allMemory += n.memoryBytes;
    }
    const bool oneNode = spec.gpusMax <= 1 || !spec.gang;
    if (cpuMilli > (oneNode ? mostCpu : allCpu))
        return invalidArgument(
            job + "asks for " + s(cpuMilli / 1000) + " CPUs; " +
            (oneNode ? "the largest node has " + s(mostCpu / 1000) : "the cluster has " + s(allCpu / 1000)));
    if (spec.memoryBytes > (oneNode ? mostMemory : allMemory))
        return invalidArgument(
            job + "asks for " + s(spec.memoryBytes >> 30) + " GiB of memory; " +
            (oneNode ? "the largest node has " + s(mostMemory >> 30) : "the cluster has " + s(allMemory >> 30)) +
            " GiB");

    if (!config.priorityOf(spec.priorityClass)) {
        std::string names;
        for (const auto &[name, value] : config.priorityClasses)
            names += (names.empty() ? "" : ", ") + name;
        return invalidArgument(job + "unknown priority class '" + spec.priorityClass + "'; the policy has " + names);
    }
    if (!config.queues.empty() && !config.queues.count(spec.queue)) {
        std::string names;
        for (const auto &[name, q] : config.queues)
            names += (names.empty() ? "" : ", ") + name;
        return invalidArgument(job + "unknown queue '" + spec.queue + "'; the queues are " + names);
    }
    const QueuePolicy &q = config.queue(spec.queue);
    if (q.gpuMax > 0 && spec.gpusMin > q.gpuMax)
        return invalidArgument(job + "asks for " + s(spec.gpusMin) + " GPUs; queue '" + spec.queue +
                               "' may use at most " + s(q.gpuMax));
    if (q.memoryLimitBytes > 0 && spec.memoryBytes > q.memoryLimitBytes)
        return invalidArgument(job + "asks for " + s(spec.memoryBytes >> 30) + " GiB of memory; queue '" + spec.queue +
                               "' allows " + s(q.memoryLimitBytes >> 30) + " GiB per job");
    for (const JobDependency &d : spec.dependencies)
        if (!knownJob(d.jobId))
            return invalidArgument(job + "depends on unknown job '" + d.jobId + "'");
    return success();
}

} // namespace sn::sched
