#include "backend/sim/super_node_topology.h"

#include "backend/model/cluster_yaml.h"
#include "backend/model/hgx_board.h"

#include <QFile>

#include <array>
#include <cstdio>

namespace sn::sim {

namespace {

// PCI bus numbers of the eight GPUs on an HGX H100 board, as nvidia-smi lists them.
constexpr std::array<int, 8> kHgxGpuBus{0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb};
using hgx::kLinksPerNvSwitch;
using hgx::kNvLinkGBpsPerLink;
using hgx::kPcieGen5x16GBps;

std::string makeUuid(std::mt19937_64 &rng)
{
    std::uniform_int_distribution<unsigned> hex(0, 15);
    std::string s = "GPU-";
    for (int group : {8, 4, 4, 4, 12}) {
        for (int i = 0; i < group; ++i)
            s += "0123456789abcdef"[hex(rng)];
        s += '-';
    }
    s.pop_back();
    return s;
}

std::string nodeName(int i)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "node%02d", i + 1);
    return buf;
}

// Framebuffer totals as nvidia-smi reports them (FB Memory Usage: Total), not the marketing size.
std::int64_t gpuMemoryForModel(const std::string &model)
{
    constexpr std::int64_t mib = 1024LL * 1024;
    if (model.find("H200") != std::string::npos)
        return 143771 * mib;
    if (model.find("40GB") != std::string::npos)
        return 40960 * mib;
    return 81559 * mib; // H100 80GB HBM3, A100 80GB
}

void completeNode(NodeSpec &node, std::mt19937_64 &rng)
{
    const int n = static_cast<int>(node.gpus.size());
    for (int g = 0; g < n; ++g) {
        GpuSpec &gpu = node.gpus[g];
        if (gpu.uuid.empty())
            gpu.uuid = makeUuid(rng);
        if (gpu.pciBusId.empty()) {
            char buf[32];
            const int bus = g < static_cast<int>(kHgxGpuBus.size()) ? kHgxGpuBus[g] : 0x10 + g;
            std::snprintf(buf, sizeof buf, "00000000:%02X:00.0", bus);
            gpu.pciBusId = buf;
        }
        if (gpu.numaNode < 0)
            gpu.numaNode = g < n / 2 ? 0 : 1;
        if (gpu.memoryBytes == 0)
            gpu.memoryBytes = gpuMemoryForModel(gpu.model);
    }
    for (std::size_t i = 0; i < node.nics.size(); ++i)
        if (node.nics[i].numaNode < 0)
            node.nics[i].numaNode = i < node.nics.size() / 2 ? 0 : 1;
    if (node.cpuCores == 0)
        node.cpuCores = 112;
    if (node.memoryBytes == 0)
        node.memoryBytes = 2048LL * 1024 * 1024 * 1024;
}

} // namespace

std::vector<LinkSpec> deriveNodeLinks(const NodeSpec &node, const std::string &leafSwitch)
{
    std::vector<LinkSpec> links;
    const int switches = static_cast<int>(node.nvswitches.size());
    for (const GpuSpec &gpu : node.gpus) {
        for (int s = 0; s < switches; ++s) {
            const int lanes = switches == 4 ? kLinksPerNvSwitch[s] : 18 / switches;
            links.push_back({gpuId(node.name, gpu.index), nvswitchId(node.name, node.nvswitches[s].index),
                             LinkType::NvLink, lanes, lanes * kNvLinkGBpsPerLink, 0.7});
        }
    }
    // Two GPUs share a PCIe switch with one NIC (GPUDirect RDMA without crossing the CPU).
    const int nics = static_cast<int>(node.nics.size());
    for (const GpuSpec &gpu : node.gpus) {
        if (nics == 0)
            break;
        const int nic = static_cast<int>(gpu.index * nics / std::max<std::size_t>(1, node.gpus.size()));
        links.push_back({gpuId(node.name, gpu.index), nicId(node.name, node.nics[nic].name), LinkType::Pcie, 16,
                         kPcieGen5x16GBps, 1.0});
    }
    if (!leafSwitch.empty())
        for (const NicSpec &nic : node.nics)
            links.push_back({nicId(node.name, nic.name), leafSwitch, nic.type, 1, nic.speedGbps / 8.0, 2.0});
    return links;
}

ClusterSpec expandSimulatedCluster(const ClusterSpec &input)
{
    ClusterSpec spec = input;
    const SimulationSpec &sim = spec.simulation;
    std::mt19937_64 rng(sim.seed);
    if (spec.nodes.empty()) {
        for (int i = 0; i < sim.nodes; ++i) {
            NodeSpec node;
            node.name = nodeName(i);
            for (int g = 0; g < sim.gpusPerNode; ++g)
                node.gpus.push_back({g, sim.gpuModel, gpuMemoryForModel(sim.gpuModel), "", "", -1});
            if (sim.gpusPerNode >= 4)
                for (int s = 0; s < 4; ++s)
                    node.nvswitches.push_back({s, "NVSwitch"});
            for (int n = 0; n < sim.nicsPerNode; ++n)
                node.nics.push_back(
                    {"mlx5_" + std::to_string(n),
                     spec.network.fabric == LinkType::InfiniBand ? LinkType::InfiniBand : LinkType::Roce,
                     sim.nicSpeedGbps, -1});
            spec.nodes.push_back(std::move(node));
        }
    }
    for (NodeSpec &node : spec.nodes)
        completeNode(node, rng);

    if (spec.network.switches.empty()) {
        const bool ib = spec.network.fabric == LinkType::InfiniBand;
        spec.network.switches.push_back(
            {"leaf01", ib ? LinkType::InfiniBand : LinkType::Ethernet, 64, sim.nicSpeedGbps});
    }
    if (spec.network.links.empty()) {
        for (const NodeSpec &node : spec.nodes) {
            auto links = deriveNodeLinks(node, spec.network.switches.front().name);
            spec.network.links.insert(spec.network.links.end(), links.begin(), links.end());
        }
    }
    return spec;
}

ClusterSpec defaultSimulatedSpec(int nodes)
{
    // One source of truth: the demo cluster.yaml users copy is the one compiled in here.
    QFile file(QStringLiteral(":/supernode/demo/cluster.yaml"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the built-in demo cluster.yaml is missing from the resources");
    auto spec = parseClusterYaml(file.readAll().toStdString(), "demo/cluster.yaml");
    if (!spec)
        qFatal("the built-in demo cluster.yaml is invalid: %s", spec.error().message.c_str());
    spec->simulation.nodes = nodes;
    return *spec;
}

} // namespace sn::sim
