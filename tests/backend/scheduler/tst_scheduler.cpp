// The scheduler cycle: submit validation, priority and quotas, reasons and positions, EASY
// backfill with a reservation, preemption that keeps checkpointed work, elastic grow and
// shrink, and fault requeue with time to recovery.
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/scheduler.h"

#include <QTest>

using namespace sn;
using namespace sn::sched;

namespace {

ClusterCapacity nodes(int count, int gpus = 8)
{
    ClusterCapacity c;
    for (int i = 0; i < count; ++i)
        c.addNode("node0" + std::to_string(i + 1), "NVIDIA H100 80GB HBM3", gpus, 96000, std::int64_t{1024} << 30);
    return c;
}

SchedulerConfig policy()
{
    SchedulerConfig c;
    c.priorityClasses = {{"modelTraining", 100}, {"dataPreprocessing", 50}};
    c.queues["ml"] = {4, 16, 0, 1};
    c.queues["cv"] = {4, 0, 0, 1};
    return c;
}

JobSpec job(const std::string &name, int gpus, const std::string &queue = "ml",
            const std::string &cls = "dataPreprocessing", std::int64_t estimateS = 0)
{
    JobSpec s;
    s.name = name;
    s.queue = queue;
    s.priorityClass = cls;
    s.gpusMin = s.gpusMax = gpus;
    s.cpus = 1;
    s.estimatedRuntimeS = estimateS;
    return s;
}

int started(const std::vector<Decision> &d, DecisionKind kind = DecisionKind::Start)
{
    return static_cast<int>(std::count_if(d.begin(), d.end(), [&](const Decision &x) { return x.kind == kind; }));
}

} // namespace

class TstScheduler : public QObject {
    Q_OBJECT
private slots:
    void rejectsBadSpecsAndKeepsTheQueue_data()
    {
        QTest::addColumn<int>("min");
        QTest::addColumn<int>("max");
        QTest::addColumn<QString>("queue");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<qint64>("memory");
        QTest::addColumn<QString>("error");
        QTest::newRow("min above max") << 4 << 2 << "ml"
                                       << "" << qint64(0) << "gpus min (4) is above max (2)";
        QTest::newRow("more than the cluster") << 32 << 32 << "cv"
                                               << "" << qint64(0) << "asks for 32 GPUs; the cluster has 16";
        QTest::newRow("unknown class")
            << 1 << 1 << "ml"
            << "urgent" << qint64(0)
            << "unknown priority class 'urgent'; the policy has dataPreprocessing, modelTraining";
        QTest::newRow("unknown queue") << 1 << 1 << "nlp"
                                       << "" << qint64(0) << "unknown queue 'nlp'; the queues are cv, ml";
        QTest::newRow("negative memory") << 1 << 1 << "ml"
                                         << "" << qint64(-1) << "memory must not be negative";
        QTest::newRow("above queue max") << 1 << 1 << "ml"
                                         << "" << qint64(0) << "";
    }
    void rejectsBadSpecsAndKeepsTheQueue()
    {
        QFETCH(int, min);
        QFETCH(int, max);
        QFETCH(QString, queue);
        QFETCH(QString, cls);
        QFETCH(qint64, memory);
        QFETCH(QString, error);
        Scheduler s(nodes(2), policy(), makePlacementPolicy("default"));
        QVERIFY(s.submit(job("queued", 2), 0).ok());
        JobSpec spec = job("bad", 1, queue.toStdString(), cls.toStdString());
        spec.gpusMin = min;
        spec.gpusMax = max;
        spec.memoryBytes = memory;
        auto r = s.submit(spec, 0);
        if (error.isEmpty()) {
            QVERIFY(r.ok());
            return;
        }
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
        QCOMPARE(s.pendingCount(), std::size_t{1});
        QCOMPARE(s.jobs().size(), std::size_t{1});
    }

    void higherPriorityStartsFirstAndReasonsSayWhy()
    {
        Scheduler s(nodes(1), policy(), makePlacementPolicy("default"));
        const int low = *s.submit(job("low", 8), 0);
        const int high = *s.submit(job("high", 8, "ml", "modelTraining"), 1);
        auto d = s.cycle(10);
        QCOMPARE(started(d), 1);
        QCOMPARE(d[0].job, high);
        QCOMPARE(s.job(low).state, JobState::Pending);
        const QString reason = QString::fromStdString(s.pendingReason(low));
        QVERIFY2(reason.startsWith("waiting for 8 GPUs on one NVSwitch node"), qPrintable(reason));
        QVERIFY2(reason.endsWith("; position 1"), qPrintable(reason));
    }

