#include "backend/remote/daemon/engine_service.h"

#include "backend/api/job_secrets.h"
#include "backend/api/reply.h"
#include "backend/remote/common/grpc_status.h"
#include "backend/remote/daemon/push_samples_reactor.h"
#include "backend/remote/daemon/refusal_tally.h"
#include "backend/remote/daemon/rpc_policies.h"
#include "backend/remote/daemon/stream_writer.h"

#include <QDateTime>

#include <algorithm>
#include <type_traits>

namespace sn::rpc {

namespace {

pb::Role toProtoRole(Role role)
{
    switch (role) {
    case Role::Viewer:
        return pb::ROLE_VIEWER;
    case Role::Operator:
        return pb::ROLE_OPERATOR;
    case Role::Admin:
        return pb::ROLE_ADMIN;
    }
    return pb::ROLE_UNSPECIFIED;
}

std::optional<StateWrite> storeJob(const pb::Job &job)
{
    return StateWrite(job);
}

std::optional<StateWrite> storeEvent(const pb::Event &event)
{
    return StateWrite(event);
}

void appendWrites(std::vector<StateWrite> &writes, std::optional<StateWrite> w)
{
    if (w)
        writes.push_back(std::move(*w));
}

void appendWrites(std::vector<StateWrite> &writes, std::vector<StateWrite> more)
{
    for (StateWrite &w : more)
        writes.push_back(std::move(w));
}

// The request as the audit log keeps it: a job's secret environment values are not written
// (backend/api/job_secrets.h), and a row is at most 512 bytes.
std::string auditText(const google::protobuf::Message &request)
{
    if (const auto *submit = dynamic_cast<const pb::SubmitJobRequest *>(&request)) {
        pb::SubmitJobRequest kept;
        *kept.mutable_spec() = withoutSecrets(submit->spec());
        return kept.ShortDebugString().substr(0, 512);
    }
    return request.ShortDebugString().substr(0, 512);
}

template <typename T> void assign(T *response, T value)
{
    *response = std::move(value);
}

// The name a change is recorded under (AckEvent.by, ResolveEvent.by, JobSpec.user): the caller's
// principal, whatever the request claims. An admin may name someone else, acting on their behalf;
// the audit row says who did.
std::string attributedTo(const Principal &who, const std::string &claimed)
{
    return who.role == Role::Admin && !claimed.empty() ? claimed : who.name;
}

} // namespace

EngineService::EngineService(EngineApi &engine, CallGate &gate, StateStore &state, ServiceMetrics &metrics,
                             QThread *deliveryThread, std::string epoch)
    : m_engine(engine), m_gate(gate), m_state(state), m_metrics(metrics), m_deliveryThread(deliveryThread),
      m_epoch(std::move(epoch))
{
}

std::optional<AuditRecord> EngineService::account(const Ctx &context, const RpcPolicy &policy, const Principal &who,
                                                  const google::protobuf::Message &request, const grpc::Status &outcome)
{
    m_metrics.countCall(policy.name, grpcCodeName(outcome.error_code()));
    if (!policy.mutating)
        return std::nullopt;
    AuditRecord r;
    r.timeMs = QDateTime::currentMSecsSinceEpoch();
    r.who = who.name.empty() ? "unauthenticated" : who.name;
    r.role = who.name.empty() ? "-" : roleName(who.role);
    r.peer = context.peer();
    r.rpc = policy.name;
    r.what = auditText(request);
    r.outcome = outcome.ok() ? "ok" : std::string(grpcCodeName(outcome.error_code())) + ": " + outcome.error_message();
    return r;
}

std::optional<AuditRecord> EngineService::accountRefusal(const Ctx &context, const RpcPolicy &policy,
                                                         const Principal &who, const google::protobuf::Message &request,
                                                         const grpc::Status &refused)
{
    auto record = account(context, policy, who, request, refused);
    if (!record)
        return record;
    const auto decision =
        m_refusals.note(peerHostOf(record->peer), record->who, policy.name, RefusalTally::Clock::now());
    if (!decision.record)
        return std::nullopt;
    if (decision.unrecorded > 0)
        record->outcome += " (and " + std::to_string(decision.unrecorded) +
                           " earlier refusals of this caller not recorded one by one)";
    return record;
}

void EngineService::flushRefusals()
{
    std::vector<StateWrite> rows;
    for (const RefusalTally::Unrecorded &u : m_refusals.flush()) {
        AuditRecord r;
        r.timeMs = QDateTime::currentMSecsSinceEpoch();
        r.who = u.who;
        r.role = "-";
        r.peer = u.peerHost;
        r.rpc = u.lastRpc;
        r.outcome = std::to_string(u.count) + " more refused calls of this caller, not recorded one by one";
        rows.emplace_back(std::move(r));
    }
    if (!rows.empty())
        m_state.commit(std::move(rows), {});
}

void EngineService::commitThenFinish(grpc::ServerUnaryReactor *reactor, std::vector<StateWrite> writes,
                                     grpc::Status status)
{
    if (writes.empty()) {
        reactor->Finish(status);
        return;
    }
    m_state.commit(std::move(writes), [reactor, status](const Status &committed) {
        if (committed.ok())
            reactor->Finish(status);
        else // not durable, so not acknowledged
            reactor->Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE,
                                         "the daemon could not store the change: " + committed.error().message));
    });
}

