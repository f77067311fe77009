#include "ui/topology_shape.h"

#include "ui/natural_compare.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace sn {

namespace {
struct TopologyText {
    Q_DECLARE_TR_FUNCTIONS(sn::TopologyText)
};

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QString fabricName(pb::LinkType type)
{
    switch (type) {
    case pb::LINK_TYPE_ROCE:
        return QStringLiteral("RoCE");
    case pb::LINK_TYPE_INFINIBAND:
        return QStringLiteral("InfiniBand");
    case pb::LINK_TYPE_ETHERNET:
        return TopologyText::tr("Ethernet");
    default:
        return TopologyText::tr("Network");
    }
}

QString linkLabel(const pb::Link &link)
{
    const QLocale l;
    switch (link.type()) {
    case pb::LINK_TYPE_NVLINK:
        return TopologyText::tr("NVLink x%1").arg(link.lanes());
    case pb::LINK_TYPE_PCIE:
        return TopologyText::tr("PCIe x%1").arg(link.lanes());
    default:
        // bandwidth is bytes/s per direction; ports are sold in gigabits.
        return TopologyText::tr("%1 %2G").arg(fabricName(link.type()),
                                              l.toString(link.bandwidth_bytes_per_second() * 8 / 1e9, 'f', 0));
    }
}

TopoLinkKind linkKind(pb::LinkType type)
{
    switch (type) {
    case pb::LINK_TYPE_NVLINK:
        return TopoLinkKind::NvLink;
    case pb::LINK_TYPE_PCIE:
        return TopoLinkKind::Pcie;
    default:
        return TopoLinkKind::Fabric;
    }
}
} // namespace

QString gpuId(const QString &node, int index)
{
    return node + QStringLiteral("/gpu") + QString::number(index);
}

TopologyShape topologyShape(const pb::Cluster &cluster)
{
    TopologyShape shape;
    const QLocale l;
    for (const pb::Node &n : cluster.nodes()) {
        TopoNode node;
        node.name = q(n.name());
        node.down = n.state() == pb::NODE_STATE_DOWN;
        for (const pb::Gpu &g : n.gpus())
            node.gpus.append({g.id().empty() ? gpuId(node.name, g.index()) : q(g.id()), g.index(), q(g.model())});
        std::sort(node.gpus.begin(), node.gpus.end(),
                  [](const TopoGpu &a, const TopoGpu &b) { return a.index < b.index; });
        for (const pb::NvSwitch &s : n.nvswitches())
            node.nvswitches.append({q(s.id()), TopologyText::tr("NVSwitch %1").arg(s.index())});
        for (const pb::Nic &nic : n.nics())
            node.nics.append(
                {q(nic.id()), TopologyText::tr("%1 · %2G").arg(q(nic.name()), l.toString(nic.speed_gbps(), 'f', 0))});
        std::sort(node.nics.begin(), node.nics.end(),
                  [](const TopoDevice &a, const TopoDevice &b) { return naturalCompare(a.id, b.id) < 0; });
        shape.nodes.append(node);
    }
    std::stable_sort(shape.nodes.begin(), shape.nodes.end(),
                     [](const TopoNode &a, const TopoNode &b) { return naturalCompare(a.name, b.name) < 0; });
    for (const pb::Switch &s : cluster.switches())
        shape.switches.append({q(s.name()), TopologyText::tr("%1 · %2 ports").arg(q(s.name())).arg(s.ports())});
    for (const pb::Link &link : cluster.links())
        shape.links.append({q(link.a()), q(link.b()), linkKind(link.type()), link.bandwidth_bytes_per_second(),
                            link.healthy(), linkLabel(link)});
    return shape;
}

QSet<QString> downDevices(const pb::Cluster &cluster)
{
    QSet<QString> down;
    for (const pb::Node &n : cluster.nodes()) {
        const bool nodeDown = n.state() == pb::NODE_STATE_DOWN;
        if (nodeDown)
            down.insert(q(n.name()));
        for (const pb::Nic &nic : n.nics())
            if (nodeDown || !nic.link_up())
                down.insert(q(nic.id()));
        if (nodeDown)
            for (const pb::NvSwitch &s : n.nvswitches())
                down.insert(q(s.id()));
    }
    return down;
}

} // namespace sn
