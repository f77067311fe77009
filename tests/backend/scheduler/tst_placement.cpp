// Placement: topology (NVSwitch/NVLink domains, fewest nodes, one leaf), fractional packing, the
// three policies, the pluggable score, and FGD against best fit on the real OpenB inflation.
#include "backend/scheduler/fragmentation.h"
#include "backend/scheduler/inflation.h"
#include "backend/scheduler/node_fit.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/trace_cluster.h"

#include "tests/support/shared_data.h"

#include <QTest>

#include <algorithm>

using namespace sn;
using namespace sn::sched;

namespace {

NodeSpec hgxNode(const std::string &name, bool nvswitch)
{
    NodeSpec n;
    n.name = name;
    n.cpuCores = 96;
    n.memoryBytes = std::int64_t{1024} << 30;
    for (int g = 0; g < 8; ++g)
        n.gpus.push_back({g, "NVIDIA H100 80GB HBM3", std::int64_t{80} << 30, "", "", g / 4});
    if (nvswitch)
        for (int s = 0; s < 4; ++s)
            n.nvswitches.push_back({s, "NVSwitch gen3"});
    n.nics.push_back({"mlx5_0", LinkType::Roce, 100, 0});
    return n;
}

PlacementRequest whole(int gpus)
{
    PlacementRequest r;
    r.gpus = gpus;
    r.cpuMilli = gpus * 1000;
    return r;
}

PlacementRequest share(int milli)
{
    PlacementRequest r;
    r.gpus = 1;
    r.gpuMilli = milli;
    r.cpuMilli = 1000;
    return r;
}

std::vector<TraceJob> openbPods()
{
    auto pods =
        readOpenbPods(sn::test::sharedDataPath("traces/alibaba-openb-2023/openb_pod_list_default.csv").toStdString());
    return pods.ok() ? *pods : std::vector<TraceJob>{};
}

} // namespace

class TstPlacement : public QObject {
    Q_OBJECT
private slots:
    void clusterSpecGivesDomainsAndLeaves()
    {
        ClusterSpec spec;
        spec.nodes = {hgxNode("a", true), hgxNode("b", false)};
        spec.network.switches = {{"leaf0", LinkType::Roce, 32, 100}, {"leaf1", LinkType::Roce, 32, 100}};
        spec.network.links.push_back({"b/mlx5_0", "leaf1", LinkType::Roce, 1, 12.5, 1});
        // Node b: NVLink pairs 0-1 and 2-3 only.
        spec.network.links.push_back({"b/gpu0", "b/gpu1", LinkType::NvLink, 4, 100, 1});
        spec.network.links.push_back({"b/gpu2", "b/gpu3", LinkType::NvLink, 4, 100, 1});
        const ClusterCapacity c = ClusterCapacity::fromClusterSpec(spec);
        QCOMPARE(c.nodes().size(), std::size_t{2});
        QCOMPARE(c.totalGpus(), 16);
        QCOMPARE(c.nodes()[0].cpuMilli, std::int64_t{96000});
        QCOMPARE(c.nodes()[1].leaf, 1);
        for (const GpuSlot &g : c.nodes()[0].gpus)
            QCOMPARE(g.nvlinkDomain, 0);
        QCOMPARE(c.nodes()[1].gpus[0].nvlinkDomain, c.nodes()[1].gpus[1].nvlinkDomain);
        QVERIFY(c.nodes()[1].gpus[1].nvlinkDomain != c.nodes()[1].gpus[2].nvlinkDomain);
        QVERIFY(c.nodes()[1].gpus[4].nvlinkDomain != c.nodes()[1].gpus[5].nvlinkDomain);
        // Two GPUs on node b come from one NVLink pair.
        const auto two = pickWholeGpus(c.nodes()[1], 2);
        QVERIFY(nvlinkConnected(c.nodes()[1], two));
    }

    void gangJobsUseFewestNodesUnderOneLeaf()
    {
        ClusterCapacity c;
        for (int i = 0; i < 4; ++i)
            c.addNode("l0n" + std::to_string(i), "H100", 8, 96000, 1LL << 40, 0);
        for (int i = 0; i < 2; ++i)
            c.addNode("l1n" + std::to_string(i), "H100", 8, 96000, 1LL << 40, 1);
        // Leaf 0 is busy on two nodes: a 16-GPU job fits in two whole nodes of either leaf;
        // with leaf 1 entirely free it should not split across leaves.
        Allocation busy;
        busy.parts.push_back({0, {0, 1, 2, 3}, 1000, 0, 0});
        busy.parts.push_back({1, {0, 1, 2, 3}, 1000, 0, 0});
        c.apply(busy);
        for (const std::string &policy : placementPolicyNames()) {
            auto p = makePlacementPolicy(policy);
            auto a = p->place(c, whole(16));
            QVERIFY2(a.has_value(), policy.c_str());
            QCOMPARE(a->parts.size(), std::size_t{2});
            QCOMPARE(a->gpuCount(), 16);
            QCOMPARE(c.nodes()[a->parts[0].node].leaf, c.nodes()[a->parts[1].node].leaf);
        }
        QVERIFY(!makePlacementPolicy("default")->place(c, whole(41)).has_value());
    }

