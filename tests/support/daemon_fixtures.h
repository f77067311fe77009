#pragma once
// What the tests against a real supernoded share: a one-node simulated cluster with no job
// arrivals of its own (so every job in it is the test's), a one-GPU job, and the ids of the
// jobs a daemon lists.
#include "backend/api/engine_api.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/loopback_port.h"
#include "tests/support/supernoded_process.h"

#include <set>
#include <string>
#include <vector>

namespace sn::test {

// fixedPort: one picked now, so a restarted daemon is found where the clients left it.
inline SupernodedProcess::Options quietDaemonOptions(bool fixedPort = true)
{
    SupernodedProcess::Options o;
    o.spec = sim::defaultSimulatedSpec(1);
    o.spec.simulation.jobArrivalsPerHour = 0;
    if (fixedPort)
        o.port = freeLoopbackPort();
    return o;
}

// A real cluster (not simulated) of two configured nodes on this machine, gpu-a and gpu-b, one
// A100 each in cluster.yaml. Their dcgm-exporter port is closed, so their pollers fail: only an
// agent's pushes (PushSamples) make a node reporting.
inline SupernodedProcess::Options realClusterDaemonOptions()
{
    SupernodedProcess::Options o;
    o.port = freeLoopbackPort();
    o.spec.name = "lab";
    for (const char *name : {"gpu-a", "gpu-b"}) {
        NodeSpec n;
        n.name = name;
        n.address = "127.0.0.1";
        n.gpus.push_back({0, "NVIDIA A100-SXM4-80GB", 80LL << 30, "", "", -1});
        o.spec.nodes.push_back(n);
    }
    o.spec.telemetry = TelemetrySpec{};
    o.spec.telemetry->source = TelemetrySource::DcgmExporter;
    o.spec.telemetry->dcgmExporterPort = freeLoopbackPort();
    return o;
}

inline pb::JobSpec oneGpuJob(const std::string &name)
{
    pb::JobSpec s;
    s.set_name(name);
    s.set_user("tester");
    s.set_gpus_min(1);
    s.set_gpus_max(1);
    s.set_estimated_runtime_s(3600);
    return s;
}

// The node of that name in a GetCluster answer; null when there is none.
inline const pb::Node *findNode(const pb::Cluster &c, const std::string &name)
{
    for (const pb::Node &n : c.nodes())
        if (n.name() == name)
            return &n;
    return nullptr;
}

// The events of one kind the engine lists, newest first; none when it cannot list them.
inline std::vector<pb::Event> eventsOfKind(EngineApi &engine, const std::string &kind)
{
    std::vector<pb::Event> out;
    if (auto r = waitFor(engine.listEvents({})))
        for (const pb::Event &e : r->events())
            if (e.kind() == kind)
                out.push_back(e);
    return out;
}

// The ids of every job the engine lists; the error when it cannot list them.
inline Result<std::set<std::string>> listedJobIds(EngineApi &engine)
{
    const auto listed = waitFor(engine.listJobs({}));
    if (!listed)
        return listed.error();
    std::set<std::string> ids;
    for (const pb::Job &j : listed->jobs())
        ids.insert(j.id());
    return ids;
}

} // namespace sn::test
