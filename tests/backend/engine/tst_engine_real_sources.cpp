// The engine on a real cluster's collectors: node state from whether each node's source
// answers, the summary from the latest readings, one event per outage, and the samples in the
// store. The collectors here are stand-ins that isolate the engine's logic; the test that reads
// a real dcgm-exporter endpoint through the engine is readsRealExporterEndpoint in
// tst_engine_telemetry_sources.

#include "backend/engine/engine.h"

#include <QtTest>

#include <atomic>
#include <memory>

using namespace sn;

namespace {

class ScriptedCollector final : public Collector {
public:
    ScriptedCollector(std::string node, std::shared_ptr<std::atomic<bool>> failing)
        : m_node(std::move(node)), m_failing(std::move(failing))
    {
    }
    std::string source() const override { return "dcgm-exporter"; }
    std::string target() const override { return "http://" + m_node + ":9400/metrics"; }
    std::string node() const override { return m_node; }
    Result<Collection> collect(std::int64_t nowMs) override
    {
        if (*m_failing)
            return Error{ErrorCode::Unavailable, "connection refused"};
        Collection c;
        for (int gpu = 0; gpu < 2; ++gpu) {
            GpuReading r;
            r.node = m_node;
            r.gpu = gpu;
            r.uuid = "GPU-" + m_node + "-" + std::to_string(gpu);
            r.model = "NVIDIA H100 80GB HBM3";
            r.timeMs = nowMs;
            r.set(GpuField::Utilization, 40 + 20 * gpu);
            r.set(GpuField::Temperature, 50 + gpu);
            r.set(GpuField::Power, 300.5);
            r.set(GpuField::FbUsed, 1024);
            r.set(GpuField::FbFree, 3072);
            c.gpus.push_back(r);
        }
        c.samples.push_back({"node_load1", {{"Hostname", m_node}}, nowMs, 0.5});
        return c;
    }

private:
    std::string m_node;
    std::shared_ptr<std::atomic<bool>> m_failing;
};

ClusterSpec twoRealNodes()
{
    ClusterSpec spec;
    spec.name = "lab";
    for (const char *name : {"node01", "node02"}) {
        NodeSpec node;
        node.name = name;
        node.address = std::string(name) + ".lab";
        for (int i = 0; i < 2; ++i)
            node.gpus.push_back(GpuSpec{i, "NVIDIA H100 80GB HBM3", 80LL << 30, "", "", -1});
        spec.nodes.push_back(node);
    }
    TelemetrySpec telemetry;
    telemetry.source = TelemetrySource::DcgmExporter;
    telemetry.intervalMs = 100;
    spec.telemetry = telemetry;
    return spec;
}

int countEvents(const Engine &engine, const std::string &kind)
{
    int n = 0;
    const pb::ListEventsResponse events = engine.listEvents({}); // keep the response alive for the loop
    for (const pb::Event &e : events.events())
        n += e.kind() == kind;
    return n;
}

} // namespace

class TestEngineRealSources : public QObject {
    Q_OBJECT

private slots:
    void readsCollectorsAndTracksNodes();
    void refusesSimulatorOnlyCalls();
    void factoryErrorIsAnEvent();
};

