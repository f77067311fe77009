// The engine on a real telemetry source, end to end: cluster.yaml names dcgm-exporter, the
// engine builds its collectors, scrapes a real dcgm-exporter capture served over HTTP on
// loopback, and answers summaries and range queries from it under the configured node name.
// Also the configurations it must refuse, each with a message that says what to do.

#include "backend/api/engine.h"
#include "backend/api/telemetry_sources.h"
#include "backend/model/cluster_yaml.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "tests/support/shared_data.h"

#include <QtTest>

using namespace sn;

class TestEngineTelemetrySources : public QObject {
    Q_OBJECT

private slots:
    void readsRealExporterEndpoint();
    void refusesUnbuildableSources_data();
    void refusesUnbuildableSources();
    void buildsOneCollectorPerNode();
};

void TestEngineTelemetrySources::readsRealExporterEndpoint()
{
    const QString rel = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
    if (!test::requireSharedData(rel))
        return;
    QFile f(test::sharedDataPath(rel));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string capture = f.readAll().toStdString();
    HttpServer exporter;
    exporter.handle("/metrics", [&](const HttpRequest &) {
        return HttpReply{200, kPrometheusTextContentType, capture};
    });
    QVERIFY(exporter.start("127.0.0.1", 0).ok());

    const std::string yaml = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                             "nodes:\n  - {name: t4box, address: 127.0.0.1}\n"
                             "telemetry:\n  source: dcgm-exporter\n  interval: 200ms\n  dcgmExporterPort: " +
                             std::to_string(exporter.port()) + "\n";
    auto spec = parseClusterYaml(yaml);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
    Engine::Options options;
    options.spec = *spec;
    Engine engine(std::move(options));

    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().nodes_up() == 1, 10000);
    const pb::ClusterSummary s = engine.summary();
    QCOMPARE(s.telemetry_source(), std::string("dcgm-exporter"));
    QCOMPARE(s.telemetry_sources_size(), 1);
    QCOMPARE(s.telemetry_sources(0).target(), "http://127.0.0.1:" + std::to_string(exporter.port()) + "/metrics");
    QCOMPARE(s.telemetry_sources(0).node(), std::string("t4box"));
    // The capture holds two T4s; only the first reports an SM clock and utilization.
    QCOMPARE(s.gpus_total(), 2);
    QCOMPARE(engine.cluster().nodes(0).state(), pb::NODE_STATE_UP);

    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_POWER_USAGE");
    (*q.mutable_match_labels())["Hostname"] = "t4box";
    (*q.mutable_match_labels())["UUID"] = "GPU-20c56d28-0da5-6d26-a36a-e7af1ce2586e";
    const pb::QueryRangeResponse r = engine.queryRange(q).value();
    QCOMPARE(r.series_size(), 1);
    QVERIFY(r.series(0).points_size() >= 1);
    QCOMPARE(r.series(0).points(0).value(), 8.969);
    QCOMPARE(r.series(0).labels().at("modelName"), std::string("Tesla T4"));

    // The exporter goes away: the node goes down and one event says why.
    exporter.stop();
    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().nodes_up() == 0, 10000);
    QCOMPARE(engine.cluster().nodes(0).state(), pb::NODE_STATE_DOWN);
    const pb::ListEventsResponse events = engine.listEvents({});
    bool reported = false;
    for (const pb::Event &e : events.events())
        reported |= e.kind() == "telemetry.source_down" && e.node() == "t4box";
    QVERIFY(reported);
}

void TestEngineTelemetrySources::refusesUnbuildableSources_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("messagePart");
    const QString head = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n";
    QTest::newRow("dcgm-exporter, node without address")
        << head + "nodes:\n  - name: n1\ntelemetry: {source: dcgm-exporter}\n"
        << "node n1 has no address to scrape (http://ADDRESS:9400/metrics)";
    QTest::newRow("nvidia-smi on a remote node")
        << head + "nodes:\n  - {name: n1, address: 10.0.0.1}\ntelemetry: {source: nvidia-smi}\n"
        << "needs the SSH transport";
    QTest::newRow("nvml with two remote nodes")
        << head + "nodes:\n  - {name: n1, address: 10.0.0.1}\n  - {name: n2, address: 10.0.0.2}\n"
                  "telemetry: {source: nvml}\n"
        << "reads the GPUs of the machine the engine runs on";
    QTest::newRow("no nodes") << head + "nodes: []\ntelemetry: {source: dcgm-exporter}\n"
                              << "at least one node";
}

void TestEngineTelemetrySources::refusesUnbuildableSources()
{
    QFETCH(QString, yaml);
    QFETCH(QString, messagePart);
    auto spec = parseClusterYaml(yaml.toStdString());
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
    const auto collectors = makeTelemetryCollectors(*spec);
    QVERIFY(!collectors.ok());
    QCOMPARE(collectors.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(QString::fromStdString(collectors.error().message).contains(messagePart),
             collectors.error().message.c_str());
}

void TestEngineTelemetrySources::buildsOneCollectorPerNode()
{
    const std::string head = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                             "nodes:\n  - {name: n1, address: 10.0.0.1}\n  - {name: n2, address: 'fd00::2'}\n";
    auto dcgm = makeTelemetryCollectors(*parseClusterYaml(head + "telemetry: {source: dcgm-exporter}\n"));
    QVERIFY(dcgm.ok());
    QCOMPARE(dcgm->size(), std::size_t(2));
    QCOMPARE((*dcgm)[0]->target(), std::string("http://10.0.0.1:9400/metrics"));
    QCOMPARE((*dcgm)[1]->target(), std::string("http://[fd00::2]:9400/metrics"));
    QCOMPARE((*dcgm)[1]->node(), std::string("n2"));

    auto prom = makeTelemetryCollectors(
        *parseClusterYaml(head + "telemetry: {source: prometheus, prometheusUrl: 'http://prom:9090'}\n"));
    QVERIFY(prom.ok());
    QCOMPARE(prom->size(), std::size_t(1));
    QCOMPARE((*prom)[0]->source(), std::string("prometheus"));
    QCOMPARE((*prom)[0]->target(), std::string("http://prom:9090"));

    auto local = makeTelemetryCollectors(
        *parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\nnodes:\n  - name: gpubox\n"
                          "telemetry: {source: nvidia-smi}\n"));
    QVERIFY(local.ok());
    QCOMPARE((*local)[0]->source(), std::string("nvidia-smi"));
    QCOMPARE((*local)[0]->node(), std::string("gpubox"));

    // NVML reads the engine's own machine; its host metrics come with it.
    auto nvml = makeTelemetryCollectors(
        *parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\nnodes:\n  - name: gpubox\n"
                          "  - {name: other, address: 10.0.0.9}\ntelemetry: {source: nvml}\n"));
    QVERIFY2(nvml.ok(), nvml.ok() ? "" : nvml.error().message.c_str());
    QCOMPARE(nvml->size(), std::size_t(2));
    QCOMPARE((*nvml)[0]->source(), std::string("nvml"));
    QCOMPARE((*nvml)[0]->node(), std::string("gpubox"));
    QCOMPARE((*nvml)[1]->source(), std::string("host"));
    QCOMPARE((*nvml)[1]->node(), std::string("gpubox"));
}

QTEST_GUILESS_MAIN(TestEngineTelemetrySources)
#include "tst_engine_telemetry_sources.moc"
