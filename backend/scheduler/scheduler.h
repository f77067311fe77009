#pragma once
// The scheduler: jobs wait in queues, a cycle decides what starts where. One cycle orders the
// pending jobs (priority class, then fair share between queues with decayed usage, then submit
// time), checks dependencies and queue quotas, places each job with the placement policy, and
// for a job that does not fit: shrinks elastic or preempts lower-priority or borrowed work
// (checkpoint-aware), or else reserves the resources it will get when running jobs end (EASY
// backfill lets later jobs use them only if they end before). Idle GPUs grow elastic jobs.
//
// Time is passed in: the engine calls it with its clock, the replay simulator with virtual
// time. The scheduler never runs jobs itself; it reports decisions and is told when jobs end.

#include "backend/model/job_spec.h"
#include "backend/model/result.h"
#include "backend/scheduler/cluster_capacity.h"
#include "backend/scheduler/placement.h"
#include "backend/scheduler/scheduler_config.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace sn::sched {

struct FreeSummary;

struct SchedJob {
    int index = 0;  // in submit order
    std::string id; // "j<index>", or the id its owner gave (the engine's job id)
    JobSpec spec;
    std::int64_t cpuMilli = 0;
    int priority = 0;
    JobState state = JobState::Pending;
    std::string reason; // why it waits, for the user (pendingReason adds the position)
    int position = 0;   // 1-based place among the jobs the last cycle considered; see positionOf
    // Cycle bookkeeping: the cycle looks only at a window at the head of the order, so a job
    // behind it keeps no per-cycle state; these tell which jobs the last cycle saw.
    std::uint64_t queuedAtCycle = 0;   // cycles run before it (re)joined the pending set
    std::uint64_t consideredCycle = 0; // the last cycle whose window held it
    Allocation allocation;
    int gpus = 0; // held now
    std::int64_t submitMs = 0;
    std::int64_t firstStartMs = -1;
    std::int64_t runStartMs = -1; // start of the current run (after a requeue, the restart)
    std::int64_t endMs = -1;
    // Progress in GPU-milliseconds: saved at checkpoints across runs, and accrued this run.
    double savedGpuMs = 0;
    double accruedGpuMs = 0;
    std::int64_t segmentStartMs = -1; // since the last resize
    double lostGpuMs = 0;             // thrown away by preemptions and faults
    int preemptions = 0;
    int requeuesAfterFault = 0;
    int requeuesByRequest = 0;            // an operator's RequeueJob
    std::int64_t faultAtMs = -1;          // the last fault that requeued it, until it runs again
    std::vector<std::int64_t> recoveryMs; // per fault: from the fault to running again
};

enum class DecisionKind { Start, Preempt, Grow, Shrink, Requeue };
const char *decisionKindName(DecisionKind kind);

struct Decision {
    DecisionKind kind = DecisionKind::Start;
    int job = 0;     // SchedJob::index
    int gpus = 0;    // held after the decision
    std::string why; // for events and logs
};

class Scheduler {
public:
    Scheduler(ClusterCapacity cluster, SchedulerConfig config, std::unique_ptr<PlacementPolicy> policy);

    // Validates and queues. cpuMilli overrides spec.cpus * 1000 (traces give milli-CPUs). id:
    // the job's name in reasons and dependencies (the engine's id); empty: "j<index>".
    Result<int> submit(const JobSpec &spec, std::int64_t nowMs, std::optional<std::int64_t> cpuMilli = {},
                       const std::string &id = {});
    Status cancel(int job, std::int64_t nowMs);
    // The job's process ended (ok: exit 0). Frees its resources for the next cycle.
    Status finish(int job, std::int64_t nowMs, bool ok = true);
    // Hardware fails: the jobs on it are requeued from their last checkpoint and the hardware
    // is left out until restored. Returns the requeued jobs.
    std::vector<int> failNode(const std::string &node, std::int64_t nowMs);
    std::vector<int> failGpu(const std::string &node, int gpu, std::int64_t nowMs);
    Status restoreNode(const std::string &node);
    Status restoreGpu(const std::string &node, int gpu);
    // The job's run was interrupted outside the scheduler (its process died with the hardware,
    // or fault false: an operator asked): back to the queue from its last checkpoint. Only a
    // fault counts towards recovery times.
    Status requeue(int job, std::int64_t nowMs, const std::string &why, bool fault = true);

    // One scheduling cycle at nowMs.
    std::vector<Decision> cycle(std::int64_t nowMs);

