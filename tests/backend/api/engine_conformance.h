#pragma once
// What both halves of the EngineApi conformance suite share (tst_engine_conformance.cpp: cluster,
// telemetry and jobs; tst_engine_conformance_events.cpp: events, logs, configuration, simulation
// control and identity): the engines the suite runs on, a quiet cluster, and small helpers.
// Each suite is written once against the contract and runs on every engine: LocalEngine
// in-process, and RemoteEngine over gRPC/TLS with a token to a real supernoded that the suite
// starts on 127.0.0.1 (one daemon per test, stopped by its PID). Each engine runs a quiet
// simulated super node (no generated workload) in virtual time.
#include "backend/api/engine_api.h"
#include "backend/engine/local_engine.h"
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/supernoded_process.h"

#include <QCoreApplication>
#include <QTest>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace sn::conformance {

using EngineFactory = std::function<std::unique_ptr<EngineApi>(const ClusterSpec &)>;

inline ClusterSpec quietCluster(int nodes = 2)
{
    ClusterSpec spec = sim::defaultSimulatedSpec(nodes);
    spec.simulation.jobArrivalsPerHour = 0;
    return spec;
}

inline std::unique_ptr<EngineApi> makeLocalEngine(const ClusterSpec &spec)
{
    LocalEngine::Options options;
    options.engine.spec = spec;
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

// The daemon behind the current remote engine; replaced (the old one stopped) for each test.
inline std::unique_ptr<test::SupernodedProcess> g_daemon;

inline std::unique_ptr<EngineApi> makeRemoteEngine(const ClusterSpec &spec)
{
    g_daemon = std::make_unique<test::SupernodedProcess>();
    test::SupernodedProcess::Options options;
    options.spec = spec;
    QString why;
    if (!g_daemon->start(options, &why))
        qFatal("supernoded did not start: %s", qPrintable(why));
    // admin: the suite applies a configuration.
    return std::make_unique<rpc::RemoteEngine>(g_daemon->client(QStringLiteral("admin")));
}

template <typename T> T must(Reply<T> reply)
{
    Result<T> r = waitFor(std::move(reply));
    if (!r.ok())
        qFatal("engine call failed: %s", r.error().message.c_str());
    return r.value();
}

inline pb::JobSpec job(int gpus, std::int64_t runtimeS = 600, const std::string &queue = "research",
                const std::string &priorityClass = "modelTraining")
{
    pb::JobSpec s;
    s.set_name("conformance");
    s.set_user("tester");
    s.set_queue(queue);
    s.set_priority_class(priorityClass);
    s.set_gpus_min(gpus);
    s.set_gpus_max(gpus);
    s.set_gang(gpus > 8); // spans both nodes: all ranks start together
    s.set_estimated_runtime_s(runtimeS);
    s.set_kind(pb::WORKLOAD_KIND_TRAINING);
    return s;
}

// Runs the suite once on each engine; the exit status of QTest, or-ed.
template <typename Suite> int runOnEveryEngine(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const std::vector<std::pair<QString, EngineFactory>> engines{{"local", makeLocalEngine},
                                                                 {"remote", makeRemoteEngine}};
    int status = 0;
    for (const auto &[name, factory] : engines) {
        Suite suite(name, factory);
        status |= QTest::qExec(&suite, argc, argv);
    }
    g_daemon.reset();
    return status;
}

} // namespace sn::conformance
