#include "backend/api/engine.h"

#include "backend/api/engine_config.h"
#include "backend/api/proto_convert.h"
#include "backend/model/cluster_yaml.h"
#include "backend/telemetry/readings_to_samples.h"
#include "backend/telemetry/store/store_query.h"

#include <QLoggingCategory>

#include <algorithm>
#include <regex>
#include <set>

Q_LOGGING_CATEGORY(lcEngine, "sn.engine")

namespace sn {

namespace {
constexpr int kDefaultLogLimit = 1000;

std::unique_ptr<sim::SimulatedCluster> makeSimulation(const ClusterSpec &spec, std::int64_t nowMs,
                                                      const sim::SimOptions &options)
{
    return std::make_unique<sim::SimulatedCluster>(spec, nowMs, options);
}

// "cluster.yaml:12:5: message" -> line 12, column 5, "message".
pb::ConfigError toConfigError(const std::string &message)
{
    pb::ConfigError e;
    static const std::regex where(R"(^[^:]*:(\d+):(\d+): (.*)$)");
    std::smatch m;
    if (std::regex_match(message, m, where)) {
        e.set_line(std::stoi(m[1]));
        e.set_column(std::stoi(m[2]));
    }
    e.set_message(message);
    return e;
}
// The store the options ask for; a data directory that cannot be used is reported and the
// engine runs on a memory-only store rather than not at all.
std::unique_ptr<tsdb::TimeSeriesStore> openTelemetryStore(const Engine::Options &options)
{
    tsdb::StoreOptions store;
    store.dataDir = QString::fromStdString(options.telemetryDataDir);
    store.retentionMs = options.telemetryRetentionMs;
    auto opened = tsdb::TimeSeriesStore::open(store);
    if (opened)
        return std::move(*opened);
    qCCritical(lcEngine).noquote() << "telemetry store in" << store.dataDir << "cannot be opened ("
                                   << QString::fromStdString(opened.error().message)
                                   << "); keeping telemetry in memory only";
    store.dataDir.clear();
    return std::move(tsdb::TimeSeriesStore::open(store).value());
}

tsdb::Aggregation fromProto(pb::Aggregation a)
{
    switch (a) {
    case pb::AGGREGATION_AVG:
        return tsdb::Aggregation::Avg;
    case pb::AGGREGATION_MIN:
        return tsdb::Aggregation::Min;
    case pb::AGGREGATION_MAX:
        return tsdb::Aggregation::Max;
    case pb::AGGREGATION_SUM:
        return tsdb::Aggregation::Sum;
    case pb::AGGREGATION_P95:
        return tsdb::Aggregation::P95;
    default:
        return tsdb::Aggregation::None;
    }
}
} // namespace

Engine::Engine(Options options, QObject *parent) : QObject(parent), m_options(std::move(options))
{
    if (m_options.virtualTime) {
        auto clock = std::make_unique<VirtualClock>(m_options.virtualStartMs);
        m_virtualClock = clock.get();
        m_clock = std::move(clock);
    } else {
        m_clock = std::make_unique<SystemClock>();
    }
    m_store = openTelemetryStore(m_options);
    if (m_options.configYaml.empty())
        m_options.configYaml = writeClusterYaml(m_options.spec);
    m_sim = makeSimulation(m_options.spec, m_clock->nowMs(), m_options.sim);
    ingest(m_sim->takeOutputs());
    qCInfo(lcEngine) << "engine started:" << m_sim->spec().nodes.size() << "simulated nodes,"
                     << m_sim->spec().gpuCount() << "GPUs," << (m_options.virtualTime ? "virtual" : "real") << "time";
}

Engine::~Engine() = default;

void Engine::tick()
{
    m_sim->advanceTo(m_clock->nowMs());
    ingest(m_sim->takeOutputs());
}

void Engine::ingest(sim::SimOutputs outputs)
{
    if (!outputs.gpuReadings.empty() || !outputs.nicReadings.empty()) {
        // One batch per sample time, as a collector would send them.
        std::vector<MetricSample> samples;
        for (const GpuReading &r : outputs.gpuReadings)
            appendGpuSamples(r, samples);
        for (const NicReading &r : outputs.nicReadings)
            appendNicSamples(r, samples);
        std::stable_sort(samples.begin(), samples.end(),
                         [](const MetricSample &a, const MetricSample &b) { return a.timeMs < b.timeMs; });
        pb::SampleBatch batch;
        batch.set_simulated(true);
        for (const MetricSample &s : samples) {
            if (batch.samples_size() > 0 && batch.time_ms() != s.timeMs) {
                emit telemetry(batch);
                batch.clear_samples();
            }
            batch.set_time_ms(s.timeMs);
            toProto(s, *batch.add_samples());
        }
        if (batch.samples_size() > 0)
            emit telemetry(batch);
        if (auto stored = m_store->append(samples); !stored)
            qCWarning(lcEngine).noquote() << "telemetry not stored:" << QString::fromStdString(stored.error().message);
    }
    if (!outputs.logs.empty()) {
        pb::LogBatch batch;
        for (LogRecord &line : outputs.logs) {
            *batch.add_lines() = toProto(line);
            m_logs.push_back(std::move(line));
        }
        while (m_logs.size() > m_options.maxLogLines)
            m_logs.pop_front();
        emit logLines(batch);
    }
    for (Event &e : outputs.events)
        record(std::move(e));
}

void Engine::record(Event event)
{
    event.id = m_nextEventId++;
    m_events.push_back(event);
    while (m_events.size() > m_options.maxEvents)
        m_events.pop_front();
    emit eventRaised(toProto(event));
}

pb::Cluster Engine::cluster() const
{
    pb::Cluster c = toProto(m_sim->spec(), true);
    // Devices whose links are down: a lost GPU, a NIC port down, every device of a node that is
    // down; and GPUs whose NVLinks alone are down. A link touching one is reported unhealthy.
    std::set<std::string> broken, nvlinkBroken;
    for (int n = 0; n < c.nodes_size(); ++n) {
        pb::Node *node = c.mutable_nodes(n);
        const bool up = m_sim->nodeUp(node->name());
        node->set_state(up ? pb::NODE_STATE_UP : pb::NODE_STATE_DOWN);
        for (int i = 0; i < node->nics_size(); ++i) {
            node->mutable_nics(i)->set_link_up(m_sim->nicUp(node->name(), i));
            if (!node->nics(i).link_up())
                broken.insert(node->nics(i).id());
        }
        for (const pb::Gpu &gpu : node->gpus()) {
            if (!up || m_sim->gpuLost(node->name(), gpu.index()))
                broken.insert(gpu.id());
            else if (!m_sim->nvlinkUp(node->name(), gpu.index()))
                nvlinkBroken.insert(gpu.id());
        }
        if (!up)
            for (const pb::NvSwitch &sw : node->nvswitches())
                broken.insert(sw.id());
    }
    for (pb::Link &link : *c.mutable_links()) {
        const bool nvlinkDown =
            link.type() == pb::LINK_TYPE_NVLINK && (nvlinkBroken.contains(link.a()) || nvlinkBroken.contains(link.b()));
        link.set_healthy(!nvlinkDown && !broken.contains(link.a()) && !broken.contains(link.b()));
    }
    return c;
}

pb::ClusterSummary Engine::summary() const
{
    pb::ClusterSummary s;
    const ClusterSpec &spec = m_sim->spec();
    s.set_cluster_name(spec.name);
    s.set_simulated(true);
    s.set_time_ms(m_sim->timeMs());
    s.set_nodes_total(static_cast<int>(spec.nodes.size()));
    int up = 0, faulted = 0;
    for (const NodeSpec &node : spec.nodes) {
        up += m_sim->nodeUp(node.name);
        for (const GpuSpec &g : node.gpus)
            faulted += m_sim->nodeUp(node.name) && !m_sim->gpuUsable(node.name, g.index);
    }
    s.set_nodes_up(up);
    s.set_gpus_total(spec.gpuCount());
    s.set_gpus_faulted(faulted);

    double utilSum = 0, utilMax = 0, tempMax = 0, power = 0, memUsed = 0, memTotal = 0;
    int reporting = 0;
    for (const GpuReading &r : m_sim->latestGpuReadings()) {
        if (!r.has(GpuField::Utilization))
            continue;
        ++reporting;
        utilSum += r.get(GpuField::Utilization);
        utilMax = std::max(utilMax, r.get(GpuField::Utilization));
        tempMax = std::max(tempMax, r.get(GpuField::Temperature));
        power += r.get(GpuField::Power);
        memUsed += r.get(GpuField::FbUsed) * 1024.0 * 1024.0;
    }
    for (const NodeSpec &node : spec.nodes)
        for (const GpuSpec &g : node.gpus)
            memTotal += static_cast<double>(g.memoryBytes);
    s.set_gpu_util_mean_percent(reporting ? utilSum / reporting : 0);
    s.set_gpu_util_max_percent(utilMax);
    s.set_gpu_temp_max_c(tempMax);
    s.set_power_draw_watts(power);
    s.set_gpu_memory_used_bytes(memUsed);
    s.set_gpu_memory_total_bytes(memTotal);

    int running = 0, pending = 0, busy = 0;
    for (const JobRecord &j : m_sim->jobs()) {
        if (j.state == JobState::Running) {
            ++running;
            busy += static_cast<int>(j.gpus.size());
        }
        pending += j.state == JobState::Pending;
    }
    s.set_jobs_running(running);
    s.set_jobs_pending(pending);
    s.set_gpus_busy(busy);
    s.set_anomalies_open(static_cast<int>(std::count_if(m_events.begin(), m_events.end(), [](const Event &e) {
        return !e.acknowledged && e.severity >= Severity::Warning;
    })));
    return s;
}

Result<pb::QueryRangeResponse> Engine::queryRange(const pb::QueryRangeRequest &request) const
{
    tsdb::RangeQuery q;
    q.matchers.push_back(tsdb::LabelMatcher::equal(tsdb::kMetricNameLabel, request.metric()));
    for (const auto &[name, value] : request.match_labels())
        q.matchers.push_back(tsdb::LabelMatcher::equal(name, value));
    q.startMs = request.start_ms();
    q.endMs = request.end_ms() > 0 ? request.end_ms() : m_clock->nowMs();
    q.stepMs = request.step_ms();
    q.aggregation = fromProto(request.aggregation());
    q.groupBy.assign(request.group_by().begin(), request.group_by().end());
    q.pixelColumns = request.pixel_columns();
    Result<std::vector<SeriesData>> series = tsdb::rangeQuery(*m_store, q);
    if (!series)
        return series.error();
    pb::QueryRangeResponse response;
    for (const SeriesData &s : *series)
        toProto(s, *response.add_series());
    return response;
}

Result<pb::Job> Engine::submitJob(const pb::JobSpec &spec)
{
    auto job = m_sim->submit(fromProto(spec));
    if (!job)
        return job.error();
    ingest(m_sim->takeOutputs());
    return toProto(*job);
}

pb::ListJobsResponse Engine::listJobs(const pb::ListJobsRequest &request) const
{
    pb::ListJobsResponse response;
    const auto &jobs = m_sim->jobs();
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it) {
        if (request.states_size() > 0 &&
            std::find(request.states().begin(), request.states().end(), toProto(it->state)) == request.states().end())
            continue;
        *response.add_jobs() = toProto(*it);
        if (request.limit() > 0 && response.jobs_size() >= request.limit())
            break;
    }
    return response;
}

