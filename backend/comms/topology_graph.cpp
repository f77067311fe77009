#include "backend/comms/topology_graph.h"

#include <algorithm>

namespace sn::comms {

const char *deviceKindName(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Cpu:
        return "cpu";
    case DeviceKind::PcieSwitch:
        return "pcie_switch";
    case DeviceKind::Gpu:
        return "gpu";
    case DeviceKind::NvSwitch:
        return "nvswitch";
    case DeviceKind::Nic:
        return "nic";
    case DeviceKind::NetSwitch:
        return "net_switch";
    }
    return "unknown";
}

const char *linkKindName(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvLink:
        return "nvlink";
    case LinkKind::Pcie:
        return "pcie";
    case LinkKind::CpuInterconnect:
        return "cpu_interconnect";
    case LinkKind::Roce:
        return "roce";
    case LinkKind::InfiniBand:
        return "infiniband";
    case LinkKind::Ethernet:
        return "ethernet";
    }
    return "unknown";
}

LinkKind linkKindFromType(LinkType type)
{
    switch (type) {
    case LinkType::NvLink:
        return LinkKind::NvLink;
    case LinkType::Pcie:
        return LinkKind::Pcie;
    case LinkType::Roce:
        return LinkKind::Roce;
    case LinkType::InfiniBand:
        return LinkKind::InfiniBand;
    case LinkType::Ethernet:
        return LinkKind::Ethernet;
    }
    return LinkKind::Ethernet;
}

const char *linkHealthName(LinkHealth health)
{
    switch (health) {
    case LinkHealth::Unknown:
        return "unknown";
    case LinkHealth::Up:
        return "up";
    case LinkHealth::Degraded:
        return "degraded";
    case LinkHealth::Down:
        return "down";
    }
    return "unknown";
}

int TopologyGraph::addDevice(Device device)
{
    auto it = std::lower_bound(m_sortedIds.begin(), m_sortedIds.end(), device.id,
                               [](const auto &entry, const std::string &id) { return entry.first < id; });
    if (it != m_sortedIds.end() && it->first == device.id)
        return it->second;
    const int index = static_cast<int>(m_devices.size());
    m_sortedIds.insert(it, {device.id, index});
    m_devices.push_back(std::move(device));
    m_adjacencyValid = false;
    return index;
}

int TopologyGraph::addLink(Link link)
{
    m_links.push_back(link);
    m_adjacencyValid = false;
    return static_cast<int>(m_links.size()) - 1;
}

int TopologyGraph::find(const std::string &id) const
{
    auto it = std::lower_bound(m_sortedIds.begin(), m_sortedIds.end(), id,
                               [](const auto &entry, const std::string &key) { return entry.first < key; });
    return it != m_sortedIds.end() && it->first == id ? it->second : -1;
}

std::vector<int> TopologyGraph::devicesOfKind(DeviceKind kind) const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m_devices.size(); ++i)
        if (m_devices[i].kind == kind)
            out.push_back(static_cast<int>(i));
    return out;
}

int TopologyGraph::count(DeviceKind kind) const
{
    return static_cast<int>(
        std::count_if(m_devices.begin(), m_devices.end(), [kind](const Device &d) { return d.kind == kind; }));
}

const std::vector<int> &TopologyGraph::linksOf(int i) const
{
    if (!m_adjacencyValid || m_adjacency.size() != m_devices.size()) {
        m_adjacency.assign(m_devices.size(), {});
        for (std::size_t l = 0; l < m_links.size(); ++l) {
            m_adjacency[static_cast<std::size_t>(m_links[l].a)].push_back(static_cast<int>(l));
            m_adjacency[static_cast<std::size_t>(m_links[l].b)].push_back(static_cast<int>(l));
        }
        m_adjacencyValid = true;
    }
    return m_adjacency[static_cast<std::size_t>(i)];
}

} // namespace sn::comms
