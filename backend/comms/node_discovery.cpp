#include "backend/comms/node_discovery.h"

#include "backend/comms/ip_link.h"
#include "backend/comms/link_rates.h"
#include "backend/comms/nvidia_smi_nvlink.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/nvml_interconnect_graph.h"
#include "backend/comms/pci_address.h"
#include "backend/comms/rdma_tools.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace sn::comms {

namespace {

std::string joinArgs(const std::vector<std::string> &argv)
{
    std::string s;
    for (const std::string &a : argv)
        s += (s.empty() ? "" : " ") + a;
    return s;
}

std::string firstLine(const std::string &s)
{
    return s.substr(0, s.find('\n'));
}

class Discovery {
public:
    Discovery(CommandRunner &r, const std::string &host, std::chrono::milliseconds t) : m_r(r), m_host(host), m_t(t) {}

    // The output of a command that ran and exited 0; empty optional otherwise (recorded as a step).
    std::optional<std::string> run(const std::vector<std::string> &argv)
    {
        DiscoveryStep step{joinArgs(argv)};
        auto out = m_r.run(argv, m_t);
        if (!out)
            step.detail = "did not run: " + out.error().message;
        else if (out->exitCode != 0)
            step.detail =
                "exit " + std::to_string(out->exitCode) + ": " + firstLine(out->err.empty() ? out->out : out->err);
        else
            step.used = true;
        m_out.steps.push_back(step);
        if (!step.used)
            return std::nullopt;
        return out->out;
    }

    Error failed(const Error &e) const { return {e.code, m_host + " (" + m_r.where() + "): " + e.message}; }

