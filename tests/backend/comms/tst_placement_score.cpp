// The placement score ranks GPU sets the way the cost model says they perform.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/placement_score.h"

#include <QTest>

using namespace sn::comms;

namespace {

FabricShape cluster()
{
    FabricShape f;
    f.nodes = 4;
    f.nicsPerNode = 8;
    f.nicGbps = 200;
    f.nodesPerLeaf = 2;
    f.spines = 2;
    return f;
}

std::vector<int> gpus(const PlacementScorer &s, const std::vector<std::string> &ids)
{
    std::vector<int> out;
    for (const std::string &id : ids)
        out.push_back(static_cast<int>(std::find(s.gpuIds().begin(), s.gpuIds().end(), id) - s.gpuIds().begin()));
    return out;
}

} // namespace

class TestPlacementScore : public QObject {
    Q_OBJECT
private slots:
    void readsTheNodeShapeFromTheGraph()
    {
        const PlacementScorer s(buildFabric(cluster()));
        QCOMPARE(s.gpuIds().size(), std::size_t{32});
        QCOMPARE(s.nodeShape().intra, IntraFabric::NvSwitch);
        QCOMPARE(s.nodeShape().intraGBps, 450.0);
        QVERIFY(s.nodeShape().nvls);
        QCOMPARE(s.nodeShape().nicsPerNode, 8);
        QCOMPARE(s.nodeShape().nicGBps, 25.0);
    }

    void oneNodeBeatsTwoAndRailAlignedBeatsOffRail()
    {
        const PlacementScorer s(buildFabric(cluster()));
        const double bytes = 2.0 * 7e9; // 7B parameters in BF16
        const double packed =
            s.allReduceUs(gpus(s, {"node0001/gpu0", "node0001/gpu1", "node0001/gpu2", "node0001/gpu3"}), bytes);
        const double split =
            s.allReduceUs(gpus(s, {"node0001/gpu0", "node0001/gpu1", "node0002/gpu0", "node0002/gpu1"}), bytes);
        const double offRail =
            s.allReduceUs(gpus(s, {"node0001/gpu0", "node0001/gpu1", "node0002/gpu4", "node0002/gpu5"}), bytes);
        QVERIFY(packed < split);
        QVERIFY(split < offRail);
        QVERIFY(!s.shapeOf(gpus(s, {"node0001/gpu0", "node0002/gpu4"})).railAligned);
    }

    void anUnevenSetIsPacedByItsFullestNode()
    {
        const PlacementScorer s(buildFabric(cluster()));
        const CommShape shape =
            s.shapeOf(gpus(s, {"node0001/gpu0", "node0001/gpu1", "node0001/gpu2", "node0002/gpu0"}));
        QCOMPARE(shape.nodes, 2);
        QCOMPARE(shape.gpusPerNode, 3);
    }

    void scoresAgreeWithTheCostModel()
    {
        const PlacementScorer s(buildFabric(cluster()));
        std::vector<int> all(16);
        for (int i = 0; i < 16; ++i)
            all[static_cast<std::size_t>(i)] = i; // node0001 and node0002, all 8 GPUs each
        CommShape expected = s.nodeShape();
        expected.nodes = 2;
        QCOMPARE(s.allReduceUs(all, 1e9), predict(Collective::AllReduce, 1e9, expected, defaultCostParams()).timeUs);
        QCOMPARE(s.allReduceUs(std::vector<int>{3}, 1e9), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestPlacementScore)
#include "tst_placement_score.moc"
