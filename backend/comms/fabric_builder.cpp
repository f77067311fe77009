#include "backend/comms/fabric_builder.h"

#include "backend/comms/link_rates.h"
#include "backend/model/hgx_board.h"

namespace sn::comms {

double linkLatencyUs(const Link &l)
{
    if (known(l.latencyUs))
        return l.latencyUs;
    switch (l.kind) {
    case LinkKind::NvLink:
        return 0.7;
    case LinkKind::Pcie:
        return 1.0;
    case LinkKind::CpuInterconnect:
        return 1.2;
    case LinkKind::Roce:
    case LinkKind::InfiniBand:
        return 1.5;
    case LinkKind::Ethernet:
        return 5.0;
    }
    return 1.0;
}

TopologyGraph buildFabric(const FabricShape &f)
{
    TopologyGraph g;
    const int nvGen = nvlinkGenerationOf(f.gpuModel);
    const int pcieGen = pcieGenerationOf(f.gpuModel);
    const double pcieGBps = 16 * pcieGBpsPerLane(pcieGen > 0 ? pcieGen : 5);
    const int units = (f.nodes + f.nodesPerLeaf - 1) / std::max(1, f.nodesPerLeaf);
    std::vector<int> spines;
    for (int s = 0; s < f.spines; ++s) {
        Device d{"spine" + std::to_string(s), DeviceKind::NetSwitch};
        d.index = s;
        d.tier = 2;
        spines.push_back(g.addDevice(d));
    }
    std::vector<int> leaves; // unit * rails + rail
    for (int u = 0; u < units; ++u)
        for (int r = 0; r < f.nicsPerNode; ++r) {
            Device d{"su" + std::to_string(u) + "-leaf" + std::to_string(r), DeviceKind::NetSwitch};
            d.index = u * f.nicsPerNode + r;
            d.tier = 1;
            d.rail = "rail" + std::to_string(r);
            const int leaf = g.addDevice(d);
            leaves.push_back(leaf);
            for (int s : spines)
                g.addLink({leaf, s, f.net, 1, 0, f.nicGbps / 8 * f.nodesPerLeaf / std::max(1, f.spines), 1.5});
        }
    for (int n = 0; n < f.nodes; ++n) {
        char name[16];
        std::snprintf(name, sizeof name, "node%04d", n + 1);
        const std::string host = name;
        int cpus[2];
        for (int c = 0; c < 2; ++c) {
            Device d{host + "/cpu" + std::to_string(c), DeviceKind::Cpu, host, c, c};
            cpus[c] = g.addDevice(d);
        }
        g.addLink({cpus[0], cpus[1], LinkKind::CpuInterconnect});
        std::vector<int> nvswitches;
        for (int s = 0; s < f.nvswitchesPerNode; ++s)
            nvswitches.push_back(g.addDevice({nvswitchId(host, s), DeviceKind::NvSwitch, host, s}));
        const int pairs = (f.gpusPerNode + 1) / 2;
        std::vector<int> pcieSwitches;
        for (int p = 0; p < pairs; ++p) {
            const int numa = p < pairs / 2 || pairs == 1 ? 0 : 1;
            const int sw =
                g.addDevice({host + "/pcie_switch" + std::to_string(p), DeviceKind::PcieSwitch, host, p, numa});
            pcieSwitches.push_back(sw);
            g.addLink({sw, cpus[numa], LinkKind::Pcie, 16, pcieGen, pcieGBps});
        }
        for (int i = 0; i < f.gpusPerNode; ++i) {
            Device d{gpuId(host, i), DeviceKind::Gpu, host, i, i < f.gpusPerNode / 2 ? 0 : 1};
            d.model = f.gpuModel;
            d.sm = computeCapabilityOf(f.gpuModel);
            const int gpu = g.addDevice(d);
            g.addLink({gpu, pcieSwitches[static_cast<std::size_t>(i / 2)], LinkKind::Pcie, 16, pcieGen, pcieGBps});
            for (int s = 0; s < f.nvswitchesPerNode; ++s) {
                const int lanes = f.nvswitchesPerNode == 4 ? hgx::kLinksPerNvSwitch[static_cast<std::size_t>(s)]
                                                           : hgx::kNvLinksPerH100 / f.nvswitchesPerNode;
                g.addLink({gpu, nvswitches[static_cast<std::size_t>(s)], LinkKind::NvLink, lanes, nvGen,
                           lanes * nvlinkGBpsPerLink(nvGen > 0 ? nvGen : 4)});
            }
        }
        for (int k = 0; k < f.nicsPerNode; ++k) {
            const int pair = static_cast<int>(static_cast<long>(k) * pairs / std::max(1, f.nicsPerNode));
            Device d{nicId(host, "mlx5_" + std::to_string(k)), DeviceKind::Nic, host, k,
                     g.device(pcieSwitches[static_cast<std::size_t>(pair)]).numaNode};
            d.rail = "rail" + std::to_string(k);
            d.rdmaDevice = "mlx5_" + std::to_string(k);
            d.fabric = f.net;
            d.speedGbps = f.nicGbps;
            d.port = 1;
            const int nic = g.addDevice(d);
            g.addLink({nic, pcieSwitches[static_cast<std::size_t>(pair)], LinkKind::Pcie, 16, pcieGen, pcieGBps});
            g.addLink({nic, leaves[static_cast<std::size_t>((n / f.nodesPerLeaf) * f.nicsPerNode + k)], f.net, 1, 0,
                       f.nicGbps / 8});
        }
    }
    return g;
}

TopologyGraph graphFromClusterSpec(const ClusterSpec &spec)
{
    TopologyGraph g;
    for (const SwitchSpec &s : spec.network.switches) {
        Device d{s.name, DeviceKind::NetSwitch};
        d.tier = 1;
        g.addDevice(d);
    }
    for (const NodeSpec &node : spec.nodes) {
        for (const GpuSpec &gpu : node.gpus) {
            Device d{gpuId(node.name, gpu.index), DeviceKind::Gpu, node.name, gpu.index, gpu.numaNode};
            d.model = gpu.model;
            d.pciBusId = gpu.pciBusId; // nccl_topo_xml.h normalises and checks it
            g.addDevice(d);
        }
        for (const NvSwitchSpec &s : node.nvswitches)
            g.addDevice({nvswitchId(node.name, s.index), DeviceKind::NvSwitch, node.name, s.index});
        for (std::size_t i = 0; i < node.nics.size(); ++i) {
            Device d{nicId(node.name, node.nics[i].name), DeviceKind::Nic, node.name, static_cast<int>(i),
                     node.nics[i].numaNode};
            d.rail = "rail" + std::to_string(i);
            d.fabric = linkKindFromType(node.nics[i].type);
            (d.fabric == LinkKind::Ethernet ? d.netdev : d.rdmaDevice) = node.nics[i].name;
            if (node.nics[i].speedGbps > 0)
                d.speedGbps = node.nics[i].speedGbps;
            g.addDevice(d);
        }
    }
    for (const LinkSpec &l : spec.network.links) {
        const int a = g.find(l.a), b = g.find(l.b);
        if (a < 0 || b < 0)
            continue;
        Link link{a, b, linkKindFromType(l.type), l.lanes};
        link.bandwidthGBps = l.bandwidthGBps > 0 ? l.bandwidthGBps : kUnknown;
        link.latencyUs = l.latencyUs > 0 ? l.latencyUs : kUnknown;
        if (link.kind == LinkKind::NvLink)
            link.generation = nvlinkGenerationOf(g.device(a).model);
        g.addLink(link);
    }
    return g;
}

} // namespace sn::comms
