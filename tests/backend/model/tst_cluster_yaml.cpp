// cluster.yaml: the demo files read as documented, what is written reads back equal, and every
// malformed file is refused with the file, line and column of the mistake and what was expected.

#include "backend/model/cluster_yaml.h"

#include <QtTest>

#include <QFile>
#include <QTemporaryDir>

using namespace sn;

class TestClusterYaml : public QObject {
    Q_OBJECT

private slots:
    void readsDemoFile();
    void readsExplicitDemoFile();
    void roundTripsFiles_data();
    void roundTripsFiles();
    void roundTripsBuiltSpec();
    void writesShortFormsWhenTheySayTheSame();
    void writesSequenceFormsForDetailedHardware();
    void readsSchedulingQueuesAndSwitches();
    void readsAnomalySection();
    void rejectsMalformedFiles_data();
    void rejectsMalformedFiles();
    void loadNamesMissingPath();
    void loadNamesFileInErrors();

private:
    static QString demoPath(const QString &name);
    static std::string readText(const QString &path);
};

QString TestClusterYaml::demoPath(const QString &name)
{
    const QString sourceDir = qEnvironmentVariable("SN_SOURCE_DIR");
    if (sourceDir.isEmpty())
        qFatal("SN_SOURCE_DIR is not set; run the test through ctest");
    return sourceDir + "/resources/demo/" + name;
}

std::string TestClusterYaml::readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return file.readAll().toStdString();
}

#define VERIFY_OK(result) QVERIFY2((result).ok(), (result).ok() ? "" : (result).error().message.c_str())

void TestClusterYaml::readsDemoFile()
{
    const auto spec = loadClusterYaml(demoPath("cluster.yaml").toStdString());
    VERIFY_OK(spec);
    QCOMPARE(spec->name, "demo-supernode");
    QVERIFY(spec->nodes.empty());

    const SimulationSpec &sim = spec->simulation;
    QVERIFY(sim.enabled);
    QCOMPARE(sim.nodes, 2);
    QCOMPARE(sim.gpusPerNode, 8);
    QCOMPARE(sim.gpuModel, "NVIDIA H100 80GB HBM3");
    QCOMPARE(sim.nicsPerNode, 4);
    QCOMPARE(sim.nicSpeedGbps, 100.0);
    QCOMPARE(sim.seed, std::uint64_t{1});
    QCOMPARE(sim.inletTemperatureC, 25.0);
    QCOMPARE(sim.jobArrivalsPerHour, 40.0);

    QCOMPARE(spec->network.fabric, LinkType::Roce);
    QCOMPARE(spec->network.switches.size(), std::size_t{1});
    QCOMPARE(spec->network.switches[0], (SwitchSpec{"leaf01", LinkType::Ethernet, 64, 100.0}));
    QVERIFY(spec->network.links.empty());

    const std::vector<PriorityClass> classes{{"modelTraining", 100}, {"inference", 80}, {"dataPreprocessing", 50}};
    QCOMPARE(spec->schedulingPolicy.priorityClasses, classes);
    QVERIFY(spec->schedulingPolicy.resourceQuota.has_value());
    QCOMPARE(spec->schedulingPolicy.resourceQuota->gpuMin, 4);
    QCOMPARE(spec->schedulingPolicy.resourceQuota->gpuMax, 16);
    QCOMPARE(spec->schedulingPolicy.resourceQuota->memoryLimitBytes, std::int64_t{2} << 40);
}

void TestClusterYaml::readsExplicitDemoFile()
{
    const auto spec = loadClusterYaml(demoPath("cluster-explicit.yaml").toStdString());
    VERIFY_OK(spec);
    QVERIFY(!spec->simulation.enabled);
    QCOMPARE(spec->nodes.size(), std::size_t{2});
    QCOMPARE(spec->nodes[0].address, "192.0.2.11");
    QCOMPARE(spec->nodes[1].address, "192.0.2.12");
    QCOMPARE(spec->gpuCount(), 16);
    const NodeSpec &node = spec->nodes[0];
    QCOMPARE(node.memoryBytes, std::int64_t{2} << 40);
    for (int i = 0; i < 8; ++i) {
        QCOMPARE(node.gpus[i].index, i);
        QCOMPARE(node.gpus[i].model, "NVIDIA H100 80GB HBM3");
        QCOMPARE(node.gpus[i].memoryBytes, std::int64_t{80} << 30);
        QCOMPARE(node.gpus[i].numaNode, -1);
        QVERIFY(node.gpus[i].uuid.empty());
    }
    QCOMPARE(node.nvswitches.size(), std::size_t{4});
    QCOMPARE(node.nvswitches[3], (NvSwitchSpec{3, kDefaultNvSwitchModel}));
    QCOMPARE(node.nics[1], (NicSpec{"mlx5_1", LinkType::InfiniBand, 400.0, 1}));
    QCOMPARE(spec->network.links.size(), std::size_t{4});
    QCOMPARE(spec->network.links[0], (LinkSpec{"node01/mlx5_0", "ib-leaf01", LinkType::InfiniBand, 1, 50.0, 1.0}));
}

