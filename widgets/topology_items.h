#pragma once
// The graphics items of TopologyView, one class per kind of thing on the canvas, each with its
// own Type for qgraphicsitem_cast (as Qt's elasticnodes example does). Items paint by level of
// detail (Qt's chip example): far away a GPU is a coloured box, nearer it gains its index, then
// its value and job. Links between devices inside a node are left out when far; links that are
// down are always drawn. Items never move; the scene keeps no index (topology_view.cpp says why).
//
// Zoomed out past topo_lod::kOutlines a plain tile is one fillRect, and the scene's per-item
// work (gather, sort, transform, paint call) costs more than the fill: a GPU or device tile
// with nothing but its colour to show then sets ItemHasNoContents and its node's
// TopoTilesItem fills it with the others in one paint (topology_tiles_item.h). The item stays
// in the scene for clicks, tooltips and selection; a selected, faulted or marked tile paints
// itself as before.

#include "widgets/topology_types.h"

#include <QGraphicsItem>
#include <QPolygonF>

namespace sn {

class TopoTilesItem;

namespace topo_lod {
inline constexpr double kInNodeLinks = 0.45; // NVLink and PCIe lines from here on
inline constexpr double kOutlines = 0.3;     // item borders
inline constexpr double kShortLabels = 0.55; // GPU index, device names
inline constexpr double kFullLabels = 1.1;   // GPU values and jobs, link names
} // namespace topo_lod

// The colour a GPU tile takes for a value of a metric; grey when there is none.
QColor topoMetricColour(TopoMetric metric, double value);
// Line colour for a link's load (0..1): grey when unknown, teal to amber as it fills.
QColor topoLoadColour(double load);
QColor topoSeverityColour(TopoSeverity severity);
QString topoMetricText(TopoMetric metric, double value); // "87 %", "71 °C", in the locale

class TopoNodeItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    TopoNodeItem(const QString &name, const QRectF &rect);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    QString name() const { return m_name; }
    void setDown(bool down);
    bool isDown() const { return m_down; }
    void setMarker(TopoSeverity severity);
    TopoSeverity marker() const { return m_marker; }

private:
    QString m_name;
    QRectF m_rect;
    bool m_down = false;
    TopoSeverity m_marker = TopoSeverity::None;
};

class TopoGpuItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    TopoGpuItem(const TopoGpu &gpu, const QString &node, const QRectF &rect);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    const TopoGpu &gpu() const { return m_gpu; }
    QString node() const { return m_node; }
    const TopoGpuLive &live() const { return m_live; }
    // Return whether anything drawn changed (and schedule a repaint of the tile if so).
    bool setLive(const TopoGpuLive &live);
    bool setMetric(TopoMetric metric);
    void setMarker(TopoSeverity severity);
    TopoSeverity marker() const { return m_marker; }
    QColor fillColour() const; // what the tile is painted with now
    QRectF tileRect() const { return m_rect; }

    // Zoomed out (far) a plain tile is filled by its node's tiles item instead of itself.
    void setTilesItem(TopoTilesItem *tiles) { m_tiles = tiles; }
    void setFar(bool far);
    bool drawnByTiles() const { return flags() & ItemHasNoContents; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void changed(); // something drawn changed: whoever draws the tile repaints it

    TopoGpu m_gpu;
    QString m_node;
    QRectF m_rect;
    TopoGpuLive m_live;
    TopoMetric m_metric = TopoMetric::Utilization;
    TopoSeverity m_marker = TopoSeverity::None;
    TopoTilesItem *m_tiles = nullptr;
    bool m_far = false;
};

// An NVSwitch, a NIC or a network switch.
class TopoDeviceItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };
    enum class Kind { NvSwitch, Nic, Switch };
    TopoDeviceItem(const TopoDevice &device, Kind kind, const QRectF &rect);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    const TopoDevice &device() const { return m_device; }
    Kind kind() const { return m_kind; }
    void setDown(bool down);
    bool isDown() const { return m_down; }
    void setMarker(TopoSeverity severity);
    TopoSeverity marker() const { return m_marker; }
    QColor fillColour(const QPalette &palette) const;
    QRectF tileRect() const { return m_rect; }

    // As TopoGpuItem: zoomed out, a plain NVSwitch or NIC is filled by its node's tiles item.
    void setTilesItem(TopoTilesItem *tiles) { m_tiles = tiles; }
    void setFar(bool far);
    bool drawnByTiles() const { return flags() & ItemHasNoContents; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void changed();

    TopoDevice m_device;
    Kind m_kind;
    QRectF m_rect;
    bool m_down = false;
    TopoSeverity m_marker = TopoSeverity::None;
    TopoTilesItem *m_tiles = nullptr;
    bool m_far = false;
};

class TopoLinkItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 4 };
    TopoLinkItem(const TopoLink &link, const QPolygonF &path);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    const TopoLink &link() const { return m_link; }
    const TopoLinkLive &live() const { return m_live; }
    bool setLive(const TopoLinkLive &live);
    double penWidth() const; // scene units, by kind and load

private:
    TopoLink m_link;
    QPolygonF m_path;
    QRectF m_bounds;
    TopoLinkLive m_live;
    bool m_orthogonal = false; // every segment horizontal or vertical: drawable as filled rects
};

} // namespace sn
