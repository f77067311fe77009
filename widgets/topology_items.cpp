#include "widgets/topology_items.h"

#include "widgets/health.h"
#include "widgets/heat_colour_scale.h"
#include "widgets/topology_layout.h"
#include "widgets/topology_tiles_item.h"

#include <QGraphicsScene>
#include <QLocale>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace sn {

namespace {
constexpr double kMarkerMargin = 4; // bounding rects leave room for the marker's overhang

double lodOf(const QStyleOptionGraphicsItem *option, const QPainter *painter)
{
    return option->levelOfDetailFromTransform(painter->worldTransform());
}

// A font whose height is px scene units.
QFont sceneFont(const QFont &base, double px, bool bold = false)
{
    QFont f = base;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    f.setBold(bold);
    return f;
}

// A triangle with "!" at the top-right corner of rect; at least minScreenPx on screen so an
// anomaly stays visible when the whole cluster is in view, but never wider than the item.
void paintMarker(QPainter *painter, const QRectF &rect, TopoSeverity severity, double lod)
{
    if (severity == TopoSeverity::None)
        return;
    const double size = std::min(std::max(14.0, 9.0 / std::max(lod, 0.01)), rect.height() * 0.9);
    const QPointF tip(rect.right() - size / 2 + kMarkerMargin, rect.top() - kMarkerMargin);
    const QPolygonF triangle{tip, tip + QPointF(size / 2, size * 0.86), tip + QPointF(-size / 2, size * 0.86)};
    painter->setPen(QPen(QColor(0x20, 0x20, 0x20), 0));
    painter->setBrush(topoSeverityColour(severity));
    painter->drawPolygon(triangle);
    if (size * lod >= 9) {
        painter->setPen(severity == TopoSeverity::Warning ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
        painter->setFont(sceneFont(painter->font(), size * 0.62, true));
        painter->drawText(QRectF(tip.x() - size / 2, tip.y() + size * 0.2, size, size * 0.66), Qt::AlignCenter,
                          QStringLiteral("!"));
    }
}

QColor selectionColour(const QPalette &p)
{
    return p.color(QPalette::Highlight);
}

// Hands a tile to its node's tiles item (byTiles) or back to itself, and repaints whoever
// draws it now. The whole old picture is repainted when the drawer changes: a marker or a
// selection frame may reach beyond the tile.
void redrawTile(QGraphicsItem *tile, TopoTilesItem *tiles, bool byTiles, const QRectF &rect)
{
    if (byTiles != bool(tile->flags() & QGraphicsItem::ItemHasNoContents)) {
        tile->setFlag(QGraphicsItem::ItemHasNoContents, byTiles);
        if (QGraphicsScene *scene = tile->scene())
            scene->update(tile->sceneBoundingRect());
        return;
    }
    if (byTiles)
        tiles->update(rect);
    else
        tile->update();
}
} // namespace

double topoMetricValue(const TopoGpuLive &live, TopoMetric metric)
{
    switch (metric) {
    case TopoMetric::Utilization:
        return live.utilPercent;
    case TopoMetric::Temperature:
        return live.tempC;
    case TopoMetric::Power:
        return live.powerW;
    case TopoMetric::Memory:
        return live.memUsedPercent;
    }
    return TopoGpuLive::kNaN;
}

QColor topoMetricColour(TopoMetric metric, double value)
{
    if (std::isnan(value))
        return QColor(0x9a, 0x9a, 0x9a);
    switch (metric) {
    case TopoMetric::Temperature:
        return temperatureColour(value);
    case TopoMetric::Power:
        return utilizationColour(value / 7.0); // 0..700 W, the H100 SXM limit, onto the 0..100 scale
    case TopoMetric::Utilization:
    case TopoMetric::Memory:
        return utilizationColour(value);
    }
    return QColor(Qt::gray);
}

QColor topoLoadColour(double load)
{
    if (std::isnan(load))
        return QColor(0x90, 0x90, 0x90);
    const double t = std::clamp(load, 0.0, 1.0);
    // Grey when idle, teal when working, amber when close to saturation: red means down.
    return t < 0.5 ? blendColours(QColor(0x8c, 0x96, 0xa0), QColor(0x1f, 0x9e, 0x89), t * 2)
                   : blendColours(QColor(0x1f, 0x9e, 0x89), QColor(0xf0, 0x9a, 0x1a), (t - 0.5) * 2);
}

QColor topoSeverityColour(TopoSeverity severity)
{
    switch (severity) {
    case TopoSeverity::Warning:
        return QColor(0xf2, 0xb7, 0x05);
    case TopoSeverity::Error:
        return QColor(0xe0, 0x4b, 0x2b);
    case TopoSeverity::Critical:
        return QColor(0xc0, 0x10, 0x28);
    case TopoSeverity::None:
        break;
    }
    return QColor(Qt::transparent);
}

QString topoMetricText(TopoMetric metric, double value)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    const QLocale locale;
    switch (metric) {
    case TopoMetric::Temperature:
        return locale.toString(value, 'f', 0) + QStringLiteral(" °C");
    case TopoMetric::Power:
        return locale.toString(value, 'f', 0) + QStringLiteral(" W");
    case TopoMetric::Utilization:
    case TopoMetric::Memory:
        return locale.toString(value, 'f', 0) + QStringLiteral(" %");
    }
    return {};
}