template <typename Request, typename Response, typename Call, typename Fill, typename Persist>
grpc::ServerUnaryReactor *EngineService::unary(Ctx *context, const RpcPolicy &policy, const Request &request,
                                               Response *response, Call call, Fill fill, Persist persist)
{
    grpc::ServerUnaryReactor *reactor = context->DefaultReactor();
    Principal who;
    if (grpc::Status denied = m_gate.admit(*context, policy, &who); !denied.ok()) {
        std::vector<StateWrite> writes;
        if (auto record = accountRefusal(*context, policy, who, request, denied))
            writes.emplace_back(std::move(*record));
        commitThenFinish(reactor, std::move(writes), denied);
        return reactor;
    }
    // A call that records who acts is given the principal (attributedTo).
    auto reply = [&] {
        if constexpr (std::is_invocable_v<Call, const Principal &>)
            return call(who);
        else
            return call();
    }();
    using Value = std::decay_t<decltype(reply.result().value())>;
    // Continues on the engine thread that fulfils the reply; Finish is thread-safe. The request
    // is copied for the audit record because gRPC may free it once the handler has returned.
    whenReady(reply, [this, context, reactor, response, fill, persist, policy, who,
                      requestCopy = request](Result<Value> result) mutable {
        grpc::Status status = grpc::Status::OK;
        std::vector<StateWrite> writes;
        if (result.ok()) {
            appendWrites(writes, persist(result.value()));
            fill(response, std::move(result).value());
        } else {
            status = toGrpcStatus(result.error());
        }
        if (auto record = account(*context, policy, who, requestCopy, status))
            writes.emplace_back(std::move(*record));
        commitThenFinish(reactor, std::move(writes), status);
    });
    return reactor;
}

template <typename Message, typename Request, typename Subscribe>
grpc::ServerWriteReactor<Message> *EngineService::stream(Ctx *context, const RpcPolicy &policy, const Request &request,
                                                         Subscribe subscribe)
{
    // The principal whose stream slot this stream holds, once admitted; given back when it ends.
    auto slot = std::make_shared<std::string>();
    auto *writer = new StreamWriter<Message>({m_streamQueue.messages, m_streamQueue.bytes}, [this, slot] {
        m_metrics.streamClosed();
        if (!slot->empty())
            m_gate.releaseStream(*slot);
    });
    m_metrics.streamOpened();
    Principal who;
    grpc::Status denied = m_gate.admit(*context, policy, &who);
    if (denied.ok() && (denied = m_gate.takeStream(who)).ok())
        *slot = who.name;
    if (!denied.ok()) {
        account(*context, policy, who, request, denied);
        writer->sink()->finish(denied);
        return writer;
    }
    account(*context, policy, who, request, grpc::Status::OK);
    // The subscription is made here, on the gRPC thread, so it is live before the client hears
    // the initial metadata: a call the client makes after that sees its effects streamed.
    QObject *subscription = subscribe(writer->sink());
    subscription->moveToThread(m_deliveryThread);
    writer->own(subscription);
    context->AddInitialMetadata("sn-epoch", m_epoch);
    writer->sendInitialMetadata();
    return writer;
}

