#include "backend/comms/nvml_interconnect_graph.h"

#include "backend/comms/link_rates.h"

#include <algorithm>
#include <map>

namespace sn::comms {

namespace {

TopoCell pcieCell(PcieLevel level)
{
    switch (level) {
    case PcieLevel::Internal: // two GPUs of one card: nvidia-smi prints PIX
    case PcieLevel::Single:
        return {TopoPath::Pix};
    case PcieLevel::Multiple:
        return {TopoPath::Pxb};
    case PcieLevel::HostBridge:
        return {TopoPath::Phb};
    case PcieLevel::Node:
        return {TopoPath::Node};
    case PcieLevel::System:
    case PcieLevel::Unknown:
        break;
    }
    return {TopoPath::Sys};
}

int activeLinksTo(const InterconnectGpu &g, NvlinkRemoteKind kind, const std::string &bus = {})
{
    return static_cast<int>(std::count_if(g.links.begin(), g.links.end(), [&](const NvlinkEndpoint &l) {
        return l.active && l.remote == kind && (bus.empty() || l.remotePciBusId == bus);
    }));
}

// nvmlNvlinkVersion_t to the NVLink generation (1.0 -> 1, 2.0/2.2 -> 2, 3.0/3.1 -> 3, 4.0 -> 4,
// 5.0 -> 5). Some drivers answer 5.0 for Hopper's NVLink 4, so the GPU model is asked first.
int generationOfNvmlVersion(int version)
{
    static const std::map<int, int> generation{{1, 1}, {2, 2}, {3, 2}, {4, 3}, {5, 3}, {6, 4}, {7, 5}};
    const auto it = generation.find(version);
    return it == generation.end() ? 0 : it->second;
}

} // namespace

TopoMatrix topoMatrixFromInterconnect(const GpuInterconnect &ic, const std::vector<int> &numaNodes,
                                      std::vector<std::string> &notes)
{
    TopoMatrix m;
    const std::size_t n = ic.gpus.size();
    for (std::size_t i = 0; i < n; ++i) {
        TopoMatrixDevice d;
        d.label = d.name = "GPU" + std::to_string(ic.gpus[i].index);
        d.isGpu = true;
        d.index = ic.gpus[i].index;
        if (i < numaNodes.size() && numaNodes[i] >= 0)
            d.numaNode = numaNodes[i];
        m.devices.push_back(d);
    }
    m.cells.resize(n * n);
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            TopoCell &cell = m.cells[a * n + b];
            if (a == b) {
                cell = {TopoPath::Self};
                continue;
            }
            const InterconnectGpu &ga = ic.gpus[a], &gb = ic.gpus[b];
            const int direct = activeLinksTo(ga, NvlinkRemoteKind::Gpu, gb.pciBusId);
            const int viaSwitch =
                std::min(activeLinksTo(ga, NvlinkRemoteKind::Switch), activeLinksTo(gb, NvlinkRemoteKind::Switch));
            if (direct > 0 || viaSwitch > 0) {
                cell = {TopoPath::NvLink, direct > 0 ? direct : viaSwitch};
                continue;
            }
            cell = pcieCell(ic.pcieAt(a, b));
            if (ic.pcieAt(a, b) == PcieLevel::Unknown && a < b)
                notes.push_back("NVML did not say how GPU" + std::to_string(ga.index) + " and GPU" +
                                std::to_string(gb.index) + " meet on PCIe; taken as SYS");
        }
    }
    return m;
}

std::vector<NvlinkGpuStatus> nvlinkStatusFromInterconnect(const GpuInterconnect &ic)
{
    std::vector<NvlinkGpuStatus> out;
    for (const InterconnectGpu &g : ic.gpus) {
        if (g.links.empty())
            continue;
        NvlinkGpuStatus s;
        s.gpu = g.index;
        s.model = g.name;
        s.uuid = g.uuid;
        for (const NvlinkEndpoint &l : g.links) {
            int generation = nvlinkGenerationOf(g.name);
            if (generation == 0)
                generation = generationOfNvmlVersion(l.nvmlVersion);
            s.links.push_back({l.link, l.active, l.active ? nvlinkGBpsPerLink(generation) : 0.0});
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<std::string> compareGpuMatrices(const TopoMatrix &fromNvml, const TopoMatrix &fromSmi)
{
    const auto gpuColumns = [](const TopoMatrix &m) {
        std::map<int, std::size_t> column; // GPU number -> column
        for (std::size_t i = 0; i < m.devices.size(); ++i)
            if (m.devices[i].isGpu)
                column[m.devices[i].index] = i;
        return column;
    };
    const auto nvml = gpuColumns(fromNvml), smi = gpuColumns(fromSmi);
    std::vector<std::string> findings;
    for (const auto &[gpu, column] : nvml)
        if (!smi.count(gpu))
            findings.push_back("GPU" + std::to_string(gpu) + ": NVML lists it, nvidia-smi topo -m does not");
    for (const auto &[gpu, column] : smi)
        if (!nvml.count(gpu))
            findings.push_back("GPU" + std::to_string(gpu) + ": nvidia-smi topo -m lists it, NVML does not");
    for (const auto &[a, na] : nvml)
        for (const auto &[b, nb] : nvml) {
            if (b <= a || !smi.count(a) || !smi.count(b))
                continue;
            const TopoCell &x = fromNvml.at(na, nb), &y = fromSmi.at(smi.at(a), smi.at(b));
            if (!(x == y))
                findings.push_back("GPU" + std::to_string(a) + "-GPU" + std::to_string(b) + ": NVML says " + x.text() +
                                   ", nvidia-smi topo -m says " + y.text());
        }
    return findings;
}

} // namespace sn::comms