    Result<NodeDiscovery> go()
    {
        // GPUs: bus ids and model first, so the matrix's graph carries generations and bandwidths.
        std::vector<GpuListEntry> gpus;
        if (auto csv = run({"nvidia-smi", "--query-gpu=index,pci.bus_id,name", "--format=csv,noheader"})) {
            auto list = parseNvidiaSmiGpuList(*csv);
            if (!list)
                return failed(list.error());
            gpus = *list;
        }
        // NVML through the node agent, where it is installed: each NVLink's far end, which no
        // nvidia-smi text gives.
        std::optional<GpuInterconnect> nvml;
        if (auto json = run({"supernode-agent", "--interconnect", "--json"})) {
            auto parsed = parseGpuInterconnectJson(*json, "supernode-agent --interconnect --json");
            if (!parsed)
                return failed(parsed.error());
            if (!parsed->gpus.empty())
                nvml = std::move(*parsed);
        }
        if (gpus.empty() && nvml)
            for (const InterconnectGpu &g : nvml->gpus) {
                auto bus = normalizePciBusId(g.pciBusId);
                if (!bus)
                    return failed(invalidArgument("supernode-agent --interconnect --json: GPU" +
                                                  std::to_string(g.index) + ": " + bus.error().message));
                gpus.push_back({g.index, *bus, g.name});
            }
        const std::string model = gpus.empty() ? std::string() : gpus.front().model;
        if (auto topo = run({"nvidia-smi", "topo", "-m"})) {
            auto matrix = parseNvidiaSmiTopoMatrix(*topo);
            if (!matrix)
                return failed(matrix.error());
            m_out.graph = graphFromTopoMatrix(*matrix, m_host, model);
            if (nvml) {
                std::vector<std::string> ignored; // the matrix from nvidia-smi stands; only the pairs matter
                for (std::string &f : compareGpuMatrices(topoMatrixFromInterconnect(*nvml, {}, ignored), *matrix))
                    m_out.notes.push_back(std::move(f));
            }
        } else if (nvml) {
            std::vector<int> numa;
            for (const GpuListEntry &g : gpus) {
                auto node = sysfsNumaNode(g.pciBusId);
                if (!node)
                    return failed(node.error());
                numa.push_back(node->value_or(-1));
            }
            m_out.graph = graphFromTopoMatrix(topoMatrixFromInterconnect(*nvml, numa, m_out.notes), m_host, model);
        }
        for (const GpuListEntry &e : gpus) {
            int i = m_out.graph.find(m_host + "/gpu" + std::to_string(e.index));
            if (i < 0) // no matrix (a single GPU prints none on some drivers): the GPU on its own
                i = m_out.graph.addDevice(
                    {m_host + "/gpu" + std::to_string(e.index), DeviceKind::Gpu, m_host, e.index});
            Device &d = m_out.graph.device(i);
            d.pciBusId = e.pciBusId;
            d.model = e.model;
            d.sm = computeCapabilityOf(e.model);
        }
        if (nvml) {
            applyNvlinkStatus(nvlinkStatusFromInterconnect(*nvml));
        } else if (auto s = run({"nvidia-smi", "nvlink", "-s"})) {
            auto status = parseNvidiaSmiNvlinkStatus(*s);
            if (!status)
                return failed(status.error());
            applyNvlinkStatus(*status);
        }
        if (auto c = run({"nvidia-smi", "nvlink", "-c"})) {
            auto caps = parseNvidiaSmiNvlinkCapabilities(*c);
            if (!caps)
                return failed(caps.error());
            for (const NvlinkGpuCapabilities &g : *caps)
                if (!g.links.empty() && !g.p2pOnEveryLink())
                    m_out.notes.push_back("GPU" + std::to_string(g.gpu) +
                                          ": NVLink P2P is not supported on every link");
        }
        std::vector<RdmaPort> ports;
        if (auto ib = run({"ibstat"})) {
            auto parsed = parseIbstat(*ib);
            if (!parsed)
                return failed(parsed.error());
            ports = *parsed;
        }
        if (auto dv = run({"ibv_devinfo", "-v"})) {
            auto parsed = parseIbvDevinfo(*dv);
            if (!parsed)
                return failed(parsed.error());
            mergeDevinfo(ports, *parsed);
        }
        for (const RdmaPort &p : ports)
            addRdmaPort(p);
        std::map<std::string, std::string> rdmaOfNetdev;
        if (auto rl = run({"rdma", "-j", "link"})) {
            auto parsed = parseRdmaLinkJson(*rl);
            if (!parsed)
                return failed(parsed.error());
            for (const RdmaNetdev &n : *parsed)
                if (const int i = m_out.graph.find(nicName(n.device, n.port)); i >= 0 && !n.netdev.empty()) {
                    m_out.graph.device(i).netdev = n.netdev;
                    rdmaOfNetdev[n.netdev] = m_out.graph.device(i).id;
                }
        }
        if (auto ip = run({"ip", "-j", "-d", "link"})) {
            auto parsed = parseIpLinkJson(*ip);
            if (!parsed)
                return failed(parsed.error());
            if (auto e = addInterfaces(*parsed, rdmaOfNetdev); !e.message.empty())
                return failed(e);
        }
        // NICs the matrix did not list have no NUMA node yet; sysfs has it for each PCI device.
        for (std::size_t i = 0; i < m_out.graph.devices().size(); ++i) {
            Device &d = m_out.graph.device(static_cast<int>(i));
            if (d.kind != DeviceKind::Nic || d.numaNode >= 0 || d.pciBusId.empty())
                continue;
            auto numa = sysfsNumaNode(d.pciBusId);
            if (!numa)
                return failed(numa.error());
            if (*numa)
                m_out.graph.device(static_cast<int>(i)).numaNode = **numa; // -1: the machine has one NUMA node
        }
        return std::move(m_out);
    }

private:
    // The NUMA node sysfs gives a PCI device (-1 on a machine with one); nothing when it could
    // not be read; an error when what it holds is not a number.
    Result<std::optional<int>> sysfsNumaNode(const std::string &busId)
    {
        auto numa = run({"cat", "/sys/bus/pci/devices/" + busId + "/numa_node"});
        if (!numa)
            return std::optional<int>();
        int n = -2;
        const std::string t = numa->substr(0, numa->find_last_not_of(" \n") + 1);
        const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
        if (ec != std::errc() || p != t.data() + t.size() || n < -1)
            return invalidArgument("sysfs numa_node of " + busId + ": '" + t + "' is not a number");
        return std::optional<int>(n);
    }

    std::string nicName(const std::string &device, int port) const
    {
        return m_host + "/" + device + (port > 1 ? ":" + std::to_string(port) : "");
    }

