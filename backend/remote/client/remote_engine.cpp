#include "backend/remote/client/remote_engine.h"

#include "backend/api/reply.h"
#include "backend/api/supernode.grpc.pb.h"
#include "backend/model/host_port.h"
#include "backend/remote/common/grpc_status.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <QTimer>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>

namespace sn::rpc {

// The generated stub names its callback interface "async", hidden by its accessor of the same name.
using Async = std::remove_pointer_t<decltype(std::declval<pb::Engine::Stub &>().async())>;

// What calls and streams share with the engine object, and outlive it with: the stub, the
// ordering gate and the connection state. The engine pointer is cleared (under the mutex) when
// it is destroyed, so late callbacks signal nobody.
struct RemoteShared {
    RemoteEngine::Options options;
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<pb::Engine::Stub> stub;
    std::mutex mutex;
    // Closing: ~RemoteEngine cancels what is in flight and waits until every call and stream
    // reader is gone, so that the channel is released on the engine's thread. (A channel whose
    // last reference went away on one of gRPC's callback threads corrupted the heap.)
    bool closing = false;
    int inFlight = 0;
    std::condition_variable idle;
    std::set<grpc::ClientContext *> calls;               // unary calls in flight
    std::vector<std::function<void()>> streamCancellers; // one per stream opened

    // Registers an operation unless closing; its context (if given) can then be cancelled.
    bool enter(grpc::ClientContext *call)
    {
        std::lock_guard lock(mutex);
        if (closing)
            return false;
        ++inFlight;
        if (call)
            calls.insert(call);
        return true;
    }
    void leave()
    {
        std::lock_guard lock(mutex);
        if (--inFlight == 0)
            idle.notify_all();
    }
    RemoteEngine *engine = nullptr;
    int unconfirmedStreams = 0;
    std::deque<std::function<void()>> deferred; // calls waiting for streams to be confirmed
    bool connected = true;

    void prepare(grpc::ClientContext &context, bool deadline) const
    {
        if (deadline)
            context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(options.callTimeoutMs));
        if (!options.token.empty())
            context.AddMetadata("authorization", "Bearer " + options.token);
    }

    void dispatch(std::function<void()> start)
    {
        {
            std::lock_guard lock(mutex);
            if (unconfirmedStreams > 0) {
                deferred.push_back(std::move(start));
                return;
            }
        }
        start();
    }
    void streamConfirmed()
    {
        std::deque<std::function<void()>> ready;
        {
            std::lock_guard lock(mutex);
            if (--unconfirmedStreams > 0)
                return;
            ready.swap(deferred);
        }
        for (auto &start : ready)
            start();
    }

    void noteOutcome(const grpc::Status &status)
    {
        const auto code = status.error_code();
        const bool down = code == grpc::StatusCode::UNAVAILABLE || code == grpc::StatusCode::DEADLINE_EXCEEDED;
        if (!status.ok() && !down)
            return; // the daemon answered: it is there
        std::lock_guard lock(mutex);
        if (connected == !down || !engine)
            return;
        connected = !down;
        const QString detail = down ? QString::fromStdString(status.error_message()) : QString();
        RemoteEngine *target = engine;
        QMetaObject::invokeMethod(
            engine, [target, up = !down, detail] { emit target->connectionChanged(up, detail); }, Qt::QueuedConnection);
    }
};

