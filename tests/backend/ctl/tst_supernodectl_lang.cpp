// supernodectl's human output follows the language (LC_ALL/LANG, or --lang for any command): the real
// binary in zh_CN prints Chinese labels, messages and usage errors, while --json keys and exit
// codes stay the same; in C/en the output is the English the other ctl tests expect.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/shared_data.h"

#include <QTemporaryDir>
#include <QTest>

using sn::test::ctl;

namespace {

// Real captures from ../shared/data, read in place: one per command whose tables are translated.
const char *kTopo = "nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt";
const char *kNvidiaSmi = "nvidia-smi/xml/a10g.xml";
const char *kMetrics = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
const char *kHdfs = "loghub-2k/HDFS/HDFS_2k.log";
const char *kNab = "nab/data/realAWSCloudwatch/rds_cpu_utilization_e47b3b.csv";
const char *kPods = "traces/alibaba-openb-2023/openb_pod_list_default.csv";
const char *kNodes = "traces/alibaba-openb-2023/openb_node_list_gpu_node.csv";

// `args` with each "@relative" replaced by its path under the shared data.
QStringList withData(const QStringList &args)
{
    QStringList out;
    for (const QString &a : args)
        out << (a.startsWith('@') ? sn::test::sharedDataPath(a.mid(1)) : a);
    return out;
}

QString at(const char *relative)
{
    return QLatin1Char('@') + QLatin1String(relative);
}

} // namespace

