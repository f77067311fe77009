#pragma once
// RemoteEngine: EngineApi over gRPC to a supernoded (docs/remote.md). Like LocalEngine it never
// blocks the caller: every call returns a QFuture fulfilled from gRPC's threads, and streams emit
// queued signals on the thread that subscribed.
//
// Ordering: a stream opened before a call sees that call's effects, as with LocalEngine. Until the
// daemon confirms a new subscription (initial metadata, sent once it is live), later calls wait
// in a queue instead of overtaking it.
//
// Disconnects: a failed call reports Unavailable; streams reconnect by themselves with
// exponential backoff, the event stream from the last event id it delivered (no duplicates, no
// gaps). connectionChanged() tells the UI.

#include "backend/api/engine_api.h"

#include <memory>
#include <string>

namespace sn::rpc {

struct RemoteShared;

class RemoteEngine final : public EngineApi {
    Q_OBJECT
public:
    struct Options {
        std::string host;
        std::uint16_t port = 7443;
        bool tls = true;
        std::string caPem;                       // the CA that signed the daemon's certificate; empty: system roots
        std::string clientCertPem, clientKeyPem; // mutual TLS
        std::string token;                       // bearer token; empty: none
        // The name the daemon's certificate must carry; empty: host. Through an SSH tunnel the
        // host is 127.0.0.1 while the certificate may name only the head node.
        std::string serverName;
        std::string description;   // description(); empty: "grpcs://host:port"
        int callTimeoutMs = 30000; // the deadline of every unary call
        int reconnectMinMs = 100;  // the first wait before connecting again, doubled up to...
        int reconnectMaxMs = 10000; // ...this
        // How long one connection attempt (TCP, the TLS handshake, HTTP/2's first SETTINGS) may
        // take before gRPC gives it up. gRPC takes it from GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, which
        // was set to reconnectMinMs (100 ms): a handshake slower than that under load failed
        // the call at once ("connection attempt timed out before receiving SETTINGS frame").
        int connectTimeoutMs = 20000;
    };

    explicit RemoteEngine(Options options, QObject *parent = nullptr);
    ~RemoteEngine() override;

    QString description() const override; // "grpcs://head:7443"

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
    Reply<pb::PlanJobResponse> planJob(const pb::PlanJobRequest &request) override;
    Reply<pb::RenderJobResponse> renderJob(const pb::JobSpec &spec) override;
    Reply<pb::WhoAmIResponse> whoAmI() override;
    Reply<pb::Event> injectFault(const pb::InjectFaultRequest &request) override;
    Reply<pb::SimulationStatus> advanceTime(std::int64_t milliseconds) override;

private:
    template <typename T, typename Request, typename Response, typename Start, typename Extract>
    Reply<T> call(const Request &request, Start start, Extract extract);

    std::shared_ptr<RemoteShared> m_shared;
    QString m_description;
};

} // namespace sn::rpc
