#include "backend/engine/local_engine.h"

#include "backend/api/reply.h"

#include <QTimer>

namespace sn {

LocalEngine::LocalEngine(Options options, QObject *parent) : EngineApi(parent)
{
    qRegisterMetaType<pb::SampleBatch>();
    qRegisterMetaType<SharedSampleBatch>();
    qRegisterMetaType<pb::Event>();
    qRegisterMetaType<pb::LogBatch>();
    m_virtualTime = options.engine.virtualTime;
    m_thread.setObjectName(QStringLiteral("sn-engine"));
    m_engine = new Engine(std::move(options.engine));
    m_engine->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_engine, &QObject::deleteLater);
    if (!m_virtualTime) {
        // The timer must be created on the engine thread, where it ticks.
        const int interval = options.tickIntervalMs;
        Engine *engine = m_engine;
        connect(&m_thread, &QThread::started, m_engine, [engine, interval] {
            auto *timer = new QTimer(engine);
            connect(timer, &QTimer::timeout, engine, &Engine::tick);
            timer->start(interval);
        });
    }
    m_thread.start();
}

LocalEngine::~LocalEngine()
{
    m_thread.quit();
    m_thread.wait();
}

QString LocalEngine::description() const
{
    // Where the engine runs; what it reads (simulator or a real source) is in the summary.
    return m_virtualTime ? tr("embedded, virtual time") : tr("embedded");
}

template <typename T, typename F> Reply<T> LocalEngine::post(F &&work)
{
    auto promise = std::make_shared<ReplyPromise<T>>();
    Reply<T> future = promise->future();
    QMetaObject::invokeMethod(
        m_engine,
        [promise, work = std::forward<F>(work), engine = m_engine]() mutable {
            promise->finish(Result<T>(work(*engine)));
        },
        Qt::QueuedConnection);
    return future;
}

Reply<pb::Cluster> LocalEngine::getCluster()
{
    return post<pb::Cluster>([](Engine &e) { return e.cluster(); });
}

Reply<pb::ClusterSummary> LocalEngine::getSummary()
{
    return post<pb::ClusterSummary>([](Engine &e) { return e.summary(); });
}

namespace {
bool contains(const google::protobuf::RepeatedPtrField<std::string> &list, const std::string &value)
{
    return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
}
} // namespace

std::unique_ptr<TelemetryStream> LocalEngine::subscribeTelemetry(const pb::SubscribeTelemetryRequest &request)
{
    auto stream = std::make_unique<TelemetryStream>();
    TelemetryStream *target = stream.get();
    connect(
        m_engine, &Engine::telemetry, target,
        [target, request](const SharedSampleBatch &shared) {
            const pb::SampleBatch &batch = *shared;
            if (request.metrics().empty() && request.nodes().empty()) {
                emit target->batch(batch);
                return;
            }
            pb::SampleBatch filtered;
            filtered.set_time_ms(batch.time_ms());
            filtered.set_simulated(batch.simulated());
            for (const pb::Sample &s : batch.samples()) {
                const auto host = s.labels().find("Hostname");
                if (contains(request.metrics(), s.metric()) &&
                    (request.nodes().empty() || (host != s.labels().end() && contains(request.nodes(), host->second))))
                    *filtered.add_samples() = s;
            }
            if (filtered.samples_size() > 0)
                emit target->batch(filtered);
        },
        Qt::QueuedConnection);
    return stream;
}

Reply<PushedResult> LocalEngine::pushSamples(std::shared_ptr<PushStreamTable> table, PushedBatch batch)
{
    return post<PushedResult>([table = std::move(table), batch = std::move(batch)](Engine &e) mutable {
        return e.ingestPushed(*table, std::move(batch));
    });
}

Reply<LocalEngine::Registration> LocalEngine::registerNode(const pb::RegisterNodeRequest &request)
{
    return post<Registration>([request](Engine &e) -> Result<Registration> {
        auto response = e.registerNode(request);
        if (!response)
            return response.error();
        Registration r{std::move(*response), *e.registration(request.node().name()), std::nullopt};
        if (r.response.event_id() != 0) { // recorded just now on this thread: the newest event
            pb::ListEventsRequest newest;
            newest.set_limit(1);
            pb::ListEventsResponse events = e.listEvents(newest);
            if (events.events_size() == 1 && events.events(0).id() == r.response.event_id())
                r.raised = events.events(0);
        }
        return r;
    });
}

Reply<Done> LocalEngine::restoreRegistration(const pb::RegisterNodeRequest &stored)
{
    return post<Done>([stored](Engine &e) { return e.restoreRegistration(stored); });
}

Reply<pb::QueryRangeResponse> LocalEngine::queryRange(const pb::QueryRangeRequest &request)
{
    return post<pb::QueryRangeResponse>([request](Engine &e) { return e.queryRange(request); });
}

Reply<pb::Job> LocalEngine::submitJob(const pb::JobSpec &spec)
{
    return post<pb::Job>([spec](Engine &e) { return e.submitJob(spec); });
}

