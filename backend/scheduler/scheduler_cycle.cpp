// One scheduling cycle: order, rules, placement, reservation with EASY backfill, reasons.
#include "backend/scheduler/scheduler.h"

#include "backend/scheduler/node_fit.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace sn::sched {

// What is free at best anywhere: a cheap test that spares most doomed placement searches when
// the cluster is full and thousands of jobs wait.
struct FreeSummary {
    int mostWholeOnANode = 0;
    int largestBlockNode = -1;
    int mostMilliOnAGpu = 0;
    int wholeTotal = 0;
    std::int64_t mostCpu = 0;

    static FreeSummary of(const ClusterCapacity &c)
    {
        FreeSummary s;
        for (const NodeCapacity &n : c.nodes()) {
            if (!n.healthy)
                continue;
            const int whole = n.wholeFreeGpus();
            if (s.largestBlockNode < 0 || whole > s.mostWholeOnANode) {
                s.mostWholeOnANode = whole;
                s.largestBlockNode = static_cast<int>(&n - c.nodes().data());
            }
            s.wholeTotal += whole;
            s.mostCpu = std::max(s.mostCpu, n.cpuMilliFree);
            for (const GpuSlot &g : n.gpus)
                if (g.healthy)
                    s.mostMilliOnAGpu = std::max(s.mostMilliOnAGpu, g.milliFree);
        }
        return s;
    }
    bool mayFit(const PlacementRequest &r, bool gang) const
    {
        if (r.gpus == 0)
            return mostCpu >= r.cpuMilli;
        if (r.shared())
            return mostMilliOnAGpu >= r.gpuMilli;
        return gang ? wholeTotal >= r.gpus : mostWholeOnANode >= r.gpus;
    }
};

namespace {

std::string gpuWord(int n)
{
    return std::to_string(n) + (n == 1 ? " GPU" : " GPUs");
}

} // namespace

PlacementRequest Scheduler::requestFor(const SchedJob &j, int gpus) const
{
    PlacementRequest r;
    r.gpus = gpus;
    r.gpuMilli = gpus == 0 ? 0 : j.spec.gpuMilli;
    r.cpuMilli = j.cpuMilli;
    r.memoryBytes = j.spec.memoryBytes;
    if (!j.spec.gpuModels.empty()) {
        for (const std::string &m : j.spec.gpuModels)
            if (const int id = m_cluster.modelId(m); id >= 0 && id < 63)
                r.modelMask |= std::uint64_t{1} << id;
        if (r.modelMask == 0)
            r.modelMask = std::uint64_t{1} << 63; // none of its models exist: fits nowhere
    }
    return r;
}

std::int64_t Scheduler::estimatedEndMs(const SchedJob &j, std::int64_t nowMs) const
{
    if (j.spec.estimatedRuntimeS <= 0)
        return -1;
    const double total = static_cast<double>(j.spec.estimatedRuntimeS) * 1000.0 * std::max(1, j.spec.gpusMax);
    const double left = std::max(0.0, total - progressGpuMs(j, nowMs));
    const int width = j.state == JobState::Running ? std::max(1, j.gpus) : std::max(1, j.spec.gpusMax);
    return nowMs + static_cast<std::int64_t>(std::ceil(left / width));
}

bool Scheduler::withinGuarantee(const SchedJob &j) const
{
    const int guarantee = m_jobQueue[j.index].policy->gpuMin;
    return guarantee > 0 && m_jobQueue[j.index].state->gpusInUse + std::max(1, j.spec.gpusMin) <= guarantee;
}

std::optional<std::string> Scheduler::blockedByRules(const SchedJob &j) const
{
    for (const JobDependency &d : j.spec.dependencies) {
        const auto dep = findJob(d.jobId);
        const JobState s = m_jobs[*dep].state;
        if (!isTerminal(s))
            return "waiting for job " + d.jobId + " to end" +
                   (d.when == JobDependency::When::AfterOk ? " successfully" : "");
        if (d.when == JobDependency::When::AfterOk && s != JobState::Completed)
            return std::string("dependency never satisfied: job ") + d.jobId + " ended " + jobStateName(s);
    }
    const QueuePolicy &q = *m_jobQueue[j.index].policy;
    const QueueState &qs = *m_jobQueue[j.index].state;
    const int used = qs.gpusInUse;
    const int want = std::max(j.spec.gpusMin, j.spec.gpusMin == 0 ? 0 : 1);
    if (q.gpuMax > 0 && used + want > q.gpuMax)
        return "queue " + j.spec.queue + " is at its max of " + std::to_string(q.gpuMax) + " GPUs (" +
               std::to_string(used) + " in use)";
    if (q.memoryLimitBytes > 0 && qs.memoryInUse + j.spec.memoryBytes > q.memoryLimitBytes)
        return "queue " + j.spec.queue + " is at its memory limit of " + std::to_string(q.memoryLimitBytes >> 30) +
               " GiB";
    return std::nullopt;
}

