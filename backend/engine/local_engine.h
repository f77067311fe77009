#pragma once
// The engine in-process: an Engine on its own thread behind EngineApi. Each call is posted to
// the engine thread and answered through a QFuture; streams deliver queued signals to the
// subscriber's thread. In real time a timer on the engine thread runs the model; in virtual
// time nothing moves until advanceTime() is called, so tests are deterministic and fast.

#include "backend/engine/engine.h"
#include "backend/api/engine_api.h"

#include <QThread>

namespace sn {

class LocalEngine final : public EngineApi {
    Q_OBJECT
public:
    struct Options {
        Engine::Options engine;
        int tickIntervalMs = 200; // real time only; the GUI repaints at most ~10 times a second
    };

    explicit LocalEngine(Options options, QObject *parent = nullptr);
    ~LocalEngine() override;

    QString description() const override;

    Reply<pb::Cluster> getCluster() override;
    Reply<pb::ClusterSummary> getSummary() override;
    std::unique_ptr<TelemetryStream> subscribeTelemetry(const pb::SubscribeTelemetryRequest &request) override;
    Reply<pb::QueryRangeResponse> queryRange(const pb::QueryRangeRequest &request) override;
    Reply<pb::Job> submitJob(const pb::JobSpec &spec) override;
    Reply<pb::ListJobsResponse> listJobs(const pb::ListJobsRequest &request) override;
    Reply<pb::Job> getJob(const std::string &id) override;
    Reply<pb::Job> cancelJob(const std::string &id) override;
    Reply<pb::Job> requeueJob(const std::string &id) override;
    Reply<pb::ListEventsResponse> listEvents(const pb::ListEventsRequest &request) override;
    std::unique_ptr<EventStream> streamEvents() override;
    Reply<pb::Event> ackEvent(std::uint64_t id, const std::string &by) override;
    Reply<pb::Event> resolveEvent(std::uint64_t id, const std::string &by) override;
    Reply<pb::ListLogTemplatesResponse> listLogTemplates(const pb::ListLogTemplatesRequest &request) override;
    Reply<pb::LogQueryResponse> queryLogs(const pb::LogQueryRequest &request) override;
    std::unique_ptr<LogStream> streamLogs(const pb::StreamLogsRequest &request) override;
    Reply<pb::ConfigDocument> getConfig() override;
    Reply<pb::ApplyConfigResponse> applyConfig(const pb::ApplyConfigRequest &request) override;
    Reply<pb::SimulationStatus> getSimulation() override;
    Reply<pb::Event> injectFault(const pb::InjectFaultRequest &request) override;
    Reply<pb::SimulationStatus> advanceTime(std::int64_t milliseconds) override;
    Reply<pb::PlanJobResponse> planJob(const pb::PlanJobRequest &request) override;
    Reply<pb::RenderJobResponse> renderJob(const pb::JobSpec &spec) override;
    Reply<pb::WhoAmIResponse> whoAmI() override;

    // supernoded's telemetry ingress (PushSamples), not part of EngineApi: only a daemon takes
    // pushes. The table belongs to one push stream; its calls run in order on the engine thread.
    Reply<PushedResult> pushSamples(std::shared_ptr<PushStreamTable> table, PushedBatch batch);
    // supernoded's RegisterNode: a node agent's hardware (node_registry.h), answered with what
    // the registry now keeps for the node, which the daemon stores before it answers the agent.
    struct Registration {
        pb::RegisterNodeResponse response;
        pb::RegisterNodeRequest kept; // ids named, registered_ms set (Engine::registration)
        // The event it raised (first registration, hardware changed), stored with it: the event
        // journal writes it too, but after the answer, and a kill -9 in between lost it.
        std::optional<pb::Event> raised;
    };
    Reply<Registration> registerNode(const pb::RegisterNodeRequest &request);
    // supernoded's start: a registration its state store kept (Engine::restoreRegistration).
    Reply<Done> restoreRegistration(const pb::RegisterNodeRequest &stored);

private:
    template <typename T, typename F> Reply<T> post(F &&work);

    QThread m_thread;
    Engine *m_engine = nullptr; // lives on m_thread; deleted there
    bool m_virtualTime = false;
};

} // namespace sn