grpc::ServerUnaryReactor *EngineService::GetCluster(Ctx *c, const pb::GetClusterRequest *q, pb::Cluster *r)
{
    return unary(
        c, kGetCluster, *q, r, [this] { return m_engine.getCluster(); }, assign<pb::Cluster>);
}

grpc::ServerUnaryReactor *EngineService::GetSummary(Ctx *c, const pb::GetSummaryRequest *q, pb::ClusterSummary *r)
{
    return unary(
        c, kGetSummary, *q, r, [this] { return m_engine.getSummary(); }, assign<pb::ClusterSummary>);
}

grpc::ServerWriteReactor<pb::SampleBatch> *EngineService::SubscribeTelemetry(Ctx *c,
                                                                             const pb::SubscribeTelemetryRequest *q)
{
    return stream<pb::SampleBatch>(c, kSubscribeTelemetry, *q, [this, q](auto sink) -> QObject * {
        TelemetryStream *s = m_engine.subscribeTelemetry(*q).release();
        QObject::connect(s, &TelemetryStream::batch, s, [sink](const pb::SampleBatch &b) { sink->push(b); });
        return s;
    });
}

grpc::ServerUnaryReactor *EngineService::QueryRange(Ctx *c, const pb::QueryRangeRequest *q, pb::QueryRangeResponse *r)
{
    return unary(
        c, kQueryRange, *q, r, [this, q] { return m_engine.queryRange(*q); }, assign<pb::QueryRangeResponse>);
}

grpc::ServerUnaryReactor *EngineService::SubmitJob(Ctx *c, const pb::SubmitJobRequest *q, pb::SubmitJobResponse *r)
{
    return unary(
        c, kSubmitJob, *q, r,
        [this, q](const Principal &who) {
            pb::JobSpec spec = q->spec();
            spec.set_user(attributedTo(who, spec.user()));
            return m_engine.submitJob(spec);
        },
        [](pb::SubmitJobResponse *out, pb::Job job) { *out->mutable_job() = std::move(job); }, storeJob);
}

grpc::ServerUnaryReactor *EngineService::ListJobs(Ctx *c, const pb::ListJobsRequest *q, pb::ListJobsResponse *r)
{
    return unary(
        c, kListJobs, *q, r, [this, q] { return m_engine.listJobs(*q); }, assign<pb::ListJobsResponse>);
}

grpc::ServerUnaryReactor *EngineService::GetJob(Ctx *c, const pb::GetJobRequest *q, pb::Job *r)
{
    return unary(
        c, kGetJob, *q, r, [this, q] { return m_engine.getJob(q->id()); }, assign<pb::Job>);
}

grpc::ServerUnaryReactor *EngineService::CancelJob(Ctx *c, const pb::CancelJobRequest *q, pb::CancelJobResponse *r)
{
    return unary(
        c, kCancelJob, *q, r, [this, q] { return m_engine.cancelJob(q->id()); },
        [](pb::CancelJobResponse *out, pb::Job job) { *out->mutable_job() = std::move(job); }, storeJob);
}

grpc::ServerUnaryReactor *EngineService::RequeueJob(Ctx *c, const pb::RequeueJobRequest *q,
                                                    pb::RequeueJobResponse *r)
{
    return unary(
        c, kRequeueJob, *q, r, [this, q] { return m_engine.requeueJob(q->id()); },
        [](pb::RequeueJobResponse *out, pb::Job job) { *out->mutable_job() = std::move(job); }, storeJob);
}

grpc::ServerUnaryReactor *EngineService::ListEvents(Ctx *c, const pb::ListEventsRequest *q, pb::ListEventsResponse *r)
{
    return unary(
        c, kListEvents, *q, r, [this, q] { return m_engine.listEvents(*q); }, assign<pb::ListEventsResponse>);
}

namespace {
// Joins the stored events after a resume point with the live ones, in id order, each once: live
// events that arrive while the backlog is being read wait until it has been sent.
struct EventResume {
    std::mutex mutex;
    bool backlogSent = false;
    std::uint64_t lastSent = 0;
    std::vector<pb::Event> held;
};
} // namespace

