#pragma once
// One node's GPU, NVSwitch and NIC tiles filled in one paint while the view is zoomed out.
//
// At 128 nodes the scene holds ~2,200 tiles; far away each is a single fillRect, and the
// scene's per-item work around it (gathering, z-sorting, a transform and a paint call per item)
// cost more than the fills. So far away the tiles set ItemHasNoContents and this item, one per
// node, fills them all; near, it is hidden and each tile paints its details itself. It is
// never hit by the mouse (empty shape): clicks, tooltips and selection still reach the tiles.

#include <QGraphicsItem>
#include <QList>

namespace sn {

class TopoDeviceItem;
class TopoGpuItem;

class TopoTilesItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 5 };
    explicit TopoTilesItem(const QRectF &nodeRect);
    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_rect; }
    QPainterPath shape() const override { return {}; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void addGpu(TopoGpuItem *gpu);
    void addDevice(TopoDeviceItem *device);

private:
    QRectF m_rect;
    QList<TopoGpuItem *> m_gpus;
    QList<TopoDeviceItem *> m_devices;
};

// The parent of everything inside one node box (tiles, NVSwitches, NICs, NVLink and PCIe lines,
// the TopoTilesItem). Without a scene index the scene keeps its top-level items sorted by
// stacking order and re-sorts them all after any z change (link loads change z every second):
// grouped, that is ~770 items at 128 nodes instead of ~7,800, and a node's own items are sorted
// among themselves. Paints nothing and is never hit; z 2 keeps its children above the node box
// and the fabric links as they were as top-level items.
class TopoNodeGroupItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 6 };
    TopoNodeGroupItem();
    int type() const override { return Type; }
    QRectF boundingRect() const override { return {}; }
    void paint(QPainter *, const QStyleOptionGraphicsItem *, QWidget *) override {}
};

} // namespace sn