std::optional<Allocation> Scheduler::tryPlace(const SchedJob &j, const ClusterCapacity &on) const
{
    const int most = j.spec.gpusMax;
    const int least = m_config.elastic ? j.spec.gpusMin : most;
    for (int g = most; g >= least; --g) {
        if (auto a = m_policy->place(on, requestFor(j, g)))
            return a;
        if (g == 0)
            break;
    }
    return std::nullopt;
}

std::optional<Scheduler::Reservation> Scheduler::reserve(const SchedJob &j, std::int64_t nowMs) const
{
    // Release running jobs in order of their estimated end on a what-if copy until the job
    // fits; the placement search runs only when a release could have made the difference.
    std::vector<std::pair<std::int64_t, int>> ends;
    for (int r : m_running)
        if (const std::int64_t e = estimatedEndMs(m_jobs[r], nowMs); e >= 0)
            ends.push_back({e, r});
    std::sort(ends.begin(), ends.end());
    const PlacementRequest req = requestFor(j, m_config.elastic ? j.spec.gpusMin : j.spec.gpusMax);
    ClusterCapacity copy = m_cluster;
    int wholeTotal = 0;
    for (const NodeCapacity &n : copy.nodes())
        wholeTotal += n.wholeFreeGpus();
    for (const auto &[endMs, r] : ends) {
        const Allocation &a = m_jobs[r].allocation;
        for (const NodeShare &p : a.parts)
            wholeTotal -= copy.nodes()[p.node].wholeFreeGpus();
        copy.release(a);
        bool promising = false;
        for (const NodeShare &p : a.parts) {
            const NodeCapacity &n = copy.nodes()[p.node];
            wholeTotal += n.wholeFreeGpus();
            if (req.shared())
                for (int g : p.gpus)
                    promising = promising || (n.gpus[g].healthy && n.gpus[g].milliFree >= req.gpuMilli);
            else
                promising = promising || n.wholeFreeGpus() >= req.gpus;
        }
        promising = promising || (!req.shared() && req.gpus > 1 && wholeTotal >= req.gpus);
        if (!promising)
            continue;
        if (auto placed = m_policy->place(copy, req)) {
            Reservation res;
            res.job = j.index;
            res.shadowMs = endMs;
            res.nodes.assign(m_cluster.nodes().size(), false);
            for (const NodeShare &p : placed->parts)
                res.nodes[p.node] = true;
            return res;
        }
    }
    return std::nullopt;
}

std::string Scheduler::waitReason(const SchedJob &j, const FreeSummary &free) const
{
    const int g = m_config.elastic ? j.spec.gpusMin : j.spec.gpusMax;
    std::string what;
    std::string models;
    for (const std::string &m : j.spec.gpuModels)
        models += (models.empty() ? " " : " or ") + m;
    if (g == 0)
        what = "waiting for " + std::to_string(j.cpuMilli / 1000) + " CPUs on one node";
    else if (j.spec.gpuMilli < kMilliPerGpu)
        what = "waiting for a " + std::to_string(j.spec.gpuMilli) + "/1000 share of one" + models + " GPU";
    else if (g <= m_cluster.largestNodeGpus()) {
        what = "waiting for " + gpuWord(g) + models + " on one " + (g > 1 && m_allNvSwitch ? "NVSwitch node" : "node");
        if (free.largestBlockNode >= 0)
            what += "; the largest free block is " + gpuWord(free.mostWholeOnANode) + " on " +
                    m_cluster.nodes()[free.largestBlockNode].name;
    } else {
        what = "waiting for " + gpuWord(g) + models + " across nodes, all at once (gang); " +
               std::to_string(free.wholeTotal) + " free";
    }
    return what;
}