namespace {

// Declared before an operation's ClientContext, so it leaves after the context is destroyed.
struct InFlightGuard {
    std::shared_ptr<RemoteShared> shared;
    bool entered = false;
    ~InFlightGuard()
    {
        if (entered)
            shared->leave();
    }
};

// One live subscription as the subscriber sees it: the QObject it holds (null once destroyed),
// the reader now in flight, and what a reconnect resumes from.
template <typename Message, typename Request> struct StreamControl {
    std::shared_ptr<RemoteShared> shared;
    std::function<void(grpc::ClientContext *, const Request *, grpc::ClientReadReactor<Message> *)> startRpc;
    std::function<void(QObject *, const Message &)> emitMessage;
    std::function<void(Request &, const Message &)> advanceResume;     // may be empty
    std::function<void(Request &, const std::string &epoch)> newEpoch; // may be empty
    std::mutex mutex;
    QObject *target = nullptr;
    grpc::ClientContext *current = nullptr;
    Request request;
    int backoffMs = 0;
};

template <typename Message, typename Request>
void startReader(const std::shared_ptr<StreamControl<Message, Request>> &control, bool gate);

template <typename Message, typename Request> class StreamReader final : public grpc::ClientReadReactor<Message> {
public:
    // The caller has entered the operation (RemoteShared::enter) for this reader.
    StreamReader(std::shared_ptr<StreamControl<Message, Request>> control, bool gate)
        : m_guard{control->shared, true}, m_control(std::move(control)), m_gate(gate)
    {
    }
    void start()
    {
        {
            std::lock_guard lock(m_control->mutex);
            m_request = m_control->request;
            m_control->current = &m_context;
        }
        m_control->shared->prepare(m_context, false);
        m_control->startRpc(&m_context, &m_request, this);
        this->StartRead(&m_message);
        this->StartCall();
    }
    void OnReadInitialMetadataDone(bool ok) override
    {
        if (ok && m_control->newEpoch) {
            const auto &metadata = m_context.GetServerInitialMetadata();
            if (const auto e = metadata.find("sn-epoch"); e != metadata.end()) {
                std::lock_guard lock(m_control->mutex);
                m_control->newEpoch(m_control->request, std::string(e->second.data(), e->second.size()));
            }
        }
        ungate();
    }
    void OnReadDone(bool ok) override
    {
        if (!ok)
            return; // OnDone follows
        {
            std::lock_guard lock(m_control->mutex);
            m_control->backoffMs = 0;
            if (m_control->advanceResume)
                m_control->advanceResume(m_control->request, m_message);
            if (QObject *target = m_control->target)
                QMetaObject::invokeMethod(
                    target, [fire = m_control->emitMessage, target, m = m_message] { fire(target, m); },
                    Qt::QueuedConnection);
        }
        this->StartRead(&m_message);
    }
    void OnDone(const grpc::Status &status) override
    {
        ungate();
        m_control->shared->noteOutcome(status);
        scheduleReconnect(status);
        delete this;
    }

private:
    void ungate()
    {
        if (m_gate) {
            m_gate = false;
            m_control->shared->streamConfirmed();
        }
    }
    void scheduleReconnect(const grpc::Status &status)
    {
        std::lock_guard lock(m_control->mutex);
        m_control->current = nullptr;
        QObject *target = m_control->target;
        const auto code = status.error_code();
        // A refusal is final; anything else (daemon gone, restarted, shutting down, stream
        // overrun) is retried until the subscriber lets go.
        if (!target || code == grpc::StatusCode::PERMISSION_DENIED || code == grpc::StatusCode::UNAUTHENTICATED ||
            code == grpc::StatusCode::INVALID_ARGUMENT || code == grpc::StatusCode::UNIMPLEMENTED)
            return;
        const RemoteEngine::Options &o = m_control->shared->options;
        m_control->backoffMs = std::clamp(m_control->backoffMs * 2, o.reconnectMinMs, o.reconnectMaxMs);
        QMetaObject::invokeMethod(
            target,
            [control = m_control, target, delay = m_control->backoffMs] {
                QTimer::singleShot(delay, target, [control] { startReader(control, false); });
            },
            Qt::QueuedConnection);
    }

    InFlightGuard m_guard; // first: destroyed last
    std::shared_ptr<StreamControl<Message, Request>> m_control;
    bool m_gate;
    grpc::ClientContext m_context;
    Request m_request;
    Message m_message;
};

template <typename Message, typename Request>
void startReader(const std::shared_ptr<StreamControl<Message, Request>> &control, bool gate)
{
    {
        std::lock_guard lock(control->mutex);
        if (!control->target)
            return;
    }
    if (!control->shared->enter(nullptr)) {
        if (gate)
            control->shared->streamConfirmed();
        return;
    }
    (new StreamReader<Message, Request>(control, gate))->start();
}

// The stream object handed to the subscriber; destroying it cancels the subscription.
template <typename Base, typename Message, typename Request> class RemoteStream final : public Base {
public:
    explicit RemoteStream(std::shared_ptr<StreamControl<Message, Request>> control) : m_control(std::move(control))
    {
        m_control->target = this;
    }
    ~RemoteStream() override
    {
        std::lock_guard lock(m_control->mutex);
        m_control->target = nullptr;
        if (m_control->current)
            m_control->current->TryCancel();
    }

private:
    std::shared_ptr<StreamControl<Message, Request>> m_control;
};

template <typename Base, typename Message, typename Request, typename StartRpc, typename Emit>
std::unique_ptr<Base> openStream(const std::shared_ptr<RemoteShared> &shared, const Request &request, StartRpc startRpc,
                                 Emit emitMessage, std::function<void(Request &, const Message &)> advanceResume = {},
                                 std::function<void(Request &, const std::string &)> newEpoch = {})
{
    auto control = std::make_shared<StreamControl<Message, Request>>();
    control->shared = shared;
    control->request = request;
    control->startRpc = [shared, startRpc](grpc::ClientContext *c, const Request *q,
                                           grpc::ClientReadReactor<Message> *r) {
        startRpc(shared->stub->async(), c, q, r);
    };
    control->emitMessage = [emitMessage](QObject *target, const Message &m) {
        emitMessage(static_cast<Base *>(target), m);
    };
    control->advanceResume = std::move(advanceResume);
    control->newEpoch = std::move(newEpoch);
    auto stream = std::make_unique<RemoteStream<Base, Message, Request>>(control);
    {
        std::lock_guard lock(shared->mutex);
        ++shared->unconfirmedStreams;
        shared->streamCancellers.push_back([weak = std::weak_ptr(control)] {
            if (auto c = weak.lock()) {
                std::lock_guard controlLock(c->mutex);
                c->target = nullptr;
                if (c->current)
                    c->current->TryCancel();
            }
        });
    }
    startReader(control, true);
    return stream;
}

std::shared_ptr<grpc::ChannelCredentials> channelCredentials(const RemoteEngine::Options &o)
{
    if (!o.tls)
        return grpc::InsecureChannelCredentials();
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = o.caPem;
    ssl.pem_cert_chain = o.clientCertPem;
    ssl.pem_private_key = o.clientKeyPem;
    return grpc::SslCredentials(ssl);
}

#define SN_RPC(Method) [](Async *a, auto &&...args) { a->Method(std::forward<decltype(args)>(args)...); }

template <typename T> T same(T value)
{
    return value;
}

} // namespace

