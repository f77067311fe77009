#include "backend/engine/engine_jobs.h"

#include "backend/scheduler/job_validation.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/scheduler.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcEngineJobs, "sn.engine.jobs")

namespace sn {

EngineJobs::EngineJobs(SchedulingPolicy policy) : m_policy(std::move(policy)) {}

EngineJobs::~EngineJobs() = default;

void EngineJobs::attach(const sim::SimulatedCluster &sim)
{
    if (m_scheduler)
        return;
    const ClusterSpec &spec = sim.spec();
    m_scheduler = std::make_unique<sched::Scheduler>(sched::ClusterCapacity::fromClusterSpec(spec),
                                                     sched::SchedulerConfig::fromPolicy(m_policy),
                                                     sched::makePlacementPolicy("default"));
    for (const NodeSpec &n : spec.nodes) {
        std::vector<int> indices;
        for (const GpuSpec &g : n.gpus)
            indices.push_back(g.index);
        m_gpuIndex.push_back(std::move(indices));
    }
}

std::vector<GpuRef> EngineJobs::gpusOf(const sched::Allocation &a) const
{
    std::vector<GpuRef> refs;
    const auto &nodes = m_scheduler->cluster().nodes();
    for (const sched::NodeShare &p : a.parts)
        for (int slot : p.gpus)
            refs.push_back({nodes[p.node].name, m_gpuIndex[p.node][slot]});
    return refs;
}

double EngineJobs::remainingShare(int index) const
{
    // What the job has kept from earlier runs (checkpoints) shortens the run that starts now.
    const sched::SchedJob &j = m_scheduler->job(index);
    const double total = static_cast<double>(std::max<std::int64_t>(60, j.spec.estimatedRuntimeS)) * 1000.0 *
                         std::max(1, j.spec.gpusMax);
    return std::clamp(1.0 - j.savedGpuMs / total, 0.01, 1.0);
}

Result<JobRecord> EngineJobs::submit(sim::SimulatedCluster &sim, const JobSpec &spec)
{
    attach(sim);
    adoptNewJobs(sim); // earlier arrivals first, so that ids and order agree
    const auto exists = [&](const std::string &id) { return m_scheduler->findJob(id).has_value(); };
    if (auto ok = sched::validateJob(spec, std::int64_t{spec.cpus} * 1000, m_scheduler->cluster(),
                                     m_scheduler->config(), exists);
        !ok)
        return ok.error();
    auto record = sim.submit(spec);
    if (!record)
        return record.error();
    auto index = m_scheduler->submit(spec, sim.timeMs(), std::nullopt, record->id);
    if (!index) {
        // validateJob passed a moment ago; a refusal here is a bug, but leave nothing behind.
        (void)sim.rejectJob(record->id, index.error().message);
        return index.error();
    }
    m_bySimId[record->id] = *index;
    m_simIds.push_back(record->id);
    ++m_adopted;
    return annotated(*record);
}

Result<JobRecord> EngineJobs::cancel(sim::SimulatedCluster &sim, const std::string &id)
{
    attach(sim);
    auto record = sim.cancel(id);
    if (!record)
        return record.error();
    if (const auto it = m_bySimId.find(id); it != m_bySimId.end())
        (void)m_scheduler->cancel(it->second, sim.timeMs());
    return annotated(*record);
}

Result<JobRecord> EngineJobs::requeue(sim::SimulatedCluster &sim, const std::string &id)
{
    attach(sim);
    const JobRecord *record = sim.findJob(id);
    if (!record)
        return notFound("no job with id " + id);
    if (record->state == JobState::Pending)
        return failedPrecondition("job " + id + " is waiting in the queue already");
    if (record->state != JobState::Running)
        return failedPrecondition("job " + id + " has already ended (" + jobStateName(record->state) +
                                  "): submit it again to run it again");
    const std::string why = "requeued on request";
    if (Status s = sim.requeueJob(id, why); !s)
        return s.error();
    if (const auto it = m_bySimId.find(id); it != m_bySimId.end())
        (void)m_scheduler->requeue(it->second, sim.timeMs(), why, false);
    sim.requestPlacement();
    return annotated(*sim.findJob(id));
}

void EngineJobs::adoptNewJobs(sim::SimulatedCluster &sim)
{
    // Jobs the simulation's workload model submitted by itself since the last look.
    const auto &records = sim.jobs();
    for (; m_adopted < records.size(); ++m_adopted) {
        const JobRecord &r = records[m_adopted];
        if (m_bySimId.count(r.id) || r.state != JobState::Pending)
            continue;
        auto index = m_scheduler->submit(r.spec, sim.timeMs(), std::nullopt, r.id);
        if (!index) {
            qCWarning(lcEngineJobs) << "refused generated job" << r.id.c_str() << ":" << index.error().message.c_str();
            const std::string id = r.id; // rejectJob may move the records
            (void)sim.rejectJob(id, index.error().message);
            continue;
        }
        m_bySimId[r.id] = *index;
        m_simIds.push_back(r.id);
    }
}

void EngineJobs::learnEnds(sim::SimulatedCluster &sim)
{
    const std::vector<int> running(m_scheduler->running().begin(), m_scheduler->running().end());
    for (int index : running) {
        const JobRecord *r = sim.findJob(m_simIds[index]);
        if (!r)
            continue;
        if (r->state == JobState::Completed || r->state == JobState::Failed)
            (void)m_scheduler->finish(index, sim.timeMs(), r->state == JobState::Completed);
        else if (r->state == JobState::Cancelled)
            (void)m_scheduler->cancel(index, sim.timeMs());
        else if (r->state == JobState::Pending) // a fault interrupted it in the simulation
            (void)m_scheduler->requeue(index, sim.timeMs(), r->pendingReason);
    }
}

void EngineJobs::requeueInSim(sim::SimulatedCluster &sim, const std::vector<int> &jobs)
{
    for (int index : jobs)
        if (const JobRecord *r = sim.findJob(m_simIds[index]); r && r->state == JobState::Running)
            (void)sim.requeueJob(r->id, m_scheduler->job(index).reason);
}

void EngineJobs::followHealth(sim::SimulatedCluster &sim)
{
    // The scheduler leaves failed hardware out until it is healthy again.
    const std::int64_t now = sim.timeMs();
    const auto &nodes = m_scheduler->cluster().nodes();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const std::string name = nodes[n].name;
        const bool up = sim.nodeUp(name);
        if (!up && nodes[n].healthy)
            requeueInSim(sim, m_scheduler->failNode(name, now));
        if (!up)
            continue;
        if (!nodes[n].healthy)
            (void)m_scheduler->restoreNode(name);
        for (std::size_t slot = 0; slot < nodes[n].gpus.size(); ++slot) {
            const bool usable = sim.gpuUsable(name, m_gpuIndex[n][slot]);
            if (!usable && nodes[n].gpus[slot].healthy)
                requeueInSim(sim, m_scheduler->failGpu(name, static_cast<int>(slot), now));
            else if (usable && !nodes[n].gpus[slot].healthy)
                (void)m_scheduler->restoreGpu(name, static_cast<int>(slot));
        }
    }
}

