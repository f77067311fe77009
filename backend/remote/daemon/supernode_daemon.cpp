#include "backend/remote/daemon/supernode_daemon.h"

#include "backend/remote/daemon/metrics_access.h"
#include "backend/telemetry/prometheus/tls_stream.h"

#include "backend/engine/engine_config.h"
#include "backend/engine/local_engine.h"
#include "backend/model/directory_lock.h"
#include "backend/power/power_limit_setters.h"
#include "backend/remote/common/certificate_authority.h"
#include "backend/remote/daemon/agent_power_limit_setter.h"
#include "backend/remote/daemon/call_gate.h"
#include "backend/remote/daemon/engine_service.h"
#include "backend/remote/daemon/latest_samples.h"
#include "backend/remote/daemon/rpc_policies.h"
#include "backend/remote/daemon/service_metrics.h"
#include "backend/remote/daemon/state_store.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "backend/telemetry/prometheus/prometheus_text_renderer.h"

#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>

#include <QCoreApplication>
#include <QDir>
#include <QLoggingCategory>
#include <QTimer>
#include <QUuid>

#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcDaemon, "sn.remote.daemon")

namespace sn::rpc {

struct SupernodeDaemon::Parts {
    std::unique_ptr<QLockFile> stateLock; // --state-dir's LOCK: first taken, last let go
    DaemonOptions options;
    // Actions for node agents (power caps); shared with the engine's power-limit executor.
    std::shared_ptr<AgentActionBoard> agentActions = std::make_shared<AgentActionBoard>();
    std::unique_ptr<LocalEngine> engine;
    std::unique_ptr<StateStore> state;
    std::unique_ptr<EventStream> eventJournal; // every raised event into the state store
    std::unique_ptr<CallGate> gate;
    ServiceMetrics metrics;
    std::unique_ptr<EngineService> service;
    std::unique_ptr<QTimer> refusalFlush; // counted refusals into the audit log, once a window
    std::unique_ptr<grpc::Server> server;
    int port = 0;
    LatestSamples latest;
    std::unique_ptr<TelemetryStream> metricsFeed;
    std::unique_ptr<HttpServer> http;
};

namespace {

Result<ClusterSpec> daemonSpec(const DaemonOptions &options)
{
    auto spec = engineClusterSpec(options.configPath);
    if (!spec)
        return spec.error();
    // Telemetry is kept in the state directory unless cluster.yaml names a place.
    TelemetrySpec telemetry = spec->effectiveTelemetry();
    if (telemetry.dataDir.empty())
        telemetry.dataDir = options.stateDir + "/telemetry";
    spec->telemetry = telemetry;
    return spec;
}

Result<std::shared_ptr<grpc::ServerCredentials>> serverCredentials(const DaemonOptions &o)
{
    if (o.tlsCert.empty())
        return grpc::InsecureServerCredentials();
    auto cert = readTextFile(o.tlsCert);
    auto key = readTextFile(o.tlsKey);
    if (!cert)
        return invalidArgument("--tls-cert " + cert.error().message);
    if (!key)
        return invalidArgument("--tls-key " + key.error().message);
    grpc::SslServerCredentialsOptions ssl(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
    if (!o.tlsCa.empty()) {
        auto ca = readTextFile(o.tlsCa);
        if (!ca)
            return invalidArgument("--tls-ca " + ca.error().message);
        ssl.pem_root_certs = *ca;
        ssl.client_certificate_request = GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
    }
    ssl.pem_key_cert_pairs.push_back({*key, *cert});
    return grpc::SslServerCredentials(ssl);
}

} // namespace

int checkDaemonConfig(const DaemonOptions &options, std::string *message)
{
    auto spec = daemonSpec(options);
    if (!spec) {
        *message = spec.error().message;
        return kDaemonBadConfig;
    }
    if (Status s = checkDaemonSecurity(options); !s) {
        *message = s.error().message;
        return kDaemonRefused;
    }
    if (!options.tokensFile.empty())
        if (auto tokens = TokenStore::load(options.tokensFile); !tokens) {
            *message = tokens.error().message;
            return kDaemonBadConfig;
        }
    if (auto creds = serverCredentials(options); !creds) {
        *message = creds.error().message;
        return kDaemonBadConfig;
    }
    const ClusterSpec &c = *spec;
    *message = c.simulation.enabled ? "configuration ok: simulated super node, " + std::to_string(c.simulation.nodes) +
                                          " nodes x " + std::to_string(c.simulation.gpusPerNode) + " GPUs"
                                    : "configuration ok: " + std::to_string(c.nodes.size()) + " nodes, " +
                                          std::to_string(c.gpuCount()) + " GPUs";
    return kDaemonOk;
}

Result<std::unique_ptr<SupernodeDaemon>> SupernodeDaemon::start(const DaemonOptions &options)
{
    if (Status s = checkDaemonSecurity(options); !s)
        return s.error();
    auto spec = daemonSpec(options);
    if (!spec)
        return spec.error();
    if (!QDir().mkpath(QString::fromStdString(options.stateDir)))
        return invalidArgument("--state-dir " + options.stateDir + ": cannot create the directory");
    // Said before SQLite's "unable to open database file", which does not say why.
    if (::access(options.stateDir.c_str(), W_OK) != 0)
        return failedPrecondition("--state-dir " + options.stateDir + ": not writable (" + std::strerror(errno) + ")");
    auto creds = serverCredentials(options);
    if (!creds)
        return creds.error();

    auto parts = std::make_unique<Parts>();
    // A second daemon on this directory would hand out the same job ids and replay and
    // checkpoint the first one's telemetry WAL: refused here, naming the first.
    auto lock = lockDirectory(QString::fromStdString(options.stateDir), "--state-dir");
    if (!lock)
        return lock.error();
    parts->stateLock = std::move(*lock);
    parts->options = options;
    CallGate::Options gate;
    gate.callsPerSecond = options.callsPerSecond;
    gate.burst = options.callsPerSecond * 2;
    gate.streamsPerPrincipal = options.maxStreams;
    if (!options.tokensFile.empty()) {
        auto tokens = TokenStore::load(options.tokensFile);
        if (!tokens)
            return tokens.error();
        gate.tokens = std::move(*tokens);
    }
    parts->gate = std::make_unique<CallGate>(std::move(gate));
    StateStore::Retention retention;
    retention.auditRows = options.auditRows;
    retention.eventRows = options.eventRows;
    retention.endedJobRows = options.endedJobRows;
    auto state = StateStore::open(options.stateDir + "/state.db", retention);
    if (!state)
        return state.error();
    parts->state = std::move(*state);
    auto jobs = parts->state->jobs();
    auto events = parts->state->events();
    auto nodes = parts->state->nodes();
    if (!jobs)
        return jobs.error();
    if (!events)
        return events.error();
    if (!nodes)
        return nodes.error();

    LocalEngine::Options engine;
    engine.engine.spec = std::move(*spec);
    engine.engine.virtualTime = options.virtualTime;
    engine.engine.restoredJobs = std::move(*jobs);
    engine.engine.restoredEvents = std::move(*events);
    engine.engine.maxEvents = static_cast<std::size_t>(options.eventRows); // as many as state.db keeps
    // Thermal protection caps a node through its agent when the agent allows it, else as the
    // telemetry source can (nvidia-smi, NVML), else not (the engine says why, once per node).
    engine.engine.makePowerLimitSetter =
        [board = parts->agentActions](const ClusterSpec &c) -> Result<std::unique_ptr<PowerLimitSetter>> {
        auto own = makeRealPowerLimitSetter(c);
        std::string none = own ? std::string() : own.error().message;
        return std::unique_ptr<PowerLimitSetter>(
            std::make_unique<AgentPowerLimitSetter>(board, own ? std::move(*own) : nullptr, std::move(none)));
    };
    parts->engine = std::make_unique<LocalEngine>(std::move(engine));
    // Before the server listens, so that an agent's registration after the restart is never
    // overwritten by the older one read here. A row that cannot be used is skipped, said, and
    // left in state.db (--check-state reports it; the node's next registration replaces it).
    const std::string db = options.stateDir + "/state.db";
    for (const std::string &skipped : nodes->skipped)
        qCWarning(lcDaemon).noquote() << QString::fromStdString(db + ": " + skipped + "; skipped");
    for (const pb::RegisterNodeRequest &r : nodes->registrations)
        if (Status ok = waitFor(parts->engine->restoreRegistration(r)); !ok)
            qCWarning(lcDaemon).noquote() << QString::fromStdString(db + ": nodes row '" + r.node().name() +
                                                                    "': " + ok.error().message + "; skipped");
    // Events the engine raises by itself (faults, telemetry) are stored as they come; those a
    // call changes (AckEvent) are stored before the call is answered.
    parts->eventJournal = parts->engine->streamEvents();
    QObject::connect(parts->eventJournal.get(), &EventStream::event, parts->eventJournal.get(),
                     [store = parts->state.get()](const pb::Event &e) { store->commit({StateWrite(e)}, {}); });
    parts->service = std::make_unique<EngineService>(*parts->engine, *parts->gate, *parts->state, parts->metrics,
                                                     QThread::currentThread(), parts->state->epoch());
    parts->service->setIngress(parts->engine.get(), parts->agentActions.get());
    EngineService::StreamQueue queue;
    queue.bytes = static_cast<std::size_t>(options.streamQueueBytes);
    parts->service->setStreamQueue(queue);
    parts->refusalFlush = std::make_unique<QTimer>();
    parts->refusalFlush->setInterval(RefusalTally::Options{}.window);
    QObject::connect(parts->refusalFlush.get(), &QTimer::timeout, parts->refusalFlush.get(),
                     [service = parts->service.get()] { service->flushRefusals(); });
    parts->refusalFlush->start();

    if (const auto missing = rpcsWithoutPolicy(); !missing.empty())
        return Error{ErrorCode::Internal,
                     "the rpc " + missing.front() + " has no row in the policy table (rpc_policies.h): not served"};
    grpc::ServerBuilder builder;
    builder.AddListeningPort(options.listen.toString(), *creds, &parts->port);
    builder.RegisterService(parts->service.get());
    builder.SetMaxReceiveMessageSize(options.maxRequestBytes);
    builder.SetMaxSendMessageSize(64 << 20);
    // A client that vanishes without closing is noticed within a minute.
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 30000);
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
    builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 10000);
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
    parts->server = builder.BuildAndStart();
    if (!parts->server || parts->port == 0)
        return Error{ErrorCode::Unavailable,
                     "cannot listen on " + options.listen.toString() + " (in use, or not an address of this machine)"};

