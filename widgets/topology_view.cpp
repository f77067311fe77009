#include "widgets/topology_view.h"

#include "widgets/topology_items.h"
#include "widgets/topology_layout.h"
#include "widgets/topology_legend.h"
#include "widgets/topology_tiles_item.h"

#include <QGraphicsScene>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QScrollBar>
#include <QSet>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <utility>

namespace sn {

namespace {
constexpr double kMaxZoom = 6.0;

QString bandwidthText(double bytesPerS)
{
    const QLocale l;
    if (bytesPerS >= 1e9)
        return QObject::tr("%1 GB/s").arg(l.toString(bytesPerS / 1e9, 'f', bytesPerS >= 1e10 ? 0 : 1));
    return QObject::tr("%1 MB/s").arg(l.toString(bytesPerS / 1e6, 'f', 0));
}

QString linkKindName(TopoLinkKind kind)
{
    switch (kind) {
    case TopoLinkKind::NvLink:
        return QObject::tr("NVLink");
    case TopoLinkKind::Pcie:
        return QObject::tr("PCIe");
    case TopoLinkKind::Fabric:
        return QObject::tr("Network");
    }
    return {};
}
} // namespace

TopologyView::TopologyView(QWidget *parent) : QGraphicsView(parent)
{
    auto *scene = new QGraphicsScene(this);
    // No index. A BSP tree answers "what is in this rectangle" fastest, but a repaint of the
    // whole canvas then gathers every item from the tree (hidden NVLink and PCIe lines too,
    // ~7,800 at 128 nodes) and sorts them by stacking order on every paint: most of the
    // repaint. Without an index the scene keeps its items sorted and re-sorts only after a
    // z change; a hit test (click, tooltip) walks the list once, well under a millisecond.
    scene->setItemIndexMethod(QGraphicsScene::NoIndex);
    setScene(scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    m_legend = new TopologyLegend(this);
    m_legend->setObjectName(QStringLiteral("topology-legend"));
    connect(scene, &QGraphicsScene::selectionChanged, this, &TopologyView::emitSelection);
}

TopologyView::~TopologyView()
{
    // The scene dies after this view's members: its last selectionChanged must not reach us.
    disconnect(scene(), nullptr, this, nullptr);
}

void TopologyView::setShape(const TopologyShape &shape)
{
    // Keep what the user and the feed had set for ids that stay.
    QHash<QString, TopoGpuLive> gpuLive;
    for (auto it = m_gpus.cbegin(); it != m_gpus.cend(); ++it)
        gpuLive.insert(it.key(), it.value()->live());
    QHash<QString, TopoLinkLive> linkLive;
    for (auto it = m_links.cbegin(); it != m_links.cend(); ++it)
        linkLive.insert(it.key(), it.value()->live());
    QString selectedGpu;
    for (QGraphicsItem *item : scene()->selectedItems())
        if (auto *g = qgraphicsitem_cast<TopoGpuItem *>(item))
            selectedGpu = g->gpu().id;

    const QSignalBlocker block(scene());
    scene()->clear();
    m_gpus.clear();
    m_devices.clear();
    m_nodes.clear();
    m_links.clear();
    m_tiles.clear();
    m_shape = shape;

    const TopologyGeometry geometry = layoutTopology(shape);
    QHash<QString, QGraphicsItem *> groups; // node name -> the parent of its items
    QHash<QString, QString> nodeOf;         // device id -> node name
    for (const TopoNode &node : shape.nodes) {
        auto *box = new TopoNodeItem(node.name, geometry.nodes.value(node.name));
        box->setDown(node.down);
        scene()->addItem(box);
        m_nodes.insert(node.name, box);
        // Everything inside the box under one parent (topology_tiles_item.h says why).
        auto *group = new TopoNodeGroupItem;
        scene()->addItem(group);
        groups.insert(node.name, group);
        auto *tiles = new TopoTilesItem(geometry.nodes.value(node.name));
        tiles->setParentItem(group);
        m_tiles.append(tiles);
        for (const TopoGpu &gpu : node.gpus) {
            auto *tile = new TopoGpuItem(gpu, node.name, geometry.devices.value(gpu.id));
            tile->setMetric(m_metric);
            tile->setParentItem(group);
            tiles->addGpu(tile);
            m_gpus.insert(gpu.id, tile);
            nodeOf.insert(gpu.id, node.name);
        }
        for (const TopoDevice &d : node.nvswitches) {
            auto *item = new TopoDeviceItem(d, TopoDeviceItem::Kind::NvSwitch, geometry.devices.value(d.id));
            item->setParentItem(group);
            tiles->addDevice(item);
            m_devices.insert(d.id, item);
            nodeOf.insert(d.id, node.name);
        }
        for (const TopoDevice &d : node.nics) {
            auto *item = new TopoDeviceItem(d, TopoDeviceItem::Kind::Nic, geometry.devices.value(d.id));
            item->setParentItem(group);
            tiles->addDevice(item);
            m_devices.insert(d.id, item);
            nodeOf.insert(d.id, node.name);
        }
    }
    for (const TopoDevice &d : shape.switches) {
        auto *item = new TopoDeviceItem(d, TopoDeviceItem::Kind::Switch, geometry.devices.value(d.id));
        scene()->addItem(item);
        m_devices.insert(d.id, item);
    }
    for (int i = 0; i < shape.links.size(); ++i) {
        if (geometry.links[i].isEmpty())
            continue;
        auto *item = new TopoLinkItem(shape.links[i], geometry.links[i]);
        const TopoLink &link = shape.links[i];
        const QString node = nodeOf.value(link.a);
        QGraphicsItem *group =
            link.kind != TopoLinkKind::Fabric && node == nodeOf.value(link.b) ? groups.value(node) : nullptr;
        if (group)
            item->setParentItem(group); // NVLink and PCIe inside one node
        else
            scene()->addItem(item);
        m_links.insert(topoLinkKey(shape.links[i].a, shape.links[i].b), item);
    }
    scene()->setSceneRect(geometry.bounds);
    zoomChanged();

    for (auto it = gpuLive.cbegin(); it != gpuLive.cend(); ++it)
        if (TopoGpuItem *g = m_gpus.value(it.key()))
            g->setLive(it.value());
    for (auto it = linkLive.cbegin(); it != linkLive.cend(); ++it)
        if (TopoLinkItem *l = m_links.value(it.key()))
            l->setLive({it.value().load, l->link().healthy});
    // New items: the links still named by an open error fail again.
    const QSet<QString> erroring = std::exchange(m_erroring, {});
    m_liveHealthy.clear();
    setErroringLinks(erroring);
    if (TopoGpuItem *g = m_gpus.value(selectedGpu))
        g->setSelected(true);
    if (m_autoFit)
        fit();
}

int TopologyView::setGpuLive(const QHash<QString, TopoGpuLive> &byGpuId)
{
    int changed = 0;
    for (auto it = byGpuId.cbegin(); it != byGpuId.cend(); ++it)
        if (TopoGpuItem *g = m_gpus.value(it.key()))
            changed += g->setLive(it.value());
    return changed;
}

int TopologyView::setLinkLive(const QHash<QString, TopoLinkLive> &byLinkKey)
{
    int changed = 0;
    for (auto it = byLinkKey.cbegin(); it != byLinkKey.cend(); ++it)
        if (TopoLinkItem *l = m_links.value(it.key())) {
            TopoLinkLive live = it.value();
            if (!m_erroring.isEmpty() && m_erroring.contains(it.key())) {
                m_liveHealthy[it.key()] = live.healthy;
                live.healthy = false;
            }
            if (l->setLive(live)) {
                ++changed;
                showLinkForZoom(l); // a link that goes down shows at any zoom
            }
        }
    return changed;
}

void TopologyView::setErroringLinks(const QSet<QString> &keys)
{
    const auto apply = [this](const QString &key, bool erroring) {
        TopoLinkItem *l = m_links.value(key);
        if (!l)
            return;
        TopoLinkLive live = l->live();
        if (erroring) {
            m_liveHealthy.insert(key, live.healthy);
            live.healthy = false;
        } else {
            live.healthy = m_liveHealthy.contains(key) ? m_liveHealthy.take(key) : true;
        }
        if (l->setLive(live))
            showLinkForZoom(l);
    };
    for (const QString &key : std::as_const(m_erroring))
        if (!keys.contains(key))
            apply(key, false);
    for (const QString &key : keys)
        if (!m_erroring.contains(key))
            apply(key, true);
    m_erroring = keys;
}

void TopologyView::setDownDevices(const QSet<QString> &ids)
{
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it)
        it.value()->setDown(ids.contains(it.key()));
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it)
        it.value()->setDown(ids.contains(it.key()));
}

