#include "backend/sim/simulated_cluster.h"

#include "backend/sim/packing_placer.h"
#include "backend/sim/sim_log_lines.h"
#include "backend/sim/super_node_topology.h"

#include <algorithm>
#include <cmath>

namespace sn::sim {

namespace {
constexpr double kMiB = 1024.0 * 1024.0;
constexpr int kNvlinksPerGpu = 18;                          // NVLink 4 on H100/H200 SXM
constexpr std::int64_t kContextBytes = 512LL * 1024 * 1024; // CUDA context and NCCL buffers
} // namespace

SimulatedCluster::SimulatedCluster(const ClusterSpec &spec, std::int64_t startMs, SimOptions options)
    : m_spec(expandSimulatedCluster(spec)), m_options(options),
      // Start one sample interval early and run up to startMs (end of the constructor), so the
      // first readings are averages of real steps, as from a collector that has been running.
      m_nowMs(startMs - options.sampleIntervalMs), m_nextSampleMs(startMs), m_rng(spec.simulation.seed)
{
    m_nodes.resize(m_spec.nodes.size());
    for (std::size_t n = 0; n < m_spec.nodes.size(); ++n) {
        m_firstGpuOfNode.push_back(static_cast<int>(m_gpus.size()));
        m_nodes[n].nics.resize(m_spec.nodes[n].nics.size());
        for (const GpuSpec &g : m_spec.nodes[n].gpus) {
            Gpu gpu;
            gpu.node = static_cast<int>(n);
            gpu.index = g.index;
            gpu.phys = idleEquilibrium(m_options.physics, m_spec.simulation.inletTemperatureC);
            m_gpus.push_back(gpu);
        }
    }
    // jobArrivalsPerHour: 0 in cluster.yaml means an empty cluster that runs only what is submitted.
    if (m_options.generateWorkload && m_spec.simulation.jobArrivalsPerHour > 0) {
        const int perNode = m_spec.nodes.empty() ? 8 : static_cast<int>(m_spec.nodes.front().gpus.size());
        m_workload.emplace(m_spec.simulation.seed, m_spec.simulation.jobArrivalsPerHour, perNode, m_nowMs);
        m_nextArrival = m_workload->next();
        if (m_options.fillAtStart)
            fillAtStart();
    }
    advanceTo(startMs);
}

void SimulatedCluster::fillAtStart()
{
    // A cluster that has been running: about 70% of GPUs asked for, jobs part-way through.
    const int target = static_cast<int>(0.7 * m_gpus.size());
    int asked = 0;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int attempts = 0; asked < target && attempts < 4 * static_cast<int>(m_gpus.size()); ++attempts) {
        JobSpec spec = m_workload->drawJob();
        if (asked + spec.gpusMax > static_cast<int>(m_gpus.size()))
            continue;
        auto submitted = submit(spec);
        if (!submitted)
            continue;
        asked += spec.gpusMax;
        JobRecord &record = *job(submitted->id);
        record.submitTimeMs = m_nowMs - static_cast<std::int64_t>(unit(m_rng) * 0.5 * spec.estimatedRuntimeS * 1000);
    }
    runPlacement();
    for (JobRecord &record : m_jobs) {
        if (record.state != JobState::Running)
            continue;
        const std::int64_t backdate = static_cast<std::int64_t>(
            unit(m_rng) * 0.5 * static_cast<double>(m_runtime[record.id].endMs - record.startTimeMs));
        record.startTimeMs -= backdate;
        m_runtime[record.id].endMs -= backdate;
        record.submitTimeMs = std::min(record.submitTimeMs, record.startTimeMs);
    }
    // Busy GPUs start near their working temperature rather than cold.
    for (Gpu &g : m_gpus) {
        if (g.jobId.empty())
            continue;
        const double power = requestedPowerW(m_options.physics, 0.8);
        g.phys.temperatureC =
            steadyStateTemperatureC(m_options.physics, power, m_spec.simulation.inletTemperatureC, 1.0);
    }
}

void SimulatedCluster::advanceTo(std::int64_t timeMs)
{
    while (m_nowMs + m_options.physicsStepMs <= timeMs)
        stepOnce(m_options.physicsStepMs);
}

