#pragma once
// supernode.v1.Engine over gRPC's callback API, serving any EngineApi (the daemon's LocalEngine).
// Each rpc is one row of policy (least role, audited or not) and one line that names the
// EngineApi call; unary() and stream() do the rest: authentication, role, rate limit, the
// engine call, status conversion (grpc_status.h), audit. Replies are completed from the engine's
// thread; nothing here blocks a gRPC thread.

#include "backend/api/engine_api.h"
#include "backend/api/supernode.grpc.pb.h"
#include "backend/engine/local_engine.h"
#include "backend/remote/daemon/agent_action_board.h"
#include "backend/remote/daemon/call_gate.h"
#include "backend/remote/daemon/refusal_tally.h"
#include "backend/remote/daemon/service_metrics.h"
#include "backend/remote/daemon/state_store.h"

#include <QThread>

namespace sn::rpc {

class EngineService final : public supernode::v1::Engine::CallbackService {
public:
    // Stream subscriptions live on deliveryThread (it must run an event loop). Mutating calls are
    // answered once their changes and audit record are committed to state.
    // epoch: names this run of the engine in every stream's initial metadata ("sn-epoch"), so
    // that a resuming client knows whether its event ids still mean the same events.
    EngineService(EngineApi &engine, CallGate &gate, StateStore &state, ServiceMetrics &metrics,
                  QThread *deliveryThread, std::string epoch);

    using Ctx = grpc::CallbackServerContext;
    grpc::ServerUnaryReactor *GetCluster(Ctx *, const pb::GetClusterRequest *, pb::Cluster *) override;
    grpc::ServerUnaryReactor *GetSummary(Ctx *, const pb::GetSummaryRequest *, pb::ClusterSummary *) override;
    grpc::ServerWriteReactor<pb::SampleBatch> *SubscribeTelemetry(Ctx *,
                                                                  const pb::SubscribeTelemetryRequest *) override;
    grpc::ServerUnaryReactor *QueryRange(Ctx *, const pb::QueryRangeRequest *, pb::QueryRangeResponse *) override;
    grpc::ServerUnaryReactor *SubmitJob(Ctx *, const pb::SubmitJobRequest *, pb::SubmitJobResponse *) override;
    grpc::ServerUnaryReactor *ListJobs(Ctx *, const pb::ListJobsRequest *, pb::ListJobsResponse *) override;
    grpc::ServerUnaryReactor *GetJob(Ctx *, const pb::GetJobRequest *, pb::Job *) override;
    grpc::ServerUnaryReactor *CancelJob(Ctx *, const pb::CancelJobRequest *, pb::CancelJobResponse *) override;
    grpc::ServerUnaryReactor *RequeueJob(Ctx *, const pb::RequeueJobRequest *, pb::RequeueJobResponse *) override;
    grpc::ServerUnaryReactor *ListEvents(Ctx *, const pb::ListEventsRequest *, pb::ListEventsResponse *) override;
    grpc::ServerWriteReactor<pb::Event> *StreamEvents(Ctx *, const pb::StreamEventsRequest *) override;
    grpc::ServerUnaryReactor *AckEvent(Ctx *, const pb::AckEventRequest *, pb::AckEventResponse *) override;
    grpc::ServerUnaryReactor *QueryLogs(Ctx *, const pb::LogQueryRequest *, pb::LogQueryResponse *) override;
    grpc::ServerWriteReactor<pb::LogBatch> *StreamLogs(Ctx *, const pb::StreamLogsRequest *) override;
    grpc::ServerUnaryReactor *GetConfig(Ctx *, const pb::GetConfigRequest *, pb::ConfigDocument *) override;
    grpc::ServerUnaryReactor *ApplyConfig(Ctx *, const pb::ApplyConfigRequest *, pb::ApplyConfigResponse *) override;
    grpc::ServerUnaryReactor *GetSimulation(Ctx *, const pb::GetSimulationRequest *, pb::SimulationStatus *) override;
    grpc::ServerUnaryReactor *InjectFault(Ctx *, const pb::InjectFaultRequest *, pb::InjectFaultResponse *) override;
    grpc::ServerUnaryReactor *AdvanceTime(Ctx *, const pb::AdvanceTimeRequest *, pb::SimulationStatus *) override;
    grpc::ServerUnaryReactor *PlanJob(Ctx *, const pb::PlanJobRequest *, pb::PlanJobResponse *) override;
    grpc::ServerUnaryReactor *RenderJob(Ctx *, const pb::RenderJobRequest *, pb::RenderJobResponse *) override;
    grpc::ServerUnaryReactor *ResolveEvent(Ctx *, const pb::ResolveEventRequest *, pb::ResolveEventResponse *) override;
    grpc::ServerUnaryReactor *ListLogTemplates(Ctx *, const pb::ListLogTemplatesRequest *,
                                               pb::ListLogTemplatesResponse *) override;
    grpc::ServerReadReactor<pb::PushSamplesRequest> *PushSamples(Ctx *, pb::PushSamplesResponse *) override;
    grpc::ServerUnaryReactor *RegisterNode(Ctx *, const pb::RegisterNodeRequest *, pb::RegisterNodeResponse *) override;
    grpc::ServerUnaryReactor *WhoAmI(Ctx *, const pb::WhoAmIRequest *, pb::WhoAmIResponse *) override;