Result<pb::Job> Engine::getJob(const std::string &id) const
{
    const JobRecord *job = m_sim->findJob(id);
    if (!job)
        return notFound("no job with id '" + id + "'");
    return toProto(*job);
}

Result<pb::Job> Engine::cancelJob(const std::string &id)
{
    auto job = m_sim->cancel(id);
    if (!job)
        return job.error();
    ingest(m_sim->takeOutputs());
    return toProto(*job);
}

pb::ListEventsResponse Engine::listEvents(const pb::ListEventsRequest &request) const
{
    pb::ListEventsResponse response;
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it) {
        if (it->timeMs < request.since_ms())
            break;
        if (request.open_only() && it->acknowledged)
            continue;
        *response.add_events() = toProto(*it);
        if (request.limit() > 0 && response.events_size() >= request.limit())
            break;
    }
    return response;
}

Result<pb::Event> Engine::ackEvent(std::uint64_t id, const std::string &by)
{
    for (Event &e : m_events) {
        if (e.id == id) {
            e.acknowledged = true;
            qCInfo(lcEngine) << "event" << id << "acknowledged by" << by.c_str();
            return toProto(e);
        }
    }
    return notFound("no event with id " + std::to_string(id));
}

pb::LogQueryResponse Engine::queryLogs(const pb::LogQueryRequest &request) const
{
    const std::size_t limit = request.limit() > 0 ? static_cast<std::size_t>(request.limit()) : kDefaultLogLimit;
    const std::int64_t end = request.end_ms() > 0 ? request.end_ms() : m_clock->nowMs();
    std::vector<const LogRecord *> hits;
    bool truncated = false;
    for (auto it = m_logs.rbegin(); it != m_logs.rend(); ++it) {
        if (it->timeMs > end)
            continue;
        if (it->timeMs < request.start_ms())
            break;
        if ((!request.node().empty() && it->node != request.node()) ||
            (!request.source().empty() && it->source != request.source()) ||
            (!request.contains().empty() && it->text.find(request.contains()) == std::string::npos))
            continue;
        if (hits.size() == limit) {
            truncated = true;
            break;
        }
        hits.push_back(&*it);
    }
    pb::LogQueryResponse response;
    for (auto it = hits.rbegin(); it != hits.rend(); ++it)
        *response.add_lines() = toProto(**it);
    response.set_truncated(truncated);
    return response;
}