RemoteEngine::RemoteEngine(Options options, QObject *parent) : EngineApi(parent)
{
    qRegisterMetaType<pb::SampleBatch>();
    qRegisterMetaType<pb::Event>();
    qRegisterMetaType<pb::LogBatch>();
    m_shared = std::make_shared<RemoteShared>();
    m_shared->options = options;
    m_shared->engine = this;
    const std::string target = HostPort{options.host, options.port}.toString();
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(64 << 20);
    args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20000);
    args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
    args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, options.reconnectMinMs);
    // gRPC's "minimum reconnect backoff" is the time a connection attempt may take, not a wait.
    args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, options.connectTimeoutMs);
    args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, options.reconnectMaxMs);
    if (options.tls && !options.serverName.empty())
        args.SetSslTargetNameOverride(options.serverName);
    m_shared->channel = grpc::CreateCustomChannel(target, channelCredentials(options), args);
    m_shared->stub = pb::Engine::NewStub(m_shared->channel);
    m_description = options.description.empty()
                        ? QStringLiteral("%1://%2").arg(options.tls ? "grpcs" : "grpc", QString::fromStdString(target))
                        : QString::fromStdString(options.description);
}

RemoteEngine::~RemoteEngine()
{
    std::deque<std::function<void()>> deferred;
    std::vector<std::function<void()>> cancellers;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->engine = nullptr;
        m_shared->closing = true;
        deferred.swap(m_shared->deferred);
        cancellers = m_shared->streamCancellers;
        for (grpc::ClientContext *c : m_shared->calls)
            c->TryCancel();
    }
    for (auto &start : deferred)
        start(); // each sees closing and fails its reply
    for (auto &cancel : cancellers)
        cancel();
    std::unique_lock lock(m_shared->mutex);
    m_shared->idle.wait(lock, [this] { return m_shared->inFlight == 0; });
    m_shared->stub.reset();
    m_shared->channel.reset();
}

QString RemoteEngine::description() const
{
    return m_description;
}

template <typename T, typename Request, typename Response, typename Start, typename Extract>
Reply<T> RemoteEngine::call(const Request &request, Start start, Extract extract)
{
    auto promise = std::make_shared<ReplyPromise<T>>();
    Reply<T> future = promise->future();
    m_shared->dispatch([shared = m_shared, promise, request, start, extract] {
        struct Call {
            InFlightGuard guard; // first: destroyed last, after the context
            grpc::ClientContext context;
            Request request;
            Response response;
            ~Call()
            {
                std::lock_guard lock(guard.shared->mutex);
                guard.shared->calls.erase(&context);
            }
        };
        auto c = std::make_shared<Call>();
        c->guard.shared = shared;
        if (!shared->enter(&c->context)) {
            promise->finish(Error{ErrorCode::Unavailable, "the remote engine was closed"});
            return;
        }
        c->guard.entered = true;
        c->request = request;
        shared->prepare(c->context, true);
        start(shared->stub->async(), &c->context, &c->request, &c->response,
              std::function<void(grpc::Status)>([shared, promise, c, extract](grpc::Status status) {
                  shared->noteOutcome(status);
                  if (status.ok())
                      promise->finish(Result<T>(extract(std::move(c->response))));
                  else
                      promise->finish(Result<T>(fromGrpcStatus(status)));
              }));
    });
    return future;
}