    const SchedJob &job(int index) const { return m_jobs[index]; }
    const std::vector<SchedJob> &jobs() const { return m_jobs; }
    std::optional<int> findJob(const std::string &id) const;
    // "waiting for 8 GPUs on one NVSwitch node; queue ml is ...; position 3"; empty if not pending.
    std::string pendingReason(int job) const;
    // Every pending job in the order the next cycle would consider them.
    std::vector<int> pendingOrder() const;
    // The first `limit` of them (what one cycle looks at), without ordering the rest.
    std::vector<int> pendingOrderHead(std::size_t limit) const;
    // 1-based place in the scheduling order; 0 for a job that is not pending or has not been
    // through a cycle yet. Jobs behind the last cycle's window are ranked after it on demand.
    int positionOf(int job) const;
    std::size_t pendingCount() const { return m_pendingCount; }
    const std::set<int> &running() const { return m_running; }
    // Work done by the job so far, for the simulator's completion times.
    double progressGpuMs(const SchedJob &j, std::int64_t nowMs) const;

    const ClusterCapacity &cluster() const { return m_cluster; }
    const SchedulerConfig &config() const { return m_config; }
    PlacementPolicy &policy() { return *m_policy; }
    int queueGpusInUse(const std::string &queue) const;

private:
    struct QueueState {
        int gpusInUse = 0;
        std::int64_t memoryInUse = 0;
        double usage = 0; // decayed GPU-seconds
    };
    struct Reservation {
        int job = -1;
        std::int64_t shadowMs = 0;
        std::vector<bool> nodes;            // held for the reserved job from shadowMs on
        bool holderWithinGuarantee = false; // else jobs owed their queue's guarantee may use them
    };

    PlacementRequest requestFor(const SchedJob &j, int gpus) const;
    void addPending(SchedJob &j);
    void removePending(SchedJob &j);
    void start(SchedJob &j, Allocation a, std::int64_t nowMs, std::vector<Decision> &out);
    void stopRun(SchedJob &j, std::int64_t nowMs, bool keepSinceCheckpoint);
    void resize(SchedJob &j, const Allocation &delta, bool grow, std::int64_t nowMs);
    std::vector<int> requeueJobsOn(const std::function<bool(const NodeShare &)> &touches, std::int64_t nowMs,
                                   const std::string &why);
    void decayUsage(std::int64_t nowMs);
    bool behindLastWindow(const SchedJob &j) const;

    // Scheduler cycle steps (scheduler_cycle.cpp).
    std::optional<std::string> blockedByRules(const SchedJob &j) const;
    // Its queue holds less than its guaranteed min and the job fits inside the rest: the
    // scheduler owes it those GPUs (a borrower's reservation does not hold them from it, and
    // it may reclaim borrowed ones).
    bool withinGuarantee(const SchedJob &j) const;
    std::optional<Allocation> tryPlace(const SchedJob &j, const ClusterCapacity &on) const;
    std::optional<Reservation> reserve(const SchedJob &j, std::int64_t nowMs) const;
    std::string waitReason(const SchedJob &j, const FreeSummary &free) const;
    std::int64_t estimatedEndMs(const SchedJob &j, std::int64_t nowMs) const; // -1: unknown
    // Preemption and elastic (scheduler_preemption.cpp).
    bool makeRoom(SchedJob &j, std::int64_t nowMs, std::vector<Decision> &out);
    void growElastic(std::int64_t nowMs, std::vector<Decision> &out);

    ClusterCapacity m_cluster;
    SchedulerConfig m_config;
    std::unique_ptr<PlacementPolicy> m_policy;
    std::vector<SchedJob> m_jobs;
    // Per job: its queue's policy and state, looked up once at submit instead of by name in
    // every cycle (std::map nodes do not move, and the config never changes).
    struct QueueRef {
        const QueuePolicy *policy;
        QueueState *state;
    };
    std::vector<QueueRef> m_jobQueue;
    std::unordered_map<std::string, int> m_byId;
    // Pending, by priority (high first), then queue, then submit order.
    std::map<int, std::map<std::string, std::set<int>>, std::greater<>> m_pending;
    std::size_t m_pendingCount = 0;
    std::set<int> m_running;
    std::map<int, int> m_runningByPriority; // priority -> running jobs
    std::map<std::string, QueueState> m_queues;
    bool m_allNvSwitch = true; // every GPU of every node in one NVLink domain: "NVSwitch node" in reasons
    std::int64_t m_usageAtMs = 0;
    std::uint64_t m_cycles = 0;       // cycles run
    int m_windowStillPending = 0;     // jobs of the last cycle's window that still wait
    std::uint64_t m_stateVersion = 0; // bumped by anything that changes the order
    // Ranks behind the window, computed on demand for positionOf (by job index; 0: in window).
    mutable std::vector<int> m_rankCache;
    mutable std::uint64_t m_rankCacheVersion = ~std::uint64_t{0};
};

} // namespace sn::sched
