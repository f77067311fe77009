// Reading cluster.yaml. Every check throws a ReadError carrying the yaml-cpp mark of the node at
// fault; parseClusterYaml turns the first one into "FILE:LINE:COLUMN: message". The spec is built
// in a local and returned only when the whole file passed, so nothing is ever half-applied.

#include "backend/model/cluster_yaml.h"
#include "backend/model/cluster_yaml_anomaly.h"
#include "backend/model/cluster_yaml_job_backends.h"
#include "backend/model/cluster_yaml_logs.h"
#include "backend/model/quantity.h"
#include "backend/model/yaml_fields.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <sstream>
#include <string_view>

namespace sn {

namespace {

using namespace yaml_fields;

std::vector<GpuSpec> readGpus(const Field &f)
{
    std::vector<GpuSpec> gpus;
    if (f.value.IsMap()) {
        const MapFields m(f, "in a uniform 'gpus' map", {"count", "model", "memory"});
        const int count = readInt32(m.require("count", "count: 8"), 1, 16);
        GpuSpec gpu;
        if (const Field *model = m.find("model"))
            gpu.model = readString(*model);
        if (const Field *memory = m.find("memory"))
            gpu.memoryBytes = readBytes(*memory);
        for (int i = 0; i < count; ++i) {
            gpu.index = i;
            gpus.push_back(gpu);
        }
        return gpus;
    }
    requireSequence(f, " of GPUs or a map like {count: 8, model: ..., memory: 80Gi}");
    if (f.value.size() > 16)
        fail(f.mark(), quote(f.path) + " lists " + std::to_string(f.value.size()) + " GPUs; a node holds at most 16");
    UniqueCheck<int> indices("GPU index");
    for (std::size_t i = 0; i < f.value.size(); ++i) {
        const Field e = entry(f, i);
        const MapFields m(e, "in a GPU", {"index", "model", "memory", "uuid", "pciBusId", "numa"});
        GpuSpec gpu;
        gpu.index = static_cast<int>(i);
        const Field *index = m.find("index");
        if (index)
            gpu.index = readInt32(*index, 0, 15);
        indices.add(gpu.index, index ? index->mark() : e.value.Mark(), std::to_string(gpu.index));
        if (const Field *v = m.find("model"))
            gpu.model = readString(*v);
        if (const Field *v = m.find("memory"))
            gpu.memoryBytes = readBytes(*v);
        if (const Field *v = m.find("uuid"))
            gpu.uuid = readString(*v);
        if (const Field *v = m.find("pciBusId"))
            gpu.pciBusId = readString(*v);
        if (const Field *v = m.find("numa"))
            gpu.numaNode = readInt32(*v, 0, 1023);
        gpus.push_back(gpu);
    }
    return gpus;
}

std::vector<NvSwitchSpec> readNvSwitches(const Field &f)
{
    std::vector<NvSwitchSpec> switches;
    if (f.value.IsScalar()) {
        const int count = readInt32(f, 0, 64);
        for (int i = 0; i < count; ++i)
            switches.push_back({i, kDefaultNvSwitchModel});
        return switches;
    }
    requireSequence(f, " of NVSwitches or a count like 4");
    UniqueCheck<int> indices("NVSwitch index");
    for (std::size_t i = 0; i < f.value.size(); ++i) {
        const Field e = entry(f, i);
        const MapFields m(e, "in an NVSwitch", {"index", "model"});
        NvSwitchSpec nvswitch{static_cast<int>(i), kDefaultNvSwitchModel};
        const Field *index = m.find("index");
        if (index)
            nvswitch.index = readInt32(*index, 0, 63);
        indices.add(nvswitch.index, index ? index->mark() : e.value.Mark(), std::to_string(nvswitch.index));
        if (const Field *v = m.find("model"))
            nvswitch.model = readString(*v);
        switches.push_back(nvswitch);
    }
    return switches;
}

std::vector<NicSpec> readNics(const Field &f)
{
    std::vector<NicSpec> nics;
    requireSequence(f, " of NICs like - {name: mlx5_0, type: roce, speed: 100G}");
    UniqueCheck<std::string> names("NIC name");
    for (std::size_t i = 0; i < f.value.size(); ++i) {
        const Field e = entry(f, i);
        const MapFields m(e, "in a NIC", {"name", "type", "speed", "numa"});
        NicSpec nic;
        const Field &name = m.require("name", "name: mlx5_0");
        nic.name = readName(name);
        names.add(nic.name, name.mark(), "'" + nic.name + "'");
        if (const Field *v = m.find("type"))
            nic.type = readLinkType(*v, kFabricTypes, kFabricNames);
        if (const Field *v = m.find("speed"))
            nic.speedGbps = readGbps(*v);
        if (const Field *v = m.find("numa"))
            nic.numaNode = readInt32(*v, 0, 1023);
        nics.push_back(nic);
    }
    return nics;
}

std::vector<NodeSpec> readNodes(const Field &f)
{
    std::vector<NodeSpec> nodes;
    requireSequence(f, " of nodes like - name: node01");
    UniqueCheck<std::string> names("node name");
    for (std::size_t i = 0; i < f.value.size(); ++i) {
        const Field e = entry(f, i);
        const MapFields m(e, "in a node", {"name", "address", "cpuCores", "memory", "gpus", "nvswitches", "nics"});
        NodeSpec node;
        const Field &name = m.require("name", "name: node01");
        node.name = readName(name);
        names.add(node.name, name.mark(), "'" + node.name + "'");
        if (const Field *v = m.find("address"))
            node.address = readString(*v);
        if (const Field *v = m.find("cpuCores"))
            node.cpuCores = readInt32(*v, 0, 65536);
        if (const Field *v = m.find("memory"))
            node.memoryBytes = readBytes(*v);
        if (const Field *v = m.find("gpus"))
            node.gpus = readGpus(*v);
        if (const Field *v = m.find("nvswitches"))
            node.nvswitches = readNvSwitches(*v);
        if (const Field *v = m.find("nics"))
            node.nics = readNics(*v);
        nodes.push_back(std::move(node));
    }
    return nodes;
}

NetworkSpec readNetwork(const Field &f)
{
    NetworkSpec network;
    const MapFields m(f, "in 'network'", {"fabric", "switches", "links"});
    if (const Field *v = m.find("fabric"))
        network.fabric = readLinkType(*v, kFabricTypes, kFabricNames);
    if (const Field *switches = m.find("switches")) {
        requireSequence(*switches, " of switches like - {name: leaf01, type: ethernet, ports: 32, speed: 100G}");
        UniqueCheck<std::string> names("switch name");
        for (std::size_t i = 0; i < switches->value.size(); ++i) {
            const Field e = entry(*switches, i);
            const MapFields s(e, "in a switch", {"name", "type", "ports", "speed"});
            SwitchSpec sw;
            const Field &name = s.require("name", "name: leaf01");
            sw.name = readName(name);
            names.add(sw.name, name.mark(), "'" + sw.name + "'");
            if (const Field *v = s.find("type"))
                sw.type = readLinkType(*v, kFabricTypes, kFabricNames);
            if (const Field *v = s.find("ports"))
                sw.ports = readInt32(*v, 0, 100000);
            if (const Field *v = s.find("speed"))
                sw.portSpeedGbps = readGbps(*v);
            network.switches.push_back(sw);
        }
    }
    if (const Field *links = m.find("links")) {
        requireSequence(*links, " of links like - {a: node01/mlx5_0, b: leaf01, type: roce}");
        for (std::size_t i = 0; i < links->value.size(); ++i) {
            const Field e = entry(*links, i);
            const MapFields l(e, "in a link", {"a", "b", "type", "lanes", "bandwidth", "latencyUs"});
            LinkSpec link;
            link.a = readName(l.require("a", "a: node01/mlx5_0"));
            const Field &b = l.require("b", "b: leaf01");
            link.b = readName(b);
            if (link.a == link.b)
                fail(b.mark(), quote(b.path) + " must name another endpoint than 'a' ('" + link.a + "')");
            if (const Field *v = l.find("type"))
                link.type = readLinkType(
                    *v, {LinkType::NvLink, LinkType::Pcie, LinkType::Roce, LinkType::InfiniBand, LinkType::Ethernet},
                    "nvlink, pcie, roce, infiniband (or ib), ethernet");
            if (const Field *v = l.find("lanes"))
                link.lanes = readInt32(*v, 1, 1024);
            if (const Field *v = l.find("bandwidth"))
                link.bandwidthGBps = readNumber(*v, 0, 1e6, " of GB/s");
            if (const Field *v = l.find("latencyUs"))
                link.latencyUs = readNumber(*v, 0, 1e9, " of microseconds");
            network.links.push_back(link);
        }
    }
    return network;
}

// The "gpu: {min, max}" and "memory: {limit}" of a quota, for resourceQuota and each queue.
void readQuotaFields(const MapFields &m, ResourceQuota &q)
{
    if (const Field *gpu = m.find("gpu")) {
        const MapFields g(*gpu, "in " + quote(gpu->path), {"min", "max"});
        const Field *min = g.find("min");
        if (min)
            q.gpuMin = readInt32(*min, 0, 1000000);
        if (const Field *max = g.find("max"))
            q.gpuMax = readInt32(*max, 0, 1000000);
        if (q.gpuMax != 0 && q.gpuMin > q.gpuMax)
            fail(min ? min->mark() : gpu->mark(), quote(gpu->path + ".min") + " (" + std::to_string(q.gpuMin) +
                                                      ") must not exceed 'max' (" + std::to_string(q.gpuMax) +
                                                      "); max 0 means no limit");
    }
    if (const Field *memory = m.find("memory")) {
        const MapFields mem(*memory, "in " + quote(memory->path), {"limit"});
        if (const Field *limit = mem.find("limit"))
            q.memoryLimitBytes = readBytes(*limit);
    }
}

std::vector<QueueSpec> readQueues(const Field &f)
{
    requireSequence(f, " of queues like '- {name: ml, gpu: {min: 8, max: 16}, weight: 2}'");
    std::vector<QueueSpec> queues;
    UniqueCheck<std::string> names("queue");
    for (std::size_t i = 0; i < f.value.size(); ++i) {
        const Field e = entry(f, i);
        const MapFields m(e, "in " + quote(e.path), {"name", "gpu", "memory", "weight"});
        QueueSpec q;
        const Field &name = m.require("name", "name: ml");
        q.name = readName(name);
        names.add(q.name, name.mark(), "'" + q.name + "'");
        readQuotaFields(m, q.quota);
        if (const Field *w = m.find("weight"))
            q.weight = readNumber(*w, 0.001, 1000, "");
        queues.push_back(q);
    }
    return queues;
}

SchedulingPolicy readSchedulingPolicy(const Field &f)
{
    SchedulingPolicy policy;
    const MapFields m(f, "in 'schedulingPolicy'",
                      {"priorityClass", "resourceQuota", "queues", "fairShare", "preemption", "backfill", "elastic"});
    if (const Field *classes = m.find("priorityClass")) {
        requireSequence(*classes,
                        " of 'name: value' entries like '- modelTraining: 100' (a sequence keeps their order)");
        UniqueCheck<std::string> names("priority class");
        for (std::size_t i = 0; i < classes->value.size(); ++i) {
            const Field e = entry(*classes, i);
            if (!e.value.IsMap() || e.value.size() != 1)
                fail(e.value.Mark(), "each entry of " + quote(classes->path) +
                                         " expects one 'name: value' pair like '- modelTraining: 100', got " +
                                         (e.value.IsMap() ? "a map of " + std::to_string(e.value.size()) + " entries"
                                                          : describe(e.value)));
            const auto pair = e.value.begin();
            const Field name{pair->first, pair->first, e.path};
            PriorityClass pc;
            pc.name = readName(name);
            names.add(pc.name, name.mark(), "'" + pc.name + "'");
            pc.value = readInt32(Field{pair->first, pair->second, e.path + "." + pc.name}, INT_MIN, INT_MAX);
            policy.priorityClasses.push_back(pc);
        }
    }
    if (const Field *quota = m.find("resourceQuota")) {
        ResourceQuota q;
        readQuotaFields(MapFields(*quota, "in 'resourceQuota'", {"gpu", "memory"}), q);
        policy.resourceQuota = q;
    }
    if (const Field *queues = m.find("queues"))
        policy.queues = readQueues(*queues);
    if (const Field *fair = m.find("fairShare")) {
        const MapFields fm(*fair, "in 'schedulingPolicy.fairShare'", {"halfLife"});
        if (const Field *h = fm.find("halfLife"))
            policy.fairShareHalfLifeMs = readDurationMs(*h, 1000, 365LL * 24 * 3600 * 1000);
    }
    if (const Field *v = m.find("preemption"))
        policy.preemption = readBool(*v);
    if (const Field *v = m.find("backfill"))
        policy.backfill = readBool(*v);
    if (const Field *v = m.find("elastic"))
        policy.elastic = readBool(*v);
    return policy;
}

SimulationSpec readSimulation(const Field &f)
{
    SimulationSpec sim;
    sim.enabled = true;
    const MapFields m(f, "in 'simulation'",
                      {"nodes", "gpusPerNode", "gpuModel", "nicsPerNode", "nicSpeed", "seed", "inletTemperature",
                       "jobArrivalsPerHour"});
    if (const Field *v = m.find("nodes"))
        sim.nodes = readInt32(*v, 1, 128);
    if (const Field *v = m.find("gpusPerNode"))
        sim.gpusPerNode = readInt32(*v, 1, 16);
    if (const Field *v = m.find("gpuModel"))
        sim.gpuModel = readName(*v);
    if (const Field *v = m.find("nicsPerNode"))
        sim.nicsPerNode = readInt32(*v, 0, 16);
    if (const Field *v = m.find("nicSpeed")) {
        sim.nicSpeedGbps = readGbps(*v);
        if (sim.nicSpeedGbps <= 0)
            fail(v->mark(), quote(v->path) + " expects a speed above 0 like 100G, got " + describe(v->value));
    }
    if (const Field *v = m.find("seed"))
        sim.seed = readUnsigned(*v);
    if (const Field *v = m.find("inletTemperature"))
        sim.inletTemperatureC = readNumber(*v, -10, 60, " of degrees Celsius");
    if (const Field *v = m.find("jobArrivalsPerHour"))
        sim.jobArrivalsPerHour = readNumber(*v, 0, 1e6, " of jobs per hour");
    return sim;
}

TelemetrySpec readTelemetry(const Field &f)
{
    TelemetrySpec t;
    const MapFields m(f, "in 'telemetry'",
                      {"source", "interval", "retention", "dataDir", "dcgmExporterPort", "prometheusUrl", "maxSeries"});
    const Field *source = m.find("source");
    if (source) {
        const auto parsed = telemetrySourceFromName(source->value.IsScalar() ? source->value.Scalar() : "");
        if (!parsed)
            fail(source->mark(), quote(source->path) +
                                     " expects one of simulator, nvml, nvidia-smi, dcgm-exporter, prometheus, got " +
                                     describe(source->value));
        t.source = *parsed;
    }
    if (const Field *v = m.find("interval"))
        t.intervalMs = readDurationMs(*v, 100, 3600LL * 1000);
    if (const Field *v = m.find("retention"))
        t.retentionMs = readDurationMs(*v, 3600LL * 1000, 10LL * 365 * 24 * 3600 * 1000);
    if (const Field *v = m.find("dataDir"))
        t.dataDir = readName(*v);
    if (const Field *v = m.find("dcgmExporterPort"))
        t.dcgmExporterPort = readInt32(*v, 1, 65535);
    if (const Field *v = m.find("maxSeries"))
        t.maxSeries = readInt32(*v, 1000, 100000000);
    const Field *url = m.find("prometheusUrl");
    if (url) {
        t.prometheusUrl = readName(*url);
        if (t.prometheusUrl.rfind("http://", 0) != 0 && t.prometheusUrl.rfind("https://", 0) != 0)
            fail(url->mark(),
                 quote(url->path) + " expects a URL like http://prometheus:9090, got " + describe(url->value));
    }
    if (t.source == TelemetrySource::Prometheus && !url)
        fail(source->mark(), "'telemetry.source' prometheus needs 'prometheusUrl: http://prometheus:9090' beside it");
    return t;
}

ClusterSpec readCluster(const YAML::Node &root)
{
    const MapFields top(Field{root, root, ""}, "at the top level",
                        {"apiVersion", "kind", "metadata", "nodes", "network", "schedulingPolicy", "simulation",
                         "telemetry", "anomaly", "logs", "jobBackends"},
                        false);
    // Version and kind first: a file of another version deserves that news, not a list of keys.
    const Field &apiVersion = top.require("apiVersion", "apiVersion: supernode/v1");
    if (readString(apiVersion) != kClusterApiVersion)
        fail(apiVersion.mark(),
             "'apiVersion' must be " + std::string(kClusterApiVersion) + ", got " + describe(apiVersion.value));
    const Field &kind = top.require("kind", "kind: Cluster");
    if (readString(kind) != "Cluster")
        fail(kind.mark(), "'kind' must be Cluster, got " + describe(kind.value));
    top.rejectUnknownKeys();

    ClusterSpec spec;
    const Field &metadata = top.require("metadata", "metadata: {name: demo-supernode}");
    const MapFields meta(metadata, "in 'metadata'", {"name"});
    spec.name = readName(meta.require("name", "name: demo-supernode"));
    if (const Field *v = top.find("nodes"))
        spec.nodes = readNodes(*v);
    if (const Field *v = top.find("network"))
        spec.network = readNetwork(*v);
    if (const Field *v = top.find("schedulingPolicy"))
        spec.schedulingPolicy = readSchedulingPolicy(*v);
    if (const Field *v = top.find("simulation"))
        spec.simulation = readSimulation(*v);
    if (const Field *v = top.find("telemetry")) {
        spec.telemetry = readTelemetry(*v);
        if (spec.telemetry->source == TelemetrySource::Simulator && !spec.simulation.enabled) {
            const MapFields m(*v, "in 'telemetry'", {}, false);
            const Field *source = m.find("source");
            fail(source ? source->mark() : v->mark(),
                 "'telemetry.source' simulator needs a 'simulation' section; name the real source "
                 "(nvml, nvidia-smi, dcgm-exporter or prometheus) for real nodes");
        }
    }
    if (const Field *v = top.find("anomaly"))
        spec.anomaly = readAnomaly(*v);
    if (const Field *v = top.find("logs"))
        spec.logs = readLogs(*v);
    if (const Field *v = top.find("jobBackends"))
        spec.jobBackends = readJobBackends(*v);
    return spec;
}

// Finds the first two documents of the stream without YAML::LoadAll, which loops forever on a
// stray ',' (jbeder/yaml-cpp#1040, fixed after 0.7.0): the parser keeps handing out empty
// documents without consuming the token. Here such a document shows as a second lone null at the
// same position, and is reported as the syntax error it is.
class DocumentScan final : public YAML::EventHandler {
public:
    struct Document {
        YAML::Mark start;
        YAML::Mark root;
        bool loneNull = false;
    };

