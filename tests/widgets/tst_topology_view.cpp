// TopologyView on its own, fed plain values: the layout is deterministic and stays readable
// from 1 to 128 nodes, items are found by type, live values reach the right tiles and links,
// markers and down states show, level of detail follows the zoom, tooltips say what an item is.
#include "widgets/topology_items.h"
#include "widgets/topology_layout.h"
#include "widgets/topology_legend.h"
#include "widgets/topology_view.h"

#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace sn;

namespace {
// An HGX-like cluster: n nodes x 8 GPUs, 4 NVSwitches, 4 NICs, one leaf switch.
TopologyShape hgxCluster(int nodes)
{
    TopologyShape s;
    s.switches.append({QStringLiteral("leaf01"), QStringLiteral("leaf01")});
    for (int n = 0; n < nodes; ++n) {
        TopoNode node;
        node.name = QStringLiteral("node%1").arg(n + 1, 2, 10, QLatin1Char('0'));
        for (int g = 0; g < 8; ++g)
            node.gpus.append({node.name + QStringLiteral("/gpu%1").arg(g), g, QStringLiteral("H100")});
        for (int k = 0; k < 4; ++k) {
            node.nvswitches.append({node.name + QStringLiteral("/nvswitch%1").arg(k), QStringLiteral("NVSwitch")});
            node.nics.append({node.name + QStringLiteral("/mlx5_%1").arg(k), QStringLiteral("mlx5")});
        }
        for (int g = 0; g < 8; ++g) {
            for (int k = 0; k < 4; ++k)
                s.links.append({node.gpus[g].id, node.nvswitches[k].id, TopoLinkKind::NvLink, 100e9, true, {}});
            s.links.append({node.gpus[g].id, node.nics[g / 2].id, TopoLinkKind::Pcie, 64e9, true, {}});
        }
        for (int k = 0; k < 4; ++k)
            s.links.append({node.nics[k].id, QStringLiteral("leaf01"), TopoLinkKind::Fabric, 12.5e9, true, {}});
        s.nodes.append(node);
    }
    return s;
}

QImage render(TopologyView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    view.render(&p, QRectF(image.rect()), view.viewport()->rect());
    return image;
}
} // namespace