// Detailed hardware: per-GPU uuids and NUMA nodes, named NVSwitches, links of every type, and
// strings that need quoting to survive.
static const char *const kDetailedYaml = R"(apiVersion: supernode/v1
kind: Cluster
metadata:
  name: "lab: rack 7 # west"
nodes:
  - name: dgx01
    address: dgx01.example.org
    cpuCores: 224
    memory: 2000G
    gpus:
      - {index: 0, model: NVIDIA H100 80GB HBM3, memory: 80Gi, uuid: GPU-4b2f0c6e-1a2b-3c4d-5e6f-000000000000, pciBusId: "00000000:18:00.0", numa: 0}
      - {index: 1, model: NVIDIA H100 80GB HBM3, memory: 80Gi, uuid: GPU-4b2f0c6e-1a2b-3c4d-5e6f-000000000001, pciBusId: "00000000:2A:00.0", numa: 0}
      - {index: 3, model: NVIDIA A100-SXM4-40GB, memory: 40Gi, numa: 1}
    nvswitches:
      - {index: 0, model: NVSwitch gen3}
      - {index: 2, model: NVSwitch gen3}
    nics:
      - {name: mlx5_0, type: ib, speed: 400Gbps, numa: 0}
      - {name: eth0, type: ethernet, speed: 25}
  - name: "null"
    gpus: {count: 2}
    nvswitches: 0
network:
  fabric: infiniband
  switches:
    - {name: spine, type: infiniband, ports: 40, speed: 1.6T}
  links:
    - {a: dgx01/gpu0, b: dgx01/nvswitch0, type: nvlink, lanes: 18, bandwidth: 450, latencyUs: 0.7}
    - {a: dgx01/gpu3, b: dgx01/mlx5_0, type: pcie, lanes: 16, bandwidth: 31.5}
    - {a: dgx01/mlx5_0, b: spine, type: ib, bandwidth: 50, latencyUs: 1.25}
schedulingPolicy:
  priorityClass:
    - low: -10
    - "system critical": 1000000000
  resourceQuota: {}
simulation:
  seed: 18446744073709551615
  inletTemperature: -2.5
  jobArrivalsPerHour: 0.1
telemetry:
  source: dcgm-exporter
  interval: 500ms
  retention: 1h30m
  dataDir: /var/lib/supernode/telemetry
  dcgmExporterPort: 9500
  maxSeries: 20000
)";

void TestClusterYaml::roundTripsFiles_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("demo") << "cluster.yaml" << QByteArray(readText(demoPath("cluster.yaml")).c_str());
    QTest::newRow("explicit demo") << "cluster-explicit.yaml"
                                   << QByteArray(readText(demoPath("cluster-explicit.yaml")).c_str());
    QTest::newRow("detailed hardware") << "detailed.yaml" << QByteArray(kDetailedYaml);
}

void TestClusterYaml::roundTripsFiles()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, text);
    const auto first = parseClusterYaml(text.toStdString(), fileName.toStdString());
    VERIFY_OK(first);
    const std::string written = writeClusterYaml(*first);
    const auto second = parseClusterYaml(written, "written.yaml");
    VERIFY_OK(second);
    if (*second != *first)
        qWarning().noquote() << "written:\n" << QString::fromStdString(written);
    QVERIFY(*second == *first);
    QCOMPARE(writeClusterYaml(*second), written); // writing is stable, too
}

