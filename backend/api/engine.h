#pragma once
// The engine proper: where the areas meet. It owns the simulated super node (or the collectors
// of a real cluster, polled on their own threads), the telemetry store, the event timeline and recent logs, and answers
// the contract's requests synchronously. It lives on one engine thread; LocalEngine posts work to it and RemoteEngine's
// server (backend/remote) will do the same.

#include "backend/api/supernode.pb.h"
#include "backend/model/clock.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/log_record.h"
#include "backend/model/result.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/telemetry/collectors/collector_poller.h"
#include "backend/telemetry/store/time_series_store.h"

#include <QObject>

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sn {

namespace pb = supernode::v1;

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
        std::size_t maxEvents = 20000;
        // Builds the collectors of a real cluster (telemetry source other than the simulator).
        // Empty: the real sources of backend/api/telemetry_sources.h. Tests put stand-ins here.
        std::function<Result<std::vector<std::unique_ptr<Collector>>>(const ClusterSpec &)> makeCollectors;
        // What a previous run left in the daemon's state directory (backend/remote/grpc/state_store.h):
        // jobs keep their ids (unfinished ones are requeued), events their ids, so ids never repeat.
        std::vector<pb::Job> restoredJobs;
        std::vector<pb::Event> restoredEvents;
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
    const tsdb::TimeSeriesStore &telemetryStore() const { return *m_store; }

    Result<pb::Job> submitJob(const pb::JobSpec &spec);
    pb::ListJobsResponse listJobs(const pb::ListJobsRequest &request) const;
    Result<pb::Job> getJob(const std::string &id) const;
    Result<pb::Job> cancelJob(const std::string &id);

    pb::ListEventsResponse listEvents(const pb::ListEventsRequest &request) const;
    Result<pb::Event> ackEvent(std::uint64_t id, const std::string &by);

    pb::LogQueryResponse queryLogs(const pb::LogQueryRequest &request) const;

    pb::ConfigDocument config() const;
    pb::ApplyConfigResponse applyConfig(const pb::ApplyConfigRequest &request);

    pb::SimulationStatus simulation() const;
    Result<pb::Event> injectFault(const pb::InjectFaultRequest &request);
    Result<pb::SimulationStatus> advanceTime(std::int64_t milliseconds);

signals:
    void telemetry(const supernode::v1::SampleBatch &batch);
    void eventRaised(const supernode::v1::Event &event);
    void logLines(const supernode::v1::LogBatch &batch);

private:
    struct SourceState {
        pb::TelemetrySourceStatus status;
        bool reported = false; // an event was raised for the current failure
    };

    void ingest(sim::SimOutputs outputs);
    void ingestSamples(std::vector<MetricSample> samples, bool simulated);
    void record(Event event);
    Result<std::vector<std::unique_ptr<Collector>>> makeCollectors(const ClusterSpec &spec) const;
    void startCollectors(std::vector<std::unique_ptr<Collector>> collectors);
    void recordTelemetryFailure(const std::string &message);
    void onCollected(std::size_t index, Result<Collection> result);
    bool nodeReporting(const std::string &node) const;
    pb::ClusterSummary realSummary() const;
    Status requireSimulation(const char *what) const;

    Options m_options;
    std::unique_ptr<Clock> m_clock;
    VirtualClock *m_virtualClock = nullptr;
    std::unique_ptr<sim::SimulatedCluster> m_sim; // null when a real cluster's collectors feed the engine
    std::unique_ptr<CollectorPoller> m_poller;
    std::vector<SourceState> m_sources;                                     // one per collector, in the poller's order
    std::map<std::pair<std::string, std::string>, GpuReading> m_latestReal; // (node, UUID) -> last reading
    std::unique_ptr<tsdb::TimeSeriesStore> m_store; // where dataDir and retention of cluster.yaml say
    std::deque<Event> m_events;
    std::deque<LogRecord> m_logs;
    std::uint64_t m_nextEventId = 1;
    std::uint64_t m_configVersion = 1;
};

} // namespace sn