SimOutputs SimulatedCluster::takeOutputs()
{
    SimOutputs out = std::move(m_out);
    m_out = {};
    return out;
}

void SimulatedCluster::stepOnce(std::int64_t dtMs)
{
    m_nowMs += dtMs;
    expireFaults();
    processArrivalsAndExpiries();
    if (m_placementDirty || (m_options.placer && m_nowMs >= m_nextPlacerMs))
        runPlacement();

    const double dtS = dtMs / 1000.0;
    const double inlet = m_spec.simulation.inletTemperatureC;
    std::normal_distribution<double> jitter(0.0, 0.015);
    for (Gpu &g : m_gpus) {
        JobLoad load;
        const bool alive = !isNodeDown(g.node) && g.lostUntilMs <= m_nowMs;
        if (alive && !g.jobId.empty()) {
            const JobRecord &record = m_jobs[m_jobIndex.at(g.jobId)];
            const Runtime &rt = m_runtime.at(g.jobId);
            int peers = 0;
            bool spans = false;
            const std::string &node = m_spec.nodes[g.node].name;
            for (const GpuRef &ref : record.gpus) {
                peers += ref.node == node;
                spans |= ref.node != node;
            }
            load = jobLoadAt(record.spec.kind, rt.shape, (m_nowMs - record.startTimeMs) / 1000.0, spans, peers,
                             g.nvlinkDownUntilMs <= m_nowMs);
            load.utilization = std::clamp(load.utilization + jitter(m_rng), 0.0, 1.0);
            if (spans) {
                // This GPU's share of fabric traffic goes through the NIC on its PCIe switch.
                const auto &nics = m_nodes[g.node].nics;
                if (!nics.empty()) {
                    const int nic = g.index * static_cast<int>(nics.size()) /
                                    std::max<int>(1, static_cast<int>(m_spec.nodes[g.node].gpus.size()));
                    Nic &n = m_nodes[g.node].nics[nic];
                    if (n.downUntilMs <= m_nowMs) {
                        n.sumTx += load.nicBytesPerS;
                        n.sumRx += load.nicBytesPerS;
                    }
                }
            }
        }
        if (!alive)
            continue;
        stepGpuPhysics(m_options.physics, g.phys, load.utilization, inlet, g.cooling, dtS);
        if (g.sbeStormUntilMs > m_nowMs)
            g.eccSbe += 3 * dtS; // ~180 corrected errors a minute
        g.sumUtil += load.utilization;
        g.sumCopy += load.memoryCopyUtil;
        g.sumNvlink += load.nvlinkBytesPerS;
        g.sumPcie += load.pcieBytesPerS;
        ++g.steps;

        const bool thermal = (g.phys.throttleReasons & throttle::kHwThermalSlowdown) != 0;
        if (thermal && !g.throttleReported) {
            g.throttleReported = true;
            const GpuSpec &spec = m_spec.nodes[g.node].gpus[g.index];
            log(g.node, "dcgm",
                thermalSlowdownLine(g.index, spec.pciBusId, g.phys.temperatureC, m_options.physics.slowdownC), g.index,
                g.jobId);
            raise(Severity::Warning, "gpu.thermal", g.node, g.index,
                  "GPU " + std::to_string(g.index) + " on " + m_spec.nodes[g.node].name + " is throttling at " +
                      std::to_string(static_cast<int>(std::lround(g.phys.temperatureC))) + " C (slowdown " +
                      std::to_string(static_cast<int>(m_options.physics.slowdownC)) +
                      " C): check its cooling, or cap its power");
        } else if (!thermal && g.phys.temperatureC < m_options.physics.slowdownC - 5) {
            g.throttleReported = false;
        }
    }
    for (Node &node : m_nodes)
        for (Nic &n : node.nics)
            ++n.steps;

    // Training jobs report progress about every 30 s.
    for (auto &[id, rt] : m_runtime) {
        if (m_nowMs < rt.nextStepLogMs)
            continue;
        JobRecord &record = *job(id);
        if (record.spec.kind != WorkloadKind::Training)
            continue;
        rt.nextStepLogMs = m_nowMs + 30000;
        rt.step += static_cast<long>(30.0 / rt.shape.stepS);
        const double loss = 2.0 + 6.0 / std::sqrt(1.0 + rt.step / 50.0);
        const int first = nodeIndex(record.gpus.front().node);
        log(first, "job/" + id, trainingStepLine(rt.step, loss, 4.2e5 * record.gpus.size() / rt.shape.stepS), -1, id);
    }

    if (m_nowMs >= m_nextSampleMs) {
        sample();
        m_nextSampleMs += m_options.sampleIntervalMs;
    }
}

