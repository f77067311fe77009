#include "widgets/topology_tiles_item.h"

#include "widgets/topology_items.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace sn {

TopoTilesItem::TopoTilesItem(const QRectF &nodeRect) : m_rect(nodeRect)
{
    setZValue(3); // with the tiles it stands in for
    setAcceptedMouseButtons(Qt::NoButton);
    setVisible(false); // until the view zooms out
}

TopoNodeGroupItem::TopoNodeGroupItem()
{
    setZValue(2);
    setFlag(ItemHasNoContents);
    setAcceptedMouseButtons(Qt::NoButton);
}

void TopoTilesItem::addGpu(TopoGpuItem *gpu)
{
    m_gpus.append(gpu);
    gpu->setTilesItem(this);
}

void TopoTilesItem::addDevice(TopoDeviceItem *device)
{
    m_devices.append(device);
    device->setTilesItem(this);
}

void TopoTilesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    // A tile that is selected, faulted, down or marked paints itself (drawnByTiles() false).
    for (const TopoGpuItem *g : std::as_const(m_gpus))
        if (g->drawnByTiles())
            painter->fillRect(g->tileRect(), g->fillColour());
    for (const TopoDeviceItem *d : std::as_const(m_devices))
        if (d->drawnByTiles())
            painter->fillRect(d->tileRect(), d->fillColour(option->palette));
}

} // namespace sn
