#pragma once
// The engine proper: where the areas meet. It owns the simulated super node (or, later, the
// real collectors), the telemetry store, the event timeline and recent logs, and answers the
// contract's requests synchronously. It lives on one engine thread; LocalEngine posts work to
// it and RemoteEngine's server (backend/remote) will do the same.

#include "backend/api/supernode.pb.h"
#include "backend/model/clock.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/log_record.h"
#include "backend/model/result.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/telemetry/store/time_series_store.h"

#include <QObject>

#include <deque>
#include <memory>
#include <string>

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
        // Telemetry store: empty keeps it in memory only; a directory makes it persistent
        // (WAL and blocks there, reloaded on the next start).
        std::string telemetryDataDir;
        std::int64_t telemetryRetentionMs = 24LL * 3600 * 1000;
    };

    explicit Engine(Options options, QObject *parent = nullptr);
    ~Engine() override;

    const Clock &clock() const { return *m_clock; }
    bool virtualTime() const { return m_options.virtualTime; }

    // Run the model up to the clock's now and publish what it produced.
    void tick();

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
    void ingest(sim::SimOutputs outputs);
    void record(Event event);

    Options m_options;
    std::unique_ptr<Clock> m_clock;
    VirtualClock *m_virtualClock = nullptr;
    std::unique_ptr<sim::SimulatedCluster> m_sim;
    std::unique_ptr<tsdb::TimeSeriesStore> m_store;
    std::deque<Event> m_events;
    std::deque<LogRecord> m_logs;
    std::uint64_t m_nextEventId = 1;
    std::uint64_t m_configVersion = 1;
};

} // namespace sn
