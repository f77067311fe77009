// The alpha-beta model's formulas on shapes where the answer follows from first principles.
#include "backend/comms/cost_model.h"

#include <QTest>

using namespace sn::comms;

namespace {

CommShape hgx(int nodes, bool nvls)
{
    CommShape s;
    s.nodes = nodes;
    s.gpusPerNode = 8;
    s.intra = IntraFabric::NvSwitch;
    s.intraGBps = 450;
    s.nvls = nvls;
    s.nicsPerNode = 8;
    s.nicGBps = 25; // 200G: the NICs, not NVLink, bound a 2-node ring
    s.net = LinkKind::InfiniBand;
    return s;
}

} // namespace

class TestCostModel : public QObject {
    Q_OBJECT
private slots:
    void busFactorsAreNcclTests()
    {
        QCOMPARE(busBandwidthFactor(Collective::AllReduce, 8), 2.0 * 7 / 8);
        QCOMPARE(busBandwidthFactor(Collective::AllGather, 4), 0.75);
        QCOMPARE(busBandwidthFactor(Collective::Broadcast, 16), 1.0);
    }

    void largeRingBusbwIsTheBottleneckLink()
    {
        const CostParams p = defaultCostParams();
        const Prediction one = predict(Collective::AllReduce, 16e9, hgx(1, false), p);
        QCOMPARE(one.algorithm, Algorithm::Ring);
        QVERIFY(std::abs(one.busbwGBps - 450 * p.nvlink.efficiency) < 0.5);
        // Across nodes the ring is held to the node's NICs: 8 x 25 GB/s x efficiency.
        const Prediction two = predict(Collective::AllReduce, 16e9, hgx(2, false), p);
        QVERIFY(std::abs(two.busbwGBps - 200 * p.net.efficiency) < 0.5);
    }

    void hierarchicalBeatsRingAcrossTwoNodes()
    {
        // Each NIC carries S/8 once instead of 2(n-1)/n x S/8: the 2-node tree nearly doubles busbw.
        const CostParams p = defaultCostParams();
        const Prediction ring = predict(Collective::AllReduce, 16e9, hgx(2, true), p, Algorithm::Ring);
        const Prediction nvls = predict(Collective::AllReduce, 16e9, hgx(2, true), p);
        QCOMPARE(nvls.algorithm, Algorithm::Nvls);
        QVERIFY(nvls.busbwGBps > 1.7 * ring.busbwGBps);
    }

    void smallMessagesAreLatency()
    {
        const CostParams p = defaultCostParams();
        const Prediction tiny = predict(Collective::AllReduce, 8, hgx(1, false), p);
        QVERIFY(std::abs(tiny.timeUs - 14 * p.nvlink.alphaUs) < 0.01); // 2(n-1) steps
        QVERIFY(tiny.busbwGBps < 0.01);
    }

    void timeGrowsWithSizeAndRanks()
    {
        const CostParams p = defaultCostParams();
        double last = 0;
        for (double bytes = 1024; bytes < 1e10; bytes *= 4) {
            const double t = predict(Collective::AllGather, bytes, hgx(4, false), p).timeUs;
            QVERIFY(t > last);
            last = t;
        }
        QVERIFY(predict(Collective::AllReduce, 1e9, hgx(8, false), p).timeUs >
                predict(Collective::AllReduce, 1e9, hgx(2, false), p).timeUs);
    }

    void offRailTrafficPaysTheSpine()
    {
        const CostParams p = defaultCostParams();
        CommShape off = hgx(2, false);
        off.railAligned = false;
        off.spineOversubscription = 2;
        QVERIFY(predict(Collective::AllReduce, 1e9, off, p).timeUs >
                1.9 * predict(Collective::AllReduce, 1e9, hgx(2, false), p).timeUs);
    }

    void nothingToDoForOneRank()
    {
        CommShape one = hgx(1, false);
        one.gpusPerNode = 1;
        QCOMPARE(predict(Collective::AllReduce, 1e9, one, defaultCostParams()).timeUs, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestCostModel)
#include "tst_cost_model.moc"
