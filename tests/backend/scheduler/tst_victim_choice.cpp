// The victim choice of preemption and guarantee reclaim: by node, within each queue's budget,
// the cheapest victims that make the placement; borrowers scattered over nodes the job cannot
// use do not spend the budget.
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/victim_choice.h"

#include <QTest>

#include <algorithm>

using namespace sn;
using namespace sn::sched;

namespace {

// A running job on the cluster: `gpus` whole GPUs of `node` from `firstGpu` on.
Allocation hold(ClusterCapacity &c, int node, int firstGpu, int gpus)
{
    NodeShare p;
    p.node = node;
    for (int g = firstGpu; g < firstGpu + gpus; ++g)
        p.gpus.push_back(g);
    p.cpuMilli = 1000 * gpus;
    Allocation a;
    a.parts.push_back(p);
    c.apply(a);
    return a;
}

VictimCandidate victim(int job, Allocation frees, int priority, double risk, int group = 0)
{
    VictimCandidate v;
    v.job = job;
    v.group = group;
    v.frees = std::move(frees);
    v.priority = priority;
    v.workAtRisk = risk;
    return v;
}

PlacementRequest whole(int gpus)
{
    PlacementRequest r;
    r.gpus = gpus;
    r.cpuMilli = 1000 * gpus;
    return r;
}

std::vector<int> jobsOf(const VictimPlan &plan, const std::vector<VictimCandidate> &c)
{
    std::vector<int> jobs;
    for (const int v : plan.victims)
        jobs.push_back(c[v].job);
    std::sort(jobs.begin(), jobs.end());
    return jobs;
}

} // namespace

class TstVictimChoice : public QObject {
    Q_OBJECT
private slots:
    void scatteredBorrowersDoNotSpendTheBudgetWhereTheJobCannotRun()
    {
        // Queue b borrows 16 GPUs beyond its guarantee: 16 cheap 1-GPU jobs on the two H100
        // nodes and 8 dearer ones on the A100 node. A job that asks for 4 A100 GPUs needs 4
        // victims on node03; taken in cheapness order over the cluster, the 16 cheap ones would
        // spend b's whole budget on nodes it cannot use.
        ClusterCapacity c;
        c.addNode("node01", "H100", 8, 96000, std::int64_t{1024} << 30);
        c.addNode("node02", "H100", 8, 96000, std::int64_t{1024} << 30);
        c.addNode("node03", "A100", 8, 96000, std::int64_t{1024} << 30);
        std::vector<VictimCandidate> candidates;
        for (int n = 0; n < 3; ++n)
            for (int g = 0; g < 8; ++g)
                candidates.push_back(victim(n * 8 + g, hold(c, n, g, 1), n == 2 ? 100 : 50, 1000.0 * g));
        PlacementRequest r = whole(4);
        r.modelMask = std::uint64_t{1} << c.modelId("A100");
        auto policy = makePlacementPolicy("default");
        const auto place = [&](const ClusterCapacity &on) { return policy->place(on, r); };
        const auto plan = chooseVictims(c, r, candidates, {16}, place);
        QVERIFY(plan);
        QCOMPARE(jobsOf(*plan, candidates), (std::vector<int>{16, 17, 18, 19})); // least work at risk there
        QCOMPARE(plan->placement.parts.size(), std::size_t{1});
        QCOMPARE(plan->placement.parts[0].node, 2);
        QCOMPARE(plan->placement.parts[0].gpus, (std::vector<int>{0, 1, 2, 3}));
    }