// ---------------------------------------------------------------- node

TopoNodeItem::TopoNodeItem(const QString &name, const QRectF &rect) : m_name(name), m_rect(rect)
{
    setZValue(0);
    // The box and its name change only when the node goes down: worth caching as a pixmap.
    setCacheMode(DeviceCoordinateCache);
}

QRectF TopoNodeItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2 - kMarkerMargin, 2 + kMarkerMargin, 2);
}

void TopoNodeItem::setDown(bool down)
{
    if (down == m_down)
        return;
    m_down = down;
    update();
}

void TopoNodeItem::setMarker(TopoSeverity severity)
{
    if (severity == m_marker)
        return;
    m_marker = severity;
    update();
}

void TopoNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = lodOf(option, painter);
    const QPalette &p = option->palette;
    const QColor frame = m_down ? healthAccent(Health::Critical, p) : p.color(QPalette::Mid);
    painter->setPen(QPen(frame, m_down ? 2.5 : 1.2));
    painter->setBrush(m_down ? blendColours(p.color(QPalette::Base), healthAccent(Health::Critical, p), 0.12)
                             : p.color(QPalette::Base));
    painter->drawRoundedRect(m_rect, 6, 6);
    if (lod * topo_metrics::kHeaderHeight >= 7) {
        painter->setPen(m_down ? healthText(Health::Critical, p) : p.color(QPalette::Text));
        painter->setFont(sceneFont(painter->font(), topo_metrics::kHeaderHeight * 0.58, true));
        const QRectF header(m_rect.left() + topo_metrics::kPadding, m_rect.top(),
                            m_rect.width() - 2 * topo_metrics::kPadding, topo_metrics::kHeaderHeight);
        painter->drawText(header, Qt::AlignLeft | Qt::AlignVCenter,
                          m_down ? QObject::tr("%1 — down").arg(m_name) : m_name);
    }
    paintMarker(painter, m_rect, m_marker, lod);
}

// ---------------------------------------------------------------- GPU

TopoGpuItem::TopoGpuItem(const TopoGpu &gpu, const QString &node, const QRectF &rect)
    : m_gpu(gpu), m_node(node), m_rect(rect)
{
    setZValue(3);
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(false); // tooltips come from the view, built when asked
}

QRectF TopoGpuItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2 - kMarkerMargin, 2 + kMarkerMargin, 2);
}

bool TopoGpuItem::setLive(const TopoGpuLive &live)
{
    const auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    if (same(live.utilPercent, m_live.utilPercent) && same(live.tempC, m_live.tempC) &&
        same(live.powerW, m_live.powerW) && same(live.powerLimitW, m_live.powerLimitW) &&
        same(live.memUsedPercent, m_live.memUsedPercent) && live.faulted == m_live.faulted && live.job == m_live.job)
        return false;
    m_live = live;
    changed();
    return true;
}

bool TopoGpuItem::setMetric(TopoMetric metric)
{
    if (metric == m_metric)
        return false;
    m_metric = metric;
    changed();
    return true;
}

void TopoGpuItem::setMarker(TopoSeverity severity)
{
    if (severity == m_marker)
        return;
    m_marker = severity;
    changed();
}

void TopoGpuItem::setFar(bool far)
{
    if (far == m_far)
        return;
    m_far = far;
    changed();
}

void TopoGpuItem::changed()
{
    const bool plain = !isSelected() && !m_live.faulted && m_marker == TopoSeverity::None;
    redrawTile(this, m_tiles, m_far && m_tiles && plain, m_rect);
}

QVariant TopoGpuItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedHasChanged)
        changed(); // a selected tile draws its own frame
    return QGraphicsItem::itemChange(change, value);
}

QColor TopoGpuItem::fillColour() const
{
    if (m_live.faulted)
        return QColor(0x3a, 0x1c, 0x1c);
    return topoMetricColour(m_metric, topoMetricValue(m_live, m_metric));
}

void TopoGpuItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = lodOf(option, painter);
    const QColor fill = fillColour();
    const bool selected = option->state & QStyle::State_Selected;
    if (lod < topo_lod::kOutlines && !selected && !m_live.faulted && m_marker == TopoSeverity::None) {
        painter->fillRect(m_rect, fill); // far away: a coloured box and nothing else
        return;
    }
    const QPalette &p = option->palette;
    painter->setPen(selected ? QPen(selectionColour(p), 3) : QPen(p.color(QPalette::Shadow), 0));
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 3, 3);
    if (m_live.faulted) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QBrush(healthAccent(Health::Critical, p), Qt::BDiagPattern));
        painter->drawRoundedRect(m_rect, 3, 3);
        painter->setPen(QPen(healthAccent(Health::Critical, p), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(m_rect, 3, 3);
    }
    if (lod >= topo_lod::kShortLabels) {
        const QColor ink = contrastingInk(fill);
        painter->setPen(ink);
        const QRectF inner = m_rect.adjusted(3, 2, -3, -2);
        if (lod < topo_lod::kFullLabels) {
            painter->setFont(sceneFont(painter->font(), m_rect.height() * 0.42, true));
            painter->drawText(inner, Qt::AlignCenter, QString::number(m_gpu.index));
        } else {
            painter->setFont(sceneFont(painter->font(), m_rect.height() * 0.24, true));
            painter->drawText(inner, Qt::AlignLeft | Qt::AlignTop, QObject::tr("GPU %1").arg(m_gpu.index));
            painter->setFont(sceneFont(painter->font(), m_rect.height() * 0.27));
            const QString value =
                m_live.faulted ? QObject::tr("fault") : topoMetricText(m_metric, topoMetricValue(m_live, m_metric));
            painter->drawText(inner, Qt::AlignLeft | Qt::AlignVCenter, value);
            if (!m_live.job.isEmpty()) {
                painter->setFont(sceneFont(painter->font(), m_rect.height() * 0.2));
                painter->drawText(inner, Qt::AlignLeft | Qt::AlignBottom,
                                  painter->fontMetrics().elidedText(QObject::tr("job %1").arg(m_live.job),
                                                                    Qt::ElideRight, static_cast<int>(inner.width())));
            }
        }
    }
    paintMarker(painter, m_rect, m_marker, lod);
}

// ---------------------------------------------------------------- NVSwitch, NIC, switch

TopoDeviceItem::TopoDeviceItem(const TopoDevice &device, Kind kind, const QRectF &rect)
    : m_device(device), m_kind(kind), m_rect(rect)
{
    setZValue(3);
    setFlag(ItemIsSelectable);
}

QRectF TopoDeviceItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2 - kMarkerMargin, 2 + kMarkerMargin, 2);
}

void TopoDeviceItem::setDown(bool down)
{
    if (down == m_down)
        return;
    m_down = down;
    changed();
}

void TopoDeviceItem::setMarker(TopoSeverity severity)
{
    if (severity == m_marker)
        return;
    m_marker = severity;
    changed();
}

void TopoDeviceItem::setFar(bool far)
{
    if (far == m_far)
        return;
    m_far = far;
    changed();
}

void TopoDeviceItem::changed()
{
    const bool plain = !isSelected() && !m_down && m_marker == TopoSeverity::None;
    redrawTile(this, m_tiles, m_far && m_tiles && plain, m_rect);
}

QVariant TopoDeviceItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedHasChanged)
        changed();
    return QGraphicsItem::itemChange(change, value);
}

QColor TopoDeviceItem::fillColour(const QPalette &p) const
{
    const bool dark = isDarkPalette(p);
    QColor fill;
    switch (m_kind) {
    case Kind::NvSwitch:
        fill = dark ? QColor(0x4f, 0x6a, 0x2d) : QColor(0xc9, 0xe4, 0xa6);
        break;
    case Kind::Nic:
        fill = dark ? QColor(0x2f, 0x4b, 0x6e) : QColor(0xc4, 0xd8, 0xef);
        break;
    case Kind::Switch:
        fill = dark ? QColor(0x45, 0x45, 0x52) : QColor(0xdd, 0xdd, 0xe6);
        break;
    }
    if (m_down)
        fill = blendColours(fill, healthAccent(Health::Critical, p), 0.55);
    return fill;
}

void TopoDeviceItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = lodOf(option, painter);
    const QPalette &p = option->palette;
    const QColor fill = fillColour(p);
    const bool selected = option->state & QStyle::State_Selected;
    if (lod < topo_lod::kOutlines && !selected && !m_down && m_marker == TopoSeverity::None) {
        painter->fillRect(m_rect, fill);
        return;
    }
    painter->setPen(selected
                        ? QPen(selectionColour(p), 3)
                        : QPen(m_down ? healthAccent(Health::Critical, p) : p.color(QPalette::Mid), m_down ? 2 : 0));
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 3, 3);
    if (lod >= topo_lod::kShortLabels || m_kind == Kind::Switch) {
        const double px = m_kind == Kind::Switch ? m_rect.height() * 0.36 : m_rect.height() * 0.46;
        if (px * lod >= 5) {
            painter->setPen(contrastingInk(fill));
            painter->setFont(sceneFont(painter->font(), px, m_kind == Kind::Switch));
            const QRectF text = m_rect.adjusted(3, 0, -3, 0);
            const QString label = m_down ? QObject::tr("%1 (down)").arg(m_device.label) : m_device.label;
            painter->drawText(text, Qt::AlignCenter,
                              painter->fontMetrics().elidedText(label, Qt::ElideRight, static_cast<int>(text.width())));
        }
    }
    paintMarker(painter, m_rect, m_marker, lod);
}

