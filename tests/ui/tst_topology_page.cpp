// The Topology page on a real embedded engine in virtual time: the simulated cluster's shape,
// live values on the tiles, an overheat fault turning a tile hot with an anomaly marker, a lost
// NIC port drawing its link down, a node down, the details panel and the jump to charts.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "ui/topology_live_table.h"
#include "ui/topology_page.h"
#include "ui/topology_shape.h"
#include "widgets/topology_items.h"
#include "widgets/topology_view.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <memory>

using namespace sn;

namespace {
std::unique_ptr<LocalEngine> virtualEngine(int nodes = 2)
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec(nodes);
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

void advance(LocalEngine &engine, int seconds)
{
    for (int i = 0; i < seconds; ++i)
        QVERIFY(waitFor(engine.advanceTime(1000)).ok());
}
} // namespace

class TestTopologyPage : public QObject {
    Q_OBJECT
private slots:
    void shapeFollowsTheCluster()
    {
        auto engine = virtualEngine();
        const auto cluster = waitFor(engine->getCluster());
        QVERIFY(cluster.ok());
        const TopologyShape shape = topologyShape(*cluster);
        QCOMPARE(shape.nodes.size(), 2);
        QCOMPARE(shape.nodes[0].gpus.size(), 8);
        QCOMPARE(shape.nodes[0].nvswitches.size(), 4);
        QCOMPARE(shape.nodes[0].nics.size(), 4);
        QCOMPARE(shape.switches.size(), 1);
        QCOMPARE(shape.links.size(), cluster->links_size());
        int nvlink = 0, pcie = 0, fabric = 0;
        for (const TopoLink &l : shape.links) {
            nvlink += l.kind == TopoLinkKind::NvLink;
            pcie += l.kind == TopoLinkKind::Pcie;
            fabric += l.kind == TopoLinkKind::Fabric;
        }
        QCOMPARE(nvlink, 2 * 8 * 4);
        QCOMPARE(pcie, 2 * 8);
        QCOMPARE(fabric, 2 * 4);
        QVERIFY(shape.links.constLast().label.contains(QStringLiteral("100G")));
    }

