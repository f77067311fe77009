// ncclTopologyXml: a host's graph as NCCL_TOPO_FILE (see nccl_topo_xml.h for what is written
// and what is left for NCCL to fill in).
#include "backend/comms/link_rates.h"
#include "backend/comms/nccl_topo_xml.h"
#include "backend/comms/pci_address.h"
#include "backend/comms/pcie_tree.h"

#include <QXmlStreamWriter>

#include <algorithm>
#include <cmath>
#include <map>

namespace sn::comms {

namespace {

bool isDatacenterGpu(const std::string &model)
{
    // GeForce, RTX and Quadro boards enumerate as VGA controllers; the others as 3D controllers.
    return model.find("GeForce") == std::string::npos && model.find("RTX") == std::string::npos &&
           model.find("Quadro") == std::string::npos;
}

std::string hex2(int v)
{
    char s[8];
    std::snprintf(s, sizeof s, "%02x", v & 0xff);
    return s;
}

class Writer {
public:
    Writer(const TopologyGraph &g, const std::string &host, const NcclTopoXmlOptions &o) : m_g(g), m_host(host), m_o(o)
    {
    }

    Result<std::string> run()
    {
        for (std::size_t i = 0; i < m_g.devices().size(); ++i)
            if (m_g.devices()[i].host == m_host)
                m_local.push_back(static_cast<int>(i));
        if (m_local.empty())
            return notFound("the topology has no host '" + m_host + "'");
        if (auto e = placeCpus(); !e.empty())
            return invalidArgument(e);
        if (auto e = placeDevices(); !e.empty())
            return invalidArgument(e);
        if (auto e = assignBusIds(); !e.empty())
            return invalidArgument(e);
        return write();
    }

private:
    // CPUs of the host by NUMA id; synthesised from the devices' NUMA nodes when the graph has none.
    std::string placeCpus()
    {
        for (int i : m_local)
            if (m_g.device(i).kind == DeviceKind::Cpu)
                m_cpus[std::max(m_g.device(i).numaNode, m_g.device(i).index)] = i;
        if (m_cpus.empty())
            for (int i : m_local)
                if (m_g.device(i).numaNode >= 0)
                    m_cpus.emplace(m_g.device(i).numaNode, -1);
        if (m_cpus.empty())
            return "host " + m_host +
                   ": no CPU and no device with a known NUMA node; NCCL needs the CPU each "
                   "device hangs off";
        int highest = -1;
        for (int i : m_local)
            highest = std::max(highest, highestCpu(m_g.device(i).cpuAffinity));
        m_words = m_o.cpuMaskWords > 0 ? m_o.cpuMaskWords : highest / 32 + 1;
        return {};
    }

    // The PCIe tree (pcie_tree.h), restricted to this host.
    std::string placeDevices()
    {
        const PcieTree tree = pcieTreeOf(m_g);
        for (int i : m_local)
            if (tree.parent[static_cast<std::size_t>(i)] >= 0) {
                m_parent[i] = tree.parent[static_cast<std::size_t>(i)];
                m_uplink[i] = tree.uplink[static_cast<std::size_t>(i)];
            }
        for (int i : m_local) {
            const Device &d = m_g.device(i);
            if ((d.kind != DeviceKind::Gpu && d.kind != DeviceKind::Nic) || m_parent.count(i))
                continue;
            if (d.numaNode >= 0 && m_cpus.count(d.numaNode))
                m_numaOf[i] = d.numaNode;
            else if (m_cpus.size() == 1)
                m_numaOf[i] = m_cpus.begin()->first;
            else
                return d.id + ": no PCIe path to a CPU and no NUMA node, so its CPU is unknown";
        }
        for (const auto &[child, parent] : m_parent)
            if (parent >= 0)
                m_children[parent].push_back(child);
        return {};
    }