class TestTopologyView : public QObject {
    Q_OBJECT
private slots:
    void layoutIsDeterministicAndNothingOverlaps_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("columns");
        QTest::newRow("1 node") << 1 << 1;
        QTest::newRow("2 nodes") << 2 << 1;
        QTest::newRow("16 nodes") << 16 << 3;
        QTest::newRow("128 nodes") << 128 << 9;
    }
    void layoutIsDeterministicAndNothingOverlaps()
    {
        QFETCH(int, nodes);
        QFETCH(int, columns);
        const TopologyShape shape = hgxCluster(nodes);
        const TopologyGeometry a = layoutTopology(shape), b = layoutTopology(shape);
        QCOMPARE(a.columns, columns);
        QCOMPARE(a.nodes, b.nodes);
        QCOMPARE(a.devices, b.devices);
        QCOMPARE(a.links.size(), shape.links.size());
        // Node boxes do not overlap, every device sits inside its node, GPUs do not overlap.
        const QList<QRectF> boxes = a.nodes.values();
        for (int i = 0; i < boxes.size(); ++i)
            for (int j = i + 1; j < boxes.size(); ++j)
                QVERIFY(!boxes[i].intersects(boxes[j]));
        for (const TopoNode &n : shape.nodes) {
            const QRectF box = a.nodes.value(n.name);
            for (const TopoGpu &g : n.gpus) {
                QVERIFY(box.contains(a.devices.value(g.id)));
                for (const TopoGpu &h : n.gpus)
                    if (h.id != g.id)
                        QVERIFY(!a.devices.value(g.id).intersects(a.devices.value(h.id)));
            }
            for (const TopoDevice &d : n.nics)
                QVERIFY(box.contains(a.devices.value(d.id)));
        }
        // Readable: the canvas stays near 16:10, not a long strip, past a few nodes.
        if (nodes >= 16) {
            const double aspect = a.bounds.width() / a.bounds.height();
            QVERIFY2(aspect > 0.9 && aspect < 2.6, qPrintable(QString::number(aspect)));
        }
        // Fabric links never run through a node box (their segments stay in the gutters).
        for (int i = 0; i < shape.links.size(); ++i) {
            if (shape.links[i].kind != TopoLinkKind::Fabric)
                continue;
            const QPolygonF &path = a.links[i];
            QVERIFY(path.size() >= 2);
            for (int k = 1; k + 1 < path.size() - 1; ++k) { // the NIC stub and switch stub excluded
                const QRectF seg = QRectF(path[k], path[k + 1]).normalized().adjusted(-0.5, -0.5, 0.5, 0.5);
                for (const QRectF &box : boxes)
                    QVERIFY2(!box.adjusted(1, 1, -1, -1).intersects(seg), qPrintable(shape.links[i].a));
            }
        }
    }

    void itemsAreFoundByTypeAndTakeLiveValues()
    {
        TopologyView view;
        view.resize(1000, 700);
        view.setShape(hgxCluster(2));
        int gpus = 0, links = 0, devices = 0, nodes = 0;
        for (QGraphicsItem *item : view.scene()->items()) {
            gpus += qgraphicsitem_cast<TopoGpuItem *>(item) != nullptr;
            links += qgraphicsitem_cast<TopoLinkItem *>(item) != nullptr;
            devices += qgraphicsitem_cast<TopoDeviceItem *>(item) != nullptr;
            nodes += qgraphicsitem_cast<TopoNodeItem *>(item) != nullptr;
        }
        QCOMPARE(gpus, 16);
        QCOMPARE(nodes, 2);
        QCOMPARE(devices, 2 * 8 + 1);
        QCOMPARE(links, 2 * (32 + 8 + 4));

        TopoGpuLive hot;
        hot.utilPercent = 100;
        hot.tempC = 92;
        TopoGpuLive cool;
        cool.utilPercent = 5;
        cool.tempC = 35;
        QCOMPARE(view.setGpuLive({{"node01/gpu3", hot}, {"node01/gpu4", cool}, {"nosuch/gpu0", hot}}), 2);
        QCOMPARE(view.setGpuLive({{"node01/gpu3", hot}}), 0); // unchanged: nothing repainted
        view.setMetric(TopoMetric::Temperature);
        QCOMPARE(view.legend()->metric(), TopoMetric::Temperature);
        const QColor hotColour = view.gpuItem("node01/gpu3")->fillColour();
        const QColor coolColour = view.gpuItem("node01/gpu4")->fillColour();
        QVERIFY2(hotColour.red() > 150 && hotColour.blue() < 80, qPrintable(hotColour.name()));
        QVERIFY2(coolColour.blue() > coolColour.red(), qPrintable(coolColour.name()));

        QCOMPARE(view.setLinkLive({{topoLinkKey("leaf01", "node02/mlx5_1"), {0.9, false}}}), 1);
        TopoLinkItem *link = view.linkItem("node02/mlx5_1", "leaf01");
        QVERIFY(link);
        QVERIFY(!link->live().healthy);
        QVERIFY(view.toolTipFor(link).contains(QStringLiteral("Down")));
        QVERIFY(view.toolTipFor(view.gpuItem("node01/gpu3")).contains(QStringLiteral("92")));
        // A shape set again keeps the live values of ids that remain.
        view.setShape(hgxCluster(2));
        QCOMPARE(view.gpuItem("node01/gpu3")->live().tempC, 92.0);
    }

    void markersAndDownStatesShow()
    {
        TopologyView view;
        view.setShape(hgxCluster(2));
        view.setMarkers({{"node01/gpu2", TopoSeverity::Warning}, {"node02", TopoSeverity::Critical}});
        QCOMPARE(view.gpuItem("node01/gpu2")->marker(), TopoSeverity::Warning);
        QCOMPARE(view.nodeItem("node02")->marker(), TopoSeverity::Critical);
        view.setMarkers({});
        QCOMPARE(view.gpuItem("node01/gpu2")->marker(), TopoSeverity::None);
        view.setDownDevices({"node02", "node02/mlx5_0"});
        QVERIFY(view.nodeItem("node02")->isDown());
        QVERIFY(view.deviceItem("node02/mlx5_0")->isDown());
        QVERIFY(!view.nodeItem("node01")->isDown());
    }

    void levelOfDetailFollowsZoom()
    {
        // Far away the in-node wiring is left out; near, it is drawn. Compare rendered pixels in a
        // gap between GPU tiles and NVSwitches where only NVLink lines can be.
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(128));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fit();
        QVERIFY(view.zoom() < topo_lod::kInNodeLinks);
        const QImage far = render(view);
        QVERIFY(!far.isNull());
        TopoLinkItem *nvlink = view.linkItem("node01/gpu0", "node01/nvswitch0");
        QVERIFY(nvlink);
        QVERIFY(!nvlink->isVisible()); // far: not even visited by the scene
        while (view.zoom() < 2)
            view.zoomIn();
        QVERIFY(nvlink->isVisible());
        view.centerOn(nvlink->boundingRect().center());
        const QImage near = render(view);
        const QPoint mid = view.mapFromScene(nvlink->boundingRect().center());
        // Near: something other than the background is painted where the NVLink bundle runs.
        bool inked = false;
        for (int dx = -6; dx <= 6 && !inked; ++dx)
            inked = near.pixelColor(mid + QPoint(dx, 0)) != near.pixelColor(QPoint(2, 2));
        QVERIFY(inked);
        // A link that goes down shows however far away.
        view.fit();
        QVERIFY(!nvlink->isVisible());
        view.setLinkLive({{topoLinkKey("node01/gpu0", "node01/nvswitch0"), {0.1, false}}});
        QVERIFY(nvlink->isVisible());
    }

    void farAwayTilesArePaintedByTheirNodeAndStillAnswer()
    {
        // Zoomed out, plain tiles are filled by one item per node (topology_tiles_item.h); the
        // GPU items stay for clicks, tooltips and selection, and paint themselves once selected.
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(128));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fit();
        QVERIFY(view.zoom() < topo_lod::kOutlines);
        TopoGpuItem *tile = view.gpuItem("node07/gpu3");
        QVERIFY(tile->drawnByTiles());
        QVERIFY(view.deviceItem("node07/mlx5_0")->drawnByTiles());
        QVERIFY(!view.deviceItem("leaf01")->drawnByTiles()); // the switch is in no node
        view.setMetric(TopoMetric::Temperature);
        TopoGpuLive hot;
        hot.utilPercent = 100;
        hot.tempC = 92;
        QCOMPARE(view.setGpuLive({{"node07/gpu3", hot}}), 1);
        const QPoint at = view.mapFromScene(tile->tileRect().center());
        QCOMPARE(render(view).pixelColor(at), tile->fillColour()); // the new reading is on screen

        QSignalSpy selected(&view, &TopologyView::gpuSelected);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().first().toString(), QStringLiteral("node07/gpu3"));
        QVERIFY(!tile->drawnByTiles()); // selected: it draws its own frame
        QVERIFY(view.toolTipFor(view.itemAt(at)).contains(QStringLiteral("92")));
        view.scene()->clearSelection();
        QVERIFY(tile->drawnByTiles());

        view.setMarkers({{"node07/gpu4", TopoSeverity::Warning}});
        QVERIFY(!view.gpuItem("node07/gpu4")->drawnByTiles()); // its marker overhangs the tile
        view.setDownDevices({"node07/mlx5_1"});
        QVERIFY(!view.deviceItem("node07/mlx5_1")->drawnByTiles());
        while (view.zoom() < topo_lod::kOutlines)
            view.zoomIn();
        QVERIFY(!view.gpuItem("node07/gpu5")->drawnByTiles());
        QVERIFY(!view.deviceItem("node07/mlx5_0")->drawnByTiles());
    }

    void clickingAGpuSelectsIt()
    {
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(1));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy selected(&view, &TopologyView::gpuSelected);
        QSignalSpy activated(&view, &TopologyView::gpuActivated);
        TopoGpuItem *tile = view.gpuItem("node01/gpu5");
        const QPoint at = view.mapFromScene(tile->boundingRect().center());
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().first().toString(), QStringLiteral("node01/gpu5"));
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(activated.count(), 1);
    }

    void arrowKeysWalkTheGpusAndEnterOpensOne()
    {
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(2));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy selected(&view, &TopologyView::gpuSelected);
        QSignalSpy activated(&view, &TopologyView::gpuActivated);
        QTest::keyClick(&view, Qt::Key_Right); // nothing selected: the first GPU
        QCOMPARE(selected.last().first().toString(), QStringLiteral("node01/gpu0"));
        view.selectGpu(QStringLiteral("node01/gpu7"));
        QTest::keyClick(&view, Qt::Key_Right); // on to the next node
        QCOMPARE(selected.last().first().toString(), QStringLiteral("node02/gpu0"));
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(selected.last().first().toString(), QStringLiteral("node01/gpu7"));
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toString(), QStringLiteral("node01/gpu7"));
    }

    void linksAnOpenErrorNamesFailUntilItIsGone()
    {
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(1));
        const QString nvlink = topoLinkKey("node01/gpu3", "node01/nvswitch0");
        const QString other = topoLinkKey("node01/gpu4", "node01/nvswitch0");
        view.setErroringLinks({nvlink});
        QVERIFY(!view.linkItem("node01/gpu3", "node01/nvswitch0")->live().healthy);
        // New readings say the link is up: the open error still shows.
        view.setLinkLive({{nvlink, {0.4, true}}, {other, {0.4, true}}});
        QVERIFY(!view.linkItem("node01/gpu3", "node01/nvswitch0")->live().healthy);
        QCOMPARE(view.linkItem("node01/gpu3", "node01/nvswitch0")->live().load, 0.4);
        QVERIFY(view.linkItem("node01/gpu4", "node01/nvswitch0")->live().healthy);
        view.setShape(hgxCluster(1)); // rebuilt items keep it
        QVERIFY(!view.linkItem("node01/gpu3", "node01/nvswitch0")->live().healthy);
        view.setErroringLinks({}); // acknowledged: its own health again
        QVERIFY(view.linkItem("node01/gpu3", "node01/nvswitch0")->live().healthy);
    }

    void aJobsGpusAreSelectedAndBroughtIntoView()
    {
        TopologyView view;
        view.resize(900, 600);
        view.setShape(hgxCluster(16));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.zoomIn();
        view.zoomIn();
        view.zoomIn(); // close up on one corner: the far nodes are off screen
        const QStringList job{"node15/gpu0", "node15/gpu1", "node16/gpu6", "node16/gpu7", "node99/gpu0"};
        QCOMPARE(view.selectGpus(job), 4); // the unknown one is skipped
        QCOMPARE(view.scene()->selectedItems().size(), 4);
        const QRectF shown = view.mapToScene(view.viewport()->rect()).boundingRect();
        for (const QString &id : job.mid(0, 4)) {
            QVERIFY(view.gpuItem(id)->isSelected());
            QVERIFY2(shown.contains(view.gpuItem(id)->sceneBoundingRect()), qPrintable(id));
        }
        QVERIFY(!view.gpuItem("node01/gpu0")->isSelected());
    }

    void zoomIsBoundedAndFitShowsEverything()
    {
        TopologyView view;
        view.resize(800, 500);
        view.setShape(hgxCluster(32));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fit();
        const double fitted = view.zoom();
        for (int i = 0; i < 40; ++i)
            view.zoomIn();
        QVERIFY(view.zoom() <= 6.0 + 1e-9);
        for (int i = 0; i < 80; ++i)
            view.zoomOut();
        QVERIFY(view.zoom() >= fitted * 0.8 - 1e-9);
        view.fit();
        QVERIFY(view.mapToScene(view.viewport()->rect())
                    .boundingRect()
                    .contains(view.scene()->sceneRect().adjusted(2, 2, -2, -2)));
    }
};

QTEST_MAIN(TestTopologyView)
#include "tst_topology_view.moc"
