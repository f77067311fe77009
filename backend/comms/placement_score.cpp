#include "backend/comms/placement_score.h"

#include <array>
#include <map>

namespace sn::comms {

PlacementScorer::PlacementScorer(const TopologyGraph &g, CostParams params) : m_params(params)
{
    std::map<std::string, int> nodes;
    std::map<std::string, int> gpusOn;
    for (int i : g.devicesOfKind(DeviceKind::Gpu)) {
        const Device &d = g.device(i);
        const auto [it, fresh] = nodes.emplace(d.host, static_cast<int>(nodes.size()));
        (void)fresh;
        m_gpuIds.push_back(d.id);
        m_nodeOf.push_back(it->second);
        m_localOf.push_back(gpusOn[d.host]++);
    }
    if (m_gpuIds.empty())
        return;
    // The first node's fabric: its GPU0's NVLink total and switch, its NICs and their speed.
    const std::string host = g.device(g.find(m_gpuIds.front())).host;
    const int gpu0 = g.find(m_gpuIds.front());
    double nvlinkGBps = 0, pcieGBps = 0;
    bool toSwitch = false;
    int generation = 0;
    for (int l : g.linksOf(gpu0)) {
        const Link &link = g.links()[static_cast<std::size_t>(l)];
        const Device &other = g.device(link.a == gpu0 ? link.b : link.a);
        if (link.kind == LinkKind::NvLink) {
            nvlinkGBps += known(link.bandwidthGBps) ? link.bandwidthGBps : 0;
            toSwitch = toSwitch || other.kind == DeviceKind::NvSwitch;
            generation = std::max(generation, link.generation);
        } else if (link.kind == LinkKind::Pcie && known(link.bandwidthGBps)) {
            pcieGBps = std::max(pcieGBps, link.bandwidthGBps);
        }
    }
    m_node.gpusPerNode = gpusOn[host];
    if (nvlinkGBps > 0) {
        m_node.intra = toSwitch ? IntraFabric::NvSwitch : IntraFabric::NvLinkDirect;
        m_node.intraGBps = nvlinkGBps;
        m_node.nvls = toSwitch && generation >= 4;
    } else {
        m_node.intra = IntraFabric::PcieP2p;
        m_node.intraGBps = pcieGBps > 0 ? pcieGBps : 16;
    }
    for (int i : g.devicesOfKind(DeviceKind::Nic)) {
        if (g.device(i).host != host)
            continue;
        for (int l : g.linksOf(i)) {
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            if (link.kind == LinkKind::Roce || link.kind == LinkKind::InfiniBand || link.kind == LinkKind::Ethernet) {
                ++m_node.nicsPerNode;
                m_node.nicGBps = known(link.bandwidthGBps) ? link.bandwidthGBps : m_node.nicGBps;
                m_node.net = link.kind;
            }
        }
    }
    m_node.spineOversubscription = 1;
}

CommShape PlacementScorer::shapeOf(std::span<const int> gpus) const
{
    // Distinct nodes with their GPU count and which local indices (rails) they use; sets up to
    // 64 nodes stay on the stack.
    struct NodeUse {
        int node;
        int count;
        std::uint64_t rails;
    };
    std::array<NodeUse, 64> small;
    std::vector<NodeUse> large;
    std::size_t used = 0;
    for (int gpu : gpus) {
        const int node = m_nodeOf[static_cast<std::size_t>(gpu)];
        const std::uint64_t rail = std::uint64_t{1} << (m_localOf[static_cast<std::size_t>(gpu)] & 63);
        NodeUse *slot = nullptr;
        NodeUse *begin = large.empty() ? small.data() : large.data();
        for (std::size_t i = 0; i < used; ++i)
            if (begin[i].node == node) {
                slot = &begin[i];
                break;
            }
        if (slot) {
            ++slot->count;
            slot->rails |= rail;
            continue;
        }
        if (large.empty() && used == small.size())
            large.assign(small.begin(), small.end());
        if (!large.empty())
            large.push_back({node, 1, rail});
        else
            small[used] = {node, 1, rail};
        ++used;
    }
    const NodeUse *begin = large.empty() ? small.data() : large.data();
    CommShape s = m_node;
    s.nodes = static_cast<int>(used);
    s.gpusPerNode = 0;
    s.railAligned = true;
    for (std::size_t i = 0; i < used; ++i) {
        s.gpusPerNode = std::max(s.gpusPerNode, begin[i].count);
        s.railAligned = s.railAligned && begin[i].rails == begin[0].rails;
    }
    // Off-rail traffic crosses the spine once each way; with no spine model, count it as 2:1.
    if (!s.railAligned)
        s.spineOversubscription = 2;
    return s;
}

double PlacementScorer::allReduceUs(std::span<const int> gpus, double bytes) const
{
    if (gpus.size() <= 1)
        return 0;
    return predict(Collective::AllReduce, bytes, shapeOf(gpus), m_params).timeUs;
}

} // namespace sn::comms