static ClusterSpec builtSpec()
{
    ClusterSpec spec;
    spec.name = "built-in-code";

    NodeSpec a;
    a.name = "gpu-a";
    a.address = "10.0.0.11";
    a.cpuCores = 64;
    a.memoryBytes = 1536LL << 30;
    for (int i = 0; i < 4; ++i)
        a.gpus.push_back({i, "NVIDIA L40S", 48LL << 30, "", "", -1});
    a.nvswitches = {{0, kDefaultNvSwitchModel}, {1, kDefaultNvSwitchModel}};
    a.nics = {{"mlx5_0", LinkType::Roce, 200, 0}, {"mlx5_1", LinkType::Roce, 0.1, -1}};
    spec.nodes.push_back(a);

    NodeSpec b;
    b.name = "yes"; // a YAML 1.1 boolean as a string
    b.memoryBytes = 123456789;
    b.gpus = {{1, "", 0, "GPU-x", "", -1}, {0, "#hash: and, {braces}", 1, "", "0000:3b:00.0", 1}};
    b.nvswitches = {{0, ""}, {1, "NVSwitch"}};
    spec.nodes.push_back(b);

    NodeSpec c;
    c.name = "bare";
    spec.nodes.push_back(c);

    spec.network.fabric = LinkType::Ethernet;
    spec.network.switches = {{"tor", LinkType::Roce, 0, 0}, {"[odd]", LinkType::InfiniBand, 48, 12.5}};
    spec.network.links = {{"gpu-a/mlx5_0", "tor", LinkType::Roce, 1, 1.0 / 3, 2.5e-7},
                          {"gpu-a/gpu0", "gpu-a/gpu1", LinkType::NvLink, 4, 0, 0}};

    spec.schedulingPolicy.priorityClasses = {{"b", 1}, {"a", 2}, {"~", 0}};
    spec.schedulingPolicy.resourceQuota = ResourceQuota{0, 8, 0};
    spec.schedulingPolicy.queues = {{"ml", ResourceQuota{8, 16, 512LL << 30}, 2.5}, {"cv", ResourceQuota{}, 1}};
    spec.schedulingPolicy.fairShareHalfLifeMs = 30 * 60 * 1000;
    spec.schedulingPolicy.preemption = false;
    spec.schedulingPolicy.backfill = false;
    spec.schedulingPolicy.elastic = false;

    spec.simulation.enabled = true;
    spec.simulation.nodes = 128;
    spec.simulation.gpusPerNode = 16;
    spec.simulation.gpuModel = "NVIDIA B200";
    spec.simulation.nicsPerNode = 0;
    spec.simulation.nicSpeedGbps = 800;
    spec.simulation.seed = 42;
    spec.simulation.inletTemperatureC = 18.3;
    spec.simulation.jobArrivalsPerHour = 0;

    AnomalySpec anomaly;
    anomaly.defaultDetectors = false;
    anomaly.detectors = {"DCGM_FI_DEV_MEMORY_TEMP", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"};
    anomaly.rules = {{"gpu_too_hot", "DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error"},
                     {"gpu_idle_power_low", "DCGM_FI_DEV_POWER_USAGE < 20"}};
    anomaly.thermalProtection = {true, 83.5, 78, 25, 20000, 120000, true};
    spec.anomaly = anomaly;
    LogsSpec logs;
    logs.files = {{"/var/log/syslog", "", "", false}, {"/scratch/job-1001.out", "gpu-a", "job/1001", true}};
    logs.journal = true;
    spec.logs = logs;
    return spec;
}

void TestClusterYaml::roundTripsBuiltSpec()
{
    const ClusterSpec spec = builtSpec();
    const std::string written = writeClusterYaml(spec);
    const auto back = parseClusterYaml(written);
    VERIFY_OK(back);
    if (*back != spec)
        qWarning().noquote() << "written:\n" << QString::fromStdString(written);
    QVERIFY(*back == spec);

    ClusterSpec minimal;
    minimal.name = "minimal";
    const auto minimalBack = parseClusterYaml(writeClusterYaml(minimal));
    VERIFY_OK(minimalBack);
    QVERIFY(*minimalBack == minimal);
}

void TestClusterYaml::writesShortFormsWhenTheySayTheSame()
{
    const auto spec = loadClusterYaml(demoPath("cluster-explicit.yaml").toStdString());
    VERIFY_OK(spec);
    const QString written = QString::fromStdString(writeClusterYaml(*spec));
    QVERIFY2(written.contains("gpus:\n      count: 8\n      model: NVIDIA H100 80GB HBM3\n      memory: 80Gi\n"),
             qPrintable(written));
    QVERIFY2(written.contains("nvswitches: 4\n"), qPrintable(written));
    QVERIFY2(written.contains("memory: 2Ti\n"), qPrintable(written));
    QVERIFY2(written.contains("- {name: mlx5_0, type: infiniband, speed: 400G, numa: 0}"), qPrintable(written));
    QVERIFY2(written.contains("gpu: {min: 4, max: 16}"), qPrintable(written));
    QVERIFY2(!written.contains("simulation"), qPrintable(written));
    QVERIFY2(written.startsWith("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: lab-hgx\n"),
             qPrintable(written));
}

void TestClusterYaml::writesSequenceFormsForDetailedHardware()
{
    const auto spec = parseClusterYaml(kDetailedYaml);
    VERIFY_OK(spec);
    const NodeSpec &node = spec->nodes[0];
    QCOMPARE(node.gpus[2], (GpuSpec{3, "NVIDIA A100-SXM4-40GB", 40LL << 30, "", "", 1}));
    QCOMPARE(node.nics[0].type, LinkType::InfiniBand);
    QCOMPARE(spec->nodes[1].name, "null");
    QVERIFY(spec->nodes[1].nvswitches.empty());
    QCOMPARE(spec->network.switches[0].portSpeedGbps, 1600.0);
    QCOMPARE(spec->simulation.seed, std::uint64_t{18446744073709551615ULL});
    QCOMPARE(spec->schedulingPolicy.resourceQuota, std::optional<ResourceQuota>(ResourceQuota{}));

    const QString written = QString::fromStdString(writeClusterYaml(*spec));
    QVERIFY2(written.contains("uuid: GPU-4b2f0c6e-1a2b-3c4d-5e6f-000000000001"), qPrintable(written));
    QVERIFY2(written.contains("- {index: 2, model: NVSwitch gen3}"), qPrintable(written));
    QVERIFY2(written.contains("resourceQuota: {}"), qPrintable(written));
    QVERIFY2(written.contains("name: \"null\""), qPrintable(written));
}

void TestClusterYaml::readsSchedulingQueuesAndSwitches()
{
    const auto spec = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: q\n"
                                       "schedulingPolicy:\n"
                                       "  queues:\n"
                                       "    - {name: ml, gpu: {min: 8, max: 16}, memory: {limit: 1Ti}, weight: 2}\n"
                                       "    - name: cv\n"
                                       "  fairShare: {halfLife: 2h}\n"
                                       "  preemption: false\n"
                                       "  backfill: true\n");
    VERIFY_OK(spec);
    const SchedulingPolicy &p = spec->schedulingPolicy;
    QCOMPARE(p.queues.size(), std::size_t{2});
    QCOMPARE(p.queues[0], (QueueSpec{"ml", ResourceQuota{8, 16, 1LL << 40}, 2}));
    QCOMPARE(p.queues[1], (QueueSpec{"cv", ResourceQuota{}, 1}));
    QCOMPARE(p.fairShareHalfLifeMs, std::int64_t{2 * 3600 * 1000});
    QVERIFY(!p.preemption);
    QVERIFY(p.backfill);
    QVERIFY(p.elastic); // not written: on
}