void TopologyView::setMarkers(const QHash<QString, TopoSeverity> &byId)
{
    for (auto it = m_gpus.cbegin(); it != m_gpus.cend(); ++it)
        it.value()->setMarker(byId.value(it.key(), TopoSeverity::None));
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it)
        it.value()->setMarker(byId.value(it.key(), TopoSeverity::None));
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it)
        it.value()->setMarker(byId.value(it.key(), TopoSeverity::None));
}

void TopologyView::setMetric(TopoMetric metric)
{
    m_metric = metric;
    for (TopoGpuItem *g : std::as_const(m_gpus))
        g->setMetric(metric);
    m_legend->setMetric(metric);
}

QString TopologyView::toolTipFor(const QGraphicsItem *item) const
{
    if (!item)
        return {};
    const QLocale l;
    if (const auto *g = qgraphicsitem_cast<const TopoGpuItem *>(item)) {
        const TopoGpuLive &v = g->live();
        QStringList lines;
        lines << tr("<b>%1 · GPU %2</b>").arg(g->node()).arg(g->gpu().index);
        if (!g->gpu().model.isEmpty())
            lines << g->gpu().model.toHtmlEscaped();
        if (v.faulted) {
            lines << tr("<span style='color:#d62728'>Not usable: lost, or its node is down</span>");
        } else {
            lines << tr("Utilization: %1").arg(topoMetricText(TopoMetric::Utilization, v.utilPercent));
            lines << tr("Temperature: %1").arg(topoMetricText(TopoMetric::Temperature, v.tempC));
            lines << (std::isnan(v.powerLimitW) ? tr("Power: %1").arg(topoMetricText(TopoMetric::Power, v.powerW))
                                                : tr("Power: %1 of %2")
                                                      .arg(topoMetricText(TopoMetric::Power, v.powerW),
                                                           topoMetricText(TopoMetric::Power, v.powerLimitW)));
            lines << tr("Memory used: %1").arg(topoMetricText(TopoMetric::Memory, v.memUsedPercent));
        }
        lines << (v.job.isEmpty() ? tr("Idle") : tr("Job: %1").arg(v.job.toHtmlEscaped()));
        if (g->marker() != TopoSeverity::None)
            lines << tr("Open anomaly — click for details");
        return lines.join(QStringLiteral("<br>"));
    }
    if (const auto *link = qgraphicsitem_cast<const TopoLinkItem *>(item)) {
        const TopoLink &k = link->link();
        QStringList lines;
        lines << tr("<b>%1</b>").arg((k.label.isEmpty() ? linkKindName(k.kind) : k.label).toHtmlEscaped());
        lines << tr("%1 ↔ %2").arg(k.a, k.b);
        if (k.bandwidthBytesPerS > 0)
            lines << tr("Bandwidth: %1 per direction").arg(bandwidthText(k.bandwidthBytesPerS));
        if (!link->live().healthy)
            lines << tr("<span style='color:#d62728'>Down or erroring</span>");
        else if (!std::isnan(link->live().load))
            lines << tr("Load: %1 %").arg(l.toString(link->live().load * 100, 'f', 0));
        return lines.join(QStringLiteral("<br>"));
    }
    if (const auto *d = qgraphicsitem_cast<const TopoDeviceItem *>(item)) {
        QString text = tr("<b>%1</b>").arg(d->device().label.toHtmlEscaped()) + QStringLiteral("<br>") + d->device().id;
        if (d->isDown())
            text += tr("<br><span style='color:#d62728'>Down</span>");
        return text;
    }
    if (const auto *n = qgraphicsitem_cast<const TopoNodeItem *>(item))
        return n->isDown() ? tr("<b>%1</b><br>Down: not answering").arg(n->name()) : tr("<b>%1</b>").arg(n->name());
    return {};
}