    explicit DocumentScan(const std::string &text)
    {
        std::istringstream in(text);
        YAML::Parser parser(in);
        while (m_documents.size() < 2 && parser.HandleNextDocument(*this)) {
        }
    }
    const std::vector<Document> &documents() const { return m_documents; }
    bool stuck() const
    {
        return m_documents.size() == 2 && m_documents[0].loneNull && m_documents[1].loneNull &&
               m_documents[0].root.pos == m_documents[1].root.pos;
    }

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        m_documents.push_back({mark, YAML::Mark::null_mark(), false});
        m_events = 0;
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t) override { node(mark, true); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override { node(mark, false); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t, const std::string &) override
    {
        node(mark, false);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        node(mark, false);
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        node(mark, false);
    }
    void OnMapEnd() override {}

private:
    void node(const YAML::Mark &mark, bool isNull)
    {
        if (m_documents.empty())
            return;
        if (m_events++ == 0) {
            m_documents.back().root = mark;
            m_documents.back().loneNull = isNull;
        } else {
            m_documents.back().loneNull = false;
        }
    }

    std::vector<Document> m_documents;
    int m_events = 0;
};

std::string location(const std::string &fileName, const YAML::Mark &mark)
{
    const int line = mark.is_null() ? 1 : mark.line + 1;
    const int column = mark.is_null() ? 1 : mark.column + 1;
    return fileName + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

} // namespace

Result<ClusterSpec> parseClusterYaml(const std::string &text, const std::string &fileName)
{
    try {
        const DocumentScan scan(text);
        const auto &documents = scan.documents();
        if (scan.stuck()) {
            const YAML::Mark at = documents[0].root;
            const std::string found = at.pos >= 0 && static_cast<std::size_t>(at.pos) < text.size()
                                          ? "'" + std::string(1, text[at.pos]) + "'"
                                          : "text";
            return invalidArgument(location(fileName, at) + "invalid YAML: unexpected " + found +
                                   " (expected a 'key: value' line or a '- ' entry)");
        }
        if (documents.empty() || documents[0].loneNull)
            return invalidArgument(location(fileName, YAML::Mark::null_mark()) +
                                   "the file is empty: expected a cluster starting with 'apiVersion: " +
                                   kClusterApiVersion + "' and 'kind: Cluster'");
        if (documents.size() > 1)
            return invalidArgument(location(fileName, documents[1].start) +
                                   "expected one YAML document, found a second one (remove the '---' before it)");
        return readCluster(YAML::Load(text)); // the first document only
    } catch (const ReadError &e) {
        return invalidArgument(location(fileName, e.mark) + e.message);
    } catch (const YAML::Exception &e) {
        return invalidArgument(location(fileName, e.mark) + "invalid YAML: " + e.msg);
    }
}

Result<ClusterSpec> loadClusterYaml(const std::string &path)
{
    // A cluster.yaml is a few kilobytes; refusing huge files keeps a wrong path from eating memory.
    constexpr std::uintmax_t kMaxBytes = 16 * 1024 * 1024;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return notFound("cannot read cluster file " + path + ": no such file");
    if (std::filesystem::is_directory(path, ec))
        return invalidArgument("cannot read cluster file " + path + ": it is a directory");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxBytes)
        return invalidArgument("cannot read cluster file " + path + ": it is larger than 16 MiB");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return invalidArgument("cannot read cluster file " + path + ": permission denied");
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (in.bad())
        return invalidArgument("cannot read cluster file " + path + ": read error");
    return parseClusterYaml(text, path);
}

} // namespace sn
