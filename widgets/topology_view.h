#pragma once
// The whole cluster on one canvas (QGraphicsView): network switches, nodes, and inside each
// node its NICs, GPUs and NVSwitches with the NVLink, PCIe and fabric links between them.
// GPU tiles are coloured by a chosen metric (legend in the corner), links by live load (red
// and dashed when down), anomaly markers sit on the affected item. Level of detail follows the
// zoom; wheel zooms about the cursor, dragging pans, F or fit() shows everything.
//
// It takes plain values (topology_types.h): setShape() once per topology, then live readings
// as often as they come; only items whose picture changed are repainted. It knows nothing of
// the engine.

#include "widgets/topology_types.h"

#include <QGraphicsView>
#include <QHash>

namespace sn {

class TopoDeviceItem;
class TopoGpuItem;
class TopoLinkItem;
class TopoNodeItem;
class TopoTilesItem;
class TopologyLegend;

class TopologyView : public QGraphicsView {
    Q_OBJECT
public:
    explicit TopologyView(QWidget *parent = nullptr);
    ~TopologyView() override;

    // Replaces every item; keeps live values, markers and the selection of ids that remain.
    void setShape(const TopologyShape &shape);
    const TopologyShape &shape() const { return m_shape; }

    // Returns how many items changed.
    int setGpuLive(const QHash<QString, TopoGpuLive> &byGpuId);
    int setLinkLive(const QHash<QString, TopoLinkLive> &byLinkKey); // topoLinkKey(a, b)
    void setDownDevices(const QSet<QString> &deviceIdsAndNodeNames);
    // Links an open error names (an NVLink event on a GPU), by topoLinkKey: drawn as failing
    // (red, dashed) whatever their live health says, until a later set leaves them out.
    void setErroringLinks(const QSet<QString> &linkKeys);
    // Markers on GPUs, devices and nodes by id (node name for a node); others are cleared.
    void setMarkers(const QHash<QString, TopoSeverity> &byId);

    void setMetric(TopoMetric metric);
    TopoMetric metric() const { return m_metric; }

    TopoGpuItem *gpuItem(const QString &id) const { return m_gpus.value(id); }
    TopoLinkItem *linkItem(const QString &a, const QString &b) const { return m_links.value(topoLinkKey(a, b)); }
    TopoDeviceItem *deviceItem(const QString &id) const { return m_devices.value(id); }
    TopoNodeItem *nodeItem(const QString &name) const { return m_nodes.value(name); }
    TopologyLegend *legend() const { return m_legend; }

    // What hovering over the item says; empty for none.
    QString toolTipFor(const QGraphicsItem *item) const;
    // Selects the GPU (and centres on it when it is off screen).
    void selectGpu(const QString &id);
    // Selects these GPUs (a job's placement) and brings them all into view; unknown ids are
    // skipped. Returns how many were found.
    int selectGpus(const QStringList &ids);

    double zoom() const; // device pixels per scene unit

public slots:
    void fit();
    void zoomIn();
    void zoomOut();

signals:
    void gpuSelected(const QString &gpuId);
    void linkSelected(const QString &a, const QString &b);
    void deviceSelected(const QString &deviceId);
    void selectionCleared();
    void gpuActivated(const QString &gpuId); // double-clicked: show its charts

protected:
    bool viewportEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    void scaleBy(double factor);
    void stepGpuSelection(int step); // arrow keys: the next or previous GPU in layout order
    void zoomChanged();
    void showLinkForZoom(TopoLinkItem *link) const;
    void emitSelection();
    void placeLegend();

    TopologyShape m_shape;
    TopoMetric m_metric = TopoMetric::Utilization;
    QHash<QString, TopoGpuItem *> m_gpus;
    QHash<QString, TopoDeviceItem *> m_devices;
    QHash<QString, TopoNodeItem *> m_nodes;
    QHash<QString, TopoLinkItem *> m_links;
    QList<TopoTilesItem *> m_tiles; // one per node
    TopologyLegend *m_legend = nullptr;
    QSet<QString> m_erroring;          // setErroringLinks
    QHash<QString, bool> m_liveHealthy; // an erroring link's own health, restored when it leaves the set
    bool m_autoFit = true; // refit on resize until the user zooms
};

} // namespace sn
