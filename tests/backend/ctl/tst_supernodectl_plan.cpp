// supernodectl plan as a user runs it: the example as one JSON object, the explanation,
// the table, the cluster's own GPUs when no model is named, and bad input.
#include "tests/backend/ctl/ctl_process.h"

#include <QJsonArray>
#include <QTest>

using sn::test::ctl;

namespace {

const QStringList kExample = {"plan",        "--model-params", "13e9",        "--gpus",        "16",
                              "--gpu-model", "A100-80GB",      "--precision", "bf16",          "--zero",
                              "2",           "--seq",          "4096",        "--micro-batch", "4"};

} // namespace

class TestSupernodectlPlan : public QObject {
    Q_OBJECT
private slots:
    void printsTheWholeEstimateAsJson()
    {
        const auto r = ctl(kExample + QStringList{"--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 1); // one object, one line
        const QJsonObject o = sn::test::json(r);
        QCOMPARE(o["gpu_model"].toString(), "A100-80GB");
        QCOMPARE(o["gpus"].toInt(), 16);
        QCOMPARE(o["nodes"].toInt(), 2);
        const QJsonObject mem = o["memory"].toObject();
        // ZeRO 2: 2 bytes of BF16 weights per parameter unsharded; (2 + 12) / 16 sharded.
        QCOMPARE(mem["params_bytes"].toDouble(), 26e9);
        QCOMPARE(mem["grads_bytes"].toDouble() + mem["optimizer_bytes"].toDouble(), 13e9 * 14 / 16);
        QCOMPARE(mem["capacity_bytes"].toDouble(), 80.0 * 1024 * 1024 * 1024);
        QVERIFY(mem["total_bytes"].toDouble() > mem["params_bytes"].toDouble());
        QVERIFY(o["fits"].isBool());
        QVERIFY(o["max_micro_batch"].toInt() >= 0);
        const QJsonObject t = o["time"].toObject();
        QVERIFY(t["compute_ms"].toDouble() > 0);
        QVERIFY(t["dp_comm_ms"].toDouble() > 0);
        QVERIFY(t["step_ms"].toDouble() <= t["step_ms_no_overlap"].toDouble());
        QVERIFY(!o["candidates"].toArray().isEmpty());
        QVERIFY(!o["explain"].toArray().isEmpty());
        QCOMPARE(o["config"].toObject()["zero_stage"].toInt(), 2);
    }

    void explainsEachNumber()
    {
        const auto r = ctl(kExample + QStringList{"--explain"});
        QCOMPARE(r.exitCode, 0);
        for (const char *part : {"ZeRO paper", "Korthikanti", "optimizer states",
                                 "compute:", "data parallel:", "framework reserve", "A100 Tensor Core GPU datasheet"})
            QVERIFY2(r.out.contains(part), part);
    }

    void printsATable()
    {
        const auto r = ctl(kExample);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Memory per GPU"));
        QVERIFY(r.out.contains("Configurations that fit"));
    }

    // Without --gpu-model the engine plans on its cluster: the demo super node's H100s and links.
    void usesTheClustersGpusAndTopology()
    {
        const auto r = ctl({"plan", "--model-params", "7e9", "--gpus", "16", "--zero", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = sn::test::json(r);
        QCOMPARE(o["gpu_model"].toString(), "H100-SXM");
        QCOMPARE(o["topology"].toString(), "cluster");
        QCOMPARE(o["gpus_per_node"].toInt(), 8);
    }

    void fsdpNamesAreZeroStages()
    {
        const auto r = ctl({"plan", "--model-params", "7e9", "--gpus", "8", "--fsdp", "full_shard", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(sn::test::json(r)["config"].toObject()["zero_stage"].toInt(), 3);
        const auto op = ctl({"plan", "--model-params", "7e9", "--gpus", "8", "--fsdp", "SHARD_GRAD_OP", "--json"});
        QCOMPARE(sn::test::json(op)["config"].toObject()["zero_stage"].toInt(), 2);
    }

    void inference()
    {
        const auto r =
            ctl({"plan",        "--inference", "--model-params", "70e9", "--layers", "80", "--hidden", "8192",
                 "--heads",     "64",          "--kv-heads",     "8",    "--gpus",   "8",  "--tp",     "8",
                 "--gpu-model", "H100-SXM",    "--seq",          "4096", "--batch",  "16", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = sn::test::json(r);
        QCOMPARE(o["memory"].toObject()["kv_cache_bytes"].toDouble(), 327680.0 / 8 * 4096 * 16);
        QVERIFY(o["fits"].toBool());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no params") << QStringList{"plan", "--gpus", "8"} << 2 << "--model-params";
        QTest::newRow("not a number") << QStringList{"plan", "--model-params", "lots"} << 2 << "needs a number";
        QTest::newRow("fractional gpus") << QStringList{"plan", "--model-params", "7e9", "--gpus", "1.5"} << 2
                                         << "whole number";
        QTest::newRow("unknown option") << QStringList{"plan", "--model-params", "7e9", "--frobnicate"} << 2
                                        << "unknown option";
        QTest::newRow("missing value") << QStringList{"plan", "--model-params"} << 2 << "needs a value";
        QTest::newRow("negative params") << QStringList{"plan", "--model-params", "-7e9"} << 3 << "positive";
        QTest::newRow("unknown gpu") << QStringList{"plan", "--model-params", "7e9", "--gpu-model", "MI300X"} << 3
                                     << "known models: A100-40GB";
        QTest::newRow("tp vs gpus") << QStringList{"plan", "--model-params", "13e9", "--gpus", "16", "--tp", "3"} << 3
                                    << "not divisible by TP x PP";
        QTest::newRow("tp vs heads") << QStringList{"plan", "--model-params", "13e9", "--gpus", "16", "--tp", "16"} << 3
                                     << "does not divide the 40 attention heads";
        QTest::newRow("bad precision") << QStringList{"plan", "--model-params", "7e9", "--precision", "fp4"} << 3
                                       << "precision 'fp4' is not one of";
        QTest::newRow("bad compression") << QStringList{"plan", "--model-params", "7e9", "--compression", "topk:x"} << 3
                                         << "compression 'topk:x'";
        QTest::newRow("bad fsdp") << QStringList{"plan", "--model-params", "7e9", "--fsdp", "everything"} << 2
                                  << "--fsdp is one of FULL_SHARD";
        QTest::newRow("fp8 on a100") << QStringList{"plan",      "--model-params", "7e9", "--gpu-model",
                                                    "A100-80GB", "--precision",    "fp8"}
                                     << 3 << "no FP8 math";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const auto r = ctl(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlPlan)
#include "tst_supernodectl_plan.moc"
