#include "backend/engine/engine.h"

#include "backend/api/job_secrets.h"
#include "backend/api/job_spec_bounds.h"
#include "backend/api/proto_convert.h"
#include "backend/engine/engine_config.h"
#include "backend/engine/engine_jobs.h"
#include "backend/engine/job_plan.h"
#include "backend/engine/telemetry_sources.h"
#include "backend/model/ascii_text.h"
#include "backend/model/cluster_yaml.h"
#include "backend/telemetry/readings_to_samples.h"
#include "backend/telemetry/store/store_query.h"

#include <QLoggingCategory>

#include <algorithm>
#include <charconv>
#include <set>

Q_LOGGING_CATEGORY(lcEngine, "sn.engine")

namespace sn {

namespace {
// The simulated super node, its jobs placed by the scheduler (engine_jobs.cpp).
std::pair<std::unique_ptr<sim::SimulatedCluster>, std::shared_ptr<EngineJobs>>
makeSimulation(const ClusterSpec &spec, std::int64_t nowMs, const sim::SimOptions &options)
{
    return makeScheduledSimulation(spec, nowMs, options);
}

// "cluster.yaml:12:5: message" -> line 12, column 5, "message". Read by hand: the message may
// quote a document's text at any length, and std::regex matches by recursion, one frame a character.
pb::ConfigError toConfigError(const std::string &message)
{
    pb::ConfigError e;
    e.set_message(message);
    std::size_t at = message.find(':'); // the colon after the file name
    const auto number = [&](int &value) {
        const char *begin = message.data() + at + 1;
        const char *end = message.data() + message.size();
        if (begin == end || !isAsciiDigit(*begin))
            return false;
        const auto [next, error] = std::from_chars(begin, end, value);
        if (error != std::errc() || next == end || *next != ':')
            return false;
        at = static_cast<std::size_t>(next - message.data());
        return true;
    };
    int line = 0;
    int column = 0;
    if (at != std::string::npos && number(line) && number(column) && message.compare(at, 2, ": ") == 0) {
        e.set_line(line);
        e.set_column(column);
    }
    return e;
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
    const TelemetrySpec telemetry = m_options.spec.effectiveTelemetry();
    m_telemetry = std::make_unique<TelemetryIngest>(
        telemetryIngestHost(),
        TelemetryIngest::openStore(telemetry.dataDir, telemetry.retentionMs,
                                   static_cast<std::size_t>(telemetry.maxSeries), &m_telemetryStoreUnavailable));
    if (m_options.configYaml.empty())
        m_options.configYaml = writeClusterYaml(m_options.spec);
    for (const pb::Event &e : m_options.restoredEvents) {
        m_events.push_back(fromProto(e));
        m_nextEventId = std::max(m_nextEventId, e.id() + 1);
    }
    while (m_events.size() > m_options.maxEvents)
        m_events.pop_front();
    m_options.restoredEvents.clear();
    m_logs = std::make_unique<logs::LogService>(logServiceHost(), m_options.spec, m_options.maxLogLines,
                                                m_options.maxLogBytes);
    setUpAnomalyWatch();
    setUpJobBackends();
    if (!m_telemetryStoreUnavailable.empty())
        recordTelemetryStoreUnavailable();
    if (m_options.spec.effectiveTelemetry().source == TelemetrySource::Simulator) {
        std::tie(m_sim, m_jobs) = makeSimulation(m_options.spec, m_clock->nowMs(), m_options.sim);
        // Restored unfinished jobs come back pending; the scheduler adopts them at its next cycle.
        for (const pb::Job &job : m_options.restoredJobs)
            if (Status s = m_sim->restoreJob(fromProto(job)); !s)
                qCWarning(lcEngine).noquote() << QString::fromStdString(s.error().message);
        m_options.restoredJobs.clear();
        ingest(m_sim->takeOutputs());
        qCInfo(lcEngine) << "engine started:" << m_sim->spec().nodes.size() << "simulated nodes,"
                         << m_sim->spec().gpuCount() << "GPUs," << (m_options.virtualTime ? "virtual" : "real")
                         << "time";
    } else {
        auto collectors = makeCollectors(m_options.spec);
        if (!collectors)
            recordTelemetryFailure(collectors.error().message);
        else
            startCollectors(std::move(*collectors));
        qCInfo(lcEngine) << "engine started:" << m_options.spec.nodes.size() << "nodes, telemetry from"
                         << telemetrySourceName(m_options.spec.effectiveTelemetry().source);
    }
}

Engine::~Engine()
{
    // The collector threads deliver into this object: stop them before any member goes.
    if (m_poller)
        m_poller->stop();
    m_thermalGuard.reset(); // before the members its host reaches
    m_logs.reset();         // saves the templates, so that ids stay stable across restarts
}

void Engine::tick()
{
    m_logs->pollIntake();
    if (!m_sim)
        return; // the collectors' threads bring a real cluster's telemetry by themselves
    m_sim->advanceTo(m_clock->nowMs());
    ingest(m_sim->takeOutputs());
}

void Engine::ingest(sim::SimOutputs outputs)
{
    if (!outputs.gpuReadings.empty() || !outputs.nicReadings.empty()) {
        std::vector<MetricSample> samples;
        for (const GpuReading &r : outputs.gpuReadings)
            appendGpuSamples(r, samples);
        for (const NicReading &r : outputs.nicReadings)
            appendNicSamples(r, samples);
        m_telemetry->ingest(std::move(samples), true);
        noteSeriesRefused();
    }
    m_logs->keep(std::move(outputs.logs));
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

bool Engine::nodeReporting(const std::string &node) const
{
    const std::int64_t freshMs = 3 * m_options.spec.effectiveTelemetry().intervalMs;
    // Its agent pushes (PushSamples; m_latestReal holds only polled readings): that is the node
    // speaking for itself, so it counts even where a poller of its own fails (no dcgm-exporter
    // on a node that runs the agent instead).
    if (const auto pushed = m_telemetry->lastPushMs(node); pushed && m_clock->nowMs() - *pushed <= freshMs)
        return true;
    // A per-node source answers for its node; otherwise fresh readings from the node do.
    for (const SourceState &s : m_sources)
        if (s.status.node() == node)
            return s.status.ok();
    for (const auto &[key, reading] : m_latestReal)
        if (key.first == node && m_clock->nowMs() - reading.timeMs <= freshMs)
            return true;
    return false;
}

pb::Cluster Engine::cluster() const
{
    if (!m_sim) {
        pb::Cluster c = toProto(m_options.spec, false);
        std::set<std::string> down;
        for (pb::Node &node : *c.mutable_nodes()) {
            const bool up = nodeReporting(node.name());
            node.set_state(up ? pb::NODE_STATE_UP : pb::NODE_STATE_DOWN);
            if (!up)
                down.insert(node.name());
        }
        for (pb::Link &link : *c.mutable_links()) {
            const auto nodeOf = [](const std::string &id) { return id.substr(0, id.find('/')); };
            link.set_healthy(!down.contains(nodeOf(link.a())) && !down.contains(nodeOf(link.b())));
        }
        addBackendNodes(c);
        m_registry.applyTo(c, [this](const std::string &name) { return nodeReporting(name); });
        return c;
    }
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
    m_registry.applyTo(c, [this](const std::string &name) { return nodeReporting(name); });
    return c;
}

namespace {
// The GPU figures of a summary, from the latest reading of each GPU.
template <typename Readings> void addGpuAggregates(const Readings &readings, pb::ClusterSummary &s)
{
    double utilSum = 0, utilMax = 0, tempMax = 0, power = 0, memUsed = 0;
    int reporting = 0;
    for (const GpuReading &r : readings) {
        if (!r.has(GpuField::Utilization))
            continue;
        ++reporting;
        utilSum += r.get(GpuField::Utilization);
        utilMax = std::max(utilMax, r.get(GpuField::Utilization));
        tempMax = std::max(tempMax, r.get(GpuField::Temperature));
        power += r.get(GpuField::Power);
        memUsed += r.get(GpuField::FbUsed) * 1024.0 * 1024.0;
    }
    s.set_gpu_util_mean_percent(reporting ? utilSum / reporting : 0);
    s.set_gpu_util_max_percent(utilMax);
    s.set_gpu_temp_max_c(tempMax);
    s.set_power_draw_watts(power);
    s.set_gpu_memory_used_bytes(memUsed);
}
} // namespace

pb::ClusterSummary Engine::realSummary() const
{
    pb::ClusterSummary s;
    const ClusterSpec &spec = m_options.spec;
    s.set_cluster_name(spec.name);
    s.set_simulated(false);
    s.set_time_ms(m_clock->nowMs());
    s.set_telemetry_source(telemetrySourceName(spec.effectiveTelemetry().source));
    for (const SourceState &state : m_sources)
        *s.add_telemetry_sources() = state.status;
    s.set_nodes_total(static_cast<int>(spec.nodes.size()));
    int up = 0;
    for (const NodeSpec &node : spec.nodes)
        up += nodeReporting(node.name);
    s.set_nodes_up(up);

    std::vector<GpuReading> fresh;
    double memTotal = 0;
    int faulted = 0;
    for (const auto &[key, r] : m_latestReal) {
        if (!nodeReporting(key.first))
            continue;
        fresh.push_back(r);
        if (r.has(GpuField::FbUsed) && r.has(GpuField::FbFree))
            memTotal += (r.get(GpuField::FbUsed) + r.get(GpuField::FbFree)) * 1024.0 * 1024.0;
        // Fell off the bus (no utilization any more) or an uncorrectable memory error.
        faulted +=
            !r.has(GpuField::Utilization) || (r.has(GpuField::EccDbeVolatile) && r.get(GpuField::EccDbeVolatile) > 0);
    }
    s.set_gpus_total(std::max(spec.gpuCount(), static_cast<int>(m_latestReal.size())));
    s.set_gpus_faulted(faulted);
    addGpuAggregates(fresh, s);
    s.set_gpu_memory_total_bytes(memTotal);
    s.set_anomalies_open(static_cast<int>(std::count_if(m_events.begin(), m_events.end(), [](const Event &e) {
        return !e.acknowledged && e.severity >= Severity::Warning;
    })));
    return s;
}

pb::ClusterSummary Engine::summary() const
{
    if (!m_sim)
        return realSummary();
    pb::ClusterSummary s;
    const ClusterSpec &spec = m_sim->spec();
    s.set_telemetry_source(telemetrySourceName(TelemetrySource::Simulator));
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

    addGpuAggregates(m_sim->latestGpuReadings(), s);
    double memTotal = 0;
    for (const NodeSpec &node : spec.nodes)
        for (const GpuSpec &g : node.gpus)
            memTotal += static_cast<double>(g.memoryBytes);
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

// Reports integrate over a range: the store's window summaries (rollups) count every sample once.
static Result<pb::QueryRangeResponse> windowSummaries(const tsdb::TimeSeriesStore &store, const tsdb::RangeQuery &q)
{
    if (q.stepMs <= 0 || q.aggregation != tsdb::Aggregation::None)
        return invalidArgument("window_summaries needs step_ms and no aggregation");
    auto summaries = tsdb::summarize(store, q.matchers, q.startMs, q.endMs, q.stepMs);
    if (!summaries)
        return summaries.error();
    pb::QueryRangeResponse response;
    for (const tsdb::SeriesSummary &s : *summaries) {
        pb::Series &out = *response.add_series();
        out.set_metric(s.metric);
        for (const auto &[k, v] : s.labels)
            (*out.mutable_labels())[k] = v;
        for (const tsdb::WindowSummary &w : s.windows) {
            pb::WindowSummary &o = *out.add_windows();
            o.set_start_ms(w.startMs);
            o.set_min(w.min);
            o.set_max(w.max);
            o.set_sum(w.sum);
            o.set_count(w.count);
        }
    }
    return response;
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
    if (request.window_summaries())
        return windowSummaries(m_telemetry->store(), q);
    Result<std::vector<SeriesData>> series = tsdb::rangeQuery(m_telemetry->store(), q);
    if (!series)
        return series.error();
    pb::QueryRangeResponse response;
    for (const SeriesData &s : *series)
        toProto(s, *response.add_series());
    return response;
}

Result<pb::Job> Engine::submitJob(const pb::JobSpec &spec)
{
    if (auto bounded = checkJobSpecBounds(spec); !bounded)
        return bounded.error();
    if (routedToBackend(spec))
        return submitToBackend(spec);
    if (auto ok = requireSimulation("Submitting jobs"); !ok)
        return ok.error();
    // A job that declares its model is checked against the GPUs it asks for before it queues.
    auto check = checkDeclaredModel(spec, m_sim->spec());
    if (!check)
        return check.error();
    // The simulator runs nothing: it never needs a secret value, so it never holds one.
    auto job = m_jobs->submit(*m_sim, fromProto(withoutSecrets(spec)));
    if (!job)
        return job.error();
    ingest(m_sim->takeOutputs());
    if (spec.has_declared_model())
        m_planInfo[job->id] = {spec.declared_model(), check->warning};
    return withPlanInfo(toProto(*job));
}

pb::Job Engine::withPlanInfo(pb::Job job) const
{
    if (auto it = m_planInfo.find(job.id()); it != m_planInfo.end()) {
        *job.mutable_spec()->mutable_declared_model() = it->second.model;
        job.set_plan_warning(it->second.warning);
    }
    return job;
}

Result<pb::PlanJobResponse> Engine::planJob(const pb::PlanJobRequest &request) const
{
    if (auto bounded = checkPlanRequestBounds(request); !bounded)
        return bounded.error();
    return planJobOnCluster(request, m_sim ? m_sim->spec() : m_options.spec);
}

pb::ListJobsResponse Engine::listJobs(const pb::ListJobsRequest &request) const
{
    pb::ListJobsResponse response;
    if (!m_sim) { // a real cluster's jobs are its backends' (Slurm, Kubernetes)
        appendBackendJobs(request, response);
        return response;
    }
    const auto &jobs = m_sim->jobs();
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it) {
        if (request.states_size() > 0 &&
            std::find(request.states().begin(), request.states().end(), toProto(it->state)) == request.states().end())
            continue;
        *response.add_jobs() = withPlanInfo(toProto(m_jobs->annotated(*it)));
        if (request.limit() > 0 && response.jobs_size() >= request.limit())
            break;
    }
    appendBackendJobs(request, response); // one list, newest first
    return response;
}

Result<pb::Job> Engine::getJob(const std::string &id) const
{
    if (auto job = backendJob(id))
        return *job;
    const JobRecord *job = m_sim ? m_sim->findJob(id) : nullptr;
    if (!job)
        return notFound("no job with id '" + id + "'");
    return withPlanInfo(toProto(m_jobs->annotated(*job)));
}

Result<pb::Job> Engine::cancelJob(const std::string &id)
{
    if (backendJob(id))
        return m_backendRouter->cancel(id);
    if (auto ok = requireSimulation("Cancelling jobs"); !ok)
        return ok.error();
    auto job = m_jobs->cancel(*m_sim, id);
    if (!job)
        return job.error();
    ingest(m_sim->takeOutputs());
    return withPlanInfo(toProto(*job));
}

Result<pb::Job> Engine::requeueJob(const std::string &id)
{
    if (backendJob(id))
        return m_backendRouter->requeue(id);
    if (auto ok = requireSimulation("Requeueing jobs"); !ok)
        return ok.error();
    auto job = m_jobs->requeue(*m_sim, id);
    if (!job)
        return job.error();
    ingest(m_sim->takeOutputs());
    return withPlanInfo(toProto(*job));
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
    // Build the new model or collectors completely before replacing the old: nothing is
    // half-applied, and a configuration whose sources cannot be set up is refused whole.
    const bool simulate = spec->effectiveTelemetry().source == TelemetrySource::Simulator;
    std::unique_ptr<sim::SimulatedCluster> nextSim;
    std::shared_ptr<EngineJobs> nextJobs;
    std::vector<std::unique_ptr<Collector>> nextCollectors;
    if (simulate) {
        std::tie(nextSim, nextJobs) = makeSimulation(*spec, m_clock->nowMs(), m_options.sim);
    } else {
        auto collectors = makeCollectors(*spec);
        if (!collectors) {
            *response.add_errors() = toConfigError(collectors.error().message);
            return response;
        }
        nextCollectors = std::move(*collectors);
    }
    if (request.dry_run())
        return response;
    if (m_poller) {
        m_poller->stop();
        m_poller.reset();
    }
    m_sources.clear();
    m_latestReal.clear();
    m_sim = std::move(nextSim);
    m_jobs = std::move(nextJobs);
    m_options.spec = *spec;
    m_options.configYaml = request.yaml();
    m_logs->configure(m_options.spec);
    setUpAnomalyWatch();
    if (!simulate)
        startCollectors(std::move(nextCollectors));
    ++m_configVersion;
    const ClusterSpec &now = m_sim ? m_sim->spec() : m_options.spec;
    Event e;
    e.timeMs = m_clock->nowMs();
    e.kind = "config.applied";
    e.message = "Configuration version " + std::to_string(m_configVersion) +
                " applied: " + std::to_string(now.nodes.size()) + " nodes, " + std::to_string(now.gpuCount()) +
                " GPUs, telemetry from " + telemetrySourceName(now.effectiveTelemetry().source);
    e.simulated = simulate;
    record(std::move(e));
    if (m_sim)
        ingest(m_sim->takeOutputs());
    response.set_applied(true);
    response.set_version(m_configVersion);
    return response;
}

} // namespace sn
