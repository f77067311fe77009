#include "widgets/topology_layout.h"

#include <algorithm>
#include <cmath>

namespace sn {

using namespace topo_metrics;

namespace {
struct NodeBox {
    double width = 0;
    double height = 0;
    int gpuRows = 1;
};

// One box size for every node (the widest and tallest), so the grid stays regular.
NodeBox nodeBox(const TopologyShape &shape)
{
    int gpus = 1;
    for (const TopoNode &n : shape.nodes)
        gpus = std::max(gpus, static_cast<int>(n.gpus.size()));
    NodeBox box;
    const int columns = std::min(gpus, kGpusPerRow);
    box.gpuRows = (gpus + kGpusPerRow - 1) / kGpusPerRow;
    const double inner = std::max(4.0, static_cast<double>(columns)) * (kGpuWidth + kGpuGap) - kGpuGap;
    box.width = 2 * kPadding + inner;
    box.height = kHeaderHeight + kNicHeight + kRowGap + box.gpuRows * (kGpuHeight + kGpuGap) - kGpuGap + kRowGap +
                 kNvSwitchHeight + kPadding;
    return box;
}

// n boxes of width w spread evenly over [left, left + span], each centred in its share.
QRectF spread(int i, int n, double left, double span, double top, double width, double height)
{
    const double share = span / std::max(1, n);
    const double w = std::min(width, share - 6);
    return {left + share * (i + 0.5) - w / 2, top, w, height};
}

QPointF topCentre(const QRectF &r)
{
    return {r.center().x(), r.top()};
}
QPointF bottomCentre(const QRectF &r)
{
    return {r.center().x(), r.bottom()};
}
} // namespace

int topologyColumns(int nodeCount, double nodeWidth, double nodeHeight)
{
    if (nodeCount <= 1)
        return 1;
    // Columns c and rows n/c with c*w : (n/c)*h near 16:10.
    const double c = std::sqrt(1.6 * nodeCount * (nodeHeight + kNodeGapY) / (nodeWidth + kNodeGapX));
    return std::clamp(static_cast<int>(std::ceil(c - 0.25)), 1, nodeCount);
}

TopologyGeometry layoutTopology(const TopologyShape &shape)
{
    TopologyGeometry g;
    const NodeBox box = nodeBox(shape);
    const int n = static_cast<int>(shape.nodes.size());
    g.columns = topologyColumns(n, box.width, box.height);
    g.rows = n == 0 ? 0 : (n + g.columns - 1) / g.columns;
    const double gridWidth = g.columns * (box.width + kNodeGapX) - kNodeGapX;

    // Switches in a row above the grid, centred on it.
    const int switches = static_cast<int>(shape.switches.size());
    const double switchTop = -(kNodeGapY / 2 + kBusGap + kSwitchHeight + kBusGap);
    const double switchRowWidth = switches * (kSwitchWidth + kSwitchGap) - kSwitchGap;
    for (int i = 0; i < switches; ++i) {
        const double left = (gridWidth - switchRowWidth) / 2 + i * (kSwitchWidth + kSwitchGap);
        g.devices.insert(shape.switches[i].id, QRectF(left, switchTop, kSwitchWidth, kSwitchHeight));
    }
    const double busY = switchTop + kSwitchHeight + kBusGap;

    QHash<QString, int> nodeIndex;
    for (int i = 0; i < n; ++i) {
        const TopoNode &node = shape.nodes[i];
        nodeIndex.insert(node.name, i);
        const int col = i % g.columns, row = i / g.columns;
        const QRectF r(col * (box.width + kNodeGapX), row * (box.height + kNodeGapY), box.width, box.height);
        g.nodes.insert(node.name, r);
        const double innerLeft = r.left() + kPadding, innerWidth = r.width() - 2 * kPadding;
        const double nicTop = r.top() + kHeaderHeight;
        const double gpuTop = nicTop + kNicHeight + kRowGap;
        for (int k = 0; k < node.nics.size(); ++k) {
            g.devices.insert(node.nics[k].id, spread(k, static_cast<int>(node.nics.size()), innerLeft, innerWidth,
                                                     nicTop, 96, kNicHeight));
            g.nodeOf.insert(node.nics[k].id, node.name);
        }
        for (int k = 0; k < node.gpus.size(); ++k) {
            const int gr = k / kGpusPerRow, gc = k % kGpusPerRow;
            g.devices.insert(node.gpus[k].id, QRectF(innerLeft + gc * (kGpuWidth + kGpuGap),
                                                     gpuTop + gr * (kGpuHeight + kGpuGap), kGpuWidth, kGpuHeight));
            g.nodeOf.insert(node.gpus[k].id, node.name);
        }
        const double nvsTop = gpuTop + box.gpuRows * (kGpuHeight + kGpuGap) - kGpuGap + kRowGap;
        for (int k = 0; k < node.nvswitches.size(); ++k) {
            g.devices.insert(node.nvswitches[k].id, spread(k, static_cast<int>(node.nvswitches.size()), innerLeft,
                                                           innerWidth, nvsTop, innerWidth, kNvSwitchHeight));
            g.nodeOf.insert(node.nvswitches[k].id, node.name);
        }
    }

    // Where on a GPU's bottom edge its NVLink to switch s leaves, and where on the switch it
    // lands: spread out, so the links read as a crossbar rather than one thick line.
    auto gpuSlot = [&](const QString &gpuId, const QString &switchId) {
        const TopoNode &node = shape.nodes[nodeIndex.value(g.nodeOf.value(gpuId))];
        int s = 0, gi = 0;
        for (int k = 0; k < node.nvswitches.size(); ++k)
            if (node.nvswitches[k].id == switchId)
                s = k;
        for (int k = 0; k < node.gpus.size(); ++k)
            if (node.gpus[k].id == gpuId)
                gi = k;
        const QRectF gr = g.devices.value(gpuId), sr = g.devices.value(switchId);
        const double ns = std::max<qsizetype>(1, node.nvswitches.size()), ng = std::max<qsizetype>(1, node.gpus.size());
        return QPolygonF{QPointF(gr.left() + gr.width() * (s + 0.5) / ns, gr.bottom()),
                         QPointF(sr.left() + sr.width() * (gi + 0.5) / ng, sr.top())};
    };

    g.links.reserve(shape.links.size());
    for (const TopoLink &link : shape.links) {
        const auto ra = g.devices.constFind(link.a), rb = g.devices.constFind(link.b);
        if (ra == g.devices.constEnd() || rb == g.devices.constEnd()) {
            g.links.append(QPolygonF());
            continue;
        }
        const bool aInNode = g.nodeOf.contains(link.a), bInNode = g.nodeOf.contains(link.b);
        const QString aNode = g.nodeOf.value(link.a), bNode = g.nodeOf.value(link.b);
        const bool aGpu = link.a.contains(QLatin1String("/gpu")), bGpu = link.b.contains(QLatin1String("/gpu"));
        const bool aNvs = link.a.contains(QLatin1String("/nvswitch")),
                   bNvs = link.b.contains(QLatin1String("/nvswitch"));
        if (link.kind == TopoLinkKind::NvLink && aGpu && bNvs) {
            g.links.append(gpuSlot(link.a, link.b));
        } else if (link.kind == TopoLinkKind::NvLink && bGpu && aNvs) {
            g.links.append(gpuSlot(link.b, link.a));
        } else if (aInNode != bInNode) {
            // A NIC (or any device of a node) to a network switch: along gutter, gap and bus.
            const QRectF dev = aInNode ? *ra : *rb, sw = aInNode ? *rb : *ra;
            const QRectF nodeRect = g.nodes.value(aInNode ? aNode : bNode);
            const double gutterY = nodeRect.top() - kNodeGapY / 2;
            const double gapX = nodeRect.left() - kNodeGapX / 2;
            QPolygonF path{topCentre(dev),      QPointF(dev.center().x(), gutterY), QPointF(gapX, gutterY),
                           QPointF(gapX, busY), QPointF(sw.center().x(), busY),     bottomCentre(sw)};
            if (!aInNode)
                std::reverse(path.begin(), path.end());
            g.links.append(path);
        } else if (aInNode && aNode == bNode && ra->top() != rb->top()) {
            // Within a node between rows (GPU to NIC over PCIe): from the lower's top to the upper's bottom.
            const bool aLower = ra->top() > rb->top();
            const QRectF lower = aLower ? *ra : *rb, upper = aLower ? *rb : *ra;
            QPolygonF path{topCentre(lower), bottomCentre(upper)};
            if (!aLower)
                std::reverse(path.begin(), path.end());
            g.links.append(path);
        } else {
            g.links.append(QPolygonF{ra->center(), rb->center()});
        }
    }

    QRectF all;
    for (const QRectF &r : std::as_const(g.nodes))
        all |= r;
    for (const QRectF &r : std::as_const(g.devices))
        all |= r;
    g.bounds = all.adjusted(-kNodeGapX, -kNodeGapY / 2, kNodeGapX / 2, kNodeGapY / 2);
    return g;
}

} // namespace sn