void SimulatedCluster::processArrivalsAndExpiries()
{
    while (m_nextArrival && m_nextArrival->timeMs <= m_nowMs) {
        (void)submit(m_nextArrival->spec);
        m_nextArrival = m_workload->next();
    }
    std::vector<std::string> done;
    for (const auto &[id, rt] : m_runtime)
        if (rt.endMs <= m_nowMs)
            done.push_back(id);
    for (const std::string &id : done)
        finishJob(*job(id), JobState::Completed, 0);
}

void SimulatedCluster::runPlacement()
{
    m_placementDirty = false;
    if (!m_options.placer) {
        placePending();
        return;
    }
    constexpr std::int64_t kPlacerPeriodMs = 5000;
    m_nextPlacerMs = m_nowMs + kPlacerPeriodMs;
    m_options.placer(*this);
}

void SimulatedCluster::placePending()
{
    m_placementDirty = false;
    const int perNode = m_spec.nodes.empty() ? 8 : static_cast<int>(m_spec.nodes.front().gpus.size());
    for (JobRecord &record : m_jobs) {
        if (record.state != JobState::Pending)
            continue;
        std::vector<NodeFreeGpus> free;
        for (std::size_t n = 0; n < m_spec.nodes.size(); ++n) {
            if (isNodeDown(static_cast<int>(n)))
                continue;
            NodeFreeGpus entry{m_spec.nodes[n].name, {}};
            for (int g = 0; g < static_cast<int>(m_spec.nodes[n].gpus.size()); ++g) {
                const Gpu &gpu = m_gpus[m_firstGpuOfNode[n] + g];
                if (gpu.jobId.empty() && isGpuUsable(gpu))
                    entry.freeGpus.push_back(gpu.index);
            }
            free.push_back(std::move(entry));
        }
        auto placed = placeJob(record.spec.gpusMax, perNode, free);
        if (auto *p = std::get_if<Placement>(&placed))
            startJob(record, p->gpus, m_nowMs);
        else
            record.pendingReason = std::get<NoPlacement>(placed).reason;
    }
}

void SimulatedCluster::startJob(JobRecord &record, std::vector<GpuRef> gpus, std::int64_t startMs)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Runtime rt;
    rt.shape.stepS = 0.6 + 0.9 * unit(m_rng);
    rt.shape.computeFraction = 0.6 + 0.25 * unit(m_rng);
    rt.shape.phaseOffsetS = unit(m_rng) * 10.0;
    rt.shape.intensity = 0.8 + 0.2 * unit(m_rng);
    const double runtimeS = static_cast<double>(std::max<std::int64_t>(60, record.spec.estimatedRuntimeS));
    const double actual = record.spec.kind == WorkloadKind::Inference ? runtimeS : runtimeS * (0.6 + 0.4 * unit(m_rng));
    rt.endMs = startMs + static_cast<std::int64_t>(actual * 1000);
    rt.nextStepLogMs = startMs + 30000;
    rt.pid = 20000 + (m_nextJobId * 37) % 40000;

    record.state = JobState::Running;
    record.pendingReason.clear();
    record.gpus = std::move(gpus);
    record.startTimeMs = startMs;
    for (const GpuRef &ref : record.gpus) {
        Gpu *g = gpu(ref.node, ref.gpu);
        g->jobId = record.id;
        g->memoryUsedBytes = record.spec.gpuMemoryBytes + kContextBytes;
    }
    const int first = nodeIndex(record.gpus.front().node);
    log(first, "slurmd", slurmdLaunchLine(record.id, uidOf(record.spec.user)), -1, record.id);
    if (record.gpus.size() > 1) {
        const int nranks = static_cast<int>(record.gpus.size());
        for (int rank = 0; rank < nranks; ++rank) {
            const GpuRef &ref = record.gpus[rank];
            const int n = nodeIndex(ref.node);
            log(n, "nccl",
                ncclInitLine(ref.node, rt.pid + n, ref.gpu, rank, nranks, m_spec.nodes[n].gpus[ref.gpu].pciBusId),
                ref.gpu, record.id);
        }
    }
    m_runtime[record.id] = rt;
}

