#include "ui/setup/setup_topology_shape.h"

#include <cmath>

namespace sn {

TopologyShape setupTopologyShape(const std::vector<setup::NodeInventory> &nodes)
{
    TopologyShape shape;
    for (const setup::NodeInventory &n : nodes) {
        TopoNode node;
        node.name = QString::fromStdString(n.name);
        const comms::TopologyGraph &g = n.topology;
        for (const comms::Device &d : g.devices()) {
            const QString id = QString::fromStdString(d.id);
            switch (d.kind) {
            case comms::DeviceKind::Gpu:
                node.gpus.push_back({id, d.index, QString::fromStdString(d.model)});
                break;
            case comms::DeviceKind::NvSwitch:
                node.nvswitches.push_back({id, QStringLiteral("NVSwitch %1").arg(d.index)});
                break;
            case comms::DeviceKind::Nic:
                node.nics.push_back(
                    {id, QString::fromStdString(d.rdmaDevice.empty() ? d.netdev : d.rdmaDevice) +
                             (std::isnan(d.speedGbps) ? QString() : QStringLiteral(" %1G").arg(d.speedGbps))});
                break;
            default:
                break;
            }
        }
        // A GPU the graph does not have (no topo matrix) still shows, from nvidia-smi.
        if (node.gpus.isEmpty())
            for (const auto &gpu : n.gpus.gpus)
                node.gpus.push_back({node.name + QStringLiteral("/gpu%1").arg(gpu.reading.gpu), gpu.reading.gpu,
                                     QString::fromStdString(gpu.reading.model)});
        std::sort(node.gpus.begin(), node.gpus.end(),
                  [](const TopoGpu &a, const TopoGpu &b) { return a.index < b.index; });
        for (const comms::Link &l : g.links()) {
            const comms::Device &a = g.devices()[static_cast<std::size_t>(l.a)];
            const comms::Device &b = g.devices()[static_cast<std::size_t>(l.b)];
            auto shown = [](const comms::Device &d) {
                return d.kind == comms::DeviceKind::Gpu || d.kind == comms::DeviceKind::NvSwitch ||
                       d.kind == comms::DeviceKind::Nic;
            };
            if (!shown(a) || !shown(b))
                continue;
            TopoLink link;
            link.a = QString::fromStdString(a.id);
            link.b = QString::fromStdString(b.id);
            link.kind = l.kind == comms::LinkKind::NvLink ? TopoLinkKind::NvLink
                        : l.kind == comms::LinkKind::Pcie ? TopoLinkKind::Pcie
                                                          : TopoLinkKind::Fabric;
            link.bandwidthBytesPerS = std::isnan(l.bandwidthGBps) ? 0 : l.bandwidthGBps * 1e9;
            link.healthy = l.health != comms::LinkHealth::Down;
            link.label =
                l.kind == comms::LinkKind::NvLink ? QStringLiteral("NVLink x%1").arg(l.lanes) : QStringLiteral("PCIe");
            shape.links.push_back(link);
        }
        shape.nodes.push_back(node);
    }
    return shape;
}

} // namespace sn