grpc::ServerWriteReactor<pb::Event> *EngineService::StreamEvents(Ctx *c, const pb::StreamEventsRequest *q)
{
    const bool resuming = !q->epoch().empty();
    const std::uint64_t after = q->epoch() == m_epoch ? q->after_id() : 0;
    return stream<pb::Event>(c, kStreamEvents, *q, [this, resuming, after](auto sink) -> QObject * {
        auto resume = std::make_shared<EventResume>();
        resume->lastSent = after;
        resume->backlogSent = !resuming;
        EventStream *s = m_engine.streamEvents().release();
        QObject::connect(s, &EventStream::event, s, [sink, resume](const pb::Event &e) {
            std::lock_guard lock(resume->mutex);
            if (!resume->backlogSent) {
                resume->held.push_back(e);
            } else if (e.id() > resume->lastSent) {
                resume->lastSent = e.id();
                sink->push(e);
            }
        });
        if (resuming)
            whenReady(m_engine.listEvents({}), [sink, resume](Result<pb::ListEventsResponse> stored) {
                std::lock_guard lock(resume->mutex);
                std::vector<pb::Event> backlog;
                if (stored.ok())
                    backlog.assign(stored->events().begin(), stored->events().end());
                backlog.insert(backlog.end(), resume->held.begin(), resume->held.end());
                std::sort(backlog.begin(), backlog.end(),
                          [](const pb::Event &a, const pb::Event &b) { return a.id() < b.id(); });
                for (const pb::Event &e : backlog)
                    if (e.id() > resume->lastSent) {
                        resume->lastSent = e.id();
                        sink->push(e);
                    }
                resume->held.clear();
                resume->backlogSent = true;
            });
        return s;
    });
}

grpc::ServerUnaryReactor *EngineService::AckEvent(Ctx *c, const pb::AckEventRequest *q, pb::AckEventResponse *r)
{
    return unary(
        c, kAckEvent, *q, r,
        [this, q](const Principal &who) { return m_engine.ackEvent(q->id(), attributedTo(who, q->by())); },
        [](pb::AckEventResponse *out, pb::Event e) { *out->mutable_event() = std::move(e); }, storeEvent);
}

grpc::ServerUnaryReactor *EngineService::QueryLogs(Ctx *c, const pb::LogQueryRequest *q, pb::LogQueryResponse *r)
{
    return unary(
        c, kQueryLogs, *q, r, [this, q] { return m_engine.queryLogs(*q); }, assign<pb::LogQueryResponse>);
}

grpc::ServerWriteReactor<pb::LogBatch> *EngineService::StreamLogs(Ctx *c, const pb::StreamLogsRequest *q)
{
    return stream<pb::LogBatch>(c, kStreamLogs, *q, [this, q](auto sink) -> QObject * {
        LogStream *s = m_engine.streamLogs(*q).release();
        QObject::connect(s, &LogStream::lines, s, [sink](const pb::LogBatch &b) { sink->push(b); });
        return s;
    });
}

grpc::ServerUnaryReactor *EngineService::GetConfig(Ctx *c, const pb::GetConfigRequest *q, pb::ConfigDocument *r)
{
    return unary(
        c, kGetConfig, *q, r, [this] { return m_engine.getConfig(); }, assign<pb::ConfigDocument>);
}

grpc::ServerUnaryReactor *EngineService::ApplyConfig(Ctx *c, const pb::ApplyConfigRequest *q,
                                                     pb::ApplyConfigResponse *r)
{
    return unary(
        c, kApplyConfig, *q, r, [this, q] { return m_engine.applyConfig(*q); }, assign<pb::ApplyConfigResponse>);
}

grpc::ServerUnaryReactor *EngineService::GetSimulation(Ctx *c, const pb::GetSimulationRequest *q,
                                                       pb::SimulationStatus *r)
{
    return unary(
        c, kGetSimulation, *q, r, [this] { return m_engine.getSimulation(); }, assign<pb::SimulationStatus>);
}

grpc::ServerUnaryReactor *EngineService::InjectFault(Ctx *c, const pb::InjectFaultRequest *q,
                                                     pb::InjectFaultResponse *r)
{
    return unary(
        c, kInjectFault, *q, r, [this, q] { return m_engine.injectFault(*q); },
        [](pb::InjectFaultResponse *out, pb::Event e) { *out->mutable_event() = std::move(e); }, storeEvent);
}

grpc::ServerUnaryReactor *EngineService::AdvanceTime(Ctx *c, const pb::AdvanceTimeRequest *q, pb::SimulationStatus *r)
{
    return unary(
        c, kAdvanceTime, *q, r, [this, q] { return m_engine.advanceTime(q->milliseconds()); },
        assign<pb::SimulationStatus>);
}

