#include "backend/engine/telemetry_sources.h"

#include "backend/ssh/ssh_command_runner.h"
#include "backend/telemetry/collectors/dcgm_exporter_collector.h"
#include "backend/telemetry/collectors/host_collector.h"
#include "backend/telemetry/collectors/nvidia_smi_collector.h"
#include "backend/telemetry/collectors/nvml_collector.h"
#include "backend/telemetry/collectors/prometheus_server_collector.h"

namespace sn {

namespace {

bool isLocalAddress(const std::string &address)
{
    return address.empty() || address == "localhost" || address == "127.0.0.1" || address == "::1";
}

// NvidiaSmiCollector borrows its runner; this one owns it, so the engine can hold one object.
class OwnedRunnerNvidiaSmiCollector final : public Collector {
public:
    OwnedRunnerNvidiaSmiCollector(std::unique_ptr<CommandRunner> runner, const std::string &node)
        : m_runner(std::move(runner)), m_collector(*m_runner, node), m_node(node)
    {
    }
    std::string source() const override { return m_collector.source(); }
    std::string target() const override { return m_node + " (" + m_runner->where() + ")"; }
    std::string node() const override { return m_node; }
    Result<Collection> collect(std::int64_t nowMs) override { return m_collector.collect(nowMs); }

private:
    std::unique_ptr<CommandRunner> m_runner;
    NvidiaSmiCollector m_collector;
    std::string m_node;
};

// The exporter's Hostname label is whatever its container was called; the cluster knows the
// node by its configured name, and the console's charts and topology use that one.
class NodeDcgmExporterCollector final : public Collector {
public:
    NodeDcgmExporterCollector(DcgmExporterCollector::Options options, std::string node)
        : m_collector(std::move(options)), m_node(std::move(node))
    {
    }
    std::string source() const override { return m_collector.source(); }
    std::string target() const override { return m_collector.target(); }
    std::string node() const override { return m_node; }
    Result<Collection> collect(std::int64_t nowMs) override
    {
        auto collection = m_collector.collect(nowMs);
        if (!collection)
            return collection;
        for (GpuReading &r : collection->gpus)
            r.node = m_node;
        for (MetricSample &s : collection->samples)
            if (auto it = s.labels.find("Hostname"); it != s.labels.end())
                it->second = m_node;
        return collection;
    }

private:
    DcgmExporterCollector m_collector;
    std::string m_node;
};

class NodeNvmlCollector final : public Collector {
public:
    explicit NodeNvmlCollector(const std::string &node)
        : m_collector(NvmlCollectorOptions{NvmlLibrary::kDefaultPath, node}), m_node(node)
    {
    }
    std::string source() const override { return m_collector.source(); }
    std::string target() const override { return m_node + " (libnvidia-ml.so.1)"; }
    std::string node() const override { return m_node; }
    Result<Collection> collect(std::int64_t nowMs) override { return m_collector.collect(nowMs); }

private:
    NvmlCollector m_collector;
    std::string m_node;
};

} // namespace

Result<std::vector<std::unique_ptr<Collector>>> makeTelemetryCollectors(const ClusterSpec &spec, const SshOptions &ssh)
{
    const TelemetrySpec telemetry = spec.effectiveTelemetry();
    std::vector<std::unique_ptr<Collector>> out;
    switch (telemetry.source) {
    case TelemetrySource::Simulator:
        return failedPrecondition("telemetry source simulator has no collectors: the engine runs the simulation");
    case TelemetrySource::Nvml: {
        // NVML sees only the machine it runs on: the node this engine (supernoded) runs on.
        const NodeSpec *local = nullptr;
        for (const NodeSpec &node : spec.nodes)
            if (isLocalAddress(node.address))
                local = local ? nullptr : &node;
        if (!local && spec.nodes.size() == 1)
            local = &spec.nodes.front();
        if (!local)
            return invalidArgument("telemetry source nvml reads the GPUs of the machine the engine runs on: the "
                                   "cluster needs exactly one node without an address (or one node); for several "
                                   "nodes use dcgm-exporter, nvidia-smi or prometheus");
        out.push_back(std::make_unique<NodeNvmlCollector>(local->name));
        // The same machine's CPU, memory, network and disks, as node-exporter names them.
        out.push_back(std::make_unique<HostCollector>(HostCollectorOptions{"/", local->name, 0}));
        return out;
    }
    case TelemetrySource::NvidiaSmi:
        for (const NodeSpec &node : spec.nodes) {
            if (isLocalAddress(node.address)) {
                out.push_back(
                    std::make_unique<OwnedRunnerNvidiaSmiCollector>(std::make_unique<LocalCommandRunner>(), node.name));
                continue;
            }
            auto target = parseSshTarget(node.address);
            if (!target)
                return invalidArgument("telemetry source nvidia-smi: node " + node.name + ": " +
                                       target.error().message);
            SshOptions options = ssh;
            options.target = *target;
            out.push_back(std::make_unique<OwnedRunnerNvidiaSmiCollector>(
                std::make_unique<SshCommandRunner>(std::move(options)), node.name));
        }
        break;
    case TelemetrySource::DcgmExporter:
        for (const NodeSpec &node : spec.nodes) {
            if (node.address.empty())
                return invalidArgument("telemetry source dcgm-exporter: node " + node.name +
                                       " has no address to scrape (http://ADDRESS:" +
                                       std::to_string(telemetry.dcgmExporterPort) + "/metrics)");
            const bool ipv6 = node.address.find(':') != std::string::npos;
            DcgmExporterCollector::Options options;
            options.url = "http://" + (ipv6 ? "[" + node.address + "]" : node.address) + ":" +
                          std::to_string(telemetry.dcgmExporterPort) + "/metrics";
            options.defaultHostname = node.name;
            out.push_back(std::make_unique<NodeDcgmExporterCollector>(std::move(options), node.name));
        }
        break;
    case TelemetrySource::Prometheus: {
        PrometheusServerCollector::Options options;
        options.server.baseUrl = telemetry.prometheusUrl;
        out.push_back(std::make_unique<PrometheusServerCollector>(std::move(options)));
        break;
    }
    }
    if (out.empty())
        return invalidArgument(std::string("telemetry source ") + telemetrySourceName(telemetry.source) +
                               " needs at least one node in 'nodes'");
    return out;
}

} // namespace sn