void SimulatedCluster::releaseGpus(JobRecord &record)
{
    for (const GpuRef &ref : record.gpus) {
        Gpu *g = gpu(ref.node, ref.gpu);
        if (g && g->jobId == record.id) {
            g->jobId.clear();
            g->memoryUsedBytes = 0;
        }
    }
}

void SimulatedCluster::finishJob(JobRecord &record, JobState state, int exitCode)
{
    releaseGpus(record);
    if (record.state == JobState::Running && !record.gpus.empty())
        log(nodeIndex(record.gpus.front().node), "slurmd", slurmdDoneLine(record.id, exitCode), -1, record.id);
    record.state = state;
    record.exitCode = exitCode;
    record.endTimeMs = m_nowMs;
    record.pendingReason.clear();
    m_runtime.erase(record.id);
    m_placementDirty = true;
}

void SimulatedCluster::failJobOn(const std::string &jobId, const std::string &why)
{
    JobRecord *record = job(jobId);
    if (!record || record->state != JobState::Running)
        return;
    log(nodeIndex(record->gpus.front().node), "job/" + jobId, why, -1, jobId);
    if (m_options.placer) {
        // The scheduler requeues it from its last checkpoint and keeps the hardware out.
        (void)requeueJob(jobId, "interrupted by a hardware fault");
        m_placementDirty = true;
        return;
    }
    finishJob(*record, JobState::Failed, 1);
}

void SimulatedCluster::sample()
{
    m_latestReadings.clear();
    for (Gpu &g : m_gpus) {
        const NodeSpec &node = m_spec.nodes[g.node];
        const GpuSpec &spec = node.gpus[g.index];
        if (isNodeDown(g.node)) {
            // The node is gone: nothing is read from it.
            g.sumUtil = g.sumCopy = g.sumNvlink = g.sumPcie = 0;
            g.steps = 0;
            continue;
        }
        GpuReading r;
        r.node = node.name;
        r.gpu = g.index;
        r.uuid = spec.uuid;
        r.model = spec.model;
        r.pciBusId = spec.pciBusId;
        r.job = g.jobId;
        r.timeMs = m_nowMs;
        r.set(GpuField::XidLast, g.lastXid);
        if (g.lostUntilMs > m_nowMs) {
            // NVML answers GPU_IS_LOST for everything else.
            m_latestReadings.push_back(r);
            m_out.gpuReadings.push_back(r);
            continue;
        }
        const double n = std::max(1, g.steps);
        const double total = static_cast<double>(spec.memoryBytes);
        const double used = static_cast<double>(std::min<std::int64_t>(g.memoryUsedBytes, spec.memoryBytes));
        r.set(GpuField::Utilization, std::round(100.0 * g.sumUtil / n));
        r.set(GpuField::MemoryCopyUtil, std::round(100.0 * g.sumCopy / n));
        r.set(GpuField::FbUsed, std::round(used / kMiB));
        r.set(GpuField::FbFree, std::round((total - used) / kMiB));
        r.set(GpuField::Temperature, std::round(g.phys.temperatureC));
        r.set(GpuField::MemoryTemperature, std::round(g.phys.temperatureC + 6));
        r.set(GpuField::Power, std::round(g.phys.powerW * 100) / 100);
        r.set(GpuField::PowerLimit, g.phys.powerLimitW);
        r.set(GpuField::Energy, std::round(g.phys.energyMj));
        r.set(GpuField::SmClock, std::round(g.phys.smClockMhz));
        r.set(GpuField::MemClock, m_options.physics.memClockMhz);
        r.set(GpuField::ThrottleReasons, g.phys.throttleReasons);
        r.set(GpuField::PcieTxBytes, std::round(g.sumPcie / n * 0.3));
        r.set(GpuField::PcieRxBytes, std::round(g.sumPcie / n));
        r.set(GpuField::NvlinkTxBytes, std::round(g.sumNvlink / n));
        r.set(GpuField::NvlinkRxBytes, std::round(g.sumNvlink / n));
        r.set(GpuField::EccSbeVolatile, std::floor(g.eccSbe));
        r.set(GpuField::EccDbeVolatile, g.eccDbe);
        // Hopper remaps rows instead of retiring pages: a double-bit error costs one row.
        r.set(GpuField::RemappedCorrectable, 0);
        r.set(GpuField::RemappedUncorrectable, g.eccDbe);
        r.set(GpuField::RowRemapFailure, 0);
        r.set(GpuField::PcieReplay, 0);
        r.set(GpuField::FbTotal, std::round(total / kMiB));
        if (!node.nvswitches.empty()) {
            // NCCL spreads traffic evenly over the NVLinks to the NVSwitches.
            const double perLink = std::round(g.sumNvlink / n / kNvlinksPerGpu);
            for (int link = 0; link < kNvlinksPerGpu; ++link)
                r.nvlinks.push_back({link, perLink, perLink});
        }
        g.sumUtil = g.sumCopy = g.sumNvlink = g.sumPcie = 0;
        g.steps = 0;
        m_latestReadings.push_back(r);
        m_out.gpuReadings.push_back(r);
    }
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        for (std::size_t i = 0; i < m_nodes[n].nics.size(); ++i) {
            Nic &nic = m_nodes[n].nics[i];
            if (!isNodeDown(static_cast<int>(n))) {
                const double steps = std::max(1, nic.steps);
                m_out.nicReadings.push_back({m_spec.nodes[n].name, m_spec.nodes[n].nics[i].name, m_nowMs,
                                             std::round(nic.sumTx / steps), std::round(nic.sumRx / steps),
                                             nic.downUntilMs <= m_nowMs});
            }
            nic.sumTx = nic.sumRx = 0;
            nic.steps = 0;
        }
    }
}

