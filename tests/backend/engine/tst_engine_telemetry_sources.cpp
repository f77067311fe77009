// The engine on a real telemetry source, end to end: cluster.yaml names dcgm-exporter, the
// engine builds its collectors, scrapes a real dcgm-exporter capture served over HTTP on
// loopback, and answers summaries and range queries from it under the configured node name.
// Also the configurations it must refuse, each with a message that says what to do.

#include "backend/engine/engine.h"
#include "backend/engine/telemetry_sources.h"
#include "backend/model/cluster_yaml.h"
#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "tests/support/nvidia_smi_capture.h"
#include "tests/support/openssh_server.h"
#include "tests/support/served_metrics.h"
#include "tests/support/shared_data.h"

#include <QtTest>

using namespace sn;

class TestEngineTelemetrySources : public QObject {
    Q_OBJECT

private slots:
    void readsRealExporterEndpoint();
    void readsNvidiaSmiOverSsh();
    void refusesUnbuildableSources_data();
    void refusesUnbuildableSources();
    void buildsOneCollectorPerNode();
};

void TestEngineTelemetrySources::readsRealExporterEndpoint()
{
    const QString rel = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
    if (!test::requireSharedData(rel))
        return;
    HttpServer exporter;
    QVERIFY(test::serveMetricsFile(exporter, test::sharedDataPath(rel)).ok());

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

// nvidia-smi on a node with an address, end to end over a real sshd on loopback: the node's PATH
// (sshd's SetEnv) finds a fake nvidia-smi that prints a real H100 capture.
void TestEngineTelemetrySources::readsNvidiaSmiOverSsh()
{
    const QString rel = "nvidia-smi/query-csv/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__load.csv";
    if (!test::requireSharedData(rel) || !test::requireOpenSsh())
        return;
    QFile capture(test::sharedDataPath(rel));
    QVERIFY(capture.open(QIODevice::ReadOnly));
    test::OpenSshServer sshd;
    const QString key = sshd.makeUserKey("id_engine");
    QVERIFY(!key.isEmpty());
    QVERIFY(QDir(sshd.dir()).mkpath("bin"));
    QFile rows(sshd.path("rows.csv"));
    QVERIFY(rows.open(QIODevice::WriteOnly));
    rows.write(test::projectNvidiaSmiCapture(capture.readAll(), nvidiaSmiQueryFields()));
    rows.close();
    QFile script(sshd.path("bin/nvidia-smi"));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\ncase \"$1\" in --query-gpu=*) cat '" + sshd.path("rows.csv").toUtf8() +
                 "'; exit 0;; esac\necho \"unexpected arguments: $*\" >&2\nexit 9\n");
    script.close();
    QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    sshd.addConfig("SetEnv PATH=" + sshd.path("bin") + ":/usr/bin:/bin");
    QString why;
    QVERIFY2(sshd.start(&why), qPrintable(why));
    QFile knownHosts(sshd.path("known_hosts"));
    QVERIFY(knownHosts.open(QIODevice::WriteOnly));
    knownHosts.write(sshd.knownHostsLine().toUtf8() + "\n");
    knownHosts.close();

    SshOptions ssh;
    ssh.configFile = "";
    ssh.knownHostsFile = sshd.path("known_hosts").toStdString();
    ssh.globalKnownHostsFile = sshd.path("no_global_known_hosts").toStdString();
    ssh.useAgent = false;
    ssh.tryDefaultKeys = false;
    ssh.identityFiles = {key.toStdString()};
    const std::string address = sshd.user().toStdString() + "@127.0.0.1:" + std::to_string(sshd.port());
    auto spec = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                                 "nodes:\n  - {name: h100box, address: '" +
                                 address + "'}\ntelemetry:\n  source: nvidia-smi\n  interval: 200ms\n");
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
    Engine::Options options;
    options.spec = *spec;
    options.makeCollectors = [ssh](const ClusterSpec &s) { return makeTelemetryCollectors(s, ssh); };
    Engine engine(std::move(options));

    QTRY_VERIFY2_WITH_TIMEOUT(engine.summary().nodes_up() == 1, qPrintable(sshd.log()), 15000);
    const pb::ClusterSummary s = engine.summary();
    QCOMPARE(s.telemetry_source(), std::string("nvidia-smi"));
    QCOMPARE(s.telemetry_sources_size(), 1);
    QCOMPARE(s.telemetry_sources(0).target(), "h100box (ssh://" + address + ")");
    QCOMPARE(s.gpus_total(), 1);
    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_POWER_USAGE");
    (*q.mutable_match_labels())["Hostname"] = "h100box";
    const pb::QueryRangeResponse r = engine.queryRange(q).value();
    QCOMPARE(r.series_size(), 1);
    QVERIFY(r.series(0).points_size() >= 1);
    QCOMPARE(r.series(0).points(0).value(), 631.95); // the capture's power.draw
    QVERIFY2(sshd.log().contains("Accepted publickey for " + sshd.user()), qPrintable(sshd.log()));

    // The node's sshd goes away: the node goes down.
    sshd.stop();
    QTRY_VERIFY_WITH_TIMEOUT(engine.summary().nodes_up() == 0, 15000);
}

void TestEngineTelemetrySources::refusesUnbuildableSources_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("messagePart");
    const QString head = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n";
    QTest::newRow("dcgm-exporter, node without address")
        << head + "nodes:\n  - name: n1\ntelemetry: {source: dcgm-exporter}\n"
        << "node n1 has no address to scrape (http://ADDRESS:9400/metrics)";
    QTest::newRow("nvidia-smi on a node whose address is no SSH address")
        << head + "nodes:\n  - {name: n1, address: 'admin@n1:99999'}\ntelemetry: {source: nvidia-smi}\n"
        << "node n1: SSH address 'admin@n1:99999': port '99999'";
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

    // nvidia-smi on nodes with an address runs over SSH: user and port from the address, else
    // from ~/.ssh/config or the current user and 22. Nothing connects yet.
    auto ssh = makeTelemetryCollectors(*parseClusterYaml(
        "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\nnodes:\n  - {name: n1, address: "
        "'admin@10.0.0.1:2222'}\n  - {name: n2, address: 'ops@[fd00::2]'}\n  - name: here\n"
        "telemetry: {source: nvidia-smi}\n"));
    QVERIFY2(ssh.ok(), ssh.ok() ? "" : ssh.error().message.c_str());
    QCOMPARE(ssh->size(), std::size_t(3));
    QCOMPARE((*ssh)[0]->source(), std::string("nvidia-smi"));
    QCOMPARE((*ssh)[0]->target(), std::string("n1 (ssh://admin@10.0.0.1:2222)"));
    QCOMPARE((*ssh)[1]->target(), std::string("n2 (ssh://ops@[fd00::2]:22)"));
    QCOMPARE((*ssh)[2]->target(), std::string("here (local)"));

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
