// Where the simulator puts jobs before the scheduler engine exists, and why jobs wait.
#include "backend/sim/packing_placer.h"

#include <QTest>

using namespace sn;
using namespace sn::sim;

class TestPackingPlacer : public QObject {
    Q_OBJECT
private slots:
    void smallJobGoesToTheFullestNodeThatFits()
    {
        const std::vector<NodeFreeGpus> free{{"node01", {0, 1, 2, 3, 4, 5, 6, 7}}, {"node02", {5, 6}}};
        auto placed = placeJob(2, 8, free);
        QVERIFY(std::holds_alternative<Placement>(placed));
        const auto &p = std::get<Placement>(placed);
        QCOMPARE(p.gpus.size(), 2u);
        QCOMPARE(p.gpus[0].node, std::string("node02"));
        QCOMPARE(p.gpus[0].gpu, 5);
    }

    void fragmentedClusterExplainsWhy()
    {
        const std::vector<NodeFreeGpus> free{{"node01", {0, 1, 2, 3}}, {"node02", {4, 5, 6, 7}}};
        auto placed = placeJob(8, 8, free);
        QVERIFY(std::holds_alternative<NoPlacement>(placed));
        const QString reason = QString::fromStdString(std::get<NoPlacement>(placed).reason);
        QVERIFY2(reason.contains("largest free block is 4") && reason.contains("fragmented"), qPrintable(reason));
    }

    void tooFewGpusSaysHowMany()
    {
        auto placed = placeJob(8, 8, {{"node01", {0, 1}}});
        const QString reason = QString::fromStdString(std::get<NoPlacement>(placed).reason);
        QVERIFY2(reason.contains("needs 8 GPUs, 2 free"), qPrintable(reason));
    }

    void multiNodeJobTakesWholeNodes()
    {
        const std::vector<NodeFreeGpus> all{
            {"node01", {0, 1, 2, 3, 4, 5, 6, 7}}, {"node02", {0, 1, 2, 3, 4, 5, 6, 7}}, {"node03", {0, 1, 2}}};
        auto placed = placeJob(16, 8, all);
        QVERIFY(std::holds_alternative<Placement>(placed));
        for (const GpuRef &g : std::get<Placement>(placed).gpus)
            QVERIFY(g.node != "node03");
        auto waiting = placeJob(
            16, 8, {{"node01", {0, 1, 2, 3, 4, 5, 6, 7}}, {"node02", {0, 1, 2, 3, 4, 5, 6}}, {"node03", {0, 1, 2, 3}}});
        QVERIFY(std::holds_alternative<NoPlacement>(waiting));
        QVERIFY(std::get<NoPlacement>(waiting).reason.find("2 whole free nodes") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPackingPlacer)
#include "tst_packing_placer.moc"
