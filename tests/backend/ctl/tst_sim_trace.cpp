// supernodectl sim --trace: the replay and inflation JSON, on the real OpenB trace and on a
// generic trace with queues and priorities, and clear errors for bad input.
#include "ctl_process.h"

#include "tests/support/shared_data.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using sn::test::ctl;
using sn::test::json;

namespace {

// A contended day on the demo cluster (2 x 8 H100): a seeded mix of 1..16-GPU jobs, two queues
// and two priorities, arriving about as fast as the cluster drains them (offered load near 1).
QByteArray contendedTrace()
{
    std::mt19937_64 rng(7);
    QByteArray csv = "submit_s,duration_s,gpus,queue,priority,priority_class\n";
    double t = 0;
    const int sizes[] = {1, 1, 1, 2, 2, 4, 4, 8, 8, 16};
    for (int i = 0; i < 200; ++i) {
        t += -std::log(1.0 - (rng() >> 11) * (1.0 / 9007199254740992.0)) * 600;
        const int gpus = sizes[rng() % 10];
        const double duration = 300 + (rng() % 3600);
        const bool training = rng() % 3 == 0;
        csv += QByteArray::number(t, 'f', 0) + "," + QByteArray::number(duration) + "," + QByteArray::number(gpus) +
               "," + (training ? "ml" : "cv") + "," + (training ? "100" : "50") + "," +
               (training ? "modelTraining" : "dataPreprocessing") + "\n";
    }
    return csv;
}

} // namespace

class TstSimTrace : public QObject {
    Q_OBJECT
private slots:
    void inflationOnOpenbReportsUnallocatedGpus()
    {
        if (!sn::test::requireSharedData("traces/alibaba-openb-2023"))
            return;
        const QString dir = sn::test::sharedDataPath("traces/alibaba-openb-2023/");
        QMap<QString, double> unallocated;
        for (const QString policy : {"bestfit", "default"}) {
            const auto r =
                ctl({"sim", "--trace", dir + "openb_pod_list_default.csv", "--nodes",
                     dir + "openb_node_list_gpu_node.csv", "--policy", policy, "--inflate", "--seed", "3", "--json"});
            QCOMPARE(r.exitCode, 0);
            const QJsonObject o = json(r);
            for (const char *key :
                 {"policy", "jobs", "utilization_mean", "allocation_rate_mean", "wait_s_mean", "jct_s_mean",
                  "jct_s_p95", "makespan_s", "preemptions", "unallocated_gpu_fraction", "failed_jobs"})
                QVERIFY2(o.contains(key), key);
            QCOMPARE(o["policy"].toString(), policy);
            QCOMPARE(o["capacity_gpus"].toInt(), 6212);
            QVERIFY(o["requested_gpus"].toDouble() >= 6212);
            QVERIFY(o["jct_s_mean"].isNull()); // jobs never end in inflation
            unallocated[policy] = o["unallocated_gpu_fraction"].toDouble();
            QVERIFY(unallocated[policy] > 0 && unallocated[policy] < 0.2);
        }
        QVERIFY2(unallocated["default"] < unallocated["bestfit"],
                 qPrintable(QString("%1 vs %2").arg(unallocated["default"]).arg(unallocated["bestfit"])));
    }

    void replayBeatsFifoOnAContendedTrace()
    {
        QTemporaryDir tmp;
        QFile f(tmp.filePath("trace.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contendedTrace());
        f.close();
        QMap<QString, QJsonObject> runs;
        for (const QString policy : {"fifo", "default"}) {
            const auto r = ctl({"sim", "--trace", f.fileName(), "--policy", policy, "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            runs[policy] = json(r);
            QCOMPARE(runs[policy]["jobs"].toInt(), 200);
            QCOMPARE(runs[policy]["completed_jobs"].toInt(), 200);
            QVERIFY(runs[policy]["allocation_rate"].toArray().size() > 1);
            QVERIFY(runs[policy]["queues"].toObject().contains("ml"));
            QVERIFY(runs[policy].contains("preemptions_one_job_max"));
            QVERIFY(runs[policy]["preemptions_one_job_max"].toInt() <= runs[policy]["preemptions"].toInt());
            QVERIFY(runs[policy]["queues"].toObject()["ml"].toObject().contains("guarantee_owed_s"));
        }
        const double fifoJct = runs["fifo"]["jct_s_mean"].toDouble();
        const double ourJct = runs["default"]["jct_s_mean"].toDouble();
        qInfo("jct fifo %.0f s ours %.0f s; utilization fifo %.3f ours %.3f; makespan fifo %.0f ours %.0f", fifoJct,
              ourJct, runs["fifo"]["utilization_mean"].toDouble(), runs["default"]["utilization_mean"].toDouble(),
              runs["fifo"]["makespan_s"].toDouble(), runs["default"]["makespan_s"].toDouble());
        QVERIFY2(ourJct <= 0.7 * fifoJct, qPrintable(QString("jct %1 vs fifo %2").arg(ourJct).arg(fifoJct)));
        // Backfill fills holes FIFO leaves idle (the issue's +10 points is not reached yet: see
        // docs/benchmarks.md).
        QVERIFY(runs["default"]["utilization_mean"].toDouble() > runs["fifo"]["utilization_mean"].toDouble());
    }

    void badInputIsRefusedWithWhere()
    {
        QTemporaryDir tmp;
        QFile f(tmp.filePath("bad.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("submit_s,duration_s,gpus,queue,priority\n0,10,1,ml,5\n5,ten,1,ml,5\n");
        f.close();
        auto r = ctl({"sim", "--trace", f.fileName(), "--json"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("bad.csv:3: column 'duration_s' expects a number, got 'ten'"), r.err.constData());
        r = ctl({"sim", "--trace", f.fileName(), "--policy", "random"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown policy 'random'"));
        // The existing subcommands still answer.
        r = ctl({"sim", "faults", "--json"});
        QCOMPARE(r.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TstSimTrace)
#include "tst_sim_trace.moc"