Result<JobRecord> SimulatedCluster::submit(const JobSpec &spec)
{
    if (spec.gpusMax < 1 || spec.gpusMin < 1 || spec.gpusMin > spec.gpusMax)
        return invalidArgument("a job needs 1 or more GPUs, with gpusMin <= gpusMax (got " +
                               std::to_string(spec.gpusMin) + ".." + std::to_string(spec.gpusMax) + ")");
    if (spec.gpusMax > static_cast<int>(m_gpus.size()))
        return invalidArgument("the job asks for " + std::to_string(spec.gpusMax) + " GPUs; the cluster has " +
                               std::to_string(m_gpus.size()));
    JobRecord record;
    record.id = std::to_string(m_nextJobId++);
    record.spec = spec;
    if (record.spec.name.empty())
        record.spec.name = "job-" + record.id;
    record.submitTimeMs = m_nowMs;
    record.simulated = true;
    record.pendingReason = "waiting for the next placement pass";
    m_jobIndex[record.id] = m_jobs.size();
    m_jobs.push_back(record);
    m_placementDirty = true;
    return record;
}

Status SimulatedCluster::restoreJob(JobRecord record)
{
    if (record.id.empty() || m_jobIndex.count(record.id))
        return invalidArgument("cannot restore job '" + record.id + "': empty or duplicate id");
    if (!isTerminal(record.state)) {
        record.state = JobState::Pending;
        record.gpus.clear();
        record.startTimeMs = 0;
        record.pendingReason = "requeued: the engine restarted";
        m_placementDirty = true;
    }
    if (record.id.find_first_not_of("0123456789") == std::string::npos && record.id.size() < 10)
        m_nextJobId = std::max(m_nextJobId, std::stoi(record.id) + 1);
    m_jobIndex[record.id] = m_jobs.size();
    m_jobs.push_back(std::move(record));
    return success();
}