    void jobsBehindTheWindowGetPositionsAfterIt()
    {
        // The cycle looks at a window at the head of the order; those behind it still get
        // their place in line (computed when asked) and say why they were not considered.
        SchedulerConfig c = policy();
        c.maxBackfillScan = 2;
        c.preemption = false;
        c.backfill = false;
        Scheduler s(nodes(1), c, makePlacementPolicy("default"));
        const int running = *s.submit(job("running", 8), 0);
        std::vector<int> waiting;
        for (int i = 0; i < 4; ++i)
            waiting.push_back(*s.submit(job("w" + std::to_string(i), 8, i % 2 ? "cv" : "ml"), 0));
        s.cycle(0);
        QCOMPARE(s.job(running).state, JobState::Running);
        QCOMPARE(s.positionOf(running), 0);
        const std::vector<int> order = s.pendingOrder();
        QCOMPARE(order.size(), std::size_t{4});
        for (std::size_t i = 0; i < order.size(); ++i)
            QCOMPARE(s.positionOf(order[i]), static_cast<int>(i + 1));
        const QString third = QString::fromStdString(s.pendingReason(order[2]));
        QVERIFY2(third.startsWith("waiting behind the first 2 pending jobs"), qPrintable(third));
        QVERIFY2(third.endsWith("; position 3"), qPrintable(third));
        const QString first = QString::fromStdString(s.pendingReason(order[0]));
        QVERIFY2(first.startsWith("waiting for 8 GPUs on one NVSwitch node"), qPrintable(first));
        // A job that arrives after the cycle has no place yet: no cycle has ordered it.
        const int late = *s.submit(job("late", 8), 1);
        QCOMPARE(s.positionOf(late), 0);
        QVERIFY(s.pendingReason(late).find("position") == std::string::npos);
    }

    void orderHeadIsThePrefixOfTheFullOrder_data()
    {
        QTest::addColumn<bool>("fifo");
        QTest::newRow("fair share") << false;
        QTest::newRow("strict fifo") << true;
    }

    void orderHeadIsThePrefixOfTheFullOrder()
    {
        // The cycle merges only its window; the decisions must be those of the full order.
        QFETCH(bool, fifo);
        SchedulerConfig c = fifo ? SchedulerConfig::fifo() : policy();
        if (fifo)
            c.priorityClasses = policy().priorityClasses;
        Scheduler s(nodes(2), c, makePlacementPolicy("default"));
        const char *queues[] = {"ml", "cv", "ml", "ml", "cv"};
        const char *classes[] = {"dataPreprocessing", "modelTraining"};
        for (int i = 0; i < 30; ++i)
            QVERIFY(s.submit(job("j" + std::to_string(i), 1 + i % 8, queues[i % 5], classes[(i / 7) % 2]), i).ok());
        s.cycle(100); // some run: the queues' shares differ now
        const std::vector<int> full = s.pendingOrder();
        QVERIFY(full.size() > 10);
        for (std::size_t k : {std::size_t{0}, std::size_t{1}, std::size_t{7}, full.size(), full.size() + 5}) {
            const std::vector<int> head = s.pendingOrderHead(k);
            QCOMPARE(head.size(), std::min(k, full.size()));
            QVERIFY(std::equal(head.begin(), head.end(), full.begin()));
        }
        if (fifo)
            QVERIFY(std::is_sorted(full.begin(), full.end()));
        else {
            // Higher priority first: every modelTraining job comes before any other.
            bool lowSeen = false;
            for (int j : full) {
                const bool high = s.job(j).priority == 100;
                QVERIFY(!(high && lowSeen));
                lowSeen = lowSeen || !high;
            }
        }
    }

    void queueMaxHoldsJobsAndSaysSo()
    {
        Scheduler s(nodes(4), policy(), makePlacementPolicy("default"));
        for (int i = 0; i < 3; ++i)
            QVERIFY(s.submit(job("ml" + std::to_string(i), 8), 0).ok());
        const int cv = *s.submit(job("cv", 8, "cv"), 0);
        s.cycle(1);
        QCOMPARE(s.queueGpusInUse("ml"), 16);
        QCOMPARE(s.job(cv).state, JobState::Running);
        const QString reason = QString::fromStdString(s.pendingReason(2));
        QVERIFY2(reason.startsWith("queue ml is at its max of 16 GPUs (16 in use)"), qPrintable(reason));
        QVERIFY(reason.contains("position"));
    }