    // Where PushSamples and RegisterNode write (the daemon's engine); without one they are
    // UNIMPLEMENTED. With an action board, push streams carry actions to their agents.
    // Each server stream's queue for a reader slower than the stream (stream_writer.h).
    struct StreamQueue {
        std::size_t messages = 1024; // at 1 batch/s, minutes of slack for a stalled reader
        std::size_t bytes = 32u << 20;
    };
    void setStreamQueue(StreamQueue queue) { m_streamQueue = queue; }

    // Writes one audit row per caller whose refusals were counted but not recorded one by one
    // (refusal_tally.h). The daemon calls it every window and when it stops.
    void flushRefusals();

    void setIngress(LocalEngine *engine, AgentActionBoard *actions = nullptr)
    {
        m_ingress = engine;
        m_actions = actions;
    }

private:
    // call(): the engine's Reply<T>; fill(response, T): the reply message from the engine's value;
    // persist(T): what to store of it (a job, an event) before answering, or nothing.
    template <typename Request, typename Response, typename Call, typename Fill, typename Persist>
    grpc::ServerUnaryReactor *unary(Ctx *context, const RpcPolicy &policy, const Request &request, Response *response,
                                    Call call, Fill fill, Persist persist);
    template <typename Request, typename Response, typename Call, typename Fill>
    grpc::ServerUnaryReactor *unary(Ctx *context, const RpcPolicy &policy, const Request &request, Response *response,
                                    Call call, Fill fill)
    {
        return unary(context, policy, request, response, call, fill, [](const auto &) { return std::nullopt; });
    }
    // subscribe(sink): the engine-side subscription (a QObject) that pushes into the sink.
    template <typename Message, typename Request, typename Subscribe>
    grpc::ServerWriteReactor<Message> *stream(Ctx *context, const RpcPolicy &policy, const Request &request,
                                              Subscribe subscribe);
    // Counts the call; for a mutating one, the audit record to commit with it.
    std::optional<AuditRecord> account(const Ctx &context, const RpcPolicy &policy, const Principal &who,
                                       const google::protobuf::Message &request, const grpc::Status &outcome);
    // As account(), for a call the gate refused: the audit record only for the caller's first
    // refusal in a window (refusal_tally.h), carrying the count of those not recorded since.
    std::optional<AuditRecord> accountRefusal(const Ctx &context, const RpcPolicy &policy, const Principal &who,
                                              const google::protobuf::Message &request, const grpc::Status &refused);
    // Commits writes (and the audit record), then finishes the call; a failed commit fails it.
    void commitThenFinish(grpc::ServerUnaryReactor *reactor, std::vector<StateWrite> writes, grpc::Status status);

    EngineApi &m_engine;
    CallGate &m_gate;
    StateStore &m_state;
    ServiceMetrics &m_metrics;
    QThread *m_deliveryThread;
    std::string m_epoch;
    LocalEngine *m_ingress = nullptr;
    AgentActionBoard *m_actions = nullptr;
    RefusalTally m_refusals;
    StreamQueue m_streamQueue;
};

} // namespace sn::rpc
