// Writing cluster.yaml. The output is meant to be read and edited by people, so it uses the short
// forms (a GPU count, an NVSwitch count) whenever they say the same thing, and leaves out values
// that equal the reader's defaults. Whatever it leaves out reads back to the same spec.

#include "backend/model/cluster_yaml.h"
#include "backend/model/cluster_yaml_anomaly.h"
#include "backend/model/cluster_yaml_job_backends.h"
#include "backend/model/cluster_yaml_logs.h"
#include "backend/model/quantity.h"

#include <yaml-cpp/yaml.h>

#include <array>
#include <charconv>

namespace sn {

namespace {

// Shortest text that reads back to the same double: 12.5, 2, 0.1.
std::string number(double value)
{
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc() ? std::string(buffer.data(), end) : std::to_string(value);
}

bool gpusAreUniform(const std::vector<GpuSpec> &gpus)
{
    if (gpus.empty() || gpus.size() > 16)
        return false;
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const GpuSpec &g = gpus[i];
        if (g.index != static_cast<int>(i) || !g.uuid.empty() || !g.pciBusId.empty() || g.numaNode != -1 ||
            g.model != gpus.front().model || g.memoryBytes != gpus.front().memoryBytes)
            return false;
    }
    return true;
}

bool nvSwitchesAreCounted(const std::vector<NvSwitchSpec> &switches)
{
    if (switches.size() > 64)
        return false;
    for (std::size_t i = 0; i < switches.size(); ++i)
        if (switches[i].index != static_cast<int>(i) || switches[i].model != kDefaultNvSwitchModel)
            return false;
    return true;
}

void writeGpus(YAML::Emitter &out, const std::vector<GpuSpec> &gpus)
{
    out << YAML::Key << "gpus" << YAML::Value;
    if (gpusAreUniform(gpus)) {
        out << YAML::BeginMap << YAML::Key << "count" << YAML::Value << static_cast<int>(gpus.size());
        if (!gpus.front().model.empty())
            out << YAML::Key << "model" << YAML::Value << gpus.front().model;
        if (gpus.front().memoryBytes != 0)
            out << YAML::Key << "memory" << YAML::Value << formatBytes(gpus.front().memoryBytes);
        out << YAML::EndMap;
        return;
    }
    out << YAML::BeginSeq;
    for (const GpuSpec &g : gpus) {
        out << YAML::BeginMap << YAML::Key << "index" << YAML::Value << g.index;
        if (!g.model.empty())
            out << YAML::Key << "model" << YAML::Value << g.model;
        if (g.memoryBytes != 0)
            out << YAML::Key << "memory" << YAML::Value << formatBytes(g.memoryBytes);
        if (!g.uuid.empty())
            out << YAML::Key << "uuid" << YAML::Value << g.uuid;
        if (!g.pciBusId.empty()) // quoted: YAML 1.1 readers take 00000000:18:00.0 for a base-60 number
            out << YAML::Key << "pciBusId" << YAML::Value << YAML::DoubleQuoted << g.pciBusId;
        if (g.numaNode != -1)
            out << YAML::Key << "numa" << YAML::Value << g.numaNode;
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
}

void writeNvSwitches(YAML::Emitter &out, const std::vector<NvSwitchSpec> &switches)
{
    out << YAML::Key << "nvswitches" << YAML::Value;
    if (nvSwitchesAreCounted(switches)) {
        out << static_cast<int>(switches.size());
        return;
    }
    out << YAML::BeginSeq;
    for (const NvSwitchSpec &s : switches)
        out << YAML::Flow << YAML::BeginMap << YAML::Key << "index" << YAML::Value << s.index << YAML::Key << "model"
            << YAML::Value << s.model << YAML::EndMap;
    out << YAML::EndSeq;
}

void writeNode(YAML::Emitter &out, const NodeSpec &node)
{
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << node.name;
    if (!node.address.empty())
        out << YAML::Key << "address" << YAML::Value << node.address;
    if (node.cpuCores != 0)
        out << YAML::Key << "cpuCores" << YAML::Value << node.cpuCores;
    if (node.memoryBytes != 0)
        out << YAML::Key << "memory" << YAML::Value << formatBytes(node.memoryBytes);
    if (!node.gpus.empty())
        writeGpus(out, node.gpus);
    if (!node.nvswitches.empty())
        writeNvSwitches(out, node.nvswitches);
    if (!node.nics.empty()) {
        out << YAML::Key << "nics" << YAML::Value << YAML::BeginSeq;
        for (const NicSpec &nic : node.nics) {
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << nic.name << YAML::Key << "type"
                << YAML::Value << linkTypeName(nic.type);
            if (nic.speedGbps != 0)
                out << YAML::Key << "speed" << YAML::Value << formatGbps(nic.speedGbps);
            if (nic.numaNode != -1)
                out << YAML::Key << "numa" << YAML::Value << nic.numaNode;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
}

void writeNetwork(YAML::Emitter &out, const NetworkSpec &network)
{
    out << YAML::Key << "network" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "fabric" << YAML::Value << linkTypeName(network.fabric);
    if (!network.switches.empty()) {
        out << YAML::Key << "switches" << YAML::Value << YAML::BeginSeq;
        for (const SwitchSpec &s : network.switches) {
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << s.name << YAML::Key << "type"
                << YAML::Value << linkTypeName(s.type);
            if (s.ports != 0)
                out << YAML::Key << "ports" << YAML::Value << s.ports;
            if (s.portSpeedGbps != 0)
                out << YAML::Key << "speed" << YAML::Value << formatGbps(s.portSpeedGbps);
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (!network.links.empty()) {
        out << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
        for (const LinkSpec &l : network.links) {
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "a" << YAML::Value << l.a << YAML::Key << "b"
                << YAML::Value << l.b << YAML::Key << "type" << YAML::Value << linkTypeName(l.type);
            if (l.lanes != 1)
                out << YAML::Key << "lanes" << YAML::Value << l.lanes;
            if (l.bandwidthGBps != 0)
                out << YAML::Key << "bandwidth" << YAML::Value << number(l.bandwidthGBps);
            if (l.latencyUs != 0)
                out << YAML::Key << "latencyUs" << YAML::Value << number(l.latencyUs);
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
}

void writeQuotaFields(YAML::Emitter &out, const ResourceQuota &q)
{
    if (q.gpuMin != 0 || q.gpuMax != 0) {
        out << YAML::Key << "gpu" << YAML::Value << YAML::Flow << YAML::BeginMap;
        if (q.gpuMin != 0)
            out << YAML::Key << "min" << YAML::Value << q.gpuMin;
        if (q.gpuMax != 0)
            out << YAML::Key << "max" << YAML::Value << q.gpuMax;
        out << YAML::EndMap;
    }
    if (q.memoryLimitBytes != 0)
        out << YAML::Key << "memory" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "limit"
            << YAML::Value << formatBytes(q.memoryLimitBytes) << YAML::EndMap;
}

void writeSchedulingPolicy(YAML::Emitter &out, const SchedulingPolicy &policy)
{
    const SchedulingPolicy defaults;
    out << YAML::Key << "schedulingPolicy" << YAML::Value << YAML::BeginMap;
    if (!policy.priorityClasses.empty()) {
        out << YAML::Key << "priorityClass" << YAML::Value << YAML::BeginSeq;
        for (const PriorityClass &pc : policy.priorityClasses)
            out << YAML::BeginMap << YAML::Key << pc.name << YAML::Value << pc.value << YAML::EndMap;
        out << YAML::EndSeq;
    }
    if (const auto &q = policy.resourceQuota) {
        out << YAML::Key << "resourceQuota" << YAML::Value;
        if (q->gpuMin == 0 && q->gpuMax == 0 && q->memoryLimitBytes == 0)
            out << YAML::Flow; // "resourceQuota: {}" still means a quota with no limits
        out << YAML::BeginMap;
        writeQuotaFields(out, *q);
        out << YAML::EndMap;
    }
    if (!policy.queues.empty()) {
        out << YAML::Key << "queues" << YAML::Value << YAML::BeginSeq;
        for (const QueueSpec &q : policy.queues) {
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << q.name;
            writeQuotaFields(out, q.quota);
            if (q.weight != 1)
                out << YAML::Key << "weight" << YAML::Value << q.weight;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (policy.fairShareHalfLifeMs != defaults.fairShareHalfLifeMs)
        out << YAML::Key << "fairShare" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "halfLife"
            << YAML::Value << formatDurationMs(policy.fairShareHalfLifeMs) << YAML::EndMap;
    if (policy.preemption != defaults.preemption)
        out << YAML::Key << "preemption" << YAML::Value << policy.preemption;
    if (policy.backfill != defaults.backfill)
        out << YAML::Key << "backfill" << YAML::Value << policy.backfill;
    if (policy.elastic != defaults.elastic)
        out << YAML::Key << "elastic" << YAML::Value << policy.elastic;
    out << YAML::EndMap;
}

void writeSimulation(YAML::Emitter &out, const SimulationSpec &sim)
{
    // Every key, defaults included: the simulated super node is what new users see first.
    out << YAML::Key << "simulation" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "nodes" << YAML::Value << sim.nodes;
    out << YAML::Key << "gpusPerNode" << YAML::Value << sim.gpusPerNode;
    out << YAML::Key << "gpuModel" << YAML::Value << sim.gpuModel;
    out << YAML::Key << "nicsPerNode" << YAML::Value << sim.nicsPerNode;
    out << YAML::Key << "nicSpeed" << YAML::Value << formatGbps(sim.nicSpeedGbps);
    out << YAML::Key << "seed" << YAML::Value << static_cast<unsigned long long>(sim.seed);
    out << YAML::Key << "inletTemperature" << YAML::Value << number(sim.inletTemperatureC);
    out << YAML::Key << "jobArrivalsPerHour" << YAML::Value << number(sim.jobArrivalsPerHour);
    out << YAML::EndMap;
}

void writeTelemetry(YAML::Emitter &out, const TelemetrySpec &t)
{
    const TelemetrySpec defaults;
    out << YAML::Key << "telemetry" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "source" << YAML::Value << telemetrySourceName(t.source);
    out << YAML::Key << "interval" << YAML::Value << formatDurationMs(t.intervalMs);
    out << YAML::Key << "retention" << YAML::Value << formatDurationMs(t.retentionMs);
    if (!t.dataDir.empty())
        out << YAML::Key << "dataDir" << YAML::Value << t.dataDir;
    if (t.dcgmExporterPort != defaults.dcgmExporterPort || t.source == TelemetrySource::DcgmExporter)
        out << YAML::Key << "dcgmExporterPort" << YAML::Value << t.dcgmExporterPort;
    if (!t.prometheusUrl.empty())
        out << YAML::Key << "prometheusUrl" << YAML::Value << t.prometheusUrl;
    if (t.maxSeries != defaults.maxSeries)
        out << YAML::Key << "maxSeries" << YAML::Value << t.maxSeries;
    out << YAML::EndMap;
}

} // namespace

std::string writeClusterYaml(const ClusterSpec &spec)
{
    YAML::Emitter out;
    out.SetIndent(2);
    out << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << kClusterApiVersion;
    out << YAML::Key << "kind" << YAML::Value << "Cluster";
    out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap << YAML::Key << "name" << YAML::Value << spec.name
        << YAML::EndMap;
    if (!spec.nodes.empty()) {
        out << YAML::Key << "nodes" << YAML::Value << YAML::BeginSeq;
        for (const NodeSpec &node : spec.nodes)
            writeNode(out, node);
        out << YAML::EndSeq;
    }
    if (spec.network != NetworkSpec{})
        writeNetwork(out, spec.network);
    if (spec.schedulingPolicy != SchedulingPolicy{})
        writeSchedulingPolicy(out, spec.schedulingPolicy);
    if (spec.simulation.enabled)
        writeSimulation(out, spec.simulation);
    if (spec.telemetry)
        writeTelemetry(out, *spec.telemetry);
    if (spec.anomaly)
        yaml_fields::writeAnomaly(out, *spec.anomaly);
    if (spec.logs)
        yaml_fields::writeLogs(out, *spec.logs);
    if (spec.jobBackends)
        yaml_fields::writeJobBackends(out, *spec.jobBackends);
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

} // namespace sn
