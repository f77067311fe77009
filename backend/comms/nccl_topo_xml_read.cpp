// parseNcclTopologyXml: an NCCL topology file back into a host's graph. The XML is read into a
// plain element tree first (QXmlStreamReader keeps line and column), then interpreted, so every
// error names where in the file it is: an element's position is where its start tag ends.
#include "backend/comms/link_rates.h"
#include "backend/comms/nccl_topo_xml.h"
#include "backend/comms/pci_address.h"
#include "backend/comms/text_table.h"

#include <QXmlStreamReader>

#include <charconv>
#include <map>
#include <memory>
#include <set>

namespace sn::comms {

namespace {

struct Element {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::vector<std::unique_ptr<Element>> children;
    int line = 0;
    int column = 0;
};

// Elements NCCL writes, and the parents each may have.
const std::map<std::string, std::set<std::string>> &schema()
{
    static const std::map<std::string, std::set<std::string>> s = {
        {"system", {""}},    {"cpu", {"system"}},     {"pci", {"cpu", "pci"}}, {"gpu", {"pci"}},
        {"nvlink", {"gpu"}}, {"nic", {"cpu", "pci"}}, {"net", {"nic"}},
    };
    return s;
}

Result<std::unique_ptr<Element>> readTree(std::string_view xml, const std::string &source)
{
    QXmlStreamReader r(QByteArray(xml.data(), static_cast<qsizetype>(xml.size())));
    std::unique_ptr<Element> root;
    std::vector<Element *> stack;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement()) {
            auto e = std::make_unique<Element>();
            e->name = r.name().toString().toStdString();
            e->line = static_cast<int>(r.lineNumber());
            e->column = static_cast<int>(r.columnNumber());
            const auto allowed = schema().find(e->name);
            const std::string parent = stack.empty() ? "" : stack.back()->name;
            if (allowed == schema().end())
                return invalidArgument(where(source, e->line, e->column) + "<" + e->name +
                                       "> is not an element of NCCL's topology file");
            if (!allowed->second.count(parent))
                return invalidArgument(where(source, e->line, e->column) + "<" + e->name + "> cannot be inside " +
                                       (parent.empty() ? std::string("the document") : "<" + parent + ">"));
            for (const QXmlStreamAttribute &a : r.attributes())
                e->attributes[a.name().toString().toStdString()] = a.value().toString().toStdString();
            Element *raw = e.get();
            if (stack.empty())
                root = std::move(e);
            else
                stack.back()->children.push_back(std::move(e));
            stack.push_back(raw);
        } else if (r.isEndElement()) {
            stack.pop_back();
        }
    }
    if (r.hasError())
        return invalidArgument(where(source, static_cast<int>(r.lineNumber()), static_cast<int>(r.columnNumber())) +
                               r.errorString().toStdString());
    if (!root)
        return invalidArgument(source + ": no <system> element");
    return root;
}

bool isRdmaName(const std::string &name)
{
    // Kernel RDMA device names (NCCL's IB transport lists these); sockets use interface names.
    for (const char *p : {"mlx4_", "mlx5_", "bnxt_re", "irdma", "efa_", "hfi1_", "qedr", "rocep", "ibp", "erdma"})
        if (name.rfind(p, 0) == 0)
            return true;
    return false;
}

class Reader {
public:
    Reader(const std::string &host, const std::string &source) : m_host(host), m_source(source) {}

    Result<NcclTopoFile> run(const Element &root)
    {
        if (root.name != "system")
            return fail(root, "the root element is <" + root.name + ">, not <system>");
        auto version = attr(root, "version");
        if (!version)
            return version.error();
        if (*version != "1")
            return fail(root, "version " + *version + " is not the version 1 this reader knows");
        std::vector<int> cpus;
        for (const auto &c : root.children) {
            auto cpu = readCpu(*c);
            if (!cpu)
                return cpu.error();
            cpus.push_back(*cpu);
        }
        for (std::size_t a = 0; a < cpus.size(); ++a)
            for (std::size_t b = a + 1; b < cpus.size(); ++b)
                m_out.graph.addLink({cpus[a], cpus[b], LinkKind::CpuInterconnect});
        for (const PendingNvlink &n : m_nvlinks)
            if (auto e = resolve(n); !e.empty())
                return invalidArgument(e);
        return std::move(m_out);
    }

private:
    struct PendingNvlink {
        int gpu;
        std::string target;
        std::string tclass;
        int count;
        int line, column;
    };