    std::string assignBusIds()
    {
        int bridge = 0, nvswitch = 0;
        for (int i : m_local) {
            const Device &d = m_g.device(i);
            if (d.kind == DeviceKind::PcieSwitch && m_parent.count(i))
                m_busId[i] = d.pciBusId.empty() ? "ffff:ff:" + hex2(++bridge) + ".0" : d.pciBusId;
            else if (d.kind == DeviceKind::NvSwitch)
                m_busId[i] = d.pciBusId.empty() ? "fffe:ff:" + hex2(nvswitch++) + ".0" : d.pciBusId;
            else if (d.kind == DeviceKind::Gpu) {
                if (d.pciBusId.empty())
                    return d.id + " has no PCI bus id; NCCL matches the file to its GPUs by bus id (discover "
                                  "the node, or give pciBusId in cluster.yaml)";
                m_busId[i] = d.pciBusId;
            } else if (d.kind == DeviceKind::Nic) {
                if (!d.pciBusId.empty())
                    m_busId[i] = d.pciBusId;
                else if (d.rdmaDevice.empty() && d.netdev.empty())
                    return d.id + " has neither a PCI bus id nor a device name NCCL could match";
            }
        }
        for (auto &[id, busId] : m_busId) {
            auto n = normalizePciBusId(busId);
            if (!n)
                return m_g.device(id).id + ": " + n.error().message;
            busId = *n;
        }
        return {};
    }

    void sortByBusId(std::vector<int> &v) const
    {
        std::sort(v.begin(), v.end(), [&](int a, int b) {
            const auto ia = m_busId.find(a), ib = m_busId.find(b);
            const std::string sa = ia == m_busId.end() ? "~" : ia->second, sb = ib == m_busId.end() ? "~" : ib->second;
            return sa != sb ? sa < sb : a < b;
        });
    }

    void writeLinkAttributes(int device)
    {
        const auto it = m_uplink.find(device);
        const Link *l = it == m_uplink.end() ? nullptr : &m_g.links()[static_cast<std::size_t>(it->second)];
        m_x.writeAttribute("link_speed", QString::fromStdString(pcieLinkSpeedText(l ? l->generation : 0)));
        m_x.writeAttribute("link_width", QString::number(l ? l->lanes : 0));
    }

    void writeNet(const Device &d)
    {
        m_x.writeStartElement("nic");
        m_x.writeStartElement("net");
        m_x.writeAttribute("name", QString::fromStdString(d.rdmaDevice.empty() ? d.netdev : d.rdmaDevice));
        if (d.index >= 0)
            m_x.writeAttribute("dev", QString::number(d.index));
        if (known(d.speedGbps))
            m_x.writeAttribute("speed", QString::number(std::llround(d.speedGbps * 1000))); // Mb/s
        if (d.port >= 0)
            m_x.writeAttribute("port", QString::number(d.port));
        if (!d.portGuid.empty())
            m_x.writeAttribute("guid", QString::fromStdString(d.portGuid));
        m_x.writeEndElement();
        m_x.writeEndElement();
    }

    void writeGpu(int i, const Device &d)
    {
        const int sm = d.sm > 0 ? d.sm : computeCapabilityOf(d.model);
        if (sm <= 0)
            return; // NCCL fills <gpu> from the device; without sm we cannot write one
        m_x.writeStartElement("gpu");
        m_x.writeAttribute("dev", QString::number(d.index));
        m_x.writeAttribute("sm", QString::number(sm));
        m_x.writeAttribute("rank", QString::number(d.index));
        m_x.writeAttribute("gdr", "1");
        // One <nvlink> per peer: a GPU, or a switch (NCCL pools all 0x068000 targets into one NVS).
        std::vector<std::pair<int, int>> peers; // device, links
        for (int li : m_g.linksOf(i)) {
            const Link &l = m_g.links()[static_cast<std::size_t>(li)];
            if (l.kind != LinkKind::NvLink || l.lanes <= 0)
                continue;
            const int other = l.a == i ? l.b : l.a;
            auto p = std::find_if(peers.begin(), peers.end(), [&](const auto &e) { return e.first == other; });
            if (p == peers.end())
                peers.push_back({other, l.lanes});
            else
                p->second += l.lanes;
        }
        std::sort(peers.begin(), peers.end(),
                  [&](const auto &a, const auto &b) { return m_busId[a.first] < m_busId[b.first]; });
        for (const auto &[other, links] : peers) {
            const DeviceKind k = m_g.device(other).kind;
            if ((k != DeviceKind::Gpu && k != DeviceKind::NvSwitch) || !m_busId.count(other))
                continue;
            m_x.writeEmptyElement("nvlink");
            m_x.writeAttribute("target", QString::fromStdString(m_busId[other]));
            m_x.writeAttribute("count", QString::number(links));
            m_x.writeAttribute("tclass", k == DeviceKind::NvSwitch ? "0x068000" : "0x030200");
        }
        m_x.writeEndElement();
    }

