// Trace readers: the real OpenB files read whole and exactly; every malformed row refused with
// file:line and the column, never a crash or a guessed number.
#include "backend/scheduler/trace_csv.h"
#include "backend/scheduler/trace_generator.h"

#include "tests/support/shared_data.h"

#include <QTest>

#include <map>

using namespace sn::sched;

class TstTraceCsv : public QObject {
    Q_OBJECT
private slots:
    void readsTheRealOpenbNodesAndPods()
    {
        if (!sn::test::requireSharedData("traces/alibaba-openb-2023"))
            return;
        const std::string dir = sn::test::sharedDataPath("traces/alibaba-openb-2023/").toStdString();
        auto all = readOpenbNodes(dir + "openb_node_list_all_node.csv");
        QVERIFY2(all.ok(), all.ok() ? "" : all.error().message.c_str());
        QCOMPARE(all->size(), std::size_t{1523});
        auto gpuNodes = readOpenbNodes(dir + "openb_node_list_gpu_node.csv");
        QVERIFY(gpuNodes.ok());
        int gpus = 0;
        for (const TraceNode &n : *gpuNodes)
            gpus += n.gpus;
        QCOMPARE(gpuNodes->size(), std::size_t{1213});
        QCOMPARE(gpus, 6212); // the README's ground truth
        auto pods = readOpenbPods(dir + "openb_pod_list_default.csv");
        QVERIFY2(pods.ok(), pods.ok() ? "" : pods.error().message.c_str());
        QCOMPARE(pods->size(), std::size_t{8152});
        // openb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061
        const TraceJob &p1 = (*pods)[1];
        QCOMPARE(p1.name, std::string("openb-pod-0001"));
        QCOMPARE(p1.cpuMilli, std::int64_t{6000});
        QCOMPARE(p1.memoryBytes, std::int64_t{12288} << 20);
        QCOMPARE(p1.gpus, 1);
        QCOMPARE(p1.gpuMilli, 460);
        QCOMPARE(p1.priorityClass, std::string("LS"));
        QCOMPARE(p1.submitS, 427061.0);
        QCOMPARE(p1.durationS, 12902960.0 - 427061.0);
        int neverScheduled = 0;
        for (const TraceJob &j : *pods)
            neverScheduled += !j.scheduledS.has_value();
        QCOMPARE(neverScheduled, 897); // pending pods: the time is missing, not 0
    }