Result<JobRecord> SimulatedCluster::cancel(const std::string &id)
{
    JobRecord *record = job(id);
    if (!record)
        return notFound("no job with id " + id);
    if (isTerminal(record->state))
        return failedPrecondition("job " + id + " has already ended (" + jobStateName(record->state) + ")");
    if (record->state == JobState::Running)
        log(nodeIndex(record->gpus.front().node), "slurmd",
            "slurmd: error: *** JOB " + id + " CANCELLED AT " + std::to_string(m_nowMs / 1000) + " ***", -1, id);
    finishJob(*record, JobState::Cancelled, 0);
    return *record;
}

Status SimulatedCluster::checkFreeGpus(const std::string &id, const std::vector<GpuRef> &gpus) const
{
    if (gpus.empty())
        return invalidArgument("job " + id + ": no GPUs given to run on");
    for (const GpuRef &ref : gpus) {
        const Gpu *g = gpu(ref.node, ref.gpu);
        if (!g)
            return notFound("no GPU " + ref.node + "/gpu" + std::to_string(ref.gpu));
        if (!isGpuUsable(*g))
            return failedPrecondition("GPU " + ref.node + "/gpu" + std::to_string(ref.gpu) + " is not usable");
        if (!g->jobId.empty() && g->jobId != id)
            return failedPrecondition("GPU " + ref.node + "/gpu" + std::to_string(ref.gpu) + " runs job " + g->jobId);
    }
    return success();
}

Status SimulatedCluster::runJob(const std::string &id, const std::vector<GpuRef> &gpus, double remainingShare)
{
    JobRecord *record = job(id);
    if (!record)
        return notFound("no job with id " + id);
    if (record->state != JobState::Pending)
        return failedPrecondition("job " + id + " is not pending (" + jobStateName(record->state) + ")");
    if (auto ok = checkFreeGpus(id, gpus); !ok)
        return ok;
    startJob(*record, gpus, m_nowMs);
    Runtime &rt = m_runtime[id];
    const double share = std::clamp(remainingShare, 0.01, 1.0);
    rt.endMs = m_nowMs + static_cast<std::int64_t>(static_cast<double>(rt.endMs - m_nowMs) * share);
    return success();
}

Status SimulatedCluster::requeueJob(const std::string &id, const std::string &why)
{
    JobRecord *record = job(id);
    if (!record)
        return notFound("no job with id " + id);
    if (record->state != JobState::Running)
        return failedPrecondition("job " + id + " is not running (" + jobStateName(record->state) + ")");
    log(-1, "slurmctld", "slurmctld: Requeuing JobId=" + id + ": " + why, -1, id);
    releaseGpus(*record);
    record->gpus.clear();
    record->state = JobState::Pending;
    record->pendingReason = why;
    m_runtime.erase(id);
    return success();
}

Status SimulatedCluster::resizeJob(const std::string &id, const std::vector<GpuRef> &gpus)
{
    JobRecord *record = job(id);
    if (!record)
        return notFound("no job with id " + id);
    if (record->state != JobState::Running)
        return failedPrecondition("job " + id + " is not running (" + jobStateName(record->state) + ")");
    if (auto ok = checkFreeGpus(id, gpus); !ok)
        return ok;
    releaseGpus(*record);
    record->gpus = gpus;
    for (const GpuRef &ref : record->gpus) {
        Gpu *g = gpu(ref.node, ref.gpu);
        g->jobId = id;
        g->memoryUsedBytes = record->spec.gpuMemoryBytes + kContextBytes;
    }
    return success();
}

Status SimulatedCluster::rejectJob(const std::string &id, const std::string &why)
{
    JobRecord *record = job(id);
    if (!record)
        return notFound("no job with id " + id);
    if (record->state != JobState::Pending)
        return failedPrecondition("job " + id + " is not pending (" + jobStateName(record->state) + ")");
    log(-1, "slurmctld", "slurmctld: error: JobId=" + id + " refused: " + why, -1, id);
    finishJob(*record, JobState::Failed, 1);
    return success();
}

const JobRecord *SimulatedCluster::findJob(const std::string &id) const
{
    const auto it = m_jobIndex.find(id);
    return it == m_jobIndex.end() ? nullptr : &m_jobs[it->second];
}

JobRecord *SimulatedCluster::job(const std::string &id)
{
    const auto it = m_jobIndex.find(id);
    return it == m_jobIndex.end() ? nullptr : &m_jobs[it->second];
}