    if (options.metricsListen) {
        Parts *p = parts.get();
        p->metricsFeed = p->engine->subscribeTelemetry({});
        QObject::connect(p->metricsFeed.get(), &TelemetryStream::batch, p->metricsFeed.get(),
                         [p](const pb::SampleBatch &b) { p->latest.update(b); });
        HttpServer::Options served;
        std::optional<TokenStore> scrapers; // beyond loopback: HTTPS, and a token of these
        if (!isLoopbackHost(options.metricsListen->host)) {
            auto tls = TlsServerContext::load(options.tlsCert, options.tlsKey);
            if (!tls)
                return Error{tls.error().code, "--metrics-listen: " + tls.error().message};
            served.tls = std::move(*tls);
            auto tokens = TokenStore::load(options.tokensFile);
            if (!tokens)
                return tokens.error();
            scrapers = std::move(*tokens);
        }
        p->http = std::make_unique<HttpServer>(std::move(served));
        p->http->handle("/metrics", [p, scrapers](const HttpRequest &request) {
            if (scrapers)
                if (auto refused = refuseUnlessAuthorized(request, *scrapers))
                    return *refused;
            HttpReply reply;
            reply.contentType = kPrometheusTextContentType;
            reply.body = renderPrometheusText(p->latest.snapshot()) + p->metrics.render() +
                         "# HELP supernoded_metrics_series_refused_total New series /metrics did not keep: it held its "
                         "limit of series updated in the last 5 minutes.\n"
                         "# TYPE supernoded_metrics_series_refused_total counter\n"
                         "supernoded_metrics_series_refused_total " +
                         std::to_string(p->latest.seriesRefused()) + "\n";
            return reply;
        });
        if (Status s = p->http->start(options.metricsListen->host, options.metricsListen->port); !s)
            return Error{ErrorCode::Unavailable,
                         "--metrics-listen " + options.metricsListen->toString() + ": " + s.error().message};
    }
    return std::unique_ptr<SupernodeDaemon>(new SupernodeDaemon(std::move(parts)));
}