    void refusesBadRows_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const QString head = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,"
                             "deletion_time,scheduled_time\n";
        QTest::newRow("empty") << ""
                               << "pods.csv: the file is empty";
        QTest::newRow("missing column") << "name,cpu_milli,num_gpu\np,1,1\n"
                                        << "pods.csv:1: the header has no column 'memory_mib'";
        QTest::newRow("truncated row") << head + "p0,1000,10,1,1000,,LS,Running,0\n"
                                       << "pods.csv:2: expected 11 columns like the header, got 9";
        QTest::newRow("garbage number") << head + "p0,12x,10,1,1000,,LS,Running,0,5,0\n"
                                        << "pods.csv:2: column 'cpu_milli' expects an integer, got '12x'";
        QTest::newRow("N/A") << head + "p0,1000,[N/A],1,1000,,LS,Running,0,5,0\n"
                             << "pods.csv:2: column 'memory_mib' is missing a value";
        QTest::newRow("Not Supported") << head + "p0,1000,10,[Not Supported],1000,,LS,Running,0,5,0\n"
                                       << "pods.csv:2: column 'num_gpu' is missing a value";
        QTest::newRow("negative") << head + "p0,-5,10,1,1000,,LS,Running,0,5,0\n"
                                  << "pods.csv:2: column 'cpu_milli' must be in 0..";
        QTest::newRow("milli above 1000") << head + "p0,1000,10,1,1500,,LS,Running,0,5,0\n"
                                          << "column 'gpu_milli' must be in 0..1000, got 1500";
        QTest::newRow("share of many GPUs") << head + "p0,1000,10,2,500,,LS,Running,0,5,0\n"
                                            << "pods.csv:2: column 'gpu_milli' below 1000 is a share of one GPU";
        QTest::newRow("ends before start") << head + "\np0,1000,10,1,1000,,LS,Running,50,10,50\n"
                                           << "pods.csv:3: column 'deletion_time' (10) is before the pod started";
        QTest::newRow("generic: no queue") << "submit_s,duration_s,gpus,queue,priority\n0,10,1,,5\n"
                                           << "pods.csv:2: column 'queue' is empty";
        QTest::newRow("generic: bad time") << "submit_s,duration_s,gpus,queue,priority\nsoon,10,1,ml,5\n"
                                           << "pods.csv:2: column 'submit_s' expects a number, got 'soon'";
    }
    void refusesBadRows()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        auto r = parseTrace(text.toStdString(), "pods.csv");
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
    }

    void refusesBadNodeRows()
    {
        auto r = parseOpenbNodes("sn,cpu_milli,memory_mib,gpu,model\nn0,1000,10,8,\n", "nodes.csv");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("nodes.csv:2: column 'model' is empty for a node with 8 GPUs"));
        auto missing = readOpenbNodes("/nonexistent/nodes.csv");
        QVERIFY(!missing.ok());
        QVERIFY(QString::fromStdString(missing.error().message).contains("cannot open"));
    }

    void generatedTraceIsSeededShapedAndReadsBack()
    {
        TraceGeneratorOptions o;
        o.jobs = 3000;
        o.seed = 5;
        const auto a = generateTrace(o), b = generateTrace(o);
        QCOMPARE(a.size(), std::size_t{3000});
        QCOMPARE(traceCsv(a), traceCsv(b)); // the seed decides everything
        o.seed = 6;
        QVERIFY(traceCsv(generateTrace(o)) != traceCsv(a));
        // The offered load is what was asked: GPU-seconds over capacity x arrival window.
        double work = 0;
        std::map<std::string, int> perQueue;
        for (const TraceJob &j : a) {
            work += j.gpus * j.durationS;
            ++perQueue[j.queue];
            QVERIFY(j.gpus >= 1 && j.gpus <= 32);
            QVERIFY(j.durationS >= 60 && j.durationS <= 24 * 3600);
            QVERIFY(*j.estimatedRuntimeS >= j.durationS);
        }
        const double load = work / (o.clusterGpus * a.back().submitS);
        QVERIFY2(load > 1.0 && load < 1.45, qPrintable(QString::number(load)));
        QVERIFY(perQueue["research"] > 700 && perQueue["product"] > 1000 && perQueue["data"] > 700);
        // It is a generic trace CSV: the reader takes it back unchanged.
        const auto back = parseGenericTrace(traceCsv(a), "generated.csv");
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->size(), a.size());
        QCOMPARE((*back)[7].queue, a[7].queue);
        QCOMPARE((*back)[7].priorityClass, a[7].priorityClass);
        QCOMPARE((*back)[7].gpus, a[7].gpus);
        QCOMPARE((*back)[7].durationS, a[7].durationS);
        QCOMPARE(*(*back)[7].estimatedRuntimeS, *a[7].estimatedRuntimeS);
    }

    void readsTheGenericTraceInAnyColumnOrder()
    {
        auto r = parseTrace("queue,priority,gpus,submit_s,duration_s,gpu_milli,estimated_s\n"
                            "ml,100,8,0,3600,,4000\n"
                            "cv,50,1,10.5,60,250,\n",
                            "t.csv");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->size(), std::size_t{2});
        QCOMPARE((*r)[0].gpus, 8);
        QCOMPARE((*r)[0].gpuMilli, 1000);
        QCOMPARE((*r)[0].estimatedRuntimeS.value_or(-1), 4000.0);
        QCOMPARE((*r)[1].queue, std::string("cv"));
        QCOMPARE((*r)[1].priority, 50);
        QCOMPARE((*r)[1].gpuMilli, 250);
        QCOMPARE((*r)[1].submitS, 10.5);
        QVERIFY(!(*r)[1].estimatedRuntimeS.has_value());
    }
};

QTEST_GUILESS_MAIN(TstTraceCsv)
#include "tst_trace_csv.moc"