void TestClusterYaml::rejectsMalformedFiles_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("messagePart");

    // Four lines every row but the top-level ones starts with, so its line numbers start at 5.
    const QByteArray head = "apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: demo\n";

    QTest::newRow("syntax error: unclosed bracket")
        << QByteArray("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: demo\nnodes: []\n") << 4 << 6
        << "invalid YAML: ";
    // yaml-cpp 0.7's LoadAll loops forever on this one; the reader must not.
    QTest::newRow("syntax error: stray comma")
        << QByteArray("# a comment\n  , apiVersion: supernode/v1\n") << 2 << 3 << "invalid YAML: unexpected ','";
    QTest::newRow("empty document") << QByteArray("") << 1 << 1 << "the file is empty";
    QTest::newRow("only comments") << QByteArray("# nothing yet\n\n") << 1 << 1 << "the file is empty";
    QTest::newRow("not a map") << QByteArray("- node01\n- node02\n") << 1 << 1
                               << "the file expects a map, got a sequence";
    QTest::newRow("two documents") << head + "---\n" + head << 5 << 1 << "expected one YAML document";
    QTest::newRow("wrong apiVersion") << QByteArray("apiVersion: supernode/v2\nkind: Cluster\n") << 1 << 13
                                      << "'apiVersion' must be supernode/v1, got \"supernode/v2\"";
    QTest::newRow("missing apiVersion") << QByteArray("kind: Cluster\nmetadata: {name: x}\n") << 1 << 1
                                        << "the file is missing required key 'apiVersion'";
    QTest::newRow("wrong kind") << QByteArray("apiVersion: supernode/v1\nkind: Pod\n") << 2 << 7
                                << "'kind' must be Cluster, got \"Pod\"";
    QTest::newRow("missing metadata.name") << QByteArray("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {}\n") << 3
                                           << 11 << "'metadata' is missing required key 'name'";
    QTest::newRow("empty metadata.name") << QByteArray(
                                                "apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: \"\"\n")
                                         << 4 << 9 << "'metadata.name' must not be empty";
    QTest::newRow("duplicate key") << head + "  name: again\n"
                                   << 5 << 3 << "duplicate key 'name' in 'metadata' (first at line 4)";
    QTest::newRow("unknown top-level key") << head + "nodez: []\n"
                                           << 5 << 1
                                           << "unknown key 'nodez' at the top level (did you mean 'nodes'? "
                                              "expected one of: apiVersion, kind, metadata, nodes, network, "
                                              "schedulingPolicy, simulation, telemetry, anomaly, logs, jobBackends)";
    QTest::newRow("unknown key in a node") << head + "nodes:\n  - name: node01\n    adress: 10.0.0.1\n"
                                           << 7 << 5
                                           << "unknown key 'adress' in a node (did you mean 'address'? "
                                              "expected one of: name, address, cpuCores, memory";
    QTest::newRow("nodes is a map") << head + "nodes:\n  node01: {}\n"
                                    << 6 << 3 << "'nodes' expects a sequence of nodes like - name: node01, got a map";
    QTest::newRow("node without name") << head + "nodes:\n  - address: 10.0.0.1\n"
                                       << 6 << 5 << "'nodes[0]' is missing required key 'name'";
    QTest::newRow("duplicate node names") << head + "nodes:\n  - name: node01\n  - name: node01\n"
                                          << 7 << 11 << "duplicate node name 'node01' (first at line 6)";
    QTest::newRow("gpus.count is 0") << head + "nodes:\n  - name: node01\n    gpus:\n      count: 0\n"
                                     << 8 << 14 << "'nodes[0].gpus.count' expects an integer from 1 to 16, got \"0\"";
    QTest::newRow("gpus.count is eight") << head + "nodes:\n  - name: node01\n    gpus:\n      count: \"eight\"\n"
                                         << 8 << 14
                                         << "'nodes[0].gpus.count' expects an integer from 1 to 16, got \"eight\"";
    QTest::newRow("gpus.count without value")
        << head + "nodes:\n  - name: node01\n    gpus:\n      model: x\n      count:\n"
        << 9 << 7 << "'nodes[0].gpus' is missing required key 'count'";
    QTest::newRow("gpus is a number") << head + "nodes:\n  - name: node01\n    gpus: 8\n"
                                      << 7 << 11 << "'nodes[0].gpus' expects a sequence of GPUs or a map";
    QTest::newRow("uuid in a uniform gpus map")
        << head + "nodes:\n  - name: node01\n    gpus: {count: 8, uuid: GPU-1}\n"
        << 7 << 22 << "unknown key 'uuid' in a uniform 'gpus' map";
    QTest::newRow("duplicate GPU index")
        << head + "nodes:\n  - name: node01\n    gpus:\n      - {index: 0}\n      - {index: 0}\n"
        << 9 << 17 << "duplicate GPU index 0 (first at line 8)";
    QTest::newRow("bad memory quantity") << head + "nodes:\n  - name: node01\n    memory: lots\n"
                                         << 7 << 13
                                         << "'nodes[0].memory' expects a byte quantity like 512Gi, 80G or 1024, "
                                            "got \"lots\"";
    QTest::newRow("negative memory") << head + "nodes:\n  - name: node01\n    memory: -2Gi\n"
                                     << 7 << 13
                                     << "'nodes[0].memory' expects a byte quantity like 512Gi, 80G or 1024 (not "
                                        "negative), got \"-2Gi\"";
    QTest::newRow("bad NIC type") << head +
                                         "nodes:\n  - name: node01\n    nics:\n      - {name: mlx5_0, type: nvlink}\n"
                                  << 8 << 30
                                  << "'nodes[0].nics[0].type' expects one of roce, infiniband (or ib), ethernet, "
                                     "got \"nvlink\"";
    QTest::newRow("bad NIC speed")
        << head + "nodes:\n  - name: node01\n    nics:\n      - {name: mlx5_0, speed: 100GB/s}\n"
        << 8 << 31 << "that is bytes; link speeds are in bits";
    QTest::newRow("bad link type") << head + "network:\n  links:\n    - {a: node01/mlx5_0, b: leaf01, type: fiber}\n"
                                   << 7 << 43
                                   << "'network.links[0].type' expects one of nvlink, pcie, roce, infiniband (or "
                                      "ib), ethernet, got \"fiber\"";
    QTest::newRow("link to itself") << head + "network:\n  links:\n    - {a: leaf01, b: leaf01}\n"
                                    << 7 << 22 << "must name another endpoint than 'a'";
    QTest::newRow("bad fabric") << head + "network:\n  fabric: nvlink\n"
                                << 6 << 11 << "'network.fabric' expects one of roce, infiniband (or ib), ethernet";
    QTest::newRow("priorityClass value not an integer")
        << head + "schedulingPolicy:\n  priorityClass:\n    - modelTraining: high\n"
        << 7 << 22 << "'schedulingPolicy.priorityClass[0].modelTraining' expects an integer, got \"high\"";
    QTest::newRow("priorityClass value a fraction")
        << head + "schedulingPolicy:\n  priorityClass:\n    - modelTraining: 1.5\n"
        << 7 << 22 << "expects an integer, got \"1.5\"";
    QTest::newRow("priorityClass not a sequence")
        << head + "schedulingPolicy:\n  priorityClass:\n    modelTraining: 100\n"
        << 7 << 5
        << "'schedulingPolicy.priorityClass' expects a sequence of 'name: value' entries like "
           "'- modelTraining: 100' (a sequence keeps their order), got a map";
    QTest::newRow("priorityClass entry with two pairs")
        << head + "schedulingPolicy:\n  priorityClass:\n    - {a: 1, b: 2}\n"
        << 7 << 7 << "expects one 'name: value' pair like '- modelTraining: 100', got a map of 2 entries";
    QTest::newRow("duplicate priorityClass") << head + "schedulingPolicy:\n  priorityClass:\n    - a: 1\n    - a: 2\n"
                                             << 8 << 7 << "duplicate priority class 'a' (first at line 7)";
    QTest::newRow("quota min above max") << head + "schedulingPolicy:\n  resourceQuota:\n    gpu: {min: 20, max: 16}\n"
                                         << 7 << 16
                                         << "'schedulingPolicy.resourceQuota.gpu.min' (20) must not exceed 'max' (16)";
    QTest::newRow("negative quota") << head + "schedulingPolicy:\n  resourceQuota:\n    gpu: {min: -1}\n"
                                    << 7 << 16 << "expects an integer from 0 to 1000000, got \"-1\"";
    QTest::newRow("bad quota memory")
        << head + "schedulingPolicy:\n  resourceQuota:\n    memory: {limit: 12Gx}\n"
        << 7 << 21
        << "'schedulingPolicy.resourceQuota.memory.limit' expects a byte quantity like 512Gi, 80G or 1024, "
           "got \"12Gx\" (unknown unit \"Gx\"";
    QTest::newRow("queue without a name") << head + "schedulingPolicy:\n  queues:\n    - {gpu: {max: 4}}\n"
                                          << 7 << 7 << "'schedulingPolicy.queues[0]' is missing required key 'name'";
    QTest::newRow("duplicate queue") << head + "schedulingPolicy:\n  queues:\n    - name: ml\n    - name: ml\n"
                                     << 8 << 13 << "duplicate queue 'ml' (first at line 7)";
    QTest::newRow("queue min above max")
        << head + "schedulingPolicy:\n  queues:\n    - {name: ml, gpu: {min: 9, max: 8}}\n"
        << 7 << 29 << "'schedulingPolicy.queues[0].gpu.min' (9) must not exceed 'max' (8)";
    QTest::newRow("queue weight zero") << head + "schedulingPolicy:\n  queues:\n    - {name: ml, weight: 0}\n"
                                       << 7 << 26
                                       << "'schedulingPolicy.queues[0].weight' expects a number from 0.001 to 1000";
    QTest::newRow("queue unknown key")
        << head + "schedulingPolicy:\n  queues:\n    - {name: ml, wieght: 2}\n"
        << 7 << 18 << "unknown key 'wieght' in 'schedulingPolicy.queues[0]' (did you mean 'weight'?";
    QTest::newRow("queues not a sequence") << head + "schedulingPolicy:\n  queues:\n    ml: {}\n"
                                           << 7 << 5 << "'schedulingPolicy.queues' expects a sequence of queues";
    QTest::newRow("preemption yes") << head + "schedulingPolicy:\n  preemption: yes\n"
                                    << 6 << 15 << "'schedulingPolicy.preemption' expects true or false, got \"yes\"";
    QTest::newRow("fair share half-life bad") << head + "schedulingPolicy:\n  fairShare: {halfLife: soon}\n"
                                              << 6 << 25 << "'schedulingPolicy.fairShare.halfLife' expects a duration";
    QTest::newRow("simulation.nodes is 500")
        << head + "simulation:\n  nodes: 500\n"
        << 6 << 10 << "'simulation.nodes' expects an integer from 1 to 128, got \"500\"";
    QTest::newRow("simulation inlet too hot") << head + "simulation:\n  inletTemperature: 80\n"
                                              << 6 << 21
                                              << "'simulation.inletTemperature' expects a number of degrees "
                                                 "Celsius from -10 to 60, got \"80\"";
    QTest::newRow("simulation nicSpeed zero") << head + "simulation:\n  nicSpeed: 0\n"
                                              << 6 << 13 << "expects a speed above 0";
    QTest::newRow("simulation is a list") << head + "simulation:\n  - nodes: 2\n"
                                          << 6 << 3 << "'simulation' expects a map, got a sequence";
    const QByteArray sim = head + "simulation: {nodes: 1}\n";
    QTest::newRow("telemetry unknown source") << sim + "telemetry:\n  source: ganglia\n"
                                              << 7 << 11
                                              << "'telemetry.source' expects one of simulator, nvml, nvidia-smi, "
                                                 "dcgm-exporter, prometheus, got \"ganglia\"";
    QTest::newRow("telemetry interval too short") << sim + "telemetry:\n  interval: 10ms\n"
                                                  << 7 << 13 << "'telemetry.interval' must be between 100ms and 1h";
    QTest::newRow("telemetry interval without unit") << sim + "telemetry:\n  interval: 15\n"
                                                     << 7 << 13 << "needs a unit";
    QTest::newRow("telemetry retention below an hour") << sim + "telemetry:\n  retention: 30m\n"
                                                       << 7 << 14 << "'telemetry.retention' must be between 1h and";
    QTest::newRow("telemetry port out of range") << sim + "telemetry:\n  dcgmExporterPort: 70000\n"
                                                 << 7 << 21 << "from 1 to 65535";
    QTest::newRow("telemetry series limit too low") << sim + "telemetry:\n  maxSeries: 10\n"
                                                    << 7 << 14 << "from 1000 to 100000000";
    QTest::newRow("telemetry prometheus without url") << sim + "telemetry:\n  source: prometheus\n"
                                                      << 7 << 11 << "needs 'prometheusUrl";
    QTest::newRow("telemetry url not http") << sim + "telemetry:\n  source: prometheus\n  prometheusUrl: prom:9090\n"
                                            << 8 << 18 << "expects a URL like http://prometheus:9090";
    QTest::newRow("telemetry simulator without simulation")
        << head + "nodes:\n  - name: n1\ntelemetry:\n  source: simulator\n"
        << 8 << 11 << "simulator needs a 'simulation' section";
    QTest::newRow("telemetry unknown key") << sim + "telemetry:\n  sauce: nvml\n" << 7 << 3 << "'sauce'";
    QTest::newRow("rule with a wrong operator")
        << sim + "anomaly:\n  rules:\n    - name: hot\n      rule: DCGM_FI_DEV_GPU_TEMP >> 85\n"
        << 9 << 13 << "'anomaly.rules[0].rule': rule 'hot': operator '>>' must be > or <";
    QTest::newRow("rule with a bad duration")
        << sim + "anomaly:\n  rules:\n    - {name: hot, rule: DCGM_FI_DEV_GPU_TEMP > 85 for soon}\n"
        << 8 << 25 << "duration 'soon' is not a number with a unit";
    QTest::newRow("duplicate rule names") << sim + "anomaly:\n  rules:\n    - {name: hot, rule: DCGM_FI_DEV_GPU_TEMP > "
                                                   "85}\n    - {name: hot, rule: DCGM_FI_DEV_GPU_TEMP > 90}\n"
                                          << 9 << 14 << "duplicate rule name 'hot' (first at line 8)";
    QTest::newRow("rule without text") << sim + "anomaly:\n  rules:\n    - name: hot\n"
                                       << 8 << 7 << "'anomaly.rules[0]' is missing required key 'rule'";
    QTest::newRow("thermal clear above limit")
        << sim + "anomaly:\n  thermalProtection: {limit: 80, clear: 85}\n"
        << 7 << 41 << "'anomaly.thermalProtection.clear' must be below its limit (80 °C)";
    QTest::newRow("thermal unknown key")
        << sim + "anomaly:\n  thermalProtection:\n    stepWats: 50\n"
        << 8 << 5 << "unknown key 'stepWats' in 'anomaly.thermalProtection' (did you mean 'stepWatts'?";
    QTest::newRow("thermal dryRun not a bool")
        << sim + "anomaly:\n  thermalProtection: {dryRun: maybe}\n"
        << 7 << 31 << "'anomaly.thermalProtection.dryRun' expects true or false, got \"maybe\"";
    QTest::newRow("log file relative path") << sim + "logs:\n  files:\n    - path: var/log/syslog\n"
                                            << 8 << 13 << "'logs.files[0].path' must be an absolute path";
    QTest::newRow("log file twice") << sim + "logs:\n  files:\n    - path: /a\n    - path: /a\n"
                                    << 9 << 13 << "duplicate log file '/a' (first at line 8)";
    QTest::newRow("logs journal not a bool") << sim + "logs: {journal: often}\n"
                                             << 6 << 17 << "'logs.journal' expects true or false";
    QTest::newRow("detectors not a sequence") << sim + "anomaly:\n  detectors: DCGM_FI_DEV_GPU_TEMP\n"
                                              << 7 << 14 << "'anomaly.detectors' expects a sequence of metric names";
    QTest::newRow("defaultDetectors not a bool") << sim + "anomaly: {defaultDetectors: some}\n"
                                                 << 6 << 29 << "'anomaly.defaultDetectors' expects true or false";
}