Reply<pb::Cluster> RemoteEngine::getCluster()
{
    return call<pb::Cluster, pb::GetClusterRequest, pb::Cluster>({}, SN_RPC(GetCluster), same<pb::Cluster>);
}

Reply<pb::ClusterSummary> RemoteEngine::getSummary()
{
    return call<pb::ClusterSummary, pb::GetSummaryRequest, pb::ClusterSummary>({}, SN_RPC(GetSummary),
                                                                               same<pb::ClusterSummary>);
}

std::unique_ptr<TelemetryStream> RemoteEngine::subscribeTelemetry(const pb::SubscribeTelemetryRequest &request)
{
    return openStream<TelemetryStream, pb::SampleBatch>(
        m_shared, request, SN_RPC(SubscribeTelemetry),
        [](TelemetryStream *s, const pb::SampleBatch &b) { emit s->batch(b); });
}

Reply<pb::QueryRangeResponse> RemoteEngine::queryRange(const pb::QueryRangeRequest &request)
{
    return call<pb::QueryRangeResponse, pb::QueryRangeRequest, pb::QueryRangeResponse>(request, SN_RPC(QueryRange),
                                                                                       same<pb::QueryRangeResponse>);
}

Reply<pb::Job> RemoteEngine::submitJob(const pb::JobSpec &spec)
{
    pb::SubmitJobRequest request;
    *request.mutable_spec() = spec;
    return call<pb::Job, pb::SubmitJobRequest, pb::SubmitJobResponse>(
        request, SN_RPC(SubmitJob), [](pb::SubmitJobResponse r) { return std::move(*r.mutable_job()); });
}

Reply<pb::ListJobsResponse> RemoteEngine::listJobs(const pb::ListJobsRequest &request)
{
    return call<pb::ListJobsResponse, pb::ListJobsRequest, pb::ListJobsResponse>(request, SN_RPC(ListJobs),
                                                                                 same<pb::ListJobsResponse>);
}

Reply<pb::Job> RemoteEngine::getJob(const std::string &id)
{
    pb::GetJobRequest request;
    request.set_id(id);
    return call<pb::Job, pb::GetJobRequest, pb::Job>(request, SN_RPC(GetJob), same<pb::Job>);
}

Reply<pb::Job> RemoteEngine::cancelJob(const std::string &id)
{
    pb::CancelJobRequest request;
    request.set_id(id);
    return call<pb::Job, pb::CancelJobRequest, pb::CancelJobResponse>(
        request, SN_RPC(CancelJob), [](pb::CancelJobResponse r) { return std::move(*r.mutable_job()); });
}

Reply<pb::Job> RemoteEngine::requeueJob(const std::string &id)
{
    pb::RequeueJobRequest request;
    request.set_id(id);
    return call<pb::Job, pb::RequeueJobRequest, pb::RequeueJobResponse>(
        request, SN_RPC(RequeueJob), [](pb::RequeueJobResponse r) { return std::move(*r.mutable_job()); });
}

Reply<pb::ListEventsResponse> RemoteEngine::listEvents(const pb::ListEventsRequest &request)
{
    return call<pb::ListEventsResponse, pb::ListEventsRequest, pb::ListEventsResponse>(request, SN_RPC(ListEvents),
                                                                                       same<pb::ListEventsResponse>);
}

std::unique_ptr<EventStream> RemoteEngine::streamEvents()
{
    return openStream<EventStream, pb::Event>(
        m_shared, pb::StreamEventsRequest{}, SN_RPC(StreamEvents),
        [](EventStream *s, const pb::Event &e) { emit s->event(e); },
        std::function<void(pb::StreamEventsRequest &, const pb::Event &)>(
            [](pb::StreamEventsRequest &q, const pb::Event &e) { q.set_after_id(e.id()); }),
        // A daemon in another epoch (restarted without its state) numbers events afresh: resume
        // from the start of its store.
        std::function<void(pb::StreamEventsRequest &, const std::string &)>(
            [](pb::StreamEventsRequest &q, const std::string &epoch) {
                if (q.epoch() != epoch) {
                    q.set_epoch(epoch);
                    q.set_after_id(0);
                }
            }));
}