void TopologyView::selectGpu(const QString &id)
{
    TopoGpuItem *g = m_gpus.value(id);
    if (!g)
        return;
    scene()->clearSelection();
    g->setSelected(true);
    ensureVisible(g);
}

int TopologyView::selectGpus(const QStringList &ids)
{
    scene()->clearSelection();
    QRectF area;
    int found = 0;
    for (const QString &id : ids)
        if (TopoGpuItem *g = m_gpus.value(id)) {
            g->setSelected(true);
            area = area.united(g->sceneBoundingRect());
            ++found;
        }
    if (found == 0)
        return 0;
    const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
    if (shown.contains(area))
        return found;
    if (area.width() <= shown.width() && area.height() <= shown.height()) {
        centerOn(area.center()); // the zoom the user chose, moved to the job
        return found;
    }
    m_autoFit = false;
    const double margin = area.height() * 0.1 + 8;
    fitInView(area.adjusted(-margin, -margin, margin, margin), Qt::KeepAspectRatio);
    zoomChanged();
    return found;
}

double TopologyView::zoom() const
{
    return transform().m11();
}

void TopologyView::fit()
{
    if (!scene() || scene()->sceneRect().isEmpty())
        return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (zoom() > kMaxZoom / 3)
        setTransform(QTransform::fromScale(kMaxZoom / 3, kMaxZoom / 3)); // one small node stays life-size-ish
    m_autoFit = true;
    zoomChanged();
}