    void bestFitTakesTheTightestNodeAndGpu()
    {
        ClusterCapacity c;
        c.addNode("roomy", "T4", 8, 64000, 1LL << 38);
        c.addNode("tight", "T4", 8, 64000, 1LL << 38);
        Allocation a;
        a.parts.push_back({1, {0, 1, 2, 3, 4, 5}, 1000, 0, 0});
        a.parts.push_back({1, {6}, 600, 0, 0});
        c.apply(a);
        BestFitPolicy bf;
        auto one = bf.place(c, whole(1));
        QVERIFY(one.has_value());
        QCOMPARE(one->parts[0].node, 1);
        QCOMPARE(one->parts[0].gpus, std::vector<int>{7});
        auto small = bf.place(c, share(300));
        QVERIFY(small.has_value());
        QCOMPARE(small->parts[0].node, 1);
        QCOMPARE(small->parts[0].gpus, std::vector<int>{6}); // 400 left there: the tightest GPU
        FirstFitPolicy ff;
        QCOMPARE(ff.place(c, whole(1))->parts[0].node, 0);
    }

    void fgdKeepsSharesWhereTheyFitTheMix()
    {
        // The mix is all 500-milli shares. One GPU has 600 left, one 500: a 500 share on the
        // 600 GPU would leave 100 nobody can use, on the 500 GPU it leaves nothing.
        ClusterCapacity c;
        c.addNode("n", "T4", 2, 64000, 1LL << 38);
        Allocation a;
        a.parts.push_back({0, {0}, 400, 0, 0});
        a.parts.push_back({0, {1}, 500, 0, 0});
        c.apply(a);
        FragmentationPolicy fgd;
        for (int i = 0; i < 10; ++i)
            fgd.observe(share(500));
        auto p = fgd.place(c, share(500));
        QVERIFY(p.has_value());
        QCOMPARE(p->parts[0].gpus, std::vector<int>{1});
        // Fragmentation measure: a whole-GPU mix sees partly used GPUs as lost.
        WorkloadMix mix;
        mix.add(whole(1));
        QCOMPARE(nodeFragmentation(NodeView::of(c.nodes()[0]), mix.shapes()), 1100.0);
    }

    void extraScoreSteersTheChoice()
    {
        struct AvoidFirstNode final : PlacementScore {
            double cost(const ClusterCapacity &, const PlacementRequest &, const Allocation &a) const override
            {
                return a.parts[0].node == 0 ? 10.0 : 0.0;
            }
        };
        ClusterCapacity c;
        c.addNode("n0", "H100", 8, 96000, 1LL << 40);
        c.addNode("n1", "H100", 8, 96000, 1LL << 40);
        FragmentationPolicy p;
        QCOMPARE(p.place(c, whole(2))->parts[0].node, 0);
        p.addScore(std::make_shared<AvoidFirstNode>(), 1.0);
        QCOMPARE(p.place(c, whole(2))->parts[0].node, 1);
    }

    void fgdLeavesLessUnallocatedThanBestFitOnOpenb()
    {
        if (!sn::test::requireSharedData("traces/alibaba-openb-2023"))
            return;
        auto nodes = readOpenbNodes(
            sn::test::sharedDataPath("traces/alibaba-openb-2023/openb_node_list_gpu_node.csv").toStdString());
        QVERIFY(nodes.ok());
        const auto pods = openbPods();
        QCOMPARE(pods.size(), std::size_t{8152});
        const ClusterCapacity cluster = capacityFromTraceNodes(*nodes, true);
        QCOMPARE(cluster.totalGpus(), 6212);
        BestFitPolicy bf;
        FragmentationPolicy fgd;
        const InflationResult b = runInflation(cluster, pods, bf, 1);
        const InflationResult f = runInflation(cluster, pods, fgd, 1);
        // The same draws for both: seeded.
        QCOMPARE(b.sampledJobs, f.sampledJobs);
        QVERIFY(b.requestedGpus >= 6212);
        QVERIFY2(f.unallocatedGpuFraction < 0.8 * b.unallocatedGpuFraction,
                 qPrintable(QString("fgd %1 bestfit %2").arg(f.unallocatedGpuFraction).arg(b.unallocatedGpuFraction)));
        QVERIFY(f.failedJobs < b.failedJobs);
        // Nothing is over-allocated.
        QVERIFY(f.allocatedGpus <= 6212 && f.allocatedGpus > 0.9 * 6212);
    }
};

QTEST_GUILESS_MAIN(TstPlacement)
#include "tst_placement.moc"