Reply<pb::Event> RemoteEngine::ackEvent(std::uint64_t id, const std::string &by)
{
    pb::AckEventRequest request;
    request.set_id(id);
    request.set_by(by);
    return call<pb::Event, pb::AckEventRequest, pb::AckEventResponse>(
        request, SN_RPC(AckEvent), [](pb::AckEventResponse r) { return std::move(*r.mutable_event()); });
}

Reply<pb::Event> RemoteEngine::resolveEvent(std::uint64_t id, const std::string &by)
{
    pb::ResolveEventRequest request;
    request.set_id(id);
    request.set_by(by);
    return call<pb::Event, pb::ResolveEventRequest, pb::ResolveEventResponse>(
        request, SN_RPC(ResolveEvent), [](pb::ResolveEventResponse r) { return std::move(*r.mutable_event()); });
}

Reply<pb::ListLogTemplatesResponse> RemoteEngine::listLogTemplates(const pb::ListLogTemplatesRequest &request)
{
    return call<pb::ListLogTemplatesResponse, pb::ListLogTemplatesRequest, pb::ListLogTemplatesResponse>(
        request, SN_RPC(ListLogTemplates), same<pb::ListLogTemplatesResponse>);
}

Reply<pb::LogQueryResponse> RemoteEngine::queryLogs(const pb::LogQueryRequest &request)
{
    return call<pb::LogQueryResponse, pb::LogQueryRequest, pb::LogQueryResponse>(request, SN_RPC(QueryLogs),
                                                                                 same<pb::LogQueryResponse>);
}

std::unique_ptr<LogStream> RemoteEngine::streamLogs(const pb::StreamLogsRequest &request)
{
    return openStream<LogStream, pb::LogBatch>(m_shared, request, SN_RPC(StreamLogs),
                                               [](LogStream *s, const pb::LogBatch &b) { emit s->lines(b); });
}

Reply<pb::ConfigDocument> RemoteEngine::getConfig()
{
    return call<pb::ConfigDocument, pb::GetConfigRequest, pb::ConfigDocument>({}, SN_RPC(GetConfig),
                                                                              same<pb::ConfigDocument>);
}

Reply<pb::ApplyConfigResponse> RemoteEngine::applyConfig(const pb::ApplyConfigRequest &request)
{
    return call<pb::ApplyConfigResponse, pb::ApplyConfigRequest, pb::ApplyConfigResponse>(
        request, SN_RPC(ApplyConfig), same<pb::ApplyConfigResponse>);
}

Reply<pb::SimulationStatus> RemoteEngine::getSimulation()
{
    return call<pb::SimulationStatus, pb::GetSimulationRequest, pb::SimulationStatus>({}, SN_RPC(GetSimulation),
                                                                                      same<pb::SimulationStatus>);
}

Reply<pb::PlanJobResponse> RemoteEngine::planJob(const pb::PlanJobRequest &request)
{
    return call<pb::PlanJobResponse, pb::PlanJobRequest, pb::PlanJobResponse>(request, SN_RPC(PlanJob),
                                                                              same<pb::PlanJobResponse>);
}

Reply<pb::WhoAmIResponse> RemoteEngine::whoAmI()
{
    return call<pb::WhoAmIResponse, pb::WhoAmIRequest, pb::WhoAmIResponse>({}, SN_RPC(WhoAmI),
                                                                           same<pb::WhoAmIResponse>);
}

Reply<pb::RenderJobResponse> RemoteEngine::renderJob(const pb::JobSpec &spec)
{
    pb::RenderJobRequest request;
    *request.mutable_spec() = spec;
    return call<pb::RenderJobResponse, pb::RenderJobRequest, pb::RenderJobResponse>(request, SN_RPC(RenderJob),
                                                                                    same<pb::RenderJobResponse>);
}

Reply<pb::Event> RemoteEngine::injectFault(const pb::InjectFaultRequest &request)
{
    return call<pb::Event, pb::InjectFaultRequest, pb::InjectFaultResponse>(
        request, SN_RPC(InjectFault), [](pb::InjectFaultResponse r) { return std::move(*r.mutable_event()); });
}

Reply<pb::SimulationStatus> RemoteEngine::advanceTime(std::int64_t milliseconds)
{
    pb::AdvanceTimeRequest request;
    request.set_milliseconds(milliseconds);
    return call<pb::SimulationStatus, pb::AdvanceTimeRequest, pb::SimulationStatus>(request, SN_RPC(AdvanceTime),
                                                                                    same<pb::SimulationStatus>);
}

} // namespace sn::rpc