void TestEngineRealSources::readsCollectorsAndTracksNodes()
{
    auto node02Failing = std::make_shared<std::atomic<bool>>(true);
    Engine::Options options;
    options.spec = twoRealNodes();
    options.makeCollectors = [&](const ClusterSpec &spec) -> Result<std::vector<std::unique_ptr<Collector>>> {
        std::vector<std::unique_ptr<Collector>> out;
        out.push_back(std::make_unique<ScriptedCollector>(spec.nodes[0].name, std::make_shared<std::atomic<bool>>()));
        out.push_back(std::make_unique<ScriptedCollector>(spec.nodes[1].name, node02Failing));
        return out;
    };
    Engine engine(std::move(options));
    QVERIFY(!engine.simulated());

    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().nodes_up() == 1 && countEvents(engine, "telemetry.source_down") == 1,
                             10000);
    pb::ClusterSummary s = engine.summary();
    QCOMPARE(s.simulated(), false);
    QCOMPARE(s.telemetry_source(), std::string("dcgm-exporter"));
    QCOMPARE(s.nodes_total(), 2);
    QCOMPARE(s.gpus_total(), 4);
    QCOMPARE(s.gpu_util_mean_percent(), 50.0); // node01's two GPUs: 40 and 60
    QCOMPARE(s.gpu_util_max_percent(), 60.0);
    QCOMPARE(s.gpu_temp_max_c(), 51.0);
    QCOMPARE(s.power_draw_watts(), 601.0);
    QCOMPARE(s.gpu_memory_total_bytes(), 2 * 4096.0 * 1024 * 1024);
    QCOMPARE(s.telemetry_sources_size(), 2);
    QCOMPARE(s.telemetry_sources(1).node(), std::string("node02"));
    QCOMPARE(s.telemetry_sources(1).ok(), false);
    QCOMPARE(s.telemetry_sources(1).last_error(), std::string("connection refused"));
    QCOMPARE(s.telemetry_sources(1).target(), std::string("http://node02:9400/metrics"));

    pb::Cluster c = engine.cluster();
    QCOMPARE(c.simulated(), false);
    QCOMPARE(c.nodes(0).state(), pb::NODE_STATE_UP);
    QCOMPARE(c.nodes(1).state(), pb::NODE_STATE_DOWN);

    // Samples reach the store with the collector's labels.
    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_GPU_UTIL");
    (*q.mutable_match_labels())["Hostname"] = "node01";
    q.set_start_ms(0);
    const pb::QueryRangeResponse r = engine.queryRange(q).value();
    QCOMPARE(r.series_size(), 2);
    QVERIFY(r.series(0).points_size() >= 1);
    q.set_metric("node_load1");
    QCOMPARE(engine.queryRange(q).value().series_size(), 1);

    // Failing polls after the first raise no more events; recovery raises one.
    const int polls = static_cast<int>(engine.summary().telemetry_sources(1).polls());
    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().telemetry_sources(1).polls() >= polls + 2, 10000);
    QCOMPARE(countEvents(engine, "telemetry.source_down"), 1);
    *node02Failing = false;
    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().nodes_up() == 2, 10000);
    QCOMPARE(countEvents(engine, "telemetry.source_up"), 1);
    QCOMPARE(engine.cluster().nodes(1).state(), pb::NODE_STATE_UP);
    QVERIFY(engine.summary().telemetry_sources(1).last_success_ms() > 0);
}

void TestEngineRealSources::refusesSimulatorOnlyCalls()
{
    Engine::Options options;
    options.spec = twoRealNodes();
    options.makeCollectors = [](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
        return std::vector<std::unique_ptr<Collector>>{};
    };
    Engine engine(std::move(options));
    pb::JobSpec job;
    job.set_name("train");
    job.set_gpus_min(1);
    job.set_gpus_max(1);
    const auto submitted = engine.submitJob(job);
    QVERIFY(!submitted.ok());
    QCOMPARE(submitted.error().code, ErrorCode::FailedPrecondition);
    QVERIFY2(submitted.error().message.find("dcgm-exporter") != std::string::npos, submitted.error().message.c_str());
    QVERIFY(!engine.injectFault({}).ok());
    QCOMPARE(engine.listJobs({}).jobs_size(), 0);
    QCOMPARE(engine.simulation().simulated(), false);
}

void TestEngineRealSources::factoryErrorIsAnEvent()
{
    Engine::Options options;
    options.spec = twoRealNodes();
    options.makeCollectors = [](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
        return invalidArgument("node01 has no address to scrape");
    };
    Engine engine(std::move(options));
    QCOMPARE(countEvents(engine, "telemetry.unavailable"), 1);
    QCOMPARE(engine.summary().nodes_up(), 0);

    // A configuration whose collectors cannot be built is refused, not half-applied.
    pb::ApplyConfigRequest apply;
    apply.set_yaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\nnodes:\n  - name: node01\n"
                   "telemetry: {source: dcgm-exporter}\n");
    const pb::ApplyConfigResponse response = engine.applyConfig(apply);
    QCOMPARE(response.applied(), false);
    QCOMPARE(response.errors_size(), 1);
    QVERIFY2(response.errors(0).message().find("no address") != std::string::npos,
             response.errors(0).message().c_str());
}

QTEST_GUILESS_MAIN(TestEngineRealSources)
#include "tst_engine_real_sources.moc"
