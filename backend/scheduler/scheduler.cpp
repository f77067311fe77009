#include "backend/scheduler/scheduler.h"

#include "backend/scheduler/job_validation.h"

#include <algorithm>
#include <cmath>

namespace sn::sched {

const char *decisionKindName(DecisionKind kind)
{
    switch (kind) {
    case DecisionKind::Start:
        return "start";
    case DecisionKind::Preempt:
        return "preempt";
    case DecisionKind::Grow:
        return "grow";
    case DecisionKind::Shrink:
        return "shrink";
    case DecisionKind::Requeue:
        return "requeue";
    }
    return "unknown";
}

Scheduler::Scheduler(ClusterCapacity cluster, SchedulerConfig config, std::unique_ptr<PlacementPolicy> policy)
    : m_cluster(std::move(cluster)), m_config(std::move(config)), m_policy(std::move(policy))
{
    for (const auto &[name, q] : m_config.queues)
        m_queues[name];
    for (const NodeCapacity &n : m_cluster.nodes())
        for (const GpuSlot &g : n.gpus)
            m_allNvSwitch = m_allNvSwitch && g.nvlinkDomain == 0;
}

std::optional<int> Scheduler::findJob(const std::string &id) const
{
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? std::nullopt : std::optional<int>(it->second);
}

std::string Scheduler::pendingReason(int index) const
{
    const SchedJob &j = m_jobs[index];
    if (j.state != JobState::Pending)
        return {};
    const int position = positionOf(index);
    const std::string why = behindLastWindow(j)
                                ? "waiting behind the first " + std::to_string(m_config.maxBackfillScan) +
                                      " pending jobs (not considered this cycle)"
                                : j.reason;
    return why + (position > 0 ? "; position " + std::to_string(position) : std::string());
}

bool Scheduler::behindLastWindow(const SchedJob &j) const
{
    return j.state == JobState::Pending && j.queuedAtCycle < m_cycles && j.consideredCycle < m_cycles;
}

int Scheduler::positionOf(int index) const
{
    const SchedJob &j = m_jobs[index];
    if (j.state != JobState::Pending)
        return 0;
    if (!behindLastWindow(j))
        return j.position;
    if (m_rankCacheVersion != m_stateVersion) {
        m_rankCache.assign(m_jobs.size(), 0);
        int rank = m_windowStillPending;
        for (const int k : pendingOrder())
            if (behindLastWindow(m_jobs[k]))
                m_rankCache[k] = ++rank;
        m_rankCacheVersion = m_stateVersion;
    }
    return index < static_cast<int>(m_rankCache.size()) ? m_rankCache[index] : 0;
}

Result<int> Scheduler::submit(const JobSpec &spec, std::int64_t nowMs, std::optional<std::int64_t> cpuMilli,
                              const std::string &id)
{
    const std::string name = id.empty() ? "j" + std::to_string(m_jobs.size()) : id;
    if (m_byId.count(name))
        return invalidArgument("a job with id '" + name + "' already exists");
    const std::int64_t cpu = cpuMilli.value_or(std::int64_t{spec.cpus} * 1000);
    if (auto ok =
            validateJob(spec, cpu, m_cluster, m_config, [&](const std::string &id) { return findJob(id).has_value(); });
        !ok)
        return ok.error();
    SchedJob j;
    j.index = static_cast<int>(m_jobs.size());
    j.id = name;
    j.spec = spec;
    j.cpuMilli = cpu;
    j.priority = *m_config.priorityOf(spec.priorityClass);
    j.submitMs = nowMs;
    j.reason = "submitted; waits for the next scheduling cycle";
    m_policy->observe(requestFor(j, spec.gpusMax));
    m_byId[name] = j.index;
    m_jobQueue.push_back({&m_config.queue(spec.queue), &m_queues[spec.queue]});
    m_jobs.push_back(std::move(j));
    addPending(m_jobs.back());
    return m_jobs.back().index;
}

void Scheduler::addPending(SchedJob &j)
{
    m_pending[j.priority][j.spec.queue].insert(j.index);
    ++m_pendingCount;
    ++m_stateVersion;
    j.state = JobState::Pending;
    j.position = 0;
    j.queuedAtCycle = m_cycles;
}

void Scheduler::removePending(SchedJob &j)
{
    auto level = m_pending.find(j.priority);
    if (level == m_pending.end())
        return;
    auto q = level->second.find(j.spec.queue);
    if (q == level->second.end() || !q->second.erase(j.index))
        return;
    --m_pendingCount;
    ++m_stateVersion;
    j.position = 0;
    if (q->second.empty())
        level->second.erase(q);
    if (level->second.empty())
        m_pending.erase(level);
}

Status Scheduler::cancel(int index, std::int64_t nowMs)
{
    if (index < 0 || index >= static_cast<int>(m_jobs.size()))
        return notFound("no job " + std::to_string(index));
    SchedJob &j = m_jobs[index];
    if (isTerminal(j.state))
        return failedPrecondition("job " + j.id + " already ended (" + jobStateName(j.state) + ")");
    if (j.state == JobState::Running)
        stopRun(j, nowMs, false);
    else
        removePending(j);
    j.state = JobState::Cancelled;
    j.endMs = nowMs;
    j.reason.clear();
    return success();
}

Status Scheduler::finish(int index, std::int64_t nowMs, bool ok)
{
    if (index < 0 || index >= static_cast<int>(m_jobs.size()))
        return notFound("no job " + std::to_string(index));
    SchedJob &j = m_jobs[index];
    if (j.state != JobState::Running)
        return failedPrecondition("job " + j.id + " is not running (" + jobStateName(j.state) + ")");
    stopRun(j, nowMs, true);
    j.state = ok ? JobState::Completed : JobState::Failed;
    j.endMs = nowMs;
    return success();
}

double Scheduler::progressGpuMs(const SchedJob &j, std::int64_t nowMs) const
{
    double p = j.savedGpuMs + j.accruedGpuMs;
    if (j.state == JobState::Running)
        p += static_cast<double>(nowMs - j.segmentStartMs) * j.gpus;
    return p;
}

void Scheduler::decayUsage(std::int64_t nowMs)
{
    if (nowMs <= m_usageAtMs)
        return;
    const double dt = (nowMs - m_usageAtMs) / 1000.0;
    const double keep = std::exp2(-dt / m_config.fairShareHalfLifeS);
    for (auto &[name, q] : m_queues)
        q.usage = q.usage * keep + q.gpusInUse * dt;
    m_usageAtMs = nowMs;
}

int Scheduler::queueGpusInUse(const std::string &queue) const
{
    const auto it = m_queues.find(queue);
    return it == m_queues.end() ? 0 : it->second.gpusInUse;
}

void Scheduler::start(SchedJob &j, Allocation a, std::int64_t nowMs, std::vector<Decision> &out)
{
    removePending(j);
    m_cluster.apply(a);
    j.allocation = std::move(a);
    j.gpus = j.allocation.gpuCount();
    j.state = JobState::Running;
    j.reason.clear();
    if (j.firstStartMs < 0)
        j.firstStartMs = nowMs;
    j.runStartMs = j.segmentStartMs = nowMs;
    j.accruedGpuMs = 0;
    if (j.faultAtMs >= 0) {
        j.recoveryMs.push_back(nowMs - j.faultAtMs);
        j.faultAtMs = -1;
    }
    m_jobQueue[j.index].state->gpusInUse += j.gpus;
    m_jobQueue[j.index].state->memoryInUse += j.spec.memoryBytes;
    m_running.insert(j.index);
    ++m_runningByPriority[j.priority];
    ++m_stateVersion;
    out.push_back({DecisionKind::Start, j.index, j.gpus, ""});
}

void Scheduler::stopRun(SchedJob &j, std::int64_t nowMs, bool keepSinceCheckpoint)
{
    // keepSinceCheckpoint: the job ended by itself, all its work counts.
    const double accrued = j.accruedGpuMs + static_cast<double>(nowMs - j.segmentStartMs) * j.gpus;
    if (keepSinceCheckpoint)
        j.savedGpuMs += accrued;
    else {
        const std::int64_t wall = nowMs - j.runStartMs;
        const std::int64_t interval = j.spec.checkpointIntervalS * 1000;
        const double savedShare = interval > 0 && wall > 0
                                      ? static_cast<double>(wall / interval * interval) / static_cast<double>(wall)
                                      : 0.0;
        j.savedGpuMs += accrued * savedShare;
        j.lostGpuMs += accrued * (1 - savedShare);
    }
    j.accruedGpuMs = 0;
    m_cluster.release(j.allocation);
    m_jobQueue[j.index].state->gpusInUse -= j.gpus;
    m_jobQueue[j.index].state->memoryInUse -= j.spec.memoryBytes;
    j.allocation = {};
    j.gpus = 0;
    m_running.erase(j.index);
    ++m_stateVersion;
    if (--m_runningByPriority[j.priority] == 0)
        m_runningByPriority.erase(j.priority);
}

void Scheduler::resize(SchedJob &j, const Allocation &delta, bool grow, std::int64_t nowMs)
{
    // Elastic frameworks save their state when membership changes: no work is lost.
    j.accruedGpuMs += static_cast<double>(nowMs - j.segmentStartMs) * j.gpus;
    j.segmentStartMs = nowMs;
    if (grow) {
        m_cluster.apply(delta);
        for (const NodeShare &p : delta.parts)
            j.allocation.parts.push_back(p);
    } else {
        m_cluster.release(delta);
        for (const NodeShare &d : delta.parts)
            for (NodeShare &p : j.allocation.parts)
                if (p.node == d.node) {
                    for (int g : d.gpus)
                        p.gpus.erase(std::remove(p.gpus.begin(), p.gpus.end(), g), p.gpus.end());
                    p.cpuMilli -= d.cpuMilli;
                    p.memoryBytes -= d.memoryBytes;
                }
        std::erase_if(j.allocation.parts, [](const NodeShare &p) { return p.gpus.empty() && p.cpuMilli <= 0; });
    }
    const int before = j.gpus;
    ++m_stateVersion;
    j.gpus = j.allocation.gpuCount();
    m_jobQueue[j.index].state->gpusInUse += j.gpus - before;
}

std::vector<int> Scheduler::requeueJobsOn(const std::function<bool(const NodeShare &)> &touches, std::int64_t nowMs,
                                          const std::string &why)
{
    std::vector<int> hit;
    for (int r : m_running)
        for (const NodeShare &p : m_jobs[r].allocation.parts)
            if (touches(p)) {
                hit.push_back(r);
                break;
            }
    for (int r : hit) {
        SchedJob &j = m_jobs[r];
        stopRun(j, nowMs, false);
        ++j.requeuesAfterFault;
        j.faultAtMs = nowMs;
        addPending(j);
        j.reason = why + "; requeued from its last checkpoint";
    }
    return hit;
}

std::vector<int> Scheduler::failNode(const std::string &node, std::int64_t nowMs)
{
    const int n = m_cluster.findNode(node);
    if (n < 0)
        return {};
    auto hit = requeueJobsOn([n](const NodeShare &p) { return p.node == n; }, nowMs, "node " + node + " failed");
    m_cluster.nodes()[n].healthy = false;
    m_cluster.nodes()[n].touch();
    return hit;
}

std::vector<int> Scheduler::failGpu(const std::string &node, int gpu, std::int64_t nowMs)
{
    const int n = m_cluster.findNode(node);
    if (n < 0 || gpu < 0 || gpu >= static_cast<int>(m_cluster.nodes()[n].gpus.size()))
        return {};
    auto hit = requeueJobsOn(
        [n, gpu](const NodeShare &p) {
            return p.node == n && std::find(p.gpus.begin(), p.gpus.end(), gpu) != p.gpus.end();
        },
        nowMs, "GPU " + node + "/gpu" + std::to_string(gpu) + " failed");
    m_cluster.nodes()[n].gpus[gpu].healthy = false;
    m_cluster.nodes()[n].touch();
    return hit;
}

Status Scheduler::restoreNode(const std::string &node)
{
    const int n = m_cluster.findNode(node);
    if (n < 0)
        return notFound("no node '" + node + "'");
    NodeCapacity &c = m_cluster.nodes()[n];
    c.healthy = true;
    for (GpuSlot &g : c.gpus)
        g.healthy = true;
    c.touch();
    return success();
}

Status Scheduler::restoreGpu(const std::string &node, int gpu)
{
    const int n = m_cluster.findNode(node);
    if (n < 0)
        return notFound("no node '" + node + "'");
    NodeCapacity &c = m_cluster.nodes()[n];
    if (gpu < 0 || gpu >= static_cast<int>(c.gpus.size()))
        return notFound("no GPU " + std::to_string(gpu) + " on node '" + node + "'");
    c.gpus[gpu].healthy = true;
    c.touch();
    return success();
}

Status Scheduler::requeue(int index, std::int64_t nowMs, const std::string &why, bool fault)
{
    if (index < 0 || index >= static_cast<int>(m_jobs.size()))
        return notFound("no job " + std::to_string(index));
    SchedJob &j = m_jobs[index];
    if (j.state != JobState::Running)
        return failedPrecondition("job " + j.id + " is not running (" + jobStateName(j.state) + ")");
    stopRun(j, nowMs, false);
    if (fault) {
        ++j.requeuesAfterFault;
        j.faultAtMs = nowMs;
    } else {
        ++j.requeuesByRequest;
    }
    addPending(j);
    j.reason = why + "; requeued from its last checkpoint";
    return success();
}

std::vector<int> Scheduler::pendingOrder() const
{
    return pendingOrderHead(m_pendingCount);
}

std::vector<int> Scheduler::pendingOrderHead(std::size_t limit) const
{
    std::vector<int> order;
    order.reserve(std::min(limit, m_pendingCount));
    if (m_config.strictFifo) {
        // Submit order across every level and queue: merge the (sorted) sets up to the limit.
        std::vector<std::pair<std::set<int>::const_iterator, std::set<int>::const_iterator>> heads;
        for (const auto &[priority, queues] : m_pending)
            for (const auto &[name, ids] : queues)
                heads.push_back({ids.begin(), ids.end()});
        while (order.size() < limit) {
            decltype(heads)::value_type *best = nullptr;
            for (auto &h : heads)
                if (h.first != h.second && (!best || *h.first < *best->first))
                    best = &h;
            if (!best)
                break;
            order.push_back(*best->first++);
        }
        return order;
    }
    for (const auto &[priority, queues] : m_pending) {
        // Merge the queues of one priority: the queue with the smallest share (GPUs in use and
        // decayed usage, per weight, plus what this merge already gave it) goes next. Only the
        // head the caller asks for is merged, so a cycle costs its window, not the backlog.
        struct Head {
            std::set<int>::const_iterator it, end;
            double share;
            double weight;
        };
        std::vector<Head> heads;
        for (const auto &[name, ids] : queues) {
            const auto qs = m_queues.find(name);
            const double weight = std::max(1e-9, m_config.queue(name).weight);
            double share = 0;
            if (m_config.fairShare && qs != m_queues.end())
                share = (qs->second.gpusInUse + qs->second.usage / m_config.fairShareHalfLifeS) / weight;
            heads.push_back({ids.begin(), ids.end(), share, weight});
        }
        while (order.size() < limit) {
            Head *best = nullptr;
            for (Head &h : heads)
                if (h.it != h.end &&
                    (!best || h.share < best->share - 1e-12 || (h.share < best->share + 1e-12 && *h.it < *best->it)))
                    best = &h;
            if (!best)
                break;
            const int j = *best->it++;
            order.push_back(j);
            if (m_config.fairShare)
                best->share += std::max(1, m_jobs[j].spec.gpusMin) / best->weight;
        }
        if (order.size() >= limit)
            break;
    }
    return order;
}

} // namespace sn::sched
