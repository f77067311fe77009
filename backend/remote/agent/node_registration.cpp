#include "backend/remote/agent/node_registration.h"

#include "backend/model/cluster_spec.h"
#include "backend/telemetry/collectors/gpu_probe.h"

#include <QSysInfo>

#include <cmath>
#include <map>
#include <set>
#include <unistd.h>

namespace sn::agent {

namespace pb = supernode::v1;

namespace {

// Discovery runs `supernode-agent --interconnect --json`; on the node that is this program, with
// the NVML library it was told to use, wherever it is installed.
class SelfRunner final : public CommandRunner {
public:
    SelfRunner(CommandRunner &inner, const RegistrationOptions &o) : m_inner(inner), m_options(o) {}
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override
    {
        if (argv.empty() || argv.front() != "supernode-agent")
            return m_inner.run(argv, timeout, input);
        if (m_options.selfProgram.empty())
            return Error{ErrorCode::Unavailable, "not run by this agent"};
        std::vector<std::string> self = argv;
        self.front() = m_options.selfProgram;
        if (!m_options.nvmlLibrary.empty())
            self.insert(self.begin() + 1, {"--nvml-library", m_options.nvmlLibrary});
        return m_inner.run(self, timeout, input);
    }
    std::string where() const override { return m_inner.where(); }

private:
    CommandRunner &m_inner;
    const RegistrationOptions &m_options;
};

pb::LinkType linkTypeOf(comms::LinkKind kind)
{
    switch (kind) {
    case comms::LinkKind::NvLink:
        return pb::LINK_TYPE_NVLINK;
    case comms::LinkKind::Pcie:
        return pb::LINK_TYPE_PCIE;
    case comms::LinkKind::Roce:
        return pb::LINK_TYPE_ROCE;
    case comms::LinkKind::InfiniBand:
        return pb::LINK_TYPE_INFINIBAND;
    case comms::LinkKind::Ethernet:
    case comms::LinkKind::CpuInterconnect:
        break;
    }
    return pb::LINK_TYPE_ETHERNET;
}

std::string afterSlash(const std::string &id)
{
    const auto slash = id.find('/');
    return slash == std::string::npos ? id : id.substr(slash + 1);
}

} // namespace

pb::RegisterNodeRequest buildRegistration(const std::string &node, const std::vector<GpuReading> &gpus,
                                          const comms::NodeDiscovery &discovery)
{
    pb::RegisterNodeRequest request;
    pb::Node &n = *request.mutable_node();
    n.set_name(node);
    const comms::TopologyGraph &graph = discovery.graph;
    std::set<std::string> kept; // the devices a pb::Node carries; links between others are left out
    for (const GpuReading &r : gpus) {
        pb::Gpu *g = n.add_gpus();
        g->set_index(r.gpu);
        g->set_uuid(r.uuid);
        g->set_model(r.model);
        if (r.has(GpuField::FbTotal))
            g->set_memory_bytes(std::llround(r.get(GpuField::FbTotal)) << 20);
        g->set_pci_bus_id(r.pciBusId);
        g->set_id(gpuId(node, r.gpu));
        const int d = graph.find(g->id());
        g->set_numa_node(d >= 0 ? graph.device(d).numaNode : -1);
        kept.insert(g->id());
    }
    for (const comms::Device &d : graph.devices()) {
        if (d.kind == comms::DeviceKind::NvSwitch) {
            pb::NvSwitch *s = n.add_nvswitches();
            s->set_index(n.nvswitches_size() - 1);
            s->set_model(d.model.empty() ? "NVSwitch" : d.model);
            s->set_id(d.id);
            kept.insert(d.id);
        } else if (d.kind == comms::DeviceKind::Nic) {
            pb::Nic *nic = n.add_nics();
            nic->set_name(afterSlash(d.id));
            nic->set_type(linkTypeOf(d.fabric.value_or(comms::LinkKind::Ethernet)));
            nic->set_speed_gbps(comms::known(d.speedGbps) ? d.speedGbps : 0);
            nic->set_numa_node(d.numaNode);
            nic->set_id(d.id);
            nic->set_link_up(d.health != comms::LinkHealth::Down);
            kept.insert(d.id);
        }
    }
    for (const comms::Link &l : graph.links()) {
        const comms::Device &a = graph.device(l.a), &b = graph.device(l.b);
        if (!kept.contains(a.id) || !kept.contains(b.id))
            continue;
        pb::Link *link = request.add_links();
        link->set_a(a.id);
        link->set_b(b.id);
        link->set_type(linkTypeOf(l.kind));
        link->set_lanes(l.lanes);
        link->set_bandwidth_bytes_per_second(comms::known(l.bandwidthGBps) ? l.bandwidthGBps * 1e9 : 0);
        link->set_latency_us(comms::known(l.latencyUs) ? l.latencyUs : 0);
        link->set_healthy(l.health != comms::LinkHealth::Down && l.health != comms::LinkHealth::Degraded);
    }
    for (const comms::DiscoveryStep &s : discovery.steps)
        if (!s.used)
            request.add_notes(s.command + ": " + s.detail);
    for (const std::string &note : discovery.notes)
        request.add_notes(note);
    return request;
}

pb::RegisterNodeRequest discoverRegistration(const RegistrationOptions &options, CommandRunner &runner)
{
    GpuProbeOptions probe;
    if (!options.nvmlLibrary.empty())
        probe.nvmlLibrary = options.nvmlLibrary;
    probe.nvidiaSmi = options.nvidiaSmi;
    probe.hostname = options.nodeName;
    probe.nvlinkInterval = std::chrono::milliseconds(0); // identities only, no rates
    const GpuProbeReport gpus = runGpuProbe(probe, runner);

    SelfRunner self(runner, options);
    comms::NodeDiscovery discovery;
    std::string failed;
    if (auto found = comms::discoverNode(self, options.nodeName, std::chrono::seconds(10)))
        discovery = std::move(*found);
    else
        failed = found.error().message; // misread output: no interconnect rather than a wrong one
    pb::RegisterNodeRequest request = buildRegistration(options.nodeName, gpus.gpus, discovery);
    for (const GpuProbeFailure &f : gpus.failures)
        request.add_notes(f.source + ": " + f.error.message);
    if (!failed.empty())
        request.add_notes("interconnect not registered: " + failed);

    pb::Node &n = *request.mutable_node();
    n.set_cpu_cores(static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)));
    n.set_memory_bytes(std::int64_t(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE));
    auto &facts = *n.mutable_host_facts();
    facts["kernel"] = QSysInfo::kernelVersion().toStdString();
    facts["os"] = QSysInfo::prettyProductName().toStdString();
    facts["architecture"] = QSysInfo::currentCpuArchitecture().toStdString();
    if (!gpus.driverVersion.empty())
        facts["driver_version"] = gpus.driverVersion;
    if (!gpus.source.empty())
        facts["gpu_source"] = gpus.source;
    if (!options.agentVersion.empty())
        facts["agent_version"] = options.agentVersion;
    return request;
}

std::string describeRegistration(const pb::RegisterNodeRequest &request)
{
    const pb::Node &n = request.node();
    std::string text = n.name() + ": " + std::to_string(n.gpus_size()) + " GPUs";
    if (n.gpus_size() > 0)
        text += " (" + n.gpus(0).model() + ")";
    text += ", " + std::to_string(n.nvswitches_size()) + " NVSwitch" + (n.nvswitches_size() == 1 ? "" : "es") + ", " +
            std::to_string(n.nics_size()) + " NICs, " + std::to_string(request.links_size()) + " links";
    return text;
}

} // namespace sn::agent