SupernodeDaemon::SupernodeDaemon(std::unique_ptr<Parts> parts) : m_parts(std::move(parts)) {}

SupernodeDaemon::~SupernodeDaemon()
{
    if (m_parts->http)
        m_parts->http->stop();
    // Streams never end on their own: give calls a moment, then cancel what is left. The engine
    // keeps running meanwhile so that every pending reply is completed.
    m_parts->server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
    m_parts->server->Wait();
    m_parts->refusalFlush.reset();
    m_parts->service->flushRefusals(); // committed before the state store closes, below
    // Subscriptions released by finished streams are deleted on this (the delivery) thread.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    m_parts->metricsFeed.reset();
    m_parts->eventJournal.reset();
    m_parts->agentActions->close(); // no stream will answer: a power change waiting for one fails now
    m_parts->engine.reset();
    m_parts->state.reset(); // commits what is still queued
}

std::uint16_t SupernodeDaemon::port() const
{
    return static_cast<std::uint16_t>(m_parts->port);
}

std::uint16_t SupernodeDaemon::metricsPort() const
{
    return m_parts->http ? m_parts->http->port() : 0;
}

std::string SupernodeDaemon::describe() const
{
    const DaemonOptions &o = m_parts->options;
    HostPort hp = o.listen;
    hp.port = port();
    std::string what = o.tlsCert.empty() ? "plain, insecure" : "TLS";
    if (!o.tlsCa.empty())
        what += ", mutual TLS";
    what += o.tokensFile.empty() ? ", no tokens" : ", tokens";
    return hp.toString() + " (" + what + ")";
}

} // namespace sn::rpc
