#pragma once
// The engine's job path: the scheduler (backend/scheduler) decides what runs where and the
// simulated super node runs it. The simulation knows nothing of the scheduler: it calls its
// placer (SimOptions::placer) when placement may change, and EngineJobs, installed there by the
// Engine, runs a scheduling cycle and tells it which jobs start on which GPUs, which are
// preempted, resized or requeued after a fault. Submit and cancel go through here so that the
// scheduler validates every spec against cluster.yaml's policy before anything is queued. The
// scheduler knows each job by the engine's id, so its reasons and dependencies name them.

#include "backend/model/cluster_spec.h"
#include "backend/model/job_spec.h"
#include "backend/model/result.h"
#include "backend/sim/simulated_cluster.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sn {

namespace sched {
class Scheduler;
struct Allocation;
struct Decision;
} // namespace sched

class EngineJobs {
public:
    explicit EngineJobs(SchedulingPolicy policy);
    ~EngineJobs();
    EngineJobs(const EngineJobs &) = delete;
    EngineJobs &operator=(const EngineJobs &) = delete;

    // The simulation's placer: adopt new jobs, learn which ended, follow hardware health, run
    // one cycle at the simulation's time and carry out its decisions.
    void place(sim::SimulatedCluster &sim);

    // Validated by the scheduler first (clear message, nothing queued on refusal).
    Result<JobRecord> submit(sim::SimulatedCluster &sim, const JobSpec &spec);
    Result<JobRecord> cancel(sim::SimulatedCluster &sim, const std::string &id);
    // A running job back to the queue under its id (RequeueJob); pending and ended ones refused.
    Result<JobRecord> requeue(sim::SimulatedCluster &sim, const std::string &id);

    // The record as the scheduler sees it: the pending reason with its position, the queue
    // position, preemptions and requeues after faults.
    JobRecord annotated(const JobRecord &record) const;

private:
    void attach(const sim::SimulatedCluster &sim);
    void adoptNewJobs(sim::SimulatedCluster &sim);
    void learnEnds(sim::SimulatedCluster &sim);
    void followHealth(sim::SimulatedCluster &sim);
    void carryOut(sim::SimulatedCluster &sim, const std::vector<sched::Decision> &decisions);
    void requeueInSim(sim::SimulatedCluster &sim, const std::vector<int> &jobs);
    std::vector<GpuRef> gpusOf(const sched::Allocation &a) const;
    double remainingShare(int job) const;

    SchedulingPolicy m_policy;
    std::unique_ptr<sched::Scheduler> m_scheduler; // built from the simulation's expanded spec
    std::vector<std::vector<int>> m_gpuIndex;      // [node][slot] -> the GPU's index on the node
    std::map<std::string, int> m_bySimId;
    std::vector<std::string> m_simIds; // by scheduler job index
    std::size_t m_adopted = 0;         // simulation records looked at, in submit order
};

// A simulated super node whose jobs the scheduler places, and the job path that does it.
std::pair<std::unique_ptr<sim::SimulatedCluster>, std::shared_ptr<EngineJobs>>
makeScheduledSimulation(const ClusterSpec &spec, std::int64_t nowMs, sim::SimOptions options);

} // namespace sn