void TestClusterYaml::readsAnomalySection()
{
    const auto spec = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: x}\n"
                                       "simulation: {nodes: 1}\n"
                                       "anomaly:\n"
                                       "  detectors: [DCGM_FI_DEV_MEMORY_TEMP]\n"
                                       "  rules:\n"
                                       "    - name: gpu_too_hot\n"
                                       "      rule: DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error\n"
                                       "  thermalProtection:\n"
                                       "    limit: 87\n"
                                       "    stepWatts: 25\n"
                                       "    coolDown: 2m\n");
    VERIFY_OK(spec);
    QVERIFY(spec->anomaly);
    const AnomalySpec &a = *spec->anomaly;
    QCOMPARE(a.detectors, std::vector<std::string>{"DCGM_FI_DEV_MEMORY_TEMP"});
    QVERIFY(a.defaultDetectors); // on unless the file says otherwise
    QCOMPARE(a.rules.size(), std::size_t(1));
    QCOMPARE(a.rules[0].name, std::string("gpu_too_hot"));
    QCOMPARE(a.rules[0].rule, std::string("DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error"));
    // Writing the section turns protection on; clear defaults to 5 °C under the limit.
    QVERIFY(a.thermalProtection.enabled);
    QCOMPARE(a.thermalProtection.limitC, 87.0);
    QCOMPARE(a.thermalProtection.clearC, 82.0);
    QCOMPARE(a.thermalProtection.stepW, 25.0);
    QCOMPARE(a.thermalProtection.coolDownMs, std::int64_t(120000));
    QCOMPARE(a.thermalProtection.holdMs, std::int64_t(15000));
    QVERIFY(!a.thermalProtection.dryRun);
}