// ---------------------------------------------------------------- link

TopoLinkItem::TopoLinkItem(const TopoLink &link, const QPolygonF &path) : m_link(link), m_path(path)
{
    m_live.healthy = link.healthy;
    setZValue(m_link.kind == TopoLinkKind::Fabric ? 1 : 2);
    setFlag(ItemIsSelectable);
    m_bounds = m_path.boundingRect().adjusted(-6, -6, 6, 6);
    m_orthogonal = m_path.size() >= 2;
    for (int i = 1; i < m_path.size(); ++i)
        m_orthogonal = m_orthogonal && (m_path[i].x() == m_path[i - 1].x() || m_path[i].y() == m_path[i - 1].y());
}

QRectF TopoLinkItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath TopoLinkItem::shape() const
{
    QPainterPath line;
    line.addPolygon(m_path);
    QPainterPathStroker stroker;
    stroker.setWidth(8); // easy to point at, wider than the line itself
    return stroker.createStroke(line);
}

double TopoLinkItem::penWidth() const
{
    const double base = m_link.kind == TopoLinkKind::Fabric ? 2.0 : (m_link.kind == TopoLinkKind::Pcie ? 1.6 : 1.0);
    const double load = std::isnan(m_live.load) ? 0.0 : std::clamp(m_live.load, 0.0, 1.0);
    return base * (1.0 + 1.5 * load);
}

bool TopoLinkItem::setLive(const TopoLinkLive &live)
{
    const bool sameLoad = (std::isnan(live.load) && std::isnan(m_live.load)) ||
                          std::abs(live.load - m_live.load) < 0.005; // below what a colour can show
    if (sameLoad && live.healthy == m_live.healthy)
        return false;
    m_live = live;
    // Busy links on top of idle ones where they share a trunk; broken ones above all. In five
    // steps of load: each z change makes the scene re-sort all its items before the next paint.
    const double base = m_link.kind == TopoLinkKind::Fabric ? 1 : 2;
    const double step = std::isnan(live.load) ? 0 : std::round(std::clamp(live.load, 0.0, 1.0) * 4) / 8;
    const double z = base + (m_live.healthy ? step : 0.9);
    if (z != zValue())
        setZValue(z);
    update();
    return true;
}

void TopoLinkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = lodOf(option, painter);
    const bool selected = option->state & QStyle::State_Selected;
    const bool healthy = m_live.healthy;
    if (healthy && !selected && m_link.kind != TopoLinkKind::Fabric && lod < topo_lod::kInNodeLinks)
        return; // far away a node is a box of GPU tiles; its inner wiring would be noise
    const double width = penWidth() * (healthy ? 1.0 : 1.4);
    if (healthy && !selected && m_orthogonal && !painter->testRenderHint(QPainter::Antialiasing)) {
        // Zoomed out (no antialiasing) a wide pen goes through QStroker and a polygon fill per
        // link, a thin one through the cosmetic stroker pixel by pixel: together most of a full
        // repaint at 128 nodes. A gutter-routed link is horizontal and vertical runs, i.e.
        // rectangles, which the raster engine fills span by span. At least one device pixel
        // wide, as the cosmetic pen was; square corners instead of round joins do not show.
        const QColor colour = topoLoadColour(m_live.load);
        const double half = std::max(width, 1.0 / std::max(lod, 1e-6)) / 2;
        for (int i = 1; i < m_path.size(); ++i)
            painter->fillRect(QRectF(m_path[i - 1], m_path[i]).normalized().adjusted(-half, -half, half, half), colour);
        return;
    }
    QPen pen(selected ? selectionColour(option->palette)
                      : (healthy ? topoLoadColour(m_live.load) : QColor(0xd6, 0x27, 0x28)));
    if (width * lod < 1.0) {
        pen.setWidth(0); // cosmetic: one device pixel however far away
    } else {
        pen.setWidthF(selected ? width + 2 : width);
    }
    if (!healthy)
        pen.setStyle(Qt::DashLine);
    pen.setJoinStyle(Qt::RoundJoin);
    painter->setPen(pen);
    painter->drawPolyline(m_path);
}

} // namespace sn
