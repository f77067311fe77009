// Making room for a job that does not fit: shrink elastic jobs toward their minimum, then
// preempt lower-priority work (of its own queue, or borrowed by another) or capacity other
// queues borrowed beyond their guarantee. Which victims, by node, is victim_choice's: elastic
// shrink loses nothing, then the lowest class, then the job whose last checkpoint is most
// recent. And growing elastic jobs into GPUs nobody waits for.
#include "backend/scheduler/scheduler.h"

#include "backend/scheduler/node_fit.h"
#include "backend/scheduler/victim_choice.h"

#include <algorithm>
#include <map>

namespace sn::sched {

namespace {

// GPU-ms a job would lose if stopped now: everything since its last checkpoint.
double workAtRisk(const SchedJob &j, std::int64_t nowMs)
{
    const std::int64_t wall = nowMs - j.runStartMs;
    const std::int64_t interval = j.spec.checkpointIntervalS * 1000;
    const std::int64_t since = interval > 0 ? wall % interval : wall;
    return static_cast<double>(since) * j.gpus;
}

// The GPUs an elastic job gives back to shrink to `keep`: from its last parts first.
Allocation shrinkDelta(const SchedJob &j, int keep)
{
    Allocation delta;
    int drop = j.gpus - keep;
    for (auto it = j.allocation.parts.rbegin(); it != j.allocation.parts.rend() && drop > 0; ++it) {
        NodeShare d;
        d.node = it->node;
        d.gpuMilli = it->gpuMilli;
        const int take = std::min<int>(drop, static_cast<int>(it->gpus.size()));
        d.gpus.assign(it->gpus.end() - take, it->gpus.end());
        drop -= take;
        delta.parts.push_back(std::move(d));
    }
    return delta;
}

} // namespace

bool Scheduler::makeRoom(SchedJob &j, std::int64_t nowMs, std::vector<Decision> &out)
{
    if (!m_config.preemption && !m_config.elastic)
        return false;
    const bool underGuarantee = withinGuarantee(j);
    // Most blocked jobs have nobody to preempt: say so without walking every running job.
    if (!underGuarantee && (m_runningByPriority.empty() || m_runningByPriority.begin()->first >= j.priority))
        return false;
    // Victim groups are the other queues, each with the GPUs it holds beyond its guarantee.
    std::map<std::string, int> groupOf;
    std::vector<int> budgets;
    std::vector<VictimCandidate> candidates;
    for (int r : m_running) {
        const SchedJob &v = m_jobs[r];
        // Another queue's guarantee is never broken: its jobs are victims only while it holds
        // more than its min even without them (borrowed capacity), all victims of a plan
        // together (the budgets). Within a queue, priority decides. Without that rule a queue
        // reclaiming its guarantee and a higher class preempting it back take turns for ever.
        const bool shrinkable = m_config.elastic && v.gpus > v.spec.gpusMin && v.spec.gpuMilli == kMilliPerGpu;
        const int loses = shrinkable ? v.gpus - v.spec.gpusMin : v.gpus;
        const bool sameQueue = v.spec.queue == j.spec.queue;
        const QueuePolicy &theirs = *m_jobQueue[r].policy;
        const bool borrowed = !sameQueue && m_jobQueue[r].state->gpusInUse - loses >= theirs.gpuMin;
        const bool lower = v.priority < j.priority && (sameQueue || borrowed);
        if (!lower && !(underGuarantee && borrowed))
            continue;
        if (!shrinkable && !m_config.preemption)
            continue;
        VictimCandidate c;
        c.job = r;
        c.shrink = shrinkable;
        c.priority = v.priority;
        c.workAtRisk = shrinkable ? 0 : workAtRisk(v, nowMs);
        c.frees = shrinkable ? shrinkDelta(v, v.spec.gpusMin) : v.allocation;
        if (!sameQueue) {
            auto [it, added] = groupOf.try_emplace(v.spec.queue, static_cast<int>(budgets.size()));
            if (added)
                budgets.push_back(m_jobQueue[r].state->gpusInUse - theirs.gpuMin);
            c.group = it->second;
        }
        candidates.push_back(std::move(c));
    }
    if (candidates.empty())
        return false;
    const PlacementRequest least = requestFor(j, m_config.elastic ? j.spec.gpusMin : j.spec.gpusMax);
    auto plan = chooseVictims(m_cluster, least, candidates, std::move(budgets),
                              [&](const ClusterCapacity &on) { return tryPlace(j, on); });
    if (!plan)
        return false;
    for (const int c : plan->victims) {
        const VictimCandidate &v = candidates[c];
        SchedJob &vj = m_jobs[v.job];
        const std::string why =
            "for job " + j.id + " (" +
            (vj.priority < j.priority ? "higher priority" : "queue " + j.spec.queue + " reclaims its guarantee") + ")";
        if (v.shrink) {
            resize(vj, v.frees, false, nowMs);
            out.push_back({DecisionKind::Shrink, vj.index, vj.gpus, "shrunk " + why});
        } else {
            stopRun(vj, nowMs, false);
            ++vj.preemptions;
            addPending(vj);
            vj.reason = "preempted " + why + "; resumes from its last checkpoint";
            out.push_back({DecisionKind::Preempt, vj.index, 0, "preempted " + why});
        }
    }
    // Every node the placement uses is now exactly as it was in the what-if copy.
    start(j, std::move(plan->placement), nowMs, out);
    return true;
}

void Scheduler::growElastic(std::int64_t nowMs, std::vector<Decision> &out)
{
    std::vector<int> elastic;
    for (int r : m_running) {
        const SchedJob &j = m_jobs[r];
        if (j.gpus < j.spec.gpusMax && j.spec.gpuMilli == kMilliPerGpu && j.gpus > 0)
            elastic.push_back(r);
    }
    std::sort(elastic.begin(), elastic.end(), [&](int a, int b) {
        return m_jobs[a].priority > m_jobs[b].priority || (m_jobs[a].priority == m_jobs[b].priority && a < b);
    });
    for (int r : elastic) {
        SchedJob &j = m_jobs[r];
        int want = j.spec.gpusMax - j.gpus;
        const QueuePolicy &q = m_config.queue(j.spec.queue);
        if (q.gpuMax > 0)
            want = std::min(want, q.gpuMax - queueGpusInUse(j.spec.queue));
        Allocation delta;
        // Same nodes first: the new ranks join the job's NVLink domain.
        for (const NodeShare &p : j.allocation.parts) {
            if (want <= 0)
                break;
            const NodeCapacity &n = m_cluster.nodes()[p.node];
            const int take = std::min(want, n.wholeFreeGpus());
            if (take <= 0)
                continue;
            NodeShare d;
            d.node = p.node;
            d.gpus = pickWholeGpus(n, take);
            delta.parts.push_back(std::move(d));
            want -= take;
        }
        for (int g = want; g >= 1 && want > 0; --g) {
            PlacementRequest r;
            r.gpus = g;
            if (auto a = m_policy->place(m_cluster, r)) {
                bool overlaps = false;
                for (const NodeShare &p : a->parts)
                    for (const NodeShare &d : delta.parts)
                        overlaps = overlaps || p.node == d.node;
                if (!overlaps)
                    for (NodeShare &p : a->parts)
                        delta.parts.push_back(std::move(p));
                break;
            }
        }
        if (delta.parts.empty())
            continue;
        resize(j, delta, true, nowMs);
        out.push_back({DecisionKind::Grow, j.index, j.gpus, "grew into idle GPUs"});
    }
}

} // namespace sn::sched