    void backfillUsesTheGapWithoutDelayingTheReservation()
    {
        SchedulerConfig c = policy();
        c.queues["ml"].gpuMax = 0;
        c.preemption = false;
        Scheduler s(nodes(2), c, makePlacementPolicy("default"));
        const int a = *s.submit(job("a", 8, "ml", "", 100), 0);
        const int b = *s.submit(job("b", 4, "ml", "", 1000), 0);
        s.cycle(0);
        QCOMPARE(s.job(a).state, JobState::Running);
        QCOMPARE(s.job(b).state, JobState::Running);
        const int big = *s.submit(job("big", 16, "ml", "", 100), 1000);
        const int shortJob = *s.submit(job("short", 4, "ml", "", 50), 1000);
        const int longJob = *s.submit(job("long", 4, "ml", "", 5000), 1000);
        s.cycle(1000);
        QCOMPARE(s.job(big).state, JobState::Pending);
        QVERIFY2(QString::fromStdString(s.pendingReason(big)).contains("resources reserved for it"),
                 s.pendingReason(big).c_str());
        // 4 GPUs are idle until b ends at 1000 s: the short job ends before, the long one not.
        QCOMPARE(s.job(shortJob).state, JobState::Running);
        QCOMPARE(s.job(longJob).state, JobState::Pending);
        QVERIFY2(QString::fromStdString(s.pendingReason(longJob)).contains("would delay the reservation of job j2"),
                 s.pendingReason(longJob).c_str());
        // Strict FIFO would have left the gap empty.
        Scheduler fifo(nodes(2), SchedulerConfig::fifo(), makePlacementPolicy("fifo"));
        fifo.submit(job("a", 8, "ml", "", 100), 0).value();
        fifo.submit(job("b", 4, "ml", "", 1000), 0).value();
        fifo.cycle(0);
        fifo.submit(job("big", 16, "ml", "", 100), 1000).value();
        const int fifoShort = *fifo.submit(job("short", 4, "ml", "", 50), 1000);
        fifo.cycle(1000);
        QCOMPARE(fifo.job(fifoShort).state, JobState::Pending);
        QVERIFY(fifo.pendingReason(fifoShort).find("first in, first out") != std::string::npos);
    }

