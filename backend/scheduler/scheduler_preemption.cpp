// Making room for a job that does not fit: shrink elastic jobs toward their minimum, then
// preempt lower-priority work (of its own queue, or borrowed by another) or capacity other
// queues borrowed beyond their guarantee. Victims
// are chosen so the least work is lost: elastic shrink loses nothing, then the job whose last
// checkpoint is most recent. And growing elastic jobs into GPUs nobody waits for.
#include "backend/scheduler/scheduler.h"

#include "backend/scheduler/node_fit.h"

#include <algorithm>
#include <map>

namespace sn::sched {

namespace {

// A job that needs more than this many victims is better served by its reservation.
constexpr std::size_t kMaxVictimsTried = 64;

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
    const QueuePolicy &mine = m_config.queue(j.spec.queue);
    const bool underGuarantee = queueGpusInUse(j.spec.queue) + std::max(1, j.spec.gpusMin) <= mine.gpuMin;
    // Most blocked jobs have nobody to preempt: say so without walking every running job.
    if (!underGuarantee && (m_runningByPriority.empty() || m_runningByPriority.begin()->first >= j.priority))
        return false;
    struct Victim {
        int job;
        bool shrink;
        double risk;
    };
    std::vector<Victim> victims;
    for (int r : m_running) {
        const SchedJob &v = m_jobs[r];
        // Another queue's guarantee is never broken: its jobs are victims only while it holds
        // more than its min even without them (borrowed capacity). Within a queue, priority
        // decides. Without that rule a queue reclaiming its guarantee and a higher class
        // preempting it back take turns for ever.
        const bool shrinkable = m_config.elastic && v.gpus > v.spec.gpusMin && v.spec.gpuMilli == kMilliPerGpu;
        const int loses = shrinkable ? v.gpus - v.spec.gpusMin : v.gpus;
        const bool sameQueue = v.spec.queue == j.spec.queue;
        const QueuePolicy &theirs = m_config.queue(v.spec.queue);
        const bool borrowed = !sameQueue && queueGpusInUse(v.spec.queue) - loses >= theirs.gpuMin;
        const bool lower = v.priority < j.priority && (sameQueue || borrowed);
        if (!lower && !(underGuarantee && borrowed))
            continue;
        if (shrinkable)
            victims.push_back({r, true, 0});
        else if (m_config.preemption)
            victims.push_back({r, false, workAtRisk(v, nowMs)});
    }
    if (victims.empty())
        return false;
    std::sort(victims.begin(), victims.end(), [&](const Victim &a, const Victim &b) {
        if (a.shrink != b.shrink)
            return a.shrink;
        if (m_jobs[a.job].priority != m_jobs[b.job].priority)
            return m_jobs[a.job].priority < m_jobs[b.job].priority;
        if (a.risk != b.risk)
            return a.risk < b.risk;
        return m_jobs[a.job].runStartMs > m_jobs[b.job].runStartMs;
    });
    ClusterCapacity what = m_cluster;
    std::vector<std::pair<Victim, Allocation>> plan;
    std::optional<Allocation> placed;
    if (victims.size() > kMaxVictimsTried)
        victims.resize(kMaxVictimsTried);
    std::map<std::string, int> taken; // GPUs the plan takes from each other queue so far
    for (const Victim &v : victims) {
        const SchedJob &vj = m_jobs[v.job];
        if (vj.spec.queue != j.spec.queue) {
            // Several victims of one queue together must leave it its guarantee, too.
            const int loses = v.shrink ? vj.gpus - vj.spec.gpusMin : vj.gpus;
            int &already = taken[vj.spec.queue];
            if (queueGpusInUse(vj.spec.queue) - already - loses < m_config.queue(vj.spec.queue).gpuMin)
                continue;
            already += loses;
        }
        Allocation freed = v.shrink ? shrinkDelta(vj, vj.spec.gpusMin) : vj.allocation;
        what.release(freed);
        plan.push_back({v, std::move(freed)});
        if ((placed = tryPlace(j, what)))
            break;
    }
    if (!placed)
        return false;
    // Drop victims the placement does not touch: they keep running.
    std::vector<bool> used(m_cluster.nodes().size(), false);
    for (const NodeShare &p : placed->parts)
        used[p.node] = true;
    for (auto &[v, freed] : plan) {
        bool touches = false;
        for (const NodeShare &p : freed.parts)
            touches = touches || used[p.node];
        if (!touches)
            continue;
        SchedJob &vj = m_jobs[v.job];
        const std::string why =
            "for job " + j.id + " (" +
            (vj.priority < j.priority ? "higher priority" : "queue " + j.spec.queue + " reclaims its guarantee") + ")";
        if (v.shrink) {
            resize(vj, freed, false, nowMs);
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
    start(j, std::move(*placed), nowMs, out);
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
