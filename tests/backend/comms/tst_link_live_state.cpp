// Live link state from telemetry: samples made by telemetry's own producers
// (readings_to_samples.h, the names dcgm-exporter uses) land on the graph's links as utilization,
// errors and health.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/link_live_state.h"
#include "backend/telemetry/readings_to_samples.h"

#include <QTest>

using namespace sn::comms;

namespace {

const Link *linkBetween(const TopologyGraph &g, const std::string &a, const std::string &b)
{
    const int ia = g.find(a), ib = g.find(b);
    for (const Link &l : g.links())
        if ((l.a == ia && l.b == ib) || (l.a == ib && l.b == ia))
            return &l;
    return nullptr;
}

} // namespace

class TestLinkLiveState : public QObject {
    Q_OBJECT
private slots:
    void gpuAndNicCountersBecomeLinkState()
    {
        FabricShape f;
        f.nodes = 2;
        TopologyGraph g = buildFabric(f);
        std::vector<sn::MetricSample> samples;
        sn::GpuReading r;
        r.node = "node0001";
        r.gpu = 2;
        r.timeMs = 1000;
        // 18 links; 225 GB/s out (half of 450), 90 GB/s in: the busier direction counts.
        for (int n = 0; n < 18; ++n)
            r.nvlinks.push_back({n, 225e9 / 18, 90e9 / 18});
        r.set(sn::GpuField::PcieTxBytes, 12.6e9); // a quarter of PCIe 5 x16 (63 GB/s)... roughly
        r.set(sn::GpuField::PcieRxBytes, 1e9);
        r.set(sn::GpuField::PcieReplay, 7);
        sn::appendGpuSamples(r, samples);
        sn::NicReading nic{"node0002", "mlx5_4", 1000, 25e9, 5e9, true};
        sn::appendNicSamples(nic, samples);
        sn::NicReading down{"node0002", "mlx5_5", 1000, 0, 0, false};
        sn::appendNicSamples(down, samples);
        sn::NicReading ghost{"node0099", "mlx5_0", 1000, 1, 1, true};
        sn::appendNicSamples(ghost, samples);

        const LiveStateUpdate u = applyTelemetry(g, samples);
        for (int s = 0; s < 4; ++s) {
            const Link *l = linkBetween(g, "node0001/gpu2", "node0001/nvswitch" + std::to_string(s));
            QVERIFY(l);
            QCOMPARE(l->utilization, 0.5);
        }
        QVERIFY(!known(linkBetween(g, "node0001/gpu3", "node0001/nvswitch0")->utilization)); // no reading
        const Link *pcie = linkBetween(g, "node0001/gpu2", "node0001/pcie_switch1");
        QVERIFY(pcie);
        QCOMPARE(pcie->utilization, 12.6e9 / (pcie->bandwidthGBps * 1e9));
        QCOMPARE(pcie->errors, std::int64_t{7});
        const Link *rail4 = linkBetween(g, "node0002/mlx5_4", "su0-leaf4");
        QCOMPARE(rail4->utilization, 0.5); // 25 GB/s of 400 Gb/s
        QCOMPARE(rail4->health, LinkHealth::Up);
        QCOMPARE(linkBetween(g, "node0002/mlx5_5", "su0-leaf5")->health, LinkHealth::Down);
        QCOMPARE(g.device(g.find("node0002/mlx5_5")).health, LinkHealth::Down);
        QCOMPARE(u.unmatched.size(), std::size_t{1});
        QVERIFY(u.unmatched.front().find("node0099/mlx5_0") != std::string::npos);
        QCOMPARE(u.linksUpdated, 4 + 1 + 1 + 1);
    }

    void theLatestSampleCountsAndTotalsStandInForPerLinkCounters()
    {
        FabricShape f;
        f.nodes = 1;
        TopologyGraph g = buildFabric(f);
        std::vector<sn::MetricSample> samples;
        for (std::int64_t t : {3000, 1000, 2000}) { // out of order: the one at 3000 counts
            sn::GpuReading r;
            r.node = "node0001";
            r.gpu = 0;
            r.timeMs = t;
            r.set(sn::GpuField::NvlinkTxBytes, t == 3000 ? 45e9 : 400e9);
            sn::appendGpuSamples(r, samples);
        }
        applyTelemetry(g, samples);
        QCOMPARE(linkBetween(g, "node0001/gpu0", "node0001/nvswitch1")->utilization, 0.1);
    }

    void unknownBandwidthLeavesUtilizationUnknown()
    {
        TopologyGraph g;
        const int gpu = g.addDevice({"h/gpu0", DeviceKind::Gpu, "h", 0});
        const int sw = g.addDevice({"h/nvswitch", DeviceKind::NvSwitch, "h"});
        g.addLink({gpu, sw, LinkKind::NvLink, 12});
        std::vector<sn::MetricSample> samples{
            {"DCGM_FI_PROF_NVLINK_L0_TX_BYTES", {{"Hostname", "h"}, {"gpu", "0"}}, 1, 1e9}};
        const LiveStateUpdate u = applyTelemetry(g, samples);
        QVERIFY(!known(g.links()[0].utilization));
        QCOMPARE(u.linksUpdated, 1);
    }
};

QTEST_GUILESS_MAIN(TestLinkLiveState)
#include "tst_link_live_state.moc"
