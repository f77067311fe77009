// graphFromTopoMatrix: from "how nvidia-smi says each pair is connected" to the devices and
// links that explain it (see nvidia_smi_topo.h for the rules).
#include "backend/comms/link_rates.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/model/hgx_board.h"

#include <map>
#include <numeric>
#include <set>

namespace sn::comms {

namespace {

int findRoot(std::vector<int> &parent, int i)
{
    while (parent[static_cast<std::size_t>(i)] != i)
        i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
}

bool sameNuma(TopoPath p)
{
    return p == TopoPath::Pix || p == TopoPath::Pxb || p == TopoPath::Phb || p == TopoPath::Node;
}

} // namespace

TopologyGraph graphFromTopoMatrix(const TopoMatrix &m, const std::string &host, const std::string &gpuModel)
{
    const std::size_t n = m.devices.size();
    // NUMA domain of every device: its own column, or a same-NUMA GPU's for NICs that have none.
    std::vector<int> numa(n, -1);
    for (std::size_t i = 0; i < n; ++i)
        numa[i] = m.devices[i].numaNode.value_or(-1);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n && numa[i] < 0; ++j)
            if (j != i && numa[j] >= 0 && sameNuma(m.at(i, j).path))
                numa[i] = numa[j];

    TopologyGraph g;
    const int nvGen = nvlinkGenerationOf(gpuModel);
    const int pcieGen = pcieGenerationOf(gpuModel);
    std::vector<int> index(n, -1);
    for (std::size_t i = 0; i < n; ++i) {
        const TopoMatrixDevice &d = m.devices[i];
        Device dev;
        dev.kind = d.isGpu ? DeviceKind::Gpu : DeviceKind::Nic;
        dev.id = d.isGpu ? host + "/gpu" + std::to_string(d.index) : host + "/" + d.name;
        dev.host = host;
        dev.index = d.index;
        dev.numaNode = numa[i];
        dev.cpuAffinity = d.cpuAffinity;
        if (d.isGpu)
            dev.model = gpuModel;
        else
            dev.rdmaDevice = d.name; // nvidia-smi lists NICs by their RDMA device names
        index[i] = g.addDevice(dev);
    }

    // One CPU per NUMA domain seen; one unnamed CPU when none is known.
    std::map<int, int> cpuOf;
    for (std::size_t i = 0; i < n; ++i) {
        const int domain = numa[i];
        if (cpuOf.count(domain))
            continue;
        Device cpu;
        cpu.kind = DeviceKind::Cpu;
        cpu.id = domain >= 0 ? host + "/cpu" + std::to_string(domain) : host + "/cpu";
        cpu.host = host;
        cpu.index = domain;
        cpu.numaNode = domain;
        cpu.cpuAffinity = m.devices[i].cpuAffinity;
        cpuOf[domain] = g.addDevice(cpu);
    }
    for (auto a = cpuOf.begin(); a != cpuOf.end(); ++a)
        for (auto b = std::next(a); b != cpuOf.end(); ++b)
            g.addLink({a->second, b->second, LinkKind::CpuInterconnect});

    // Devices nvidia-smi puts behind common PCIe bridges (PIX, PXB) share a PCIe switch.
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (m.at(i, j).path == TopoPath::Pix || m.at(i, j).path == TopoPath::Pxb)
                parent[static_cast<std::size_t>(findRoot(parent, static_cast<int>(i)))] =
                    findRoot(parent, static_cast<int>(j));
    std::map<int, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < n; ++i)
        groups[findRoot(parent, static_cast<int>(i))].push_back(i);

    auto pcieLink = [&](int a, int b, bool gpu) {
        Link l{a, b, LinkKind::Pcie};
        if (gpu && pcieGen > 0) {
            l.generation = pcieGen;
            l.lanes = 16;
            l.bandwidthGBps = 16 * pcieGBpsPerLane(pcieGen);
        }
        g.addLink(l);
    };
    int switchNo = 0;
    for (const auto &[root, members] : groups) {
        (void)root;
        if (members.size() == 1) {
            const std::size_t i = members.front();
            pcieLink(index[i], cpuOf[numa[i]], m.devices[i].isGpu);
            continue;
        }
        Device sw;
        sw.kind = DeviceKind::PcieSwitch;
        sw.id = host + "/pcie_switch" + std::to_string(switchNo);
        sw.host = host;
        sw.index = switchNo++;
        sw.numaNode = numa[members.front()];
        const int s = g.addDevice(sw);
        for (std::size_t i : members)
            pcieLink(index[i], s, m.devices[i].isGpu);
        pcieLink(s, cpuOf[numa[members.front()]], false);
    }

    // NVLink: GPU to GPU, or through the NVSwitch fabric when the bonded counts add up to more
    // links than a GPU has (8 GPUs all at NV12 would need 84 links each).
    bool switched = false;
    for (std::size_t i = 0; i < n; ++i) {
        int total = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (j != i && m.at(i, j).path == TopoPath::NvLink)
                total += m.at(i, j).nvlinks;
        switched = switched || total > hgx::kNvLinksPerH100;
    }
    auto nvlink = [&](int a, int b, int links) {
        Link l{a, b, LinkKind::NvLink, links, nvGen};
        if (nvGen > 0)
            l.bandwidthGBps = links * nvlinkGBpsPerLink(nvGen);
        g.addLink(l);
    };
    if (switched) {
        Device fabric;
        fabric.kind = DeviceKind::NvSwitch;
        fabric.id = host + "/nvswitch"; // topo -m does not say how many switches; one stands for them
        fabric.host = host;
        const int f = g.addDevice(fabric);
        for (std::size_t i = 0; i < n; ++i) {
            int links = 0;
            for (std::size_t j = 0; j < n; ++j)
                if (j != i && m.at(i, j).path == TopoPath::NvLink)
                    links = std::max(links, m.at(i, j).nvlinks);
            if (links > 0)
                nvlink(index[i], f, links);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j)
                if (m.at(i, j).path == TopoPath::NvLink)
                    nvlink(index[i], index[j], m.at(i, j).nvlinks);
    }
    return g;
}

} // namespace sn::comms