Reply<pb::ListJobsResponse> LocalEngine::listJobs(const pb::ListJobsRequest &request)
{
    return post<pb::ListJobsResponse>([request](Engine &e) { return e.listJobs(request); });
}

Reply<pb::Job> LocalEngine::getJob(const std::string &id)
{
    return post<pb::Job>([id](Engine &e) { return e.getJob(id); });
}

Reply<pb::Job> LocalEngine::cancelJob(const std::string &id)
{
    return post<pb::Job>([id](Engine &e) { return e.cancelJob(id); });
}

Reply<pb::Job> LocalEngine::requeueJob(const std::string &id)
{
    return post<pb::Job>([id](Engine &e) { return e.requeueJob(id); });
}

Reply<pb::ListEventsResponse> LocalEngine::listEvents(const pb::ListEventsRequest &request)
{
    return post<pb::ListEventsResponse>([request](Engine &e) { return e.listEvents(request); });
}

std::unique_ptr<EventStream> LocalEngine::streamEvents()
{
    auto stream = std::make_unique<EventStream>();
    EventStream *target = stream.get();
    connect(
        m_engine, &Engine::eventRaised, target, [target](const pb::Event &event) { emit target->event(event); },
        Qt::QueuedConnection);
    return stream;
}

Reply<pb::Event> LocalEngine::ackEvent(std::uint64_t id, const std::string &by)
{
    return post<pb::Event>([id, by](Engine &e) { return e.ackEvent(id, by); });
}

Reply<pb::Event> LocalEngine::resolveEvent(std::uint64_t id, const std::string &by)
{
    return post<pb::Event>([id, by](Engine &e) { return e.resolveEvent(id, by); });
}

Reply<pb::ListLogTemplatesResponse> LocalEngine::listLogTemplates(const pb::ListLogTemplatesRequest &request)
{
    return post<pb::ListLogTemplatesResponse>([request](Engine &e) { return e.listLogTemplates(request); });
}

Reply<pb::LogQueryResponse> LocalEngine::queryLogs(const pb::LogQueryRequest &request)
{
    return post<pb::LogQueryResponse>([request](Engine &e) { return e.queryLogs(request); });
}

std::unique_ptr<LogStream> LocalEngine::streamLogs(const pb::StreamLogsRequest &request)
{
    auto stream = std::make_unique<LogStream>();
    LogStream *target = stream.get();
    connect(
        m_engine, &Engine::logLines, target,
        [target, request](const pb::LogBatch &batch) {
            if (request.node().empty() && request.source().empty()) {
                emit target->lines(batch);
                return;
            }
            pb::LogBatch filtered;
            for (const pb::LogLine &line : batch.lines())
                if ((request.node().empty() || line.node() == request.node()) &&
                    (request.source().empty() || line.source() == request.source()))
                    *filtered.add_lines() = line;
            if (filtered.lines_size() > 0)
                emit target->lines(filtered);
        },
        Qt::QueuedConnection);
    return stream;
}

Reply<pb::ConfigDocument> LocalEngine::getConfig()
{
    return post<pb::ConfigDocument>([](Engine &e) { return e.config(); });
}

Reply<pb::ApplyConfigResponse> LocalEngine::applyConfig(const pb::ApplyConfigRequest &request)
{
    return post<pb::ApplyConfigResponse>([request](Engine &e) { return e.applyConfig(request); });
}

Reply<pb::SimulationStatus> LocalEngine::getSimulation()
{
    return post<pb::SimulationStatus>([](Engine &e) { return e.simulation(); });
}

Reply<pb::Event> LocalEngine::injectFault(const pb::InjectFaultRequest &request)
{
    return post<pb::Event>([request](Engine &e) { return e.injectFault(request); });
}

Reply<pb::SimulationStatus> LocalEngine::advanceTime(std::int64_t milliseconds)
{
    return post<pb::SimulationStatus>([milliseconds](Engine &e) { return e.advanceTime(milliseconds); });
}

Reply<pb::PlanJobResponse> LocalEngine::planJob(const pb::PlanJobRequest &request)
{
    return post<pb::PlanJobResponse>([request](Engine &e) { return e.planJob(request); });
}

Reply<pb::RenderJobResponse> LocalEngine::renderJob(const pb::JobSpec &spec)
{
    return post<pb::RenderJobResponse>([spec](Engine &e) { return e.renderJob(spec); });
}

Reply<pb::WhoAmIResponse> LocalEngine::whoAmI()
{
    // In-process there is nobody to authenticate: whoever runs the console owns its engine, as
    // with a loopback supernoded without tokens.
    pb::WhoAmIResponse me;
    me.set_principal("local");
    me.set_role(pb::ROLE_ADMIN);
    me.set_authenticated(false);
    me.set_version(SN_VERSION);
    return QtFuture::makeReadyFuture(Result<pb::WhoAmIResponse>(std::move(me)));
}

} // namespace sn