std::vector<Decision> Scheduler::cycle(std::int64_t nowMs)
{
    decayUsage(nowMs);
    ++m_cycles;
    ++m_stateVersion;
    std::vector<Decision> out;
    // Only the head of the order is looked at; jobs behind it are ranked on demand (positionOf).
    const std::vector<int> order = pendingOrderHead(static_cast<std::size_t>(std::max(0, m_config.maxBackfillScan)));
    FreeSummary free = FreeSummary::of(m_cluster);
    std::optional<Reservation> reservation;
    std::optional<ClusterCapacity> masked; // the cluster without the reserved nodes
    // Shapes that did not fit this cycle, per capacity view: resources only shrink while the
    // cycle starts jobs, so the same shape cannot fit later in it (until preemption frees some).
    std::set<std::tuple<const ClusterCapacity *, int, int, std::int64_t, std::int64_t, std::uint64_t, int>> failed;
    int firstBlocked = -1;
    int starts = 0; // the free summary (part of every reason) changes with each start
    std::map<std::tuple<int, bool, int, int, int, std::int64_t, std::uint64_t>, std::string> reasons;
    for (const int idx : order) {
        SchedJob &j = m_jobs[idx];
        j.consideredCycle = m_cycles;
        if (auto rule = blockedByRules(j)) {
            j.reason = *rule;
            continue;
        }
        if (m_config.strictFifo && firstBlocked >= 0) {
            j.reason = "behind job " + m_jobs[firstBlocked].id + " (first in, first out)";
            continue;
        }
        const ClusterCapacity *on = &m_cluster;
        // A job inside its queue's unused guarantee is owed those GPUs: the reservation of a
        // job that borrows beyond its own queue's guarantee does not hold them from it (Kueue
        // admits workloads that do not borrow before those that do). Without this, the owed
        // job waited while GPUs sat free for a borrower's future start (1.3% of the makespan).
        const bool owed = reservation && !reservation->holderWithinGuarantee && withinGuarantee(j);
        if (reservation && !owed) {
            const std::int64_t end = estimatedEndMs(j, nowMs);
            if (end < 0 || end > reservation->shadowMs) {
                if (!masked) {
                    masked = m_cluster;
                    for (std::size_t n = 0; n < masked->nodes().size(); ++n)
                        if (reservation->nodes[n])
                            masked->nodes()[n].healthy = false;
                }
                on = &*masked;
            }
        }
        const PlacementRequest least = requestFor(j, m_config.elastic ? j.spec.gpusMin : j.spec.gpusMax);
        std::optional<Allocation> a;
        const auto shape = std::make_tuple(on, j.spec.gpusMin, j.spec.gpuMilli, j.cpuMilli, j.spec.memoryBytes,
                                           least.modelMask, j.spec.gpusMax);
        if (free.mayFit(least, j.spec.gang) && !failed.count(shape)) {
            a = tryPlace(j, *on);
            if (!a)
                failed.insert(shape);
        }
        if (a) {
            if (masked)
                masked->apply(*a);
            start(j, std::move(*a), nowMs, out);
            free = FreeSummary::of(m_cluster);
            ++starts;
            continue;
        }
        if (!m_config.strictFifo && makeRoom(j, nowMs, out)) {
            masked.reset();
            failed.clear();
            free = FreeSummary::of(m_cluster);
            ++starts;
            continue;
        }
        if (firstBlocked < 0)
            firstBlocked = idx;
        if (!reservation && m_config.backfill && j.spec.gpusMin > 0) {
            reservation = reserve(j, nowMs);
            if (reservation)
                reservation->holderWithinGuarantee = withinGuarantee(j);
            masked.reset();
            failed.clear();
        }
        if (reservation && reservation->job == idx)
            j.reason = waitReason(j, free) + "; resources reserved for it from +" +
                       std::to_string(std::max<std::int64_t>(0, reservation->shadowMs - nowMs) / 1000) + " s";
        else {
            // Thousands of blocked jobs share a few shapes: build each reason once per cycle
            // state (the free summary changes only when something starts).
            const bool delays = reservation && masked && on == &*masked;
            const auto key = std::make_tuple(starts, delays, j.spec.gpusMin, j.spec.gpusMax, j.spec.gpuMilli,
                                             j.cpuMilli, least.modelMask);
            auto cached = reasons.find(key);
            if (cached == reasons.end()) {
                std::string text = waitReason(j, free);
                if (delays)
                    text += "; it would delay the reservation of job " + m_jobs[reservation->job].id;
                cached = reasons.emplace(key, std::move(text)).first;
            }
            j.reason = cached->second;
        }
    }
    if (m_config.elastic && firstBlocked < 0)
        growElastic(nowMs, out);
    // Positions among the jobs still waiting, in the order this cycle considered them.
    int position = 0;
    for (const int idx : order)
        if (m_jobs[idx].state == JobState::Pending)
            m_jobs[idx].position = ++position;
    m_windowStillPending = position;
    return out;
}

} // namespace sn::sched