int SimulatedCluster::nodeIndex(const std::string &node) const
{
    for (std::size_t i = 0; i < m_spec.nodes.size(); ++i)
        if (m_spec.nodes[i].name == node)
            return static_cast<int>(i);
    return -1;
}

SimulatedCluster::Gpu *SimulatedCluster::gpu(const std::string &node, int index)
{
    const int n = nodeIndex(node);
    if (n < 0 || index < 0 || index >= static_cast<int>(m_spec.nodes[n].gpus.size()))
        return nullptr;
    return &m_gpus[m_firstGpuOfNode[n] + index];
}

const SimulatedCluster::Gpu *SimulatedCluster::gpu(const std::string &node, int index) const
{
    return const_cast<SimulatedCluster *>(this)->gpu(node, index);
}

bool SimulatedCluster::isGpuUsable(const Gpu &g) const
{
    return !isNodeDown(g.node) && g.lostUntilMs <= m_nowMs && g.retiredUntilMs <= m_nowMs;
}

bool SimulatedCluster::nodeUp(const std::string &node) const
{
    const int n = nodeIndex(node);
    return n >= 0 && !isNodeDown(n);
}

bool SimulatedCluster::gpuUsable(const std::string &node, int index) const
{
    const Gpu *g = gpu(node, index);
    return g && isGpuUsable(*g);
}

bool SimulatedCluster::nicUp(const std::string &node, int nic) const
{
    const int n = nodeIndex(node);
    if (n < 0 || nic < 0 || nic >= static_cast<int>(m_nodes[n].nics.size()))
        return false;
    return !isNodeDown(n) && m_nodes[n].nics[nic].downUntilMs <= m_nowMs;
}

bool SimulatedCluster::nvlinkUp(const std::string &node, int index) const
{
    const Gpu *g = gpu(node, index);
    return g && !isNodeDown(g->node) && g->lostUntilMs <= m_nowMs && g->nvlinkDownUntilMs <= m_nowMs;
}

bool SimulatedCluster::gpuLost(const std::string &node, int index) const
{
    const Gpu *g = gpu(node, index);
    return g && g->lostUntilMs > m_nowMs;
}

const GpuPhysicsState *SimulatedCluster::gpuPhysics(const std::string &node, int index) const
{
    const Gpu *g = gpu(node, index);
    return g ? &g->phys : nullptr;
}

Status SimulatedCluster::setPowerLimit(const std::string &node, int index, double watts)
{
    Gpu *g = gpu(node, index);
    if (!g)
        return notFound("no GPU " + std::to_string(index) + " on node '" + node + "'");
    const auto &p = m_options.physics;
    if (watts < p.minPowerLimitW || watts > p.maxPowerW)
        return invalidArgument("power limit must be between " + std::to_string(static_cast<int>(p.minPowerLimitW)) +
                               " and " + std::to_string(static_cast<int>(p.maxPowerW)) + " W");
    g->phys.powerLimitW = watts;
    return success();
}

void SimulatedCluster::log(int node, const std::string &source, std::string text, int gpuIndex,
                           const std::string &jobId)
{
    LogRecord r;
    r.timeMs = m_nowMs;
    r.node = node >= 0 ? m_spec.nodes[node].name : std::string();
    r.source = source;
    r.text = std::move(text);
    r.gpu = gpuIndex;
    r.jobId = jobId;
    r.simulated = true;
    m_out.logs.push_back(std::move(r));
}

void SimulatedCluster::raise(Severity severity, const std::string &kind, int node, int gpuIndex, std::string message)
{
    Event e;
    e.timeMs = m_nowMs;
    e.severity = severity;
    e.kind = kind;
    e.node = node >= 0 ? m_spec.nodes[node].name : std::string();
    e.gpu = gpuIndex;
    e.message = std::move(message);
    e.simulated = true;
    m_out.events.push_back(std::move(e));
}

int SimulatedCluster::uidOf(const std::string &user) const
{
    unsigned h = 0;
    for (char c : user)
        h = h * 31 + static_cast<unsigned char>(c);
    return 1001 + static_cast<int>(h % 500);
}

} // namespace sn::sim