    void theNodeWithTheCheapestVictimsWinsOverSpreading()
    {
        // 8 GPUs wanted, 4 free (2 + 2). node01: six 1-GPU victims (100 each at risk); node02:
        // one 6-GPU victim (300 at risk). Freeing node01 costs 600, node02 300; spreading over
        // both after the four cheapest 1-GPU victims costs 400: node02 alone wins.
        ClusterCapacity c;
        c.addNode("node01", "H100", 8, 96000, std::int64_t{1024} << 30);
        c.addNode("node02", "H100", 8, 96000, std::int64_t{1024} << 30);
        std::vector<VictimCandidate> candidates;
        for (int g = 0; g < 6; ++g)
            candidates.push_back(victim(g, hold(c, 0, g, 1), 50, 100));
        candidates.push_back(victim(6, hold(c, 1, 0, 6), 50, 300));
        auto policy = makePlacementPolicy("default");
        const PlacementRequest r = whole(8);
        const auto place = [&](const ClusterCapacity &on) { return policy->place(on, r); };
        QVERIFY(!place(c)); // nothing fits without a victim
        const auto plan = chooseVictims(c, r, candidates, {100}, place);
        QVERIFY(plan);
        QCOMPARE(jobsOf(*plan, candidates), std::vector<int>{6});
        QCOMPARE(plan->placement.parts.size(), std::size_t{1});
        QCOMPARE(plan->placement.parts[0].node, 1);
        // A lower class goes before less work: with node02's job of a higher class, node01's
        // six lower-class jobs (or four, spread) are taken instead.
        candidates.back().priority = 80;
        const auto lowerClass = chooseVictims(c, r, candidates, {100}, place);
        QVERIFY(lowerClass);
        for (const int v : lowerClass->victims)
            QCOMPARE(candidates[v].priority, 50);
    }

    void aJobThatFitsAlreadyStopsNobody()
    {
        // The scheduler asks after the job failed on a view without the reserved nodes; on the
        // whole cluster it may fit as it is: then no victim, though one sits on that node.
        ClusterCapacity c;
        c.addNode("node01", "H100", 8, 96000, std::int64_t{1024} << 30);
        std::vector<VictimCandidate> candidates{victim(0, hold(c, 0, 0, 4), 50, 0)};
        auto policy = makePlacementPolicy("default");
        const PlacementRequest r = whole(4);
        const auto place = [&](const ClusterCapacity &on) { return policy->place(on, r); };
        const auto plan = chooseVictims(c, r, candidates, {8}, place);
        QVERIFY(plan);
        QVERIFY(plan->victims.empty());
        QCOMPARE(plan->placement.gpuCount(), 4);
    }

    void aQueuesGuaranteeIsNeverTaken()
    {
        // Four free GPUs are needed; the queue may give only 3 beyond its guarantee, and the
        // victim on both nodes counts all its 4 GPUs against that.
        ClusterCapacity c;
        c.addNode("node01", "H100", 4, 96000, std::int64_t{1024} << 30);
        c.addNode("node02", "H100", 4, 96000, std::int64_t{1024} << 30);
        std::vector<VictimCandidate> candidates;
        candidates.push_back(victim(0, hold(c, 0, 0, 1), 50, 0));
        candidates.push_back(victim(1, hold(c, 0, 1, 1), 50, 0));
        Allocation spanning = hold(c, 0, 2, 2);
        spanning.parts.push_back(hold(c, 1, 0, 2).parts[0]);
        candidates.push_back(victim(2, spanning, 50, 0));
        candidates.push_back(victim(3, hold(c, 1, 2, 1), 50, 0));
        candidates.push_back(victim(4, hold(c, 1, 3, 1), 50, 0));
        auto policy = makePlacementPolicy("default");
        const PlacementRequest r = whole(4);
        const auto place = [&](const ClusterCapacity &on) { return policy->place(on, r); };
        QVERIFY(!chooseVictims(c, r, candidates, {3}, place));
        const auto enough = chooseVictims(c, r, candidates, {4}, place);
        QVERIFY(enough);
        QCOMPARE(enough->placement.gpuCount(), 4);
        // Victims of no group (the job's own queue, lower class) need no budget.
        for (VictimCandidate &v : candidates)
            v.group = -1;
        QVERIFY(chooseVictims(c, r, candidates, {}, place));
    }
};

QTEST_GUILESS_MAIN(TstVictimChoice)
#include "tst_victim_choice.moc"