    void tilesTakeLiveValuesAndAnOverheatTurnsOneHot()
    {
        auto engine = virtualEngine();
        TopologyPage page(*engine);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        TopologyView *view = page.view();
        QTRY_VERIFY(view->gpuItem("node01/gpu0"));
        advance(*engine, 2);
        QTRY_VERIFY(!std::isnan(view->gpuItem("node01/gpu0")->live().tempC));
        QTRY_VERIFY(!std::isnan(view->gpuItem("node02/gpu7")->live().powerW));

        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("Temperature")));
        QCOMPARE(view->metric(), TopoMetric::Temperature);
        // A busy GPU with its cooling gone climbs past slowdown within minutes; an idle one may not,
        // so give a whole node work first and heat one of the GPUs the scheduler gave it.
        pb::JobSpec job;
        job.set_name("burn");
        job.set_user("test");
        job.set_queue("research");
        job.set_priority_class("modelTraining");
        job.set_gpus_min(8);
        job.set_gpus_max(8);
        job.set_estimated_runtime_s(3600);
        job.set_kind(pb::WORKLOAD_KIND_TRAINING);
        const auto submitted = waitFor(engine->submitJob(job));
        QVERIFY(submitted.ok());
        pb::Job burn;
        for (int i = 0; i < 120 && burn.state() != pb::JOB_STATE_RUNNING; ++i) {
            advance(*engine, 1);
            const auto got = waitFor(engine->getJob(submitted->id()));
            QVERIFY(got.ok());
            burn = *got;
        }
        QCOMPARE(burn.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(burn.gpus_size(), 8);
        const std::string node = burn.gpus(2).node();
        const int gpu = burn.gpus(2).gpu();
        const QString neighbour = QString::fromStdString(node + "/gpu" + std::to_string(burn.gpus(3).gpu()));
        TopoGpuItem *victim = view->gpuItem(QString::fromStdString(node + "/gpu" + std::to_string(gpu)));
        QVERIFY(victim);
        const double before = victim->live().tempC;
        QVERIFY2(before < 80, qPrintable(QString::number(before)));
        QCOMPARE(victim->marker(), TopoSeverity::None);

        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_GPU_OVERHEAT);
        fault.set_node(node);
        fault.set_gpu(gpu);
        QVERIFY(waitFor(engine->injectFault(fault)).ok());
        advance(*engine, 300);
        QTRY_VERIFY2(victim->live().tempC >= 85, qPrintable(QString::number(victim->live().tempC)));
        const QColor hot = victim->fillColour();
        QVERIFY2(hot.red() > 150 && hot.red() > 3 * hot.blue() && hot.green() < 120, qPrintable(hot.name()));
        // Its neighbour runs the same job with working cooling and stays cooler.
        QVERIFY(view->gpuItem(neighbour)->live().tempC < victim->live().tempC - 5);
        // The thermal event the engine raised marks the tile.
        QTRY_COMPARE(victim->marker(), TopoSeverity::Warning);
        QCOMPARE(view->gpuItem(neighbour)->marker(), TopoSeverity::None);
    }

    void aNodeDownAndANicDownShowOnTheCanvas()
    {
        auto engine = virtualEngine();
        TopologyPage page(*engine);
        QTRY_VERIFY(page.view()->gpuItem("node02/gpu0"));
        pb::InjectFaultRequest flap;
        flap.set_kind(pb::FAULT_KIND_NIC_FLAP);
        flap.set_node("node01");
        flap.set_gpu(1); // NIC index
        flap.set_duration_ms(60000);
        QVERIFY(waitFor(engine->injectFault(flap)).ok());
        pb::InjectFaultRequest down;
        down.set_kind(pb::FAULT_KIND_NODE_DOWN);
        down.set_node("node02");
        QVERIFY(waitFor(engine->injectFault(down)).ok());
        advance(*engine, 2);
        page.refreshCluster();
        TopologyView *view = page.view();
        QTRY_VERIFY(view->nodeItem("node02")->isDown());
        QTRY_VERIFY(view->gpuItem("node02/gpu4")->live().faulted);
        QVERIFY(!view->gpuItem("node01/gpu4")->live().faulted);
        TopoLinkItem *fabric = view->linkItem("node01/mlx5_1", "leaf01");
        QVERIFY(fabric);
        QTRY_VERIFY(!fabric->live().healthy);
        QVERIFY(view->linkItem("node01/mlx5_0", "leaf01")->live().healthy);
        QTRY_COMPARE(view->nodeItem("node02")->marker(), TopoSeverity::Critical);
        // The flap's marker is on the port it names, not on its whole node.
        QTRY_COMPARE(view->deviceItem("node01/mlx5_1")->marker(), TopoSeverity::Warning);
        QCOMPARE(view->deviceItem("node01/mlx5_0")->marker(), TopoSeverity::None);
        QCOMPARE(view->nodeItem("node01")->marker(), TopoSeverity::None);
    }

    void clickingAGpuShowsItsDetailsAndJumpsToCharts()
    {
        auto engine = virtualEngine();
        TopologyPage page(*engine);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTRY_VERIFY(page.view()->gpuItem("node02/gpu6"));
        advance(*engine, 2);
        QTRY_VERIFY(!std::isnan(page.view()->gpuItem("node02/gpu6")->live().utilPercent));
        QVERIFY(!page.chartsButton()->isVisible());
        page.view()->selectGpu("node02/gpu6");
        QTRY_VERIFY(page.details()->text().contains(QStringLiteral("node02 · GPU 6")));
        QVERIFY(page.details()->text().contains(QStringLiteral("GPU-"))); // its UUID
        QVERIFY(page.details()->text().contains(QStringLiteral("H100"))); // its model
        QVERIFY(page.details()->text().contains(QStringLiteral("Utilization")));
        QVERIFY(page.chartsButton()->isVisible());
        QSignalSpy jump(&page, &TopologyPage::showGpuCharts);
        page.chartsButton()->click();
        QCOMPARE(jump.count(), 1);
        QCOMPARE(jump.first().at(0).toString(), QStringLiteral("node02"));
        QCOMPARE(jump.first().at(1).toInt(), 6);

        // A link's details name its ends, bandwidth and load.
        TopoLinkItem *pcie = page.view()->linkItem("node02/gpu6", "node02/mlx5_3");
        QVERIFY(pcie);
        page.view()->scene()->clearSelection();
        pcie->setSelected(true);
        QTRY_VERIFY(page.details()->text().contains(QStringLiteral("PCIe")));
        QVERIFY(page.details()->text().contains(QStringLiteral("node02/mlx5_3")));
        QVERIFY(!page.chartsButton()->isVisible());
    }

    void liveTableReadsLinkLoadFromTraffic()
    {
        pb::Cluster c;
        pb::Node *n = c.add_nodes();
        n->set_name("n1");
        pb::Gpu *g = n->add_gpus();
        g->set_id("n1/gpu0");
        pb::Nic *nic = n->add_nics();
        nic->set_id("n1/mlx5_0");
        nic->set_link_up(true);
        pb::Link *pcie = c.add_links();
        pcie->set_a("n1/gpu0");
        pcie->set_b("n1/mlx5_0");
        pcie->set_type(pb::LINK_TYPE_PCIE);
        pcie->set_bandwidth_bytes_per_second(64e9);
        pcie->set_healthy(true);
        pb::Link *fabric = c.add_links();
        fabric->set_a("n1/mlx5_0");
        fabric->set_b("leaf");
        fabric->set_type(pb::LINK_TYPE_ROCE);
        fabric->set_bandwidth_bytes_per_second(12.5e9);
        fabric->set_healthy(true);
        TopologyLiveTable t;
        t.setTopology(c);
        pb::SampleBatch b;
        const auto sample = [&b](const char *metric, double v, bool nicSample = false) {
            pb::Sample *s = b.add_samples();
            s->set_metric(metric);
            (*s->mutable_labels())["Hostname"] = "n1";
            if (nicSample)
                (*s->mutable_labels())["device"] = "mlx5_0";
            else
                (*s->mutable_labels())["gpu"] = "0";
            s->set_value(v);
        };
        sample("DCGM_FI_DEV_GPU_UTIL", 50);
        sample("DCGM_FI_PROF_PCIE_TX_BYTES", 16e9);
        sample("DCGM_FI_PROF_PCIE_RX_BYTES", 32e9);
        sample("DCGM_FI_DEV_FB_USED", 30);
        sample("DCGM_FI_DEV_FB_FREE", 70);
        sample("supernode_nic_transmit_bytes_per_second", 6.25e9, true);
        sample("supernode_nic_link_up", 0, true);
        QVERIFY(t.apply(b));
        QCOMPARE(t.links().value(topoLinkKey("n1/gpu0", "n1/mlx5_0")).load, 0.5); // the busier direction
        QCOMPARE(t.gpus().value("n1/gpu0").memUsedPercent, 30.0);
        const TopoLinkLive f = t.links().value(topoLinkKey("n1/mlx5_0", "leaf"));
        QCOMPARE(f.load, 0.5);
        QVERIFY(!f.healthy); // the port reported down
        QCOMPARE(t.takeChangedGpus().size(), 1);
        QCOMPARE(t.takeChangedGpus().size(), 0);
        QVERIFY(!t.apply(b)); // the same again changes nothing
    }
};

QTEST_MAIN(TestTopologyPage)
#include "tst_topology_page.moc"