pb::ConfigDocument Engine::config() const
{
    pb::ConfigDocument doc;
    doc.set_yaml(m_options.configYaml);
    doc.set_version(m_configVersion);
    return doc;
}

pb::ApplyConfigResponse Engine::applyConfig(const pb::ApplyConfigRequest &request)
{
    pb::ApplyConfigResponse response;
    response.set_version(m_configVersion);
    auto spec = parseClusterYaml(request.yaml());
    if (!spec) {
        *response.add_errors() = toConfigError(spec.error().message);
        return response;
    }
    if (auto runnable = checkRunnable(*spec, "cluster.yaml"); !runnable) {
        *response.add_errors() = toConfigError(runnable.error().message);
        return response;
    }
    if (request.dry_run())
        return response;
    // Build the new model completely before replacing the old one: nothing is half-applied.
    auto next = makeSimulation(*spec, m_clock->nowMs(), m_options.sim);
    m_sim = std::move(next);
    m_options.spec = *spec;
    m_options.configYaml = request.yaml();
    ++m_configVersion;
    Event e;
    e.timeMs = m_clock->nowMs();
    e.kind = "config.applied";
    e.message = "Configuration version " + std::to_string(m_configVersion) +
                " applied: " + std::to_string(m_sim->spec().nodes.size()) + " nodes, " +
                std::to_string(m_sim->spec().gpuCount()) + " GPUs";
    e.simulated = true;
    record(std::move(e));
    ingest(m_sim->takeOutputs());
    response.set_applied(true);
    response.set_version(m_configVersion);
    return response;
}