void TestClusterYaml::rejectsMalformedFiles()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, messagePart);
    const auto spec = parseClusterYaml(text.toStdString());
    QVERIFY2(!spec.ok(), "a malformed file was accepted");
    QCOMPARE(spec.error().code, ErrorCode::InvalidArgument);
    const QString message = QString::fromStdString(spec.error().message);
    const QString where = QString("cluster.yaml:%1:%2: ").arg(line).arg(column);
    QVERIFY2(message.startsWith(where), qPrintable(message + "\n   does not start with " + where));
    QVERIFY2(message.contains(messagePart), qPrintable(message + "\n   does not contain " + messagePart));
}

void TestClusterYaml::loadNamesMissingPath()
{
    const QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = (dir.path() + "/no-such-dir/cluster.yaml").toStdString();
    const auto spec = loadClusterYaml(path);
    QVERIFY(!spec.ok());
    QCOMPARE(spec.error().code, ErrorCode::NotFound);
    QVERIFY2(spec.error().message.find(path) != std::string::npos, spec.error().message.c_str());
}

void TestClusterYaml::loadNamesFileInErrors()
{
    const QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.path() + "/mine.yaml";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("apiVersion: supernode/v9\n");
    file.close();
    const auto spec = loadClusterYaml(path.toStdString());
    QVERIFY(!spec.ok());
    const QString message = QString::fromStdString(spec.error().message);
    QVERIFY2(message.startsWith(path + ":1:13: "), qPrintable(message));

    const auto directory = loadClusterYaml(dir.path().toStdString());
    QVERIFY(!directory.ok());
    QVERIFY2(QString::fromStdString(directory.error().message).contains(dir.path()), directory.error().message.c_str());
}

QTEST_GUILESS_MAIN(TestClusterYaml)
#include "tst_cluster_yaml.moc"
