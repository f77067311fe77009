#include "backend/scheduler/replay.h"

#include "backend/scheduler/fragmentation.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/trace_cluster.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <set>

namespace sn::sched {

namespace {

enum class EventKind { Fault = 0, Repair = 1, End = 2, Submit = 3 };

struct Event {
    std::int64_t atMs;
    EventKind kind;
    int subject; // trace row, job index or fault index
    int version; // End: stale when the job was resized or stopped since
    bool operator>(const Event &o) const
    {
        if (atMs != o.atMs)
            return atMs > o.atMs;
        if (kind != o.kind)
            return kind > o.kind;
        return subject > o.subject;
    }
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(std::ceil(p * v.size())) - (p > 0 ? 1 : 0));
    return v[i];
}

double mean(const std::vector<double> &v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return v.empty() ? 0 : s / v.size();
}

} // namespace

ReplayResult replayTrace(const ClusterCapacity &cluster, const std::vector<TraceJob> &trace,
                         const SchedulerConfig &config, const ReplayOptions &options)
{
    ReplayResult res;
    res.policy = options.policy;
    const bool fifo = options.policy == "fifo";
    SchedulerConfig cfg = fifo ? SchedulerConfig::fifo() : config;
    if (fifo) {
        cfg.priorityClasses = config.priorityClasses;
        cfg.queues = config.queues;
        for (auto &[name, q] : cfg.queues)
            q.gpuMin = 0; // FIFO knows no guarantees, but still the same names
        cfg.defaultQuota = {};
    }
    auto placement = makePlacementPolicy(options.policy);
    if (!placement)
        placement = makePlacementPolicy("default");
    Scheduler s(cluster, cfg, std::move(placement));

    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
    for (std::size_t i = 0; i < trace.size(); ++i)
        events.push({static_cast<std::int64_t>(std::llround(trace[i].submitS * 1000)), EventKind::Submit,
                     static_cast<int>(i), 0});
    for (std::size_t i = 0; i < options.faults.size(); ++i)
        events.push(
            {static_cast<std::int64_t>(options.faults[i].atS * 1000), EventKind::Fault, static_cast<int>(i), 0});

    std::vector<double> workGpuMs; // per job index: what it needs
    std::vector<int> versions;     // per job index
    std::vector<int> traceRowOf;   // per job index
    std::map<std::string, int> pendingDemand;
    std::map<std::string, std::multiset<int>> pendingSizes; // GPUs each waiting job needs at least
    auto queued = [&](const SchedJob &j) {
        pendingDemand[j.spec.queue] += std::max(1, j.spec.gpusMin);
        pendingSizes[j.spec.queue].insert(std::max(1, j.spec.gpusMin));
    };
    auto dequeued = [&](const SchedJob &j) {
        pendingDemand[j.spec.queue] -= std::max(1, j.spec.gpusMin);
        auto &sizes = pendingSizes[j.spec.queue];
        if (const auto it = sizes.find(std::max(1, j.spec.gpusMin)); it != sizes.end())
            sizes.erase(it);
    };
    const double capacityMilli = std::max(1, cluster.totalGpus()) * 1000.0;
    std::int64_t lastMs = -1, firstMs = -1, endMs = 0;
    double allocIntegral = 0, fragIntegral = 0, fragValue = 0;
    std::int64_t nextFragMs = 0;
    WorkloadMix mix;
    for (const TraceJob &j : trace)
        mix.add({j.gpus, j.gpus == 0 ? 0 : j.gpuMilli, j.cpuMilli, j.memoryBytes, 0});
    auto measureFragmentation = [&] {
        double lost = 0;
        for (const NodeCapacity &n : s.cluster().nodes())
            lost += nodeFragmentation(NodeView::of(n), mix.shapes());
        return lost / capacityMilli;
    };
    auto scheduleEnd = [&](int job, std::int64_t nowMs) {
        const SchedJob &j = s.job(job);
        const double left = std::max(0.0, workGpuMs[job] - s.progressGpuMs(j, nowMs));
        const int width = std::max(1, j.gpus);
        events.push({nowMs + static_cast<std::int64_t>(std::ceil(left / width)), EventKind::End, job, ++versions[job]});
    };

    while (!events.empty()) {
        const std::int64_t now = events.top().atMs;
        // Integrals over [lastMs, now) with the state that held during it.
        if (lastMs >= 0 && now > lastMs) {
            const double dt = (now - lastMs) / 1000.0;
            allocIntegral += s.cluster().allocatedMilli() / capacityMilli * dt;
            fragIntegral += fragValue * dt;
            for (auto &[name, q] : res.queues) {
                const double want = std::min<double>(q.guaranteeGpus, s.queueGpusInUse(name) + pendingDemand[name]);
                if (s.queueGpusInUse(name) < want)
                    q.starvedS += dt;
                // Owed: a waiting job would still fit inside the queue's unused guarantee.
                const auto &sizes = pendingSizes[name];
                if (!sizes.empty() && s.queueGpusInUse(name) + *sizes.begin() <= q.guaranteeGpus)
                    q.deniedGuaranteeS += dt;
            }
        }
        lastMs = now;
        while (!events.empty() && events.top().atMs == now) {
            const Event e = events.top();
            events.pop();
            switch (e.kind) {
            case EventKind::Submit: {
                const TraceJob &t = trace[e.subject];
                JobSpec spec = jobSpecOf(t);
                if (spec.estimatedRuntimeS == 0 && options.estimatesFromDurations)
                    spec.estimatedRuntimeS = static_cast<std::int64_t>(std::ceil(t.durationS));
                if (spec.priorityClass.empty() || !cfg.priorityOf(spec.priorityClass))
                    spec.priorityClass.clear();
                auto id = s.submit(spec, now, t.cpuMilli);
                if (!id) {
                    if (res.rejected++ == 0)
                        res.firstRejection = id.error().message;
                    break;
                }
                if (firstMs < 0)
                    firstMs = now;
                workGpuMs.push_back(t.durationS * 1000.0 * std::max(1, t.gpus));
                versions.push_back(0);
                traceRowOf.push_back(e.subject);
                queued(s.job(*id));
                auto &q = res.queues[t.queue];
                q.guaranteeGpus = cfg.queue(t.queue).gpuMin;
                ++q.jobs;
                break;
            }
            case EventKind::End:
                if (e.version == versions[e.subject] && s.job(e.subject).state == JobState::Running) {
                    (void)s.finish(e.subject, now, true);
                    endMs = std::max(endMs, now);
                }
                break;
            case EventKind::Fault: {
                const ReplayFault &f = options.faults[e.subject];
                for (int j : s.failNode(f.node, now))
                    queued(s.job(j));
                events.push({now + static_cast<std::int64_t>(f.repairS * 1000), EventKind::Repair, e.subject, 0});
                break;
            }
            case EventKind::Repair:
                (void)s.restoreNode(options.faults[e.subject].node);
                break;
            }
        }
        for (const Decision &d : s.cycle(now)) {
            const SchedJob &j = s.job(d.job);
            switch (d.kind) {
            case DecisionKind::Start:
                dequeued(j);
                scheduleEnd(d.job, now);
                break;
            case DecisionKind::Grow:
            case DecisionKind::Shrink:
                scheduleEnd(d.job, now);
                break;
            case DecisionKind::Preempt:
            case DecisionKind::Requeue:
                ++versions[d.job];
                ++res.preemptions;
                queued(j);
                break;
            }
        }
        if (now >= nextFragMs) {
            fragValue = measureFragmentation();
            nextFragMs = now + static_cast<std::int64_t>(options.fragmentationSampleS * 1000);
        }
        const double rate = s.cluster().allocatedMilli() / capacityMilli;
        if (res.allocationRate.empty() || std::abs(res.allocationRate.back().second - rate) > 0.005)
            res.allocationRate.push_back({(now - std::max<std::int64_t>(0, firstMs)) / 1000.0, rate});
    }

    std::vector<double> waits, jcts;
    double keptGpuMs = 0;
    std::map<std::string, std::vector<double>> qWaits, qJcts;
    for (const SchedJob &j : s.jobs()) {
        ++res.jobs;
        res.preemptionsOfOneJobMax = std::max(res.preemptionsOfOneJobMax, j.preemptions);
        // A shared job holds one GPU but uses only its share of it.
        const double kept = j.savedGpuMs * (j.spec.gpuMilli < kMilliPerGpu ? j.spec.gpuMilli / 1000.0 : 1.0);
        keptGpuMs += kept;
        res.queues[j.spec.queue].gpuHours += kept / 3.6e6;
        for (std::int64_t r : j.recoveryMs) {
            res.recoverySMean += r / 1000.0;
            ++res.recoveries;
        }
        if (j.state != JobState::Completed)
            continue;
        ++res.completed;
        const double wait = (j.firstStartMs - j.submitMs) / 1000.0, jct = (j.endMs - j.submitMs) / 1000.0;
        waits.push_back(wait);
        jcts.push_back(jct);
        qWaits[j.spec.queue].push_back(wait);
        qJcts[j.spec.queue].push_back(jct);
    }
    if (res.recoveries > 0)
        res.recoverySMean /= res.recoveries;
    for (auto &[name, q] : res.queues) {
        q.waitSMean = mean(qWaits[name]);
        q.jctSMean = mean(qJcts[name]);
    }
    res.waitSMean = mean(waits);
    res.waitSP50 = percentile(waits, 0.5);
    res.waitSP95 = percentile(waits, 0.95);
    res.jctSMean = mean(jcts);
    res.jctSP50 = percentile(jcts, 0.5);
    res.jctSP95 = percentile(jcts, 0.95);
    res.makespanS = firstMs < 0 ? 0 : (endMs - firstMs) / 1000.0;
    if (res.makespanS > 0) {
        res.utilizationMean = keptGpuMs / (capacityMilli * res.makespanS); // GPU-ms over GPUs x 1000 x s
        res.allocationRateMean = allocIntegral / ((lastMs - firstMs) / 1000.0);
        res.fragmentationMean = fragIntegral / ((lastMs - firstMs) / 1000.0);
    }
    // At most ~200 points: enough for a chart, small enough for one JSON line.
    if (res.allocationRate.size() > 200) {
        std::vector<std::pair<double, double>> thin;
        const double step = res.allocationRate.size() / 200.0;
        for (double i = 0; i < res.allocationRate.size(); i += step)
            thin.push_back(res.allocationRate[static_cast<std::size_t>(i)]);
        res.allocationRate = std::move(thin);
    }
    return res;
}

} // namespace sn::sched