grpc::ServerUnaryReactor *EngineService::PlanJob(Ctx *c, const pb::PlanJobRequest *q, pb::PlanJobResponse *r)
{
    return unary(
        c, kPlanJob, *q, r, [this, q] { return m_engine.planJob(*q); }, assign<pb::PlanJobResponse>);
}

grpc::ServerUnaryReactor *EngineService::RenderJob(Ctx *c, const pb::RenderJobRequest *q, pb::RenderJobResponse *r)
{
    return unary(
        c, kRenderJob, *q, r, [this, q] { return m_engine.renderJob(q->spec()); }, assign<pb::RenderJobResponse>);
}

grpc::ServerReadReactor<pb::PushSamplesRequest> *EngineService::PushSamples(Ctx *c, pb::PushSamplesResponse *r)
{
    Principal who;
    grpc::Status denied = m_gate.admit(*c, kPushSamples, &who);
    if (denied.ok() && !m_ingress)
        denied = grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "this server takes no telemetry pushes");
    account(*c, kPushSamples, who, pb::PushSamplesRequest{}, denied);
    if (!denied.ok()) {
        // A reactor that refuses at once: nothing is read.
        struct Refused final : grpc::ServerReadReactor<pb::PushSamplesRequest> {
            explicit Refused(const grpc::Status &s) { Finish(s); }
            void OnDone() override { delete this; }
        };
        return new Refused(denied);
    }
    return new PushSamplesReactor(c, *m_ingress, r, m_actions);
}

grpc::ServerUnaryReactor *EngineService::ResolveEvent(Ctx *c, const pb::ResolveEventRequest *q,
                                                      pb::ResolveEventResponse *r)
{
    return unary(
        c, kResolveEvent, *q, r,
        [this, q](const Principal &who) { return m_engine.resolveEvent(q->id(), attributedTo(who, q->by())); },
        [](pb::ResolveEventResponse *out, pb::Event e) { *out->mutable_event() = std::move(e); }, storeEvent);
}

grpc::ServerUnaryReactor *EngineService::ListLogTemplates(Ctx *c, const pb::ListLogTemplatesRequest *q,
                                                          pb::ListLogTemplatesResponse *r)
{
    return unary(
        c, kListLogTemplates, *q, r, [this, q] { return m_engine.listLogTemplates(*q); },
        assign<pb::ListLogTemplatesResponse>);
}

grpc::ServerUnaryReactor *EngineService::RegisterNode(Ctx *c, const pb::RegisterNodeRequest *q,
                                                      pb::RegisterNodeResponse *r)
{
    return unary(
        c, kRegisterNode, *q, r,
        [this, q] {
            if (!m_ingress)
                return QtFuture::makeReadyFuture(
                    Result<LocalEngine::Registration>(failedPrecondition("this server takes no node registrations")));
            return m_ingress->registerNode(*q);
        },
        [](pb::RegisterNodeResponse *out, LocalEngine::Registration r) { *out = std::move(r.response); },
        // Stored before the agent hears the answer, as a job is: a registration answered is one a
        // restart still knows (supernode_daemon.cpp reads them back), each reconnect moving registered_ms.
        // Its event in the same commit, so the timeline a restart reads says what the nodes table does.
        [](const LocalEngine::Registration &r) {
            std::vector<StateWrite> writes{StateWrite(r.kept)};
            if (r.raised)
                writes.emplace_back(*r.raised);
            return writes;
        });
}

grpc::ServerUnaryReactor *EngineService::WhoAmI(Ctx *c, const pb::WhoAmIRequest *q, pb::WhoAmIResponse *r)
{
    // Answered from the call gate alone: the principal is the daemon's business, not the engine's.
    grpc::ServerUnaryReactor *reactor = c->DefaultReactor();
    Principal who;
    const grpc::Status admitted = m_gate.admit(*c, kWhoAmI, &who);
    if (admitted.ok()) {
        r->set_principal(who.name);
        r->set_role(toProtoRole(who.role));
        r->set_authenticated(m_gate.authenticates());
        r->set_version(SN_VERSION);
    }
    account(*c, kWhoAmI, who, *q, admitted);
    reactor->Finish(admitted);
    return reactor;
}

} // namespace sn::rpc