    Error fail(const Element &e, const std::string &message) const
    {
        return invalidArgument(where(m_source, e.line, e.column) + "<" + e.name + "> " + message);
    }

    Result<std::string> attr(const Element &e, const std::string &name) const
    {
        const auto it = e.attributes.find(name);
        if (it == e.attributes.end())
            return fail(e, "has no " + name + " attribute");
        return it->second;
    }
    std::string optional(const Element &e, const std::string &name) const
    {
        const auto it = e.attributes.find(name);
        return it == e.attributes.end() ? std::string() : it->second;
    }
    Result<long long> integer(const Element &e, const std::string &name, int base = 10) const
    {
        auto s = attr(e, name);
        if (!s)
            return s.error();
        std::string_view v = *s;
        if (base == 16 && v.rfind("0x", 0) == 0)
            v.remove_prefix(2);
        long long out = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out, base);
        if (v.empty() || ec != std::errc() || p != v.data() + v.size())
            return fail(e, name + "=\"" + *s + "\" is not a number");
        return out;
    }

    // The PCIe link from a <pci> up to its parent, at the element's link_speed and link_width.
    Result<Link> pcieUplink(const Element &e, int parent) const
    {
        const int gen = pcieGenerationFromLinkSpeed(optional(e, "link_speed"));
        int width = 0;
        if (e.attributes.count("link_width")) {
            auto w = integer(e, "link_width");
            if (!w)
                return w.error();
            width = static_cast<int>(*w);
        }
        Link up{-1, parent, LinkKind::Pcie, width, gen};
        if (gen > 0 && width > 0)
            up.bandwidthGBps = width * pcieGBpsPerLane(gen);
        return up;
    }

    Result<int> readCpu(const Element &e)
    {
        if (e.name != "cpu")
            return fail(e, "cannot be directly inside <system>");
        auto numa = integer(e, "numaid");
        if (!numa)
            return numa.error();
        Device cpu{m_host + "/cpu" + std::to_string(*numa), DeviceKind::Cpu, m_host, static_cast<int>(*numa),
                   static_cast<int>(*numa)};
        if (const std::string mask = optional(e, "affinity"); !mask.empty()) {
            auto list = cpuMaskToList(mask);
            if (!list)
                return fail(e, list.error().message);
            cpu.cpuAffinity = *list;
        }
        if (m_firstCpu) {
            m_out.cpu.arch = optional(e, "arch");
            m_out.cpu.vendor = optional(e, "vendor");
            if (e.attributes.count("familyid")) {
                auto f = integer(e, "familyid");
                if (!f)
                    return f.error();
                m_out.cpu.familyId = static_cast<int>(*f);
            }
            if (e.attributes.count("modelid")) {
                auto m = integer(e, "modelid");
                if (!m)
                    return m.error();
                m_out.cpu.modelId = static_cast<int>(*m);
            }
            m_firstCpu = false;
        }
        const int c = m_out.graph.addDevice(cpu);
        for (const auto &child : e.children) {
            const auto r = child->name == "pci" ? readPci(*child, c, static_cast<int>(*numa))
                                                : readNic(*child, -1, c, static_cast<int>(*numa), "");
            if (!r.empty())
                return invalidArgument(r);
        }
        return c;
    }

    std::string readPci(const Element &e, int parent, int numa)
    {
        auto busIdText = attr(e, "busid");
        if (!busIdText)
            return busIdText.error().message;
        auto busId = normalizePciBusId(*busIdText);
        if (!busId)
            return fail(e, busId.error().message).message;
        auto cls = attr(e, "class");
        if (!cls)
            return cls.error().message;
        auto uplink = pcieUplink(e, parent);
        if (!uplink)
            return uplink.error().message;
        Link up = *uplink;
        Device d;
        d.host = m_host;
        d.numaNode = numa;
        d.pciBusId = *busId;
        if (cls->rfind("0x0604", 0) == 0) {
            d.kind = DeviceKind::PcieSwitch;
            d.index = m_switches++;
            d.id = m_host + "/pcie_switch" + std::to_string(d.index);
        } else if (cls->rfind("0x03", 0) == 0) {
            d.kind = DeviceKind::Gpu;
            d.index = m_gpus++;
            for (const auto &child : e.children)
                if (child->name == "gpu") {
                    auto dev = integer(*child, "dev");
                    if (!dev)
                        return dev.error().message;
                    d.index = static_cast<int>(*dev);
                    if (child->attributes.count("sm")) {
                        auto sm = integer(*child, "sm");
                        if (!sm)
                            return sm.error().message;
                        d.sm = static_cast<int>(*sm);
                    }
                }
            d.id = m_host + "/gpu" + std::to_string(d.index);
        } else if (cls->rfind("0x02", 0) == 0) {
            return readNic(e, parent, -1, numa, *busId);
        } else {
            return fail(e, "class " + *cls + " is not a bridge, GPU or NIC").message;
        }
        if (m_out.graph.find(d.id) >= 0)
            return fail(e, d.id + " appears twice").message;
        const int self = m_out.graph.addDevice(d);
        up.a = self;
        m_out.graph.addLink(up);
        for (const auto &child : e.children) {
            std::string r;
            if (child->name == "pci")
                r = d.kind == DeviceKind::PcieSwitch ? readPci(*child, self, numa)
                                                     : fail(*child, "is inside an endpoint, not a bridge").message;
            else if (child->name == "gpu")
                r = d.kind == DeviceKind::Gpu ? readGpu(*child, self) : fail(*child, "is inside a non-GPU").message;
            else
                r = fail(*child, "is inside a " + std::string(deviceKindName(d.kind))).message;
            if (!r.empty())
                return r;
        }
        return {};
    }

    // A NIC: a <pci> of class 0x02.. holding <nic>, or a <nic> directly under a <cpu>.
    std::string readNic(const Element &e, int pciParent, int cpu, int numa, const std::string &busId)
    {
        Device d;
        d.kind = DeviceKind::Nic;
        d.host = m_host;
        d.numaNode = numa;
        d.pciBusId = busId;
        const std::string cls = optional(e, "class");
        const Element *nic = e.name == "nic" ? &e : nullptr;
        for (const auto &child : e.children) {
            if (child->name == "nic" && !nic)
                nic = child.get();
            else if (e.name == "pci")
                return fail(*child, "is inside a NIC's <pci>, where only <nic> can be").message;
        }
        std::string name;
        if (nic) {
            if (nic->children.size() != 1)
                return fail(*nic, "holds " + std::to_string(nic->children.size()) + " <net> elements, not one").message;
            const Element &net = *nic->children.front();
            auto n = attr(net, "name");
            if (!n)
                return n.error().message;
            name = *n;
            for (const char *key : {"dev", "speed", "port"})
                if (net.attributes.count(key)) {
                    auto v = integer(net, key);
                    if (!v)
                        return v.error().message;
                    if (std::string(key) == "dev")
                        d.index = static_cast<int>(*v);
                    else if (std::string(key) == "speed")
                        d.speedGbps = static_cast<double>(*v) / 1000;
                    else
                        d.port = static_cast<int>(*v);
                }
            d.portGuid = optional(net, "guid");
            if (d.portGuid == "0x0")
                d.portGuid.clear(); // NCCL's "no GUID" (sockets)
        }
        if (cls.rfind("0x0207", 0) == 0)
            d.fabric = LinkKind::InfiniBand;
        else if (!name.empty() && isRdmaName(name))
            d.fabric = LinkKind::Roce;
        else if (!name.empty())
            d.fabric = LinkKind::Ethernet;
        if (d.fabric == LinkKind::Ethernet)
            d.netdev = name;
        else
            d.rdmaDevice = name;
        d.id = m_host + "/" + (name.empty() ? "nic@" + busId : name);
        if (d.index < 0)
            d.index = m_nics;
        ++m_nics;
        if (m_out.graph.find(d.id) >= 0)
            return fail(e, d.id + " appears twice").message;
        const int self = m_out.graph.addDevice(d);
        if (pciParent >= 0) {
            auto up = pcieUplink(e, pciParent);
            if (!up)
                return up.error().message;
            up->a = self;
            m_out.graph.addLink(*up);
        } else {
            (void)cpu; // off the PCIe tree: its NUMA node says which CPU
        }
        return {};
    }

    std::string readGpu(const Element &e, int gpu)
    {
        for (const auto &child : e.children) {
            auto target = attr(*child, "target");
            if (!target)
                return target.error().message;
            auto busId = normalizePciBusId(*target);
            if (!busId)
                return fail(*child, busId.error().message).message;
            auto count = integer(*child, "count");
            if (!count)
                return count.error().message;
            m_nvlinks.push_back(
                {gpu, *busId, optional(*child, "tclass"), static_cast<int>(*count), child->line, child->column});
        }
        return {};
    }

    std::string resolve(const PendingNvlink &n)
    {
        const Device &g = m_out.graph.device(n.gpu);
        if (n.target == g.pciBusId)
            return {}; // a link to itself (Azure's NC A100 v4) joins nothing
        const int gen = nvlinkGenerationFromSm(g.sm);
        Link l{n.gpu, -1, LinkKind::NvLink, n.count, gen};
        if (gen > 0)
            l.bandwidthGBps = n.count * nvlinkGBpsPerLink(gen);
        if (n.tclass == "0x068000") {
            auto it = m_nvswitchOf.find(n.target);
            if (it == m_nvswitchOf.end()) {
                Device s{m_host + "/nvswitch" + std::to_string(m_nvswitchOf.size()), DeviceKind::NvSwitch, m_host,
                         static_cast<int>(m_nvswitchOf.size())};
                s.pciBusId = n.target;
                it = m_nvswitchOf.emplace(n.target, m_out.graph.addDevice(s)).first;
            }
            l.b = it->second;
            m_out.graph.addLink(l);
            return {};
        }
        for (std::size_t i = 0; i < m_out.graph.devices().size(); ++i)
            if (m_out.graph.devices()[i].kind == DeviceKind::Gpu && m_out.graph.devices()[i].pciBusId == n.target) {
                l.b = static_cast<int>(i);
                // Both ends list a GPU-to-GPU bond; keep it once.
                const auto key = std::minmax(l.a, l.b);
                if (m_seenPairs.insert(key).second)
                    m_out.graph.addLink(l);
                return {};
            }
        return where(m_source, n.line, n.column) + "<nvlink> target " + n.target + " is not a GPU in the file";
    }

    static int nvlinkGenerationFromSm(int sm)
    {
        if (sm >= 100)
            return 5;
        if (sm >= 90)
            return 4;
        if (sm >= 80)
            return 3;
        if (sm >= 70)
            return 2;
        if (sm >= 60)
            return 1;
        return 0;
    }

    const std::string m_host;
    const std::string m_source;
    NcclTopoFile m_out;
    bool m_firstCpu = true;
    int m_switches = 0, m_gpus = 0, m_nics = 0;
    std::vector<PendingNvlink> m_nvlinks;
    std::map<std::string, int> m_nvswitchOf;
    std::set<std::pair<int, int>> m_seenPairs;
};

} // namespace

Result<NcclTopoFile> parseNcclTopologyXml(std::string_view xml, const std::string &host, const std::string &source)
{
    auto tree = readTree(xml, source);
    if (!tree)
        return tree.error();
    return Reader(host, source).run(**tree);
}

} // namespace sn::comms