    void preemptionKeepsWorkUpToTheLastCheckpoint()
    {
        Scheduler s(nodes(1), policy(), makePlacementPolicy("default"));
        JobSpec lowSpec = job("low", 8);
        lowSpec.checkpointIntervalS = 60;
        const int low = *s.submit(lowSpec, 0);
        s.cycle(0);
        const int high = *s.submit(job("high", 8, "ml", "modelTraining"), 150'000);
        auto d = s.cycle(150'000);
        QCOMPARE(started(d, DecisionKind::Preempt), 1);
        QCOMPARE(s.job(high).state, JobState::Running);
        QCOMPARE(s.job(low).state, JobState::Pending);
        QCOMPARE(s.job(low).preemptions, 1);
        // 150 s at 8 GPUs; the last checkpoint was at 120 s: 30 s x 8 GPUs lost, 120 s kept.
        QCOMPARE(s.job(low).savedGpuMs, 120'000.0 * 8);
        QCOMPARE(s.job(low).lostGpuMs, 30'000.0 * 8);
        QVERIFY(s.pendingReason(low).find("preempted for job j1 (higher priority)") != std::string::npos);
    }

    void queueUnderItsGuaranteeReclaimsBorrowedGpus()
    {
        Scheduler s(nodes(2), policy(), makePlacementPolicy("default"));
        // cv borrows all 16 GPUs (no max); ml then asks for its guaranteed 4.
        for (int i = 0; i < 4; ++i)
            s.submit(job("cv" + std::to_string(i), 4, "cv"), 0).value();
        s.cycle(0);
        QCOMPARE(s.queueGpusInUse("cv"), 16);
        const int ml = *s.submit(job("ml", 4, "ml"), 10);
        auto d = s.cycle(10);
        QCOMPARE(s.job(ml).state, JobState::Running);
        QCOMPARE(started(d, DecisionKind::Preempt), 1);
        QCOMPARE(s.queueGpusInUse("cv"), 12);
        // ml is at its guarantee now: another ml job does not preempt cv, which is not borrowing
        // beyond its own min of 4 with each further preemption... it waits.
        const int ml2 = *s.submit(job("ml2", 4, "ml"), 20);
        s.cycle(20);
        QCOMPARE(s.job(ml2).state, JobState::Pending);
    }

    void reclaimTakesBorrowedGpusWhereTheJobCanRun()
    {
        // cv borrows 16 GPUs beyond its guarantee of 8: low-class jobs on the two H100 nodes,
        // high-class ones on the A100 node. ml, under its guarantee, wants 4 A100 GPUs: the
        // victims are 4 of cv's jobs on the A100 node (the cheap H100 ones do not help), and
        // cv keeps 20, more than its guarantee.
        ClusterCapacity c;
        c.addNode("node01", "H100", 8, 96000, std::int64_t{1024} << 30);
        c.addNode("node02", "H100", 8, 96000, std::int64_t{1024} << 30);
        c.addNode("node03", "A100", 8, 96000, std::int64_t{1024} << 30);
        SchedulerConfig cfg = policy();
        cfg.queues["cv"] = {8, 0, 0, 1};
        cfg.queues["ml"] = {8, 0, 0, 1};
        Scheduler s(std::move(c), cfg, makePlacementPolicy("default"));
        for (int i = 0; i < 24; ++i) {
            JobSpec cv = job("cv" + std::to_string(i), 1, "cv", i < 16 ? "dataPreprocessing" : "modelTraining");
            cv.gpuModels = {i < 16 ? "H100" : "A100"};
            (void)s.submit(cv, 0).value();
        }
        s.cycle(0);
        QCOMPARE(s.queueGpusInUse("cv"), 24);
        JobSpec ml = job("ml", 4, "ml");
        ml.gpuModels = {"A100"};
        const int m = *s.submit(ml, 10);
        const auto d = s.cycle(10);
        QCOMPARE(s.job(m).state, JobState::Running);
        QCOMPARE(s.cluster().nodes()[s.job(m).allocation.parts[0].node].name, std::string("node03"));
        QCOMPARE(started(d, DecisionKind::Preempt), 4);
        for (const Decision &x : d)
            if (x.kind == DecisionKind::Preempt) {
                QCOMPARE(s.job(x.job).spec.gpuModels, std::vector<std::string>{"A100"});
                QVERIFY(x.why.find("queue ml reclaims its guarantee") != std::string::npos);
            }
        QCOMPARE(s.queueGpusInUse("cv"), 20);
    }

    void aBorrowersReservationDoesNotHoldAQueuesGuarantee()
    {
        // cv runs its guaranteed 8 GPUs (nothing to reclaim) and waits for all 16 (gang): it is
        // reserved both nodes. ml's 2-GPU job, inside ml's guarantee of 4, runs on the free GPUs
        // at once, though it might delay that reservation; cv's next small job does not.
        SchedulerConfig cfg = policy();
        cfg.queues["cv"] = {8, 0, 0, 1};
        Scheduler s(nodes(2), cfg, makePlacementPolicy("default"));
        const int a = *s.submit(job("a", 4, "cv", "modelTraining", 1000), 0);
        const int b = *s.submit(job("b", 4, "cv", "modelTraining", 1000), 0);
        s.cycle(0);
        QCOMPARE(s.job(a).state, JobState::Running);
        QCOMPARE(s.job(b).state, JobState::Running);
        JobSpec gang = job("gang", 16, "cv", "modelTraining", 1000);
        gang.gang = true;
        const int big = *s.submit(gang, 10);
        const int owed = *s.submit(job("owed", 2, "ml"), 10); // no estimate: ends after the shadow
        const int borrower = *s.submit(job("more", 2, "cv", "dataPreprocessing"), 10); // likewise
        s.cycle(10);
        QCOMPARE(s.job(big).state, JobState::Pending);
        QVERIFY2(QString::fromStdString(s.pendingReason(big)).contains("resources reserved for it"),
                 s.pendingReason(big).c_str());
        QCOMPARE(s.job(owed).state, JobState::Running);
        QCOMPARE(s.job(borrower).state, JobState::Pending);
        QVERIFY2(QString::fromStdString(s.pendingReason(borrower)).contains("would delay the reservation of job j2"),
                 s.pendingReason(borrower).c_str());
    }

    void preemptionNeverTakesAnotherQueueBelowItsGuarantee()
    {
        // Priority preempts another queue's borrowed GPUs only; otherwise a queue reclaiming its
        // guarantee and a higher class preempting it back would take turns for ever.
        SchedulerConfig c;
        c.priorityClasses = {{"modelTraining", 100}, {"dataPreprocessing", 50}};
        c.queues["a"] = {8, 0, 0, 1};
        c.queues["b"] = {8, 0, 0, 1};
        Scheduler s(nodes(2), c, makePlacementPolicy("default"));
        const int b1 = *s.submit(job("b1", 8, "b"), 0);
        const int b2 = *s.submit(job("b2", 8, "b"), 0);
        s.cycle(0);
        QCOMPARE(s.queueGpusInUse("b"), 16); // borrowing a's 8
        const int a1 = *s.submit(job("a1", 8, "a", "modelTraining"), 10);
        auto d = s.cycle(10);
        QCOMPARE(started(d, DecisionKind::Preempt), 1);
        QCOMPARE(s.job(a1).state, JobState::Running);
        const int a2 = *s.submit(job("a2", 8, "a", "modelTraining"), 20);
        d = s.cycle(20);
        QCOMPARE(started(d, DecisionKind::Preempt), 0); // b holds exactly its guarantee now
        QCOMPARE(s.job(a2).state, JobState::Pending);
        QCOMPARE(s.queueGpusInUse("b"), 8);
        for (std::int64_t t = 30; t < 600; t += 10)
            s.cycle(t);
        QCOMPARE(s.job(b1).preemptions + s.job(b2).preemptions + s.job(a1).preemptions, 1);
        QCOMPARE(s.queueGpusInUse("a"), 8);
        QCOMPARE(s.queueGpusInUse("b"), 8);
    }

    void elasticJobsGrowIntoIdleGpusAndShrinkForWaitingWork()
    {
        Scheduler s(nodes(2), policy(), makePlacementPolicy("default"));
        JobSpec e = job("elastic", 4, "cv");
        e.gpusMin = 4;
        e.gpusMax = 16;
        const int el = *s.submit(e, 0);
        s.cycle(0);
        QCOMPARE(s.job(el).gpus, 16);
        const int high = *s.submit(job("high", 8, "ml", "modelTraining"), 100);
        auto d = s.cycle(100);
        QCOMPARE(started(d, DecisionKind::Shrink), 1);
        QCOMPARE(started(d, DecisionKind::Preempt), 0);
        QCOMPARE(s.job(high).state, JobState::Running);
        QCOMPARE(s.job(el).state, JobState::Running);
        QVERIFY(s.job(el).gpus >= 4 && s.job(el).gpus <= 8);
        QCOMPARE(s.job(el).lostGpuMs, 0.0);
        QVERIFY(s.finish(high, 200).ok());
        d = s.cycle(200);
        QCOMPARE(started(d, DecisionKind::Grow), 1);
        QCOMPARE(s.job(el).gpus, 16);
    }

    void nodeFailureRequeuesFromCheckpointAndReportsRecovery()
    {
        Scheduler s(nodes(2), policy(), makePlacementPolicy("default"));
        JobSpec spec = job("train", 8);
        spec.checkpointIntervalS = 100;
        const int j = *s.submit(spec, 0);
        s.cycle(0);
        const std::string node = s.cluster().nodes()[s.job(j).allocation.parts[0].node].name;
        const auto hit = s.failNode(node, 250'000);
        QCOMPARE(hit, std::vector<int>{j});
        QCOMPARE(s.job(j).savedGpuMs, 200'000.0 * 8);
        QVERIFY(s.pendingReason(j).find("node " + node + " failed; requeued from its last checkpoint") == 0);
        s.cycle(255'000);
        QCOMPARE(s.job(j).state, JobState::Running);
        QVERIFY(s.cluster().nodes()[s.job(j).allocation.parts[0].node].name != node);
        QCOMPARE(s.job(j).recoveryMs, std::vector<std::int64_t>{5'000});
        // The failed node stays out until restored.
        const int other = *s.submit(job("other", 8), 256'000);
        s.cycle(256'000);
        QCOMPARE(s.job(other).state, JobState::Pending);
        QVERIFY(s.restoreNode(node).ok());
        s.cycle(257'000);
        QCOMPARE(s.job(other).state, JobState::Running);
    }

    void dependenciesWait()
    {
        Scheduler s(nodes(1), policy(), makePlacementPolicy("default"));
        const int first = *s.submit(job("first", 1), 0);
        JobSpec second = job("second", 1);
        second.dependencies.push_back({"j0", JobDependency::When::AfterOk});
        const int after = *s.submit(second, 0);
        s.cycle(0);
        QCOMPARE(s.job(after).state, JobState::Pending);
        QVERIFY(s.pendingReason(after).find("waiting for job j0 to end successfully") == 0);
        QVERIFY(s.finish(first, 10).ok());
        s.cycle(10);
        QCOMPARE(s.job(after).state, JobState::Running);
        JobSpec bad = job("bad", 1);
        bad.dependencies.push_back({"j99", JobDependency::When::AfterAny});
        QVERIFY(!s.submit(bad, 10).ok());
    }
};

QTEST_GUILESS_MAIN(TstScheduler)
#include "tst_scheduler.moc"