    void applyNvlinkStatus(const std::vector<NvlinkGpuStatus> &status)
    {
        for (const NvlinkGpuStatus &s : status) {
            const int gpu = m_out.graph.find(m_host + "/gpu" + std::to_string(s.gpu));
            if (gpu < 0) {
                m_out.notes.push_back("nvlink -s lists GPU" + std::to_string(s.gpu) +
                                      ", which the matrix does not have");
                continue;
            }
            int lanes = 0;
            for (int li : m_out.graph.linksOf(gpu))
                if (m_out.graph.links()[static_cast<std::size_t>(li)].kind == LinkKind::NvLink)
                    lanes = std::max(lanes, m_out.graph.links()[static_cast<std::size_t>(li)].lanes);
            const int active = s.activeLinks();
            if (static_cast<int>(s.links.size()) > active)
                m_out.notes.push_back("GPU" + std::to_string(s.gpu) + ": " +
                                      std::to_string(static_cast<int>(s.links.size()) - active) + " of " +
                                      std::to_string(s.links.size()) + " NVLinks inactive");
            const auto throughSwitch = [&](const Link &l) {
                return m_out.graph.device(l.a == gpu ? l.b : l.a).kind == DeviceKind::NvSwitch;
            };
            // On an NVSwitch board every link of a GPU is wired to the switches, so any inactive
            // one is a fault even where the matrix already counts only the active ones (the one
            // built from NVML does); a bridged PCIe card may list links no bridge connects.
            int expected = lanes;
            for (int li : m_out.graph.linksOf(gpu))
                if (m_out.graph.links()[static_cast<std::size_t>(li)].kind == LinkKind::NvLink &&
                    throughSwitch(m_out.graph.links()[static_cast<std::size_t>(li)]))
                    expected = std::max(expected, static_cast<int>(s.links.size()));
            for (int li : m_out.graph.linksOf(gpu)) {
                Link &l = m_out.graph.links()[static_cast<std::size_t>(li)];
                if (l.kind != LinkKind::NvLink)
                    continue;
                // The matrix gives the bonds it saw; nvlink -s says how many of the GPU's links carry traffic.
                l.health = active == 0 ? LinkHealth::Down : active < expected ? LinkHealth::Degraded : LinkHealth::Up;
                if (throughSwitch(l) && active > 0)
                    l.bandwidthGBps = s.activeGBps(); // every active link reaches the switch fabric
            }
        }
    }

    static void mergeDevinfo(std::vector<RdmaPort> &ports, const std::vector<RdmaPort> &devinfo)
    {
        for (const RdmaPort &d : devinfo) {
            auto it = std::find_if(ports.begin(), ports.end(),
                                   [&](const RdmaPort &p) { return p.device == d.device && p.port == d.port; });
            if (it == ports.end()) {
                ports.push_back(d); // no ibstat: ibv_devinfo alone
                continue;
            }
            it->roceV2Ipv4GidIndex = d.roceV2Ipv4GidIndex;
            if (!known(it->rateGbps))
                it->rateGbps = d.rateGbps;
        }
    }

    void addRdmaPort(const RdmaPort &p)
    {
        int i = m_out.graph.find(nicName(p.device, p.port));
        if (i < 0) {
            Device d{nicName(p.device, p.port), DeviceKind::Nic, m_host};
            d.index = m_out.graph.count(DeviceKind::Nic);
            i = m_out.graph.addDevice(d);
        }
        Device &d = m_out.graph.device(i);
        d.rdmaDevice = p.device;
        d.port = p.port;
        d.fabric = p.linkLayer;
        d.speedGbps = p.rateGbps;
        d.portGuid = p.portGuid;
        d.roceV2GidIndex = p.roceV2Ipv4GidIndex;
        d.health = p.active ? LinkHealth::Up : LinkHealth::Down;
        if (d.model.empty())
            d.model = p.caType;
        if (!p.active)
            m_out.notes.push_back(p.device + " port " + std::to_string(p.port) + " is " + p.state);
    }

    Error addInterfaces(const std::vector<NetInterface> &interfaces, const std::map<std::string, std::string> &rdmaOf)
    {
        int skipped = 0;
        for (const NetInterface &n : interfaces) {
            const auto rdma = rdmaOf.find(n.name);
            std::string bus;
            if (n.parentBus == "pci") {
                auto b = normalizePciBusId(n.parentDev);
                if (!b)
                    return invalidArgument("ip -j -d link: " + n.name + ": parentdev " + b.error().message);
                bus = *b;
            }
            if (rdma != rdmaOf.end()) { // a RoCE port's netdev: the NIC is known; add its PCI address
                Device &d = m_out.graph.device(m_out.graph.find(rdma->second));
                if (d.pciBusId.empty())
                    d.pciBusId = bus;
                continue;
            }
            if (!n.isPhysical() || n.linkType != "ether") {
                skipped += n.linkType != "loopback";
                continue;
            }
            Device d{m_host + "/" + n.name, DeviceKind::Nic, m_host};
            d.index = m_out.graph.count(DeviceKind::Nic);
            d.netdev = n.name;
            d.fabric = LinkKind::Ethernet;
            d.pciBusId = bus;
            d.health = n.operState == "UP"     ? LinkHealth::Up
                       : n.operState == "DOWN" ? LinkHealth::Down
                                               : LinkHealth::Unknown;
            m_out.graph.addDevice(d);
        }
        if (skipped > 0)
            m_out.notes.push_back(std::to_string(skipped) + " virtual interface(s) left out (bridges, veth, ifb, ...)");
        return {};
    }

    CommandRunner &m_r;
    const std::string m_host;
    const std::chrono::milliseconds m_t;
    NodeDiscovery m_out;
};

} // namespace

Result<NodeDiscovery> discoverNode(CommandRunner &runner, const std::string &host, std::chrono::milliseconds timeout)
{
    return Discovery(runner, host, timeout).go();
}

} // namespace sn::comms
