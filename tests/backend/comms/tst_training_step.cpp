// What-ifs (gradient compression, communication share of a step) and collective plans, on the
// calibrated cost model and generated rail-optimised fabrics.
#include "backend/comms/collective_plan.h"
#include "backend/comms/fabric_builder.h"
#include "backend/comms/placement_score.h"
#include "backend/comms/training_step.h"

#include <QTest>

#include <set>

using namespace sn::comms;

namespace {

// 4 nodes x 8 H100, 8 x 400G NICs: the whole set, rail-aligned; or the same nodes reached
// off-rail across a 2:1 oversubscribed spine.
CommShape fourNodes(bool railAligned)
{
    CommShape s;
    s.nodes = 4;
    s.gpusPerNode = 8;
    s.intra = IntraFabric::NvSwitch;
    s.intraGBps = 450;
    s.nvls = true;
    s.nicsPerNode = 8;
    s.nicGBps = 50;
    s.net = LinkKind::InfiniBand;
    s.railAligned = railAligned;
    s.spineOversubscription = railAligned ? 1 : 2;
    return s;
}

std::vector<std::string> gpusOf(const TopologyGraph &g, const std::vector<std::string> &hosts, int perNode)
{
    std::vector<std::string> out;
    for (const std::string &h : hosts)
        for (int i = 0; i < perNode; ++i)
            out.push_back(h + "/gpu" + std::to_string(i));
    return out;
}

} // namespace

class TestTrainingStep : public QObject {
    Q_OBJECT
private slots:
    void compressionShrinksTheExchange_data()
    {
        QTest::addColumn<double>("ratio");
        QTest::addColumn<double>("topK");
        QTest::addColumn<int>("collective");
        QTest::addColumn<double>("wireBytesPerGradientByte");
        QTest::newRow("none") << 1.0 << 0.0 << int(Collective::AllReduce) << 1.0;
        QTest::newRow("fp16->fp8") << 0.5 << 0.0 << int(Collective::AllReduce) << 0.5;
        QTest::newRow("1/8") << 0.125 << 0.0 << int(Collective::AllReduce) << 0.125;
        // top 1%: (2-byte value + 4-byte index) per kept value, gathered from all 32 ranks
        QTest::newRow("top 1%") << 1.0 << 0.01 << int(Collective::AllGather) << 0.01 * 3 * 32;
    }
    void compressionShrinksTheExchange()
    {
        QFETCH(double, ratio);
        QFETCH(double, topK);
        QFETCH(int, collective);
        QFETCH(double, wireBytesPerGradientByte);
        const double gradient = 14e9; // 7B parameters in FP16
        GradientCompression c{"x", ratio, topK};
        const CommCost cost = gradientExchange(gradient, fourNodes(true), c);
        QCOMPARE(int(cost.collective), collective);
        QVERIFY(qFuzzyCompare(cost.bytes, gradient * wireBytesPerGradientByte));
        const Prediction direct = predict(Collective(collective), cost.bytes, fourNodes(true), defaultCostParams());
        QCOMPARE(cost.prediction.timeUs, direct.timeUs);
        const CommCost uncompressed = gradientExchange(gradient, fourNodes(true), GradientCompression::none());
        if (ratio < 1 || topK > 0)
            QVERIFY(cost.ms() < uncompressed.ms());
        // Large messages are bandwidth-bound: the time follows the bytes.
        if (topK == 0 && ratio < 1)
            QVERIFY(qAbs(cost.ms() / uncompressed.ms() - ratio) < 0.02);
    }