pb::SimulationStatus Engine::simulation() const
{
    pb::SimulationStatus s;
    s.set_simulated(true);
    s.set_virtual_time(m_options.virtualTime);
    s.set_seed(m_sim->seed());
    s.set_time_ms(m_sim->timeMs());
    s.set_active_faults(m_sim->activeFaultCount());
    return s;
}

Result<pb::Event> Engine::injectFault(const pb::InjectFaultRequest &request)
{
    std::optional<sim::FaultKind> kind;
    switch (request.kind()) {
    case pb::FAULT_KIND_GPU_OVERHEAT:
        kind = sim::FaultKind::GpuOverheat;
        break;
    case pb::FAULT_KIND_ECC_DOUBLE_BIT:
        kind = sim::FaultKind::EccDoubleBit;
        break;
    case pb::FAULT_KIND_XID_79:
        kind = sim::FaultKind::Xid79;
        break;
    case pb::FAULT_KIND_NVLINK_DOWN:
        kind = sim::FaultKind::NvlinkDown;
        break;
    case pb::FAULT_KIND_NODE_DOWN:
        kind = sim::FaultKind::NodeDown;
        break;
    case pb::FAULT_KIND_NIC_FLAP:
        kind = sim::FaultKind::NicFlap;
        break;
    default:
        return invalidArgument("unknown fault kind " + std::to_string(request.kind()));
    }
    auto event = m_sim->injectFault({*kind, request.node(), request.gpu(), request.duration_ms()});
    if (!event)
        return event.error();
    ingest(m_sim->takeOutputs());
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it)
        if (it->kind == "sim.fault")
            return toProto(*it);
    return toProto(*event);
}

Result<pb::SimulationStatus> Engine::advanceTime(std::int64_t milliseconds)
{
    if (!m_virtualClock)
        return failedPrecondition("the engine runs in real time; only a virtual-time engine can be advanced");
    if (milliseconds < 0)
        return invalidArgument("cannot advance time by a negative amount");
    m_virtualClock->advanceMs(milliseconds);
    tick();
    return simulation();
}

} // namespace sn
