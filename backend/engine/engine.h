#pragma once
// The engine proper: where the areas meet. It owns the simulated super node (or the collectors
// of a real cluster, polled on their own threads), the telemetry store, the event timeline and recent logs, and answers
// the contract's requests synchronously. It lives on one engine thread; LocalEngine posts work to it and RemoteEngine's
// server (backend/remote) will do the same.

#include "backend/anomaly/power_cap_audit.h"
#include "backend/anomaly/telemetry_watch.h"
#include "backend/anomaly/thermal_guard.h"
#include "backend/engine/job_backend_router.h"
#include "backend/engine/node_registry.h"
#include "backend/api/supernode.pb.h"
#include "backend/logs/log_service.h"
#include "backend/model/clock.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/log_record.h"
#include "backend/power/power_limit_setter.h"
#include "backend/model/result.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/telemetry/collectors/collector_poller.h"
#include "backend/telemetry/ingest/telemetry_ingest.h"
#include "backend/telemetry/store/time_series_store.h"

#include <QObject>

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sn {

class EngineJobs;

namespace pb = supernode::v1;

// One sample time's telemetry as the engine publishes it (Engine::telemetry).
using SharedSampleBatch = std::shared_ptr<const pb::SampleBatch>;

class Engine : public QObject {
    Q_OBJECT
public:
    struct Options {
        ClusterSpec spec;       // as read from cluster.yaml
        std::string configYaml; // its text, returned by getConfig(); written from spec if empty
        bool virtualTime = false;
        std::int64_t virtualStartMs = kVirtualEpochMs;
        sim::SimOptions sim;
        std::size_t maxLogLines = 200000;
        std::size_t maxLogBytes = std::size_t{128} << 20; // the kept lines' memory, whatever their count
        std::size_t maxEvents = 20000;
        // Builds the collectors of a real cluster (telemetry source other than the simulator).
        // Empty: the real sources of backend/engine/telemetry_sources.h. Tests put stand-ins here.
        std::function<Result<std::vector<std::unique_ptr<Collector>>>(const ClusterSpec &)> makeCollectors;
        // Builds the executor thermal protection uses on a real cluster (power_limit_setters.h
        // when empty). Tests put an nvidia-smi fixture behind it.
        std::function<Result<std::unique_ptr<PowerLimitSetter>>(const ClusterSpec &)> makePowerLimitSetter;
        // What a previous run left in the daemon's state directory (backend/remote/daemon/state_store.h):
        // jobs keep their ids (unfinished ones are requeued), events their ids, so ids never repeat.
        std::vector<pb::Job> restoredJobs;
        std::vector<pb::Event> restoredEvents;
        // How often the Slurm/Kubernetes backends' jobs and nodes are read (engine_backends.cpp).
        std::int64_t backendRefreshMs = 2000;
    };

    explicit Engine(Options options, QObject *parent = nullptr);
    ~Engine() override;

    const Clock &clock() const { return *m_clock; }
    bool virtualTime() const { return m_options.virtualTime; }

    // Run the model up to the clock's now and publish what it produced.
    void tick();
    // True when telemetry comes from the simulator; false for a real cluster's collectors.
    bool simulated() const { return m_sim != nullptr; }

    pb::Cluster cluster() const;
    pb::ClusterSummary summary() const;
    Result<pb::QueryRangeResponse> queryRange(const pb::QueryRangeRequest &request) const;
    const tsdb::TimeSeriesStore &telemetryStore() const { return m_telemetry->store(); }
    // Samples a node agent pushed (supernoded's PushSamples; engine_telemetry.cpp): stored and
    // sent to live subscribers, and the batch's log lines kept (once, however often it is sent).
    // Once this returns the store's WAL has the samples (the agent's ack).
    Result<PushedResult> ingestPushed(PushStreamTable &table, PushedBatch batch);
    // A node agent's hardware (supernoded's RegisterNode; engine_registration.cpp): merged into
    // cluster() from now on; a first registration or a changed one records an event. Any
    // registration re-opens thermal protection's question of how to cap the node's GPUs (its
    // agent may allow it now).
    Result<pb::RegisterNodeResponse> registerNode(const pb::RegisterNodeRequest &request);
    // A registration an earlier run of supernoded stored (its state.db): back in the registry
    // as it was, with no event, since the timeline has the one raised then. Refused, naming
    // the field, where registerNode would refuse it.
    Status restoreRegistration(const pb::RegisterNodeRequest &stored);
    // What the registry keeps for a node (ids named, registered_ms set), the record supernoded
    // stores; null when its agent never registered it.
    const pb::RegisterNodeRequest *registration(const std::string &node) const { return m_registry.find(node); }

    Result<pb::Job> submitJob(const pb::JobSpec &spec);
    pb::ListJobsResponse listJobs(const pb::ListJobsRequest &request) const;
    Result<pb::Job> getJob(const std::string &id) const;
    Result<pb::Job> cancelJob(const std::string &id);
    Result<pb::Job> requeueJob(const std::string &id);

    pb::ListEventsResponse listEvents(const pb::ListEventsRequest &request) const;
    Result<pb::Event> ackEvent(std::uint64_t id, const std::string &by);
    Result<pb::Event> resolveEvent(std::uint64_t id, const std::string &by);

    pb::LogQueryResponse queryLogs(const pb::LogQueryRequest &request) const;
    Result<pb::ListLogTemplatesResponse> listLogTemplates(const pb::ListLogTemplatesRequest &request);
    // Lines from an intake (files, journal, kernel, offline import) or an agent: mined, matched, kept.
    void ingestLogs(std::vector<LogRecord> lines);
    // The power-limit changes of thermal protection (newest last), applied or dry run.
    const std::deque<anomaly::PowerCapAuditRecord> &powerCapAudit() const { return m_thermalGuard->audit(); }

    pb::ConfigDocument config() const;
    pb::ApplyConfigResponse applyConfig(const pb::ApplyConfigRequest &request);

    pb::SimulationStatus simulation() const;
    Result<pb::Event> injectFault(const pb::InjectFaultRequest &request);
    Result<pb::SimulationStatus> advanceTime(std::int64_t milliseconds);

    // The planner on the cluster's GPU model and discovered topology (backend/engine/job_plan.h).
    Result<pb::PlanJobResponse> planJob(const pb::PlanJobRequest &request) const;

    // What the spec's backend would be sent for it, without submitting (engine_backends.cpp).
    Result<pb::RenderJobResponse> renderJob(const pb::JobSpec &spec) const;
    // The Slurm/Kubernetes backends cluster.yaml configures; null when none.
    JobBackendRouter *jobBackends() const { return m_backendRouter.get(); }

signals:
    // Shared and immutable: a queued connection copies the pointer, not the samples with their
    // label maps (a copy per subscriber was most of the daemon's CPU under 20 console streams).
    void telemetry(const sn::SharedSampleBatch &batch);
    void eventRaised(const supernode::v1::Event &event);
    void logLines(const supernode::v1::LogBatch &batch);

private:
    struct SourceState {
        pb::TelemetrySourceStatus status;
        bool reported = false; // an event was raised for the current failure
    };

    void ingest(sim::SimOutputs outputs);
    // engine_telemetry.cpp: what the telemetry service asks of the engine (the live streams'
    // batches, the watch, the clock).
    TelemetryIngest::Host telemetryIngestHost();
    void record(Event event);
    Result<std::vector<std::unique_ptr<Collector>>> makeCollectors(const ClusterSpec &spec) const;
    void startCollectors(std::vector<std::unique_ptr<Collector>> collectors);
    void recordTelemetryFailure(const std::string &message);
    void recordTelemetryStoreUnavailable(); // once, at start: m_telemetryStoreUnavailable says why
    void noteSeriesRefused();               // after each ingest: the store's series limit, an event an hour at most
    void onCollected(std::size_t index, Result<Collection> result);
    bool nodeReporting(const std::string &node) const;
    pb::ClusterSummary realSummary() const;
    Status requireSimulation(const char *what) const;
    // engine_anomaly.cpp: static rules, learned bands and thermal protection on the telemetry.
    void setUpAnomalyWatch();
    void watchSample(const MetricSample &sample);
    void applyWatchChange(const anomaly::WatchChange &change);
    // What thermal protection asks of the engine (its events, the jobs on GPUs, last readings).
    anomaly::ThermalGuard::Host thermalGuardHost();
    // The executor of thermal protection under the current configuration.
    anomaly::ThermalGuard::Executor powerLimitExecutor();
    // Writes an action (its summary and its own event's id) onto the events it answers.
    void noteActionTaken(const std::string &node, int gpu, std::int64_t timeMs, bool restore,
                         const std::string &summary, std::uint64_t actionEventId);
    Event *findEvent(std::uint64_t id);
    // engine_logs.cpp: what the log service asks of the engine.
    logs::LogService::Host logServiceHost();
    pb::Job withPlanInfo(pb::Job job) const;
    // engine_backends.cpp: jobs routed by JobSpec.backend (or jobBackends.default) to Slurm/Kubernetes.
    void setUpJobBackends();
    std::string backendOf(const pb::JobSpec &spec) const;
    bool routedToBackend(const pb::JobSpec &spec) const;
    Result<pb::Job> submitToBackend(const pb::JobSpec &spec);
    std::optional<pb::Job> backendJob(const std::string &id) const;
    void appendBackendJobs(const pb::ListJobsRequest &request, pb::ListJobsResponse &response) const;
    void addBackendNodes(pb::Cluster &cluster) const;

    Options m_options;
    std::unique_ptr<Clock> m_clock;
    VirtualClock *m_virtualClock = nullptr;
    std::unique_ptr<sim::SimulatedCluster> m_sim; // null when a real cluster's collectors feed the engine
    std::shared_ptr<EngineJobs> m_jobs;           // the scheduler placing m_sim's jobs; set with it
    std::unique_ptr<CollectorPoller> m_poller;
    std::vector<SourceState> m_sources;                                     // one per collector, in the poller's order
    std::map<std::pair<std::string, std::string>, GpuReading> m_latestReal; // (node, UUID) -> last reading
    // Samples into the store (where dataDir and retention of cluster.yaml say), the live streams
    // and the watch.
    std::unique_ptr<TelemetryIngest> m_telemetry;
    // Why the telemetry store named in cluster.yaml could not be opened; empty when it was (or
    // when none was named: a memory-only store by choice). Pushed samples are refused meanwhile.
    std::string m_telemetryStoreUnavailable;
    std::uint64_t m_seriesRefusedSeen = 0;            // the store's count when last looked at
    std::optional<std::int64_t> m_seriesLimitEventMs; // the last telemetry.series_limit event
    std::deque<Event> m_events;
    std::uint64_t m_nextEventId = 1;

    std::unique_ptr<anomaly::TelemetryWatch> m_watch;
    std::map<std::string, std::uint64_t> m_openAnomalies; // watch key -> event id
    // Thermal protection: its policy, executor, power ranges, changes in flight and audit.
    std::unique_ptr<anomaly::ThermalGuard> m_thermalGuard;
    // The log side: the pipeline every line goes through, the intake, the newest lines kept.
    std::unique_ptr<logs::LogService> m_logs;
    std::uint64_t m_configVersion = 1;
    // What the scheduler's JobSpec does not carry, kept by job id and put back on every answer:
    // the declared model and the planner's doubt about it at submit.
    struct PlanInfo {
        pb::DeclaredModel model;
        std::string warning;
    };
    std::map<std::string, PlanInfo> m_planInfo;
    NodeRegistry m_registry;                           // nodes whose agents registered their hardware
    std::unique_ptr<JobBackendRouter> m_backendRouter; // last: its thread stops first
};

} // namespace sn