    void writePci(int i)
    {
        const Device &d = m_g.device(i);
        const auto kids = m_children.find(i);
        const bool hasGpuElement = d.kind == DeviceKind::Gpu && (d.sm > 0 || computeCapabilityOf(d.model) > 0);
        const bool hasNet = d.kind == DeviceKind::Nic && (!d.rdmaDevice.empty() || !d.netdev.empty());
        const bool empty = (kids == m_children.end() || kids->second.empty()) && !hasGpuElement && !hasNet;
        if (empty)
            m_x.writeEmptyElement("pci");
        else
            m_x.writeStartElement("pci");
        m_x.writeAttribute("busid", QString::fromStdString(m_busId[i]));
        const char *cls = "0x060400";
        if (d.kind == DeviceKind::Gpu)
            cls = isDatacenterGpu(d.model) ? "0x030200" : "0x030000";
        else if (d.kind == DeviceKind::Nic)
            cls = d.fabric == LinkKind::InfiniBand ? "0x020700" : "0x020000";
        m_x.writeAttribute("class", cls);
        writeLinkAttributes(i);
        if (empty)
            return;
        if (kids != m_children.end()) {
            std::vector<int> children = kids->second;
            sortByBusId(children);
            for (int c : children)
                writePci(c);
        }
        if (hasGpuElement)
            writeGpu(i, d);
        if (hasNet)
            writeNet(d);
        m_x.writeEndElement();
    }

    Result<std::string> write()
    {
        m_x.setAutoFormatting(true);
        m_x.setAutoFormattingIndent(2);
        m_x.writeStartElement("system");
        m_x.writeAttribute("version", "1");
        for (const auto &[numa, cpu] : m_cpus) {
            m_x.writeStartElement("cpu");
            m_x.writeAttribute("numaid", QString::number(numa));
            if (cpu >= 0 && !m_g.device(cpu).cpuAffinity.empty()) {
                auto mask = cpuListToMask(m_g.device(cpu).cpuAffinity, m_words);
                if (!mask)
                    return invalidArgument(m_g.device(cpu).id + ": " + mask.error().message);
                m_x.writeAttribute("affinity", QString::fromStdString(*mask));
            }
            if (!m_o.cpu.arch.empty())
                m_x.writeAttribute("arch", QString::fromStdString(m_o.cpu.arch));
            if (!m_o.cpu.vendor.empty())
                m_x.writeAttribute("vendor", QString::fromStdString(m_o.cpu.vendor));
            if (m_o.cpu.familyId >= 0)
                m_x.writeAttribute("familyid", QString::number(m_o.cpu.familyId));
            if (m_o.cpu.modelId >= 0)
                m_x.writeAttribute("modelid", QString::number(m_o.cpu.modelId));
            std::vector<int> top;
            std::vector<int> socketNics;
            if (cpu >= 0 && m_children.count(cpu))
                top = m_children[cpu];
            for (const auto &[dev, n] : m_numaOf)
                if (n == numa) {
                    if (m_busId.count(dev))
                        top.push_back(dev);
                    else
                        socketNics.push_back(dev);
                }
            sortByBusId(top);
            for (int c : top)
                writePci(c);
            for (int nic : socketNics)
                writeNet(m_g.device(nic));
            m_x.writeEndElement();
        }
        m_x.writeEndElement();
        return m_out.toStdString();
    }

    const TopologyGraph &m_g;
    const std::string m_host;
    const NcclTopoXmlOptions m_o;
    std::vector<int> m_local;
    std::map<int, int> m_cpus;   // NUMA id -> CPU device (-1: synthesised)
    std::map<int, int> m_parent; // device -> PCIe parent (-1 for a CPU)
    std::map<int, int> m_uplink; // device -> the PCIe link to its parent
    std::map<int, int> m_numaOf; // devices off the PCIe tree -> NUMA id of their CPU
    std::map<int, std::vector<int>> m_children;
    std::map<int, std::string> m_busId;
    int m_words = 1;
    QString m_out;
    QXmlStreamWriter m_x{&m_out};
};

} // namespace

Result<std::string> ncclTopologyXml(const TopologyGraph &graph, const std::string &host,
                                    const NcclTopoXmlOptions &options)
{
    return Writer(graph, host, options).run();
}

} // namespace sn::comms