void EngineJobs::carryOut(sim::SimulatedCluster &sim, const std::vector<sched::Decision> &decisions)
{
    for (const sched::Decision &d : decisions) {
        const sched::SchedJob &j = m_scheduler->job(d.job);
        const std::string &id = m_simIds[d.job];
        Status done = success();
        switch (d.kind) {
        case sched::DecisionKind::Start:
            done = sim.runJob(id, gpusOf(j.allocation), remainingShare(d.job));
            break;
        case sched::DecisionKind::Preempt:
        case sched::DecisionKind::Requeue:
            done = sim.requeueJob(id, m_scheduler->pendingReason(d.job));
            break;
        case sched::DecisionKind::Grow:
        case sched::DecisionKind::Shrink:
            done = sim.resizeJob(id, gpusOf(j.allocation));
            break;
        }
        if (!done)
            qCWarning(lcEngineJobs) << "could not" << sched::decisionKindName(d.kind) << "job" << id.c_str() << ":"
                                    << done.error().message.c_str();
    }
}

void EngineJobs::place(sim::SimulatedCluster &sim)
{
    attach(sim);
    adoptNewJobs(sim);
    learnEnds(sim);
    followHealth(sim);
    carryOut(sim, m_scheduler->cycle(sim.timeMs()));
}

JobRecord EngineJobs::annotated(const JobRecord &record) const
{
    JobRecord r = record;
    const auto it = m_bySimId.find(record.id);
    if (!m_scheduler || it == m_bySimId.end())
        return r;
    const sched::SchedJob &j = m_scheduler->job(it->second);
    if (r.state == JobState::Pending && j.state == JobState::Pending) {
        r.pendingReason = m_scheduler->pendingReason(it->second);
        r.queuePosition = m_scheduler->positionOf(it->second);
    }
    r.preemptions = j.preemptions;
    r.requeues = j.requeuesAfterFault + j.requeuesByRequest;
    return r;
}

std::pair<std::unique_ptr<sim::SimulatedCluster>, std::shared_ptr<EngineJobs>>
makeScheduledSimulation(const ClusterSpec &spec, std::int64_t nowMs, sim::SimOptions options)
{
    auto jobs = std::make_shared<EngineJobs>(spec.schedulingPolicy);
    // The simulation owns its placer (a copy of the shared pointer): a simulation built for a
    // dry run and thrown away takes its scheduler with it.
    options.placer = [jobs](sim::SimulatedCluster &s) { jobs->place(s); };
    auto simulation = std::make_unique<sim::SimulatedCluster>(spec, nowMs, std::move(options));
    return {std::move(simulation), std::move(jobs)};
}

} // namespace sn