class TestSupernodectlLang : public QObject {
    Q_OBJECT
private slots:
    void statusSpeaksTheLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("lines"); // each must be in the output
        QTest::addColumn<QString>("absent");    // must not be
        const QStringList zh = {QString::fromUtf8("集群           demo-supernode  （模拟）"),
                                QString::fromUtf8("在线节点       2 / 2"), QString::fromUtf8("GPU 利用率     平均 "),
                                QString::fromUtf8("显存           "), QString::fromUtf8("个未处理")};
        const QStringList en = {"cluster        demo-supernode  (simulated)", "nodes up       2 of 2",
                                "GPU util       mean ", "GPU memory     ", " open"};
        QTest::newRow("LC_ALL=zh_CN.UTF-8")
            << "zh_CN.UTF-8" << QStringList{"status", "--after", "1"} << zh << "nodes up";
        QTest::newRow("--lang zh_CN") << "C.UTF-8" << QStringList{"--lang", "zh_CN", "status", "--after", "1"} << zh
                                      << "nodes up";
        QTest::newRow("LC_ALL=C.UTF-8") << "C.UTF-8" << QStringList{"status", "--after", "1"} << en
                                        << QString::fromUtf8("节点");
        QTest::newRow("LC_ALL=zh_CN, --lang en")
            << "zh_CN.UTF-8" << QStringList{"--lang", "en", "status", "--after", "1"} << en
            << QString::fromUtf8("节点");
    }

    void statusSpeaksTheLocale()
    {
        QFETCH(QString, locale);
        QFETCH(QStringList, args);
        QFETCH(QStringList, lines);
        QFETCH(QString, absent);
        const auto r = ctl(args, locale);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        for (const QString &line : lines)
            QVERIFY2(out.contains(line), qPrintable(line + " not in:\n" + out));
        QVERIFY2(!out.contains(absent), qPrintable(out));
    }

    // The tables and summaries of plan, inspect, logs templates, anomaly scan and sim --trace:
    // Chinese headers under --lang zh_CN, the English ones (and none of the Chinese) under en.
    void commandTablesSpeakTheLanguage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("data"); // the shared data the command reads, if any
        QTest::addColumn<QStringList>("zh");
        QTest::addColumn<QStringList>("en");
        const auto u = [](const char *text) { return QString::fromUtf8(text); };
        QTest::newRow("plan") << QStringList{"plan", "--model-params", "13e9", "--gpus", "16"} << QString()
                              << QStringList{u("训练：16 块 H100"), u("每块 GPU 的显存"),
                                             u("  优化器状态 "),    u("放不下"),
                                             u("单步时间"),         u("放得下的配置（最快的在前）"),
                                             u("  每块 GPU 需要 ")}
                              << QStringList{"Training on 16 x H100",
                                             "Memory per GPU",
                                             "  optimizer states ",
                                             "DOES NOT FIT",
                                             "Step time",
                                             "Configurations that fit, fastest first",
                                             "  needs "};
        QTest::newRow("plan --inference")
            << QStringList{"plan", "--model-params", "7e9", "--gpus", "1", "--inference", "--output-tokens", "100"}
            << QString() << QStringList{u("推理：1 块 "), u("  权重 "), u("放得下的最大 batch："), u("，单个请求 ")}
            << QStringList{"Inference on 1 x ", "  weights ", "largest batch that fits: ", ", one request "};
        QTest::newRow("inspect topo") << QStringList{"inspect", "topo", at(kTopo)} << QString(kTopo)
                                      << QStringList{u("2 块 GPU，2 个网卡，2 个 NUMA 域"), u("  CPU 0-63")}
                                      << QStringList{"2 GPU(s), 2 NIC(s), 2 NUMA domain(s)", "  CPUs 0-63"};
        QTest::newRow("inspect topo --nccl-env")
            << QStringList{"inspect", "topo", "--nccl-env", at(kTopo)} << QString(kTopo)
            << QStringList{u("# 本节点的 2 块 RDMA 网卡"), u("# GPU0, GPU1 只能经 CPU 到达最近的网卡（PHB）"), u("# 注意：没有可用于 NCCL_SOCKET_IFNAME")}
            << QStringList{"# the 2 RDMA NIC(s) of this node", "\nexport NCCL_IB_HCA==mlx5_0,mlx5_1\n",
                           "# GPU0, GPU1 reach their nearest NIC only through the CPU (PHB)",
                           "# note: no Ethernet interface known for NCCL_SOCKET_IFNAME"};
        QTest::newRow("inspect nvidia-smi")
            << QStringList{"inspect", "nvidia-smi", at(kNvidiaSmi)} << QString(kNvidiaSmi)
            << QStringList{u("：nvidia-smi -q -x，1 块 GPU，驱动 515.105.01"), u("  性能状态 P8，PCIe 第 1/4 代 x8")}
            << QStringList{": nvidia-smi -q -x, 1 GPU(s), driver 515.105.01", "  pstate P8, PCIe gen 1/4 x8"};
        QTest::newRow("inspect metrics") << QStringList{"inspect", "metrics", at(kMetrics)} << QString(kMetrics)
                                         << QStringList{u("：23 个指标族，共 23 个样本"), u("gauge, 1 个样本")}
                                         << QStringList{": 23 samples in 23 metric families", "gauge, 1 sample  "};
        QTest::newRow("logs templates") << QStringList{"logs", "templates", at(kHdfs)} << QString(kHdfs)
                                        << QStringList{u("2000 行，16 个模板，0 行被截断，0 行不符合格式")}
                                        << QStringList{
                                               "2000 line(s), 16 template(s), 0 truncated, 0 not in the format"};
        QTest::newRow("anomaly scan") << QStringList{"anomaly", "scan", at(kNab)} << QString(kNab)
                                      << QStringList{u("  错误  level  值 "), u("4032 行，3 个事件，丢弃 0 行")}
                                      << QStringList{"  error  level  value ", "4032 row(s), 3 event(s), 0 row(s)"};
        QTest::newRow("sim --trace") << QStringList{"sim",      "--trace",  at(kPods), "--nodes",
                                                    at(kNodes), "--policy", "bestfit"}
                                     << QString(kPods)
                                     << QStringList{u("模式：回放\n"), u("策略：bestfit\n"), u("已完成作业数：")}
                                     << QStringList{"mode: replay\n", "policy: bestfit\n", "completed_jobs: "};
        QTest::newRow("sim --trace --inflate")
            << QStringList{"sim", "--trace", at(kPods), "--nodes", at(kNodes), "--inflate"} << QString(kPods)
            << QStringList{u("模式：负载膨胀\n"), u("GPU 容量：")}
            << QStringList{"mode: inflation\n", "capacity_gpus: "};
        QTest::newRow("jobs submit") << QStringList{"jobs", "submit", "--gpus", "2", "--name", "lang-test"} << QString()
                                     << QStringList{u("等待中     lang-test")} << QStringList{"pending    lang-test"};
    }

    void commandTablesSpeakTheLanguage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, data);
        QFETCH(QStringList, zh);
        QFETCH(QStringList, en);
        if (!data.isEmpty() && !sn::test::requireSharedData(data))
            return;
        const auto chinese = ctl(QStringList{"--lang", "zh_CN"} + withData(args));
        const auto english = ctl(QStringList{"--lang", "en"} + withData(args), QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(chinese.exitCode, 0);
        QCOMPARE(english.exitCode, 0);
        const QString zhOut = QString::fromUtf8(chinese.out);
        const QString enOut = QString::fromUtf8(english.out);
        for (const QString &line : zh)
            QVERIFY2(zhOut.contains(line), qPrintable(line + " not in:\n" + zhOut.left(3000)));
        for (const QString &line : en)
            QVERIFY2(enOut.contains(line), qPrintable(line + " not in:\n" + enOut.left(3000)));
        for (const QString &line : zh)
            QVERIFY2(!enOut.contains(line), qPrintable(line + " in the English output"));
    }

    // --json is for scripts: the same bytes whatever the language.
    void jsonOfTheTablesIsByteIdentical_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("data");
        QTest::newRow("plan") << QStringList{"plan", "--model-params", "13e9", "--gpus", "16"} << QString();
        QTest::newRow("inspect topo") << QStringList{"inspect", "topo", at(kTopo)} << QString(kTopo);
        QTest::newRow("inspect topo --nccl-env")
            << QStringList{"inspect", "topo", "--nccl-env", at(kTopo)} << QString(kTopo);
        QTest::newRow("inspect nvidia-smi")
            << QStringList{"inspect", "nvidia-smi", at(kNvidiaSmi)} << QString(kNvidiaSmi);
        QTest::newRow("inspect metrics") << QStringList{"inspect", "metrics", at(kMetrics)} << QString(kMetrics);
        QTest::newRow("logs templates") << QStringList{"logs", "templates", at(kHdfs)} << QString(kHdfs);
        QTest::newRow("anomaly scan") << QStringList{"anomaly", "scan", at(kNab)} << QString(kNab);
        QTest::newRow("sim --trace") << QStringList{"sim", "--trace", at(kPods), "--nodes", at(kNodes)}
                                     << QString(kPods);
    }

    void jsonOfTheTablesIsByteIdentical()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, data);
        if (!data.isEmpty() && !sn::test::requireSharedData(data))
            return;
        const auto chinese = ctl(QStringList{"--json", "--lang", "zh_CN"} + withData(args));
        const auto english = ctl(QStringList{"--json"} + withData(args));
        QCOMPARE(chinese.exitCode, 0);
        QVERIFY(!chinese.out.isEmpty());
        QCOMPARE(chinese.out, english.out);
    }

    // The engine's own messages (cluster.yaml errors, connection errors) reach a Chinese user in
    // Chinese, keeping file:line:column and the user's text; --json keeps the engine's English.
    void engineErrorsInChinese()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("cluster.yaml");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("apiVersion: supernode/v1\nkind: Cluster\nnodez: []\n");
        file.close();
        const auto zh = ctl({"config", "check", path}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(zh.exitCode, 3);
        QVERIFY2(QString::fromUtf8(zh.err).contains(
                     path + QString::fromUtf8(":3:1: 顶层的未知键 'nodez'（是否想写 'nodes'？")),
                 zh.err.constData());
        const auto en = ctl({"config", "check", path});
        QVERIFY2(en.err.contains(":3:1: unknown key 'nodez' at the top level (did you mean 'nodes'?"),
                 en.err.constData());
        const auto json = ctl({"--json", "config", "check", path}, QStringLiteral("zh_CN.UTF-8"));
        QVERIFY2(sn::test::json(json).value("error").toString().contains("unknown key 'nodez'"), json.out.constData());

        const auto missing = ctl({"--config", dir.filePath("none.yaml"), "status"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(QString::fromUtf8(missing.err).contains(QString::fromUtf8("无法读取集群文件 ")),
                 missing.err.constData());

        const auto nobody = ctl({"--remote", "grpc://127.0.0.1:1", "status"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(nobody.exitCode, 4);
        QVERIFY2(QString::fromUtf8(nobody.err).startsWith(QString::fromUtf8("supernodectl: 引擎守护进程不可用：")),
                 nobody.err.constData());
    }

    void simRunInChinese()
    {
        const auto r = ctl({"sim", "run", "--seconds", "2"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith(QString::fromUtf8("已模拟 2 秒（种子 ")), qPrintable(out));
        QVERIFY2(out.contains(QString::fromUtf8("事件（")), qPrintable(out));
        const auto faults = ctl({"sim", "faults"}, QStringLiteral("zh_CN.UTF-8"));
        QVERIFY2(QString::fromUtf8(faults.out).contains(QString::fromUtf8("gpu-overheat  （默认持续 ")),
                 faults.out.constData());
    }

    void usageErrorsInChineseKeepTheirExitCode()
    {
        const auto r = ctl({"sim", "bogus"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err),
                 QString::fromUtf8("supernodectl: 未知的 sim 子命令 'bogus'\n运行 'supernodectl --help' 查看用法。\n"));
        const auto english = ctl({"sim", "bogus"});
        QCOMPARE(english.exitCode, 2);
        QCOMPARE(english.err, QByteArray("supernodectl: unknown sim subcommand 'bogus'\n"
                                         "Run 'supernodectl --help' for usage.\n"));
    }

    void helpInChinese()
    {
        const auto zh = ctl({"--help"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(zh.exitCode, 0);
        const QString text = QString::fromUtf8(zh.out);
        QVERIFY2(text.startsWith(QString::fromUtf8("用法：supernodectl [--json]")), qPrintable(text.left(200)));
        QVERIFY(text.contains(QString::fromUtf8("退出码：0 成功，1 请求失败，2 用法错误，3 输入无效，4 引擎不可用。")));
        QVERIFY(ctl({"--help"}).out.startsWith("usage: supernodectl [--json]"));
    }

    void jsonIsTheSameInEveryLanguage()
    {
        const auto zh = sn::test::json(ctl({"status", "--after", "1", "--json"}, QStringLiteral("zh_CN.UTF-8")));
        const auto en = sn::test::json(ctl({"status", "--after", "1", "--json"}));
        QVERIFY(zh.contains("nodes_up"));
        QCOMPARE(zh.keys(), en.keys());
        QCOMPARE(zh.value("cluster_name"), en.value("cluster_name"));
    }

    void anUnknownLanguageIsAUsageError()
    {
        const auto r = ctl({"--lang", "xx_YY", "status"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("unknown language 'xx_YY'; the languages are: en, zh_CN"), r.err.constData());
    }
};

QTEST_MAIN(TestSupernodectlLang)
#include "tst_supernodectl_lang.moc"