void TopologyView::zoomChanged()
{
    // Far away everything is axis-aligned boxes and orthogonal lines: antialiasing buys nothing
    // there and costs a third of a full repaint of a large cluster.
    setRenderHint(QPainter::Antialiasing, zoom() >= topo_lod::kInNodeLinks);
    // Hidden rather than painted as nothing: the scene then skips thousands of NVLink and PCIe
    // items without visiting them.
    for (TopoLinkItem *l : std::as_const(m_links))
        showLinkForZoom(l);
    // Far away plain tiles are filled by one item per node (topology_tiles_item.h).
    const bool far = zoom() < topo_lod::kOutlines;
    for (TopoTilesItem *t : std::as_const(m_tiles))
        t->setVisible(far);
    for (TopoGpuItem *g : std::as_const(m_gpus))
        g->setFar(far);
    for (TopoDeviceItem *d : std::as_const(m_devices))
        d->setFar(far);
}

void TopologyView::showLinkForZoom(TopoLinkItem *link) const
{
    const bool inNode = link->link().kind != TopoLinkKind::Fabric;
    const bool visible = !inNode || !link->live().healthy || link->isSelected() || zoom() >= topo_lod::kInNodeLinks;
    if (visible != link->isVisible()) // setVisible() costs even when nothing changes
        link->setVisible(visible);
}

void TopologyView::zoomIn()
{
    scaleBy(1.25);
}

void TopologyView::zoomOut()
{
    scaleBy(0.8);
}

void TopologyView::scaleBy(double factor)
{
    const QRectF r = scene()->sceneRect();
    const double fitZoom =
        std::min(viewport()->width() / std::max(1.0, r.width()), viewport()->height() / std::max(1.0, r.height()));
    const double target = std::clamp(zoom() * factor, std::min(fitZoom * 0.8, 1.0), kMaxZoom);
    if (target == zoom())
        return;
    scale(target / zoom(), target / zoom());
    m_autoFit = false;
    zoomChanged();
}

bool TopologyView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        // Tooltips are built when asked rather than kept on 10,000 items and rewritten each second.
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipFor(itemAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void TopologyView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    scaleBy(std::pow(1.2, steps));
    event->accept();
}

void TopologyView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        return;
    case Qt::Key_Minus:
        zoomOut();
        return;
    case Qt::Key_F:
    case Qt::Key_0:
        fit();
        return;
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Up:
        stepGpuSelection(event->key() == Qt::Key_Right || event->key() == Qt::Key_Down ? 1 : -1);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (const QList<QGraphicsItem *> s = scene()->selectedItems(); !s.isEmpty())
            if (auto *g = qgraphicsitem_cast<TopoGpuItem *>(s.constFirst()))
                emit gpuActivated(g->gpu().id);
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

void TopologyView::stepGpuSelection(int step)
{
    // The shape's order: node by node, each node's GPUs by index, as the canvas lays them out.
    QStringList order;
    for (const TopoNode &n : m_shape.nodes)
        for (const TopoGpu &g : n.gpus)
            order << g.id;
    if (order.isEmpty())
        return;
    qsizetype at = -1;
    if (const QList<QGraphicsItem *> s = scene()->selectedItems(); !s.isEmpty())
        if (auto *g = qgraphicsitem_cast<TopoGpuItem *>(s.constFirst()))
            at = order.indexOf(g->gpu().id);
    const qsizetype next = at < 0 ? (step > 0 ? 0 : order.size() - 1) : (at + step + order.size()) % order.size();
    selectGpu(order[next]);
}

void TopologyView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fit();
    placeLegend();
}

void TopologyView::placeLegend()
{
    const QSize s = m_legend->sizeHint();
    const int margin = fontMetrics().height() / 2;
    m_legend->setGeometry(margin, viewport()->height() - s.height() - margin, s.width(), s.height());
}

void TopologyView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (auto *g = qgraphicsitem_cast<TopoGpuItem *>(itemAt(event->position().toPoint()))) {
        emit gpuActivated(g->gpu().id);
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void TopologyView::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, palette().color(QPalette::Window));
}

void TopologyView::emitSelection()
{
    const QList<QGraphicsItem *> selected = scene()->selectedItems();
    if (selected.isEmpty()) {
        emit selectionCleared();
        return;
    }
    QGraphicsItem *item = selected.constFirst();
    if (auto *g = qgraphicsitem_cast<TopoGpuItem *>(item))
        emit gpuSelected(g->gpu().id);
    else if (auto *l = qgraphicsitem_cast<TopoLinkItem *>(item))
        emit linkSelected(l->link().a, l->link().b);
    else if (auto *d = qgraphicsitem_cast<TopoDeviceItem *>(item))
        emit deviceSelected(d->device().id);
}

} // namespace sn