    // The sentence a user wants to read: this job spends X% of its step communicating, and Y%
    // with FP8 gradients on a rail-aligned placement.
    void communicationShareOfAStep()
    {
        TrainingStep step;
        step.parameters = 7e9;
        step.tokensPerGpu = 2048;
        const StepBreakdown offRail = trainingStep(step, fourNodes(false));
        const StepBreakdown aligned = trainingStep(step, fourNodes(true));
        const StepBreakdown both = trainingStep(step, fourNodes(true), GradientCompression::fp8FromFp16());
        // 6 x 7e9 x 2048 / (989e12 x 0.4) s
        QVERIFY(qAbs(offRail.computeMs - 6 * 7e9 * 2048 / (989e12 * 0.4) * 1000) < 1e-9);
        QCOMPARE(offRail.stepMs, offRail.computeMs + offRail.commMs);
        QVERIFY(offRail.commShare > aligned.commShare);
        QVERIFY(aligned.commShare > both.commShare);
        QVERIFY2(offRail.commShare > 0.3 && both.commShare < 0.2,
                 qPrintable(QString("%1 -> %2").arg(offRail.commShare).arg(both.commShare)));
        // Overlap hides part of the exchange; a measured compute time replaces the estimate.
        step.overlap = 0.5;
        step.computeMs = 100;
        const StepBreakdown hidden = trainingStep(step, fourNodes(true));
        QCOMPARE(hidden.computeMs, 100.0);
        QCOMPARE(hidden.exposedMs, hidden.commMs / 2);
        QCOMPARE(hidden.commShare, hidden.exposedMs / (100 + hidden.exposedMs));
    }

    void ringsStayOnTheirRail()
    {
        FabricShape f;
        f.nodes = 4;
        f.nodesPerLeaf = 4;
        const TopologyGraph g = buildFabric(f);
        auto plan = planAllReduce(g, gpusOf(g, {"node0001", "node0002", "node0003", "node0004"}, 8), 1 << 30);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QCOMPARE(plan->rings.size(), std::size_t{8}); // one channel per NIC rail
        for (const RingChannel &r : plan->rings) {
            QCOMPARE(r.order.size(), std::size_t{32});
            QCOMPARE(std::set<std::string>(r.order.begin(), r.order.end()).size(), std::size_t{32});
            QVERIFY(r.railAligned());
            int netHops = 0;
            for (const PlanHop &h : r.hops)
                netHops += h.via == LinkKind::InfiniBand;
            QCOMPARE(netHops, 4); // one per node boundary, the ring closes back to the first node
        }
        QCOMPARE(plan->rings[3].order.front(), std::string("node0001/gpu3"));
        // Double binary tree over 4 nodes: one root each, different roots.
        QCOMPARE(std::count(plan->treeParents[0].begin(), plan->treeParents[0].end(), -1), 1);
        QVERIFY(plan->treeParents[0] != plan->treeParents[1]);
        QCOMPARE(plan->hierarchical.size(), std::size_t{3});
        QCOMPARE(plan->hierarchical[1].groups.size(), std::size_t{8}); // a group per rail
        QCOMPARE(plan->hierarchical[1].groups[2].front(), std::string("node0001/gpu2"));
        QCOMPARE(plan->hierarchical[1].groups[2].back(), std::string("node0004/gpu2"));
        QVERIFY(plan->ring.timeUs > 0 && plan->tree.timeUs > 0);
    }

    void oddNodeCountClosesOffRailAndSingleNodesUseTheSwitchPlanes()
    {
        FabricShape f;
        f.nodes = 3;
        const TopologyGraph g = buildFabric(f);
        auto three = planAllReduce(g, gpusOf(g, {"node0001", "node0002", "node0003"}, 8), 1 << 30);
        QVERIFY(three.ok());
        QVERIFY(!three->rings[0].railAligned());
        auto one = planAllReduce(g, gpusOf(g, {"node0002"}, 8), 1 << 30);
        QVERIFY(one.ok());
        QCOMPARE(one->rings.size(), std::size_t{4}); // NVSwitch planes of an HGX board
        for (const PlanHop &h : one->rings[0].hops)
            QCOMPARE(h.via, LinkKind::NvLink);
        auto uneven = planAllReduce(g, {"node0001/gpu0", "node0001/gpu1", "node0002/gpu0"}, 1 << 20);
        QVERIFY(!uneven.ok());
        QVERIFY(uneven.error().message.find("same count on every node") != std::string::npos);
        QVERIFY(!planAllReduce(g, {"node0009/gpu0"}, 1).ok());
    }
};

QTEST_GUILESS_MAIN(TestTrainingStep)
#include "tst_training_step.moc"
