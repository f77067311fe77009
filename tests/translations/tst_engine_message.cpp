// Engine messages reach a Chinese user in Chinese: the real cluster.yaml parser's errors, SSH
// address and connection errors (and the connection and permission messages the catalogue
// holds) are translated at display, keep their file:line:column and the user's own text, and come
// back unchanged in English or when the catalogue does not know them.
#include "backend/engine/engine.h"
#include "backend/model/cluster_yaml.h"
#include "backend/planner/job_planner.h"
#include "backend/ssh/ssh_session.h"
#include "backend/ssh/ssh_target.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/scheduler.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/loopback_port.h"
#include "tests/support/in_language.h"
#include "translations/engine_message.h"
#include "translations/translation_loader.h"

#include <QRegularExpression>
#include <QTest>

using namespace sn;

namespace {

sched::ClusterCapacity twoNodes()
{
    sched::ClusterCapacity c;
    for (int i = 0; i < 2; ++i)
        c.addNode("node0" + std::to_string(i + 1), "NVIDIA H100 80GB HBM3", 8, 96000, std::int64_t{1024} << 30);
    return c;
}

JobSpec gpuJob(const std::string &name, int gpus, std::int64_t estimateS = 3600)
{
    JobSpec s;
    s.name = name;
    s.queue = "ml";
    s.gpusMin = s.gpusMax = gpus;
    s.cpus = 1;
    s.estimatedRuntimeS = estimateS;
    return s;
}

// English words of the reasons' frames: none may be left in a translated reason. (Ids, node
// and model names, numbers and units are the engine's data and stay.)
const QRegularExpression &englishFrame()
{
    static const QRegularExpression kWords(QStringLiteral(
        "\\b(waiting|waits|for|the|on|one|of|job|queue|position|free|reserved|delay|needs|per|but|has|largest|"
        "part|nearest|configuration|fits|no|it|across|nodes|behind|dependency|preempted|requeued|resumes|from|"
        "last|checkpoint|submitted|scheduling|cycle)\\b"));
    return kWords;
}

// A 7e9-parameter training plan with the changes a row names ("gpus=8 tp=3", "inference kv=int4").
pb::PlanJobRequest planRequest(const QString &change)
{
    pb::PlanJobRequest request;
    pb::DeclaredModel &m = *request.mutable_model();
    m.set_parameters(7e9);
    for (const QString &word : change.split(' ')) {
        const QString key = word.section('=', 0, 0);
        const QString value = word.section('=', 1);
        const std::string text = value.toStdString();
        if (key == "inference")
            m.set_workload(pb::PLAN_WORKLOAD_INFERENCE);
        else if (key == "gpus")
            request.set_gpus(value.toInt());
        else if (key == "nodes")
            request.set_nodes(value.toInt());
        else if (key == "gpu")
            request.set_gpu_model(text);
        else if (key == "nic")
            request.set_nic_gbps(value.toDouble());
        else if (key == "tp")
            m.set_tensor_parallel(value.toInt());
        else if (key == "pp")
            m.set_pipeline_parallel(value.toInt());
        else if (key == "seq")
            m.set_seq(value.toInt());
        else if (key == "mfu")
            m.set_mfu(value.toDouble());
        else if (key == "reserve")
            m.set_reserve_gib(value.toDouble());
        else if (key == "batch")
            m.set_batch(value.toInt());
        else if (key == "output")
            m.set_output_tokens(value.toDouble());
        else if (key == "weights")
            m.set_weights(text);
        else if (key == "kv")
            m.set_kv_cache(text);
        else if (key == "zero")
            m.set_zero_stage(value.toInt());
        else if (key == "micro")
            m.set_micro_batch(value.toInt());
        else if (key == "accumulation")
            m.set_gradient_accumulation(value.toInt());
        else if (key == "tokens")
            m.set_tokens(value.toDouble());
        else if (key == "overlap")
            m.set_overlap(value.toDouble());
        else if (key == "compression")
            m.set_compression(text);
        else if (key == "precision")
            m.set_precision(text);
        else if (key == "checkpointing")
            m.set_checkpointing(text);
        else if (key == "parameters")
            m.set_parameters(value.toDouble());
        else if (key == "layers")
            m.set_layers(value.toInt());
        else if (key == "hidden")
            m.set_hidden(value.toInt());
        else if (key == "heads")
            m.set_heads(value.toInt());
        else if (key == "kvheads")
            m.set_kv_heads(value.toInt());
        else
            qFatal("unknown change %s", qPrintable(word)); // a typo in the test's rows
    }
    return request;
}

} // namespace

class TestEngineMessage : public QObject {
    Q_OBJECT
    std::unique_ptr<Engine> m_planner; // planRefusalsInChinese's

private slots:
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }
    void cleanupTestCase() { m_planner.reset(); }

    void clusterYamlErrorsInChinese_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("english"); // a part of the parser's own message
        QTest::addColumn<QString>("chinese"); // the whole translation after "cluster.yaml:L:C: "
        const QString head = QStringLiteral("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: c\n");
        QTest::newRow("unknown key, with a suggestion")
            << head + "nodez: []\n"
            << "unknown key 'nodez' at the top level (did you mean 'nodes'?"
            << QString::fromUtf8("顶层的未知键 'nodez'（是否想写 'nodes'？可用的键：");
        QTest::newRow("wrong kind") << QStringLiteral("apiVersion: supernode/v1\nkind: Clusterr\n")
                                    << "'kind' must be Cluster, got \"Clusterr\""
                                    << QString::fromUtf8("'kind' 必须为 Cluster，实际为 \"Clusterr\"");
        QTest::newRow("a number expected") << head + "nodes:\n  - name: n1\n    address: 10.0.0.1\n    gpus: many\n"
                                           << "'nodes[0].gpus' expects" << QString::fromUtf8("'nodes[0].gpus' 应为");
        QTest::newRow("invalid YAML") << QStringLiteral("apiVersion: [\n")
                                      << "invalid YAML: " << QString::fromUtf8("YAML 无效：");
        QTest::newRow("empty file") << QString() << "the file is empty"
                                    << QString::fromUtf8("文件为空：集群定义应以 'apiVersion: ");
    }

    void clusterYamlErrorsInChinese()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        const auto spec = parseClusterYaml(yaml.toStdString(), "cluster.yaml");
        QVERIFY(!spec);
        const QString message = QString::fromStdString(spec.error().message);
        QVERIFY2(message.contains(english), qPrintable(message));
        QCOMPARE(errorText(spec.error()), message); // English: as the engine wrote it
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const QString translated = errorText(spec.error());
        QVERIFY2(translated.startsWith(QStringLiteral("cluster.yaml:")), qPrintable(translated));
        QVERIFY2(translated.contains(chinese), qPrintable(message + "\n" + translated));
    }

    void aMissingFileInChinese()
    {
        const auto spec = loadClusterYaml("/nonexistent/cluster.yaml");
        QVERIFY(!spec);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(errorText(spec.error()), QString::fromUtf8("无法读取集群文件 /nonexistent/cluster.yaml：文件不存在"));
    }

    // Causes nest: each part that is itself a known message is translated too; the user's quoted
    // text and an unknown inner cause (gRPC's own words) stay as they are.
    void nestedAndUnknownMessages_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("permission") << "SetClock needs the role operator; 'grafana' is viewer"
                                    << QString::fromUtf8("SetClock 需要 operator 角色；'grafana' 的角色是 viewer");
        QTest::newRow("nested cause")
            << "the engine daemon is unavailable: failed to connect to all addresses; last error: UNKNOWN: x"
            << QString::fromUtf8("引擎守护进程不可用：无法连接到任何地址；最后一个错误：UNKNOWN: x");
        QTest::newRow("not authenticated") << "not authenticated: the token is not known to this daemon"
                                           << QString::fromUtf8("未通过身份验证：此守护进程不认识该令牌");
        QTest::newRow("quoted user text is kept") << "'in a' must not be empty" << QString::fromUtf8("'in a' 不能为空");
        QTest::newRow("unknown message") << "the scheduler is thinking"
                                         << "the scheduler is thinking";
        QTest::newRow("placeholder-like user text") << "'%2' must not be empty" << QString::fromUtf8("'%2' 不能为空");
        QTest::newRow("a node's name first")
            << "node01: no way to reach this node" << QString::fromUtf8("node01: 无法连接到此节点");
        QTest::newRow("a node's name and where first")
            << "gpu-02 (ssh://root@10.0.0.2:22): SSH: no host to connect to"
            << QString::fromUtf8("gpu-02 (ssh://root@10.0.0.2:22): SSH：没有要连接的主机");
        QTest::newRow("a name before an unknown message") << "node01: the scheduler is thinking"
                                                          << "node01: the scheduler is thinking";
    }

    void nestedAndUnknownMessages()
    {
        QFETCH(QString, message);
        QFETCH(QString, chinese);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(engineMessageText(message), chinese);
    }

    // Why a job waits, from the real scheduler, in Chinese clause by clause: every clause the
    // scheduler joins with "; " is translated, ids, names and numbers are kept, and English is
    // unchanged.
    void jobReasonsInChinese()
    {
        sched::SchedulerConfig config;
        config.priorityClasses = {{"modelTraining", 100}, {"dataPreprocessing", 50}};
        config.queues["ml"] = {0, 0, 0, 1};
        sched::Scheduler s(twoNodes(), config, sched::makePlacementPolicy("default"));
        const int a = *s.submit(gpuJob("a", 8, 100), 0);
        const int b = *s.submit(gpuJob("b", 4, 1000), 0);
        s.cycle(0);
        QCOMPARE(s.job(a).state, JobState::Running);
        QCOMPARE(s.job(b).state, JobState::Running);
        const int gang = *s.submit(gpuJob("gang", 16, 100), 1000);
        const int later = *s.submit(gpuJob("later", 4, 5000), 1000);
        JobSpec dependent = gpuJob("after", 1);
        dependent.dependencies.push_back({"j0", JobDependency::When::AfterOk});
        const int after = *s.submit(dependent, 1000);
        s.cycle(1000);
        std::vector<std::string> reasons;
        for (const int job : {gang, later, after}) {
            QCOMPARE(s.job(job).state, JobState::Pending);
            reasons.push_back(s.pendingReason(job));
        }
        // What each clause is, so that a change in the scheduler's words shows here first.
        QVERIFY2(QString::fromStdString(reasons[0]).contains("resources reserved for it from +"), reasons[0].c_str());
        QVERIFY2(QString::fromStdString(reasons[1]).contains("; it would delay the reservation of job j2"),
                 reasons[1].c_str());
        QVERIFY2(QString::fromStdString(reasons[2]).startsWith("waiting for job j0 to end successfully"),
                 reasons[2].c_str());
        // And the planner's: a model that does not fit, with the nearest configuration that does.
        planner::PlanInput in;
        in.model.parameters = 13e9;
        in.gpuModel = "A100-80GB";
        in.gpus = 16;
        in.seq = 4096;
        in.training.microBatch = 4;
        in.training.checkpointing = planner::Checkpointing::None;
        const auto plan = planner::planJob(in);
        QVERIFY(plan.ok() && !plan->fits);
        reasons.push_back(plan->reason);
        in.model.parameters = 175e9;
        in.gpuModel = "L4";
        in.gpus = 2;
        const auto none = planner::planJob(in);
        QVERIFY(none.ok() && !none->fits);
        reasons.push_back(none->reason);

        for (const std::string &reason : reasons) {
            const QString english = QString::fromStdString(reason);
            QCOMPARE(engineReasonText(reason), english);
            QVERIFY(installTranslations(QStringLiteral("zh_CN")));
            const QString zh = engineReasonText(reason);
            QVERIFY(installTranslations(QStringLiteral("en")));
            // The nearest configuration's own notation ("TP 2 -> 4, checkpointing none -> full")
            // is the planner's data, like a command line: not judged here.
            const QString judged = QString(zh).remove(QRegularExpression(QStringLiteral("：[^；]*->[^；]*")));
            const auto left = englishFrame().match(judged);
            QVERIFY2(!left.hasMatch(), qPrintable(english + "\n" + zh + "\nleft: " + left.captured()));
            QCOMPARE(zh.count(QStringLiteral("；")), english.count(QStringLiteral("; ")));
            for (const QString &kept : {QStringLiteral("j0"), QStringLiteral("j2"), QStringLiteral("node0")})
                QCOMPARE(zh.count(kept), english.count(kept));
        }
    }

    void jobReasonsPieceByPiece_data()
    {
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("NVSwitch node, largest block, position")
            << "waiting for 8 GPUs on one NVSwitch node; the largest free block is 4 GPUs on node02; position 2"
            << QString::fromUtf8(
                   "等待同一 NVSwitch 节点上的 8 块 GPU；最大的空闲块是 node02 上的 4 块 GPU；排队第 2 位");
        QTest::newRow("models") << "waiting for 2 GPUs H100 or A100 on one node"
                                << QString::fromUtf8("等待同一节点上的 2 块 H100 or A100 GPU");
        QTest::newRow("one GPU") << "waiting for 1 GPU on one node" << QString::fromUtf8("等待 1 块 GPU");
        QTest::newRow("preempted, requeued")
            << "preempted for job j7 (queue cv reclaims its guarantee); resumes from its last checkpoint"
            << QString::fromUtf8("为作业 j7 被抢占（队列 cv 收回其保障额度）；将从上一个检查点恢复");
        QTest::newRow("a fault, then requeued") << "interrupted by a hardware fault; requeued from its last checkpoint"
                                                << QString::fromUtf8("被硬件故障中断；已从上一个检查点重新排队");
        QTest::newRow("unknown clause kept") << "waiting for 8 GPUs on one node; the moon is full"
                                             << QString::fromUtf8("等待同一节点上的 8 块 GPU；the moon is full");
        QTest::newRow("declared model") << "the declared model does not fit on 8 x H100: needs 95.0 GiB per GPU but "
                                           "H100 has 79.6 GiB; the largest part is activations (60.1 GiB)"
                                        << QString::fromUtf8("声明的模型在 8 x H100 上放不下：每块 GPU 需要 95.0 GiB，"
                                                             "但 H100 只有 79.6 GiB；最大的部分是激活值（60.1 GiB）");
    }

    void jobReasonsPieceByPiece()
    {
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(engineReasonText(english), chinese);
    }

    // What the real scheduler says when it refuses a job at submission, in Chinese; the job's
    // and the queue's names stay as the user wrote them.
    void submissionRefusalsInChinese_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("queue");
        QTest::addColumn<QString>("priorityClass");
        QTest::addColumn<bool>("gang");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("more than the cluster")
            << 32 << "ml"
            << "" << true << QString::fromUtf8("作业 'x'：申请了 32 块 GPU；集群只有 16 块");
        QTest::newRow("without gang")
            << 12 << "ml"
            << "" << false
            << QString::fromUtf8(
                   "作业 'x'：未启用成组调度（gang）却申请了 12 块 GPU；最大的节点只有 8 块（启用 gang 以跨节点分配）");
        QTest::newRow("unknown class")
            << 1 << "ml"
            << "urgent" << false
            << QString::fromUtf8("作业 'x'：未知的优先级类别 'urgent'；策略中有 dataPreprocessing, modelTraining");
        QTest::newRow("unknown queue") << 1 << "nlp"
                                       << "" << false << QString::fromUtf8("作业 'x'：未知的队列 'nlp'；现有队列为 ml");
        QTest::newRow("queue max") << 6 << "ml"
                                   << "" << false
                                   << QString::fromUtf8("作业 'x'：申请了 6 块 GPU；队列 'ml' 最多只能使用 4 块");
    }

    void submissionRefusalsInChinese()
    {
        QFETCH(int, gpus);
        QFETCH(QString, queue);
        QFETCH(QString, priorityClass);
        QFETCH(bool, gang);
        QFETCH(QString, chinese);
        sched::SchedulerConfig config;
        config.priorityClasses = {{"modelTraining", 100}, {"dataPreprocessing", 50}};
        config.queues["ml"] = {0, 4, 0, 1};
        sched::Scheduler s(twoNodes(), config, sched::makePlacementPolicy("default"));
        JobSpec spec = gpuJob("x", gpus);
        spec.queue = queue.toStdString();
        spec.priorityClass = priorityClass.toStdString();
        spec.gang = gang;
        const auto refused = s.submit(spec, 0);
        QVERIFY(!refused.ok());
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const QString zh = errorText(refused.error());
        QVERIFY(installTranslations(QStringLiteral("en")));
        QVERIFY2(zh == chinese, qPrintable(QString::fromStdString(refused.error().message) + "\n" + zh));
    }

    // The SSH addresses a user types into the wizard or --ssh, refused by the real parser, and a
    // real libssh connection to a closed loopback port: the frame in Chinese, the address as typed
    // and libssh's own words kept.
    void sshMessagesInChinese_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("port") << "root@gpu01:99999"
                              << QString::fromUtf8(
                                     "SSH 地址 'root@gpu01:99999'：端口 '99999' 不是 1 到 65535 之间的数字");
        QTest::newRow("empty user") << "@gpu01" << QString::fromUtf8("SSH 地址 '@gpu01'：'@' 之前的用户名为空");
        QTest::newRow("bracket") << "[fe80::1" << QString::fromUtf8("SSH 地址 '[fe80::1'：有 '[' 但没有 ']'");
        QTest::newRow("after bracket") << "[fe80::1]22"
                                       << QString::fromUtf8("SSH 地址 '[fe80::1]22'：']' 之后应为 ':PORT'");
        QTest::newRow("no host") << "root@" << QString::fromUtf8("SSH 地址 'root@'：没有主机名");
        QTest::newRow("space") << "root@gpu 01"
                               << QString::fromUtf8(
                                      "SSH 地址 'root@gpu 01'：用户名和主机名不能包含空格、引号、斜杠或控制字符");
    }
    void sshMessagesInChinese()
    {
        QFETCH(QString, address);
        QFETCH(QString, chinese);
        const auto target = parseSshTarget(address.toStdString());
        QVERIFY(!target);
        QCOMPARE(errorText(target.error()), QString::fromStdString(target.error().message));
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(errorText(target.error()), chinese);
    }

    void sshCannotConnectInChinese()
    {
        const std::uint16_t port = test::freeLoopbackPort(); // nothing listens there now
        SshOptions options;
        options.target = {"root", "127.0.0.1", port};
        options.configFile = "";
        options.connectTimeout = std::chrono::milliseconds(5000);
        SshSession session(options);
        const Status connected = session.connect();
        QVERIFY(!connected);
        const QString english = QString::fromStdString(connected.error().message);
        const QString where = QStringLiteral("ssh://root@127.0.0.1:%1").arg(port);
        QVERIFY2(english.startsWith("SSH: cannot connect (" + where + "): "), qPrintable(english));
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const QString zh = errorText(connected.error());
        const QString libsshWords = english.mid(english.indexOf("): ") + 3);
        QCOMPARE(zh, QString::fromUtf8("SSH：无法连接（%1）：%2").arg(where, libsshWords));
    }

    // Acting on jobs and events and driving the simulation, on a real engine in virtual time: the
    // refusals the Jobs page, the event panel and supernodectl meet, in Chinese with the job id,
    // the state and the numbers kept.
    void jobAndEventActionsInChinese()
    {
        Engine::Options options;
        options.spec = sim::defaultSimulatedSpec(1);
        options.spec.simulation.jobArrivalsPerHour = 0;
        options.virtualTime = true;
        Engine engine(std::move(options));
        pb::JobSpec spec;
        spec.set_name("short");
        spec.set_user("tester");
        spec.set_queue("research");
        spec.set_gpus_min(1);
        spec.set_gpus_max(1);
        spec.set_estimated_runtime_s(60);
        const auto job = engine.submitJob(spec);
        QVERIFY2(job, job ? "" : job.error().message.c_str());
        const QString id = QString::fromStdString(job->id());
        std::vector<std::pair<Error, QString>> refusals;
        const auto refused = [&](const auto &result, const QString &chinese) {
            QVERIFY2(!result, "not refused");
            refusals.emplace_back(result.error(), chinese);
        };
        refused(engine.requeueJob(job->id()), QString::fromUtf8("作业 %1 已经在队列中等待").arg(id));
        for (int i = 0; i < 180; ++i)
            QVERIFY(engine.advanceTime(1000));
        refused(engine.cancelJob(job->id()), QString::fromUtf8("作业 %1 已经结束（已完成）").arg(id));
        refused(engine.requeueJob(job->id()),
                QString::fromUtf8("作业 %1 已经结束（已完成）：如需再次运行，请重新提交").arg(id));
        refused(engine.cancelJob("j-none"), QString::fromUtf8("没有 ID 为 j-none 的作业"));
        refused(engine.getJob("j-none"), QString::fromUtf8("没有 ID 为 'j-none' 的作业"));
        refused(engine.ackEvent(999999, "tester"), QString::fromUtf8("没有 ID 为 999999 的事件"));
        refused(engine.advanceTime(-1), QString::fromUtf8("不能按负值推进时间"));
        refused(engine.advanceTime(31LL * 24 * 3600 * 1000),
                QString::fromUtf8("一次最多只能推进 30 天（2592000000 毫秒）；请分步推进"));
        pb::InjectFaultRequest fault;
        fault.set_kind(static_cast<pb::FaultKind>(999));
        refused(engine.injectFault(fault), QString::fromUtf8("未知的故障类型 999"));
        pb::JobSpec declared = spec;
        declared.set_name("planned");
        declared.mutable_declared_model()->set_parameters(-1);
        const auto refusedModel = engine.submitJob(declared);
        QVERIFY(!refusedModel);
        const QString modelZh = test::inChinese([&] { return errorText(refusedModel.error()); });
        QVERIFY2(modelZh.contains(QString::fromUtf8("声明的模型：模型参数量必须为正数（例如 13e9），实际为 ")),
                 qPrintable(QString::fromStdString(refusedModel.error().message) + "\n" + modelZh));
        spec.set_backend("slurm");
        refused(engine.renderJob(spec),
                QString::fromUtf8("此集群未配置作业后端 'slurm'（cluster.yaml jobBackends）；已知的有：embedded"));
        Engine::Options realTime;
        realTime.spec = sim::defaultSimulatedSpec(1);
        Engine live(std::move(realTime));
        refused(live.advanceTime(1000), QString::fromUtf8("引擎按真实时间运行；只有虚拟时间的引擎才能推进时间"));
        for (const auto &[error, chinese] : refusals) {
            QCOMPARE(errorText(error), QString::fromStdString(error.message)); // English: as written
            const QString zh = test::inChinese([&] { return errorText(error); });
            QVERIFY2(zh == chinese, qPrintable(QString::fromStdString(error.message) + "\n" + zh));
        }
    }

    // The job planner's refusals of what it is asked, from a real engine's PlanJob (the plan panel
    // and `supernodectl plan`), one field wrong at a time: each in Chinese, its numbers, names and
    // option words kept. A row's text is the start of the translation (lists of GPU models and
    // limits follow).
    void planRefusalsInChinese_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("chinese");
        const auto row = [](const char *change, const char *chinese) {
            QTest::newRow(change) << QString::fromLatin1(change) << QString::fromUtf8(chinese);
        };
        row("gpus=-1", "GPU 数量至少为 1，实际为 -1");
        row("gpu=A100-80GB nodes=-1", "节点数量不能为负");
        row("gpu=A100-80GB gpus=9 nodes=2", "9 块 GPU 无法平均分配到 2 个节点上");
        row("gpus=2000000", "2000000 块 GPU 超出了规划器能处理的数量（1048576）");
        row("tp=-1", "张量并行度和流水线并行度至少为 1");
        row("gpus=8 tp=4 pp=4", "TP x PP = 4 x 4 需要的 GPU 多于所申请的 8 块");
        row("gpus=8 tp=3", "8 块 GPU 不能被 TP x PP = 3 x 1 = 3 整除");
        row("seq=-5", "序列长度必须为 1 到 ");
        row("mfu=2", "MFU 必须在 (0, 1] 之内，实际为 2");
        row("reserve=-1", "框架预留内存不能为负");
        row("nic=-1", "网卡数量和速率不能为负");
        row("inference batch=-1", "批大小必须为 1 到 ");
        row("inference output=-1", "输出 token 数不能为负");
        row("inference gpu=V100-32GB weights=fp8", "V100-32GB 不支持 FP8 运算；FP8 需要以下 GPU 之一：");
        row("zero=5", "ZeRO 阶段必须为 0、1、2 或 3（FSDP 完全分片即 3），实际为 5");
        row("micro=-1", "微批大小必须为 1 到 ");
        row("accumulation=-1", "梯度累积步数必须为 1 到 ");
        row("tokens=-1", "训练 token 数不能为负");
        row("overlap=2", "重叠比例必须在 [0, 1] 之内，实际为 2");
        row("compression=ratio:2", "梯度压缩比必须在 (0, 1] 之内，top-k 必须在 [0, 1) 之内");
        row("gpu=V100-32GB", "V100-32GB 不支持 BF16 运算（它早于 Ampere 架构）；请使用 --precision fp16");
        row("gpu=V100-32GB precision=fp8", "V100-32GB 不支持 FP8 运算；FP8 训练需要以下 GPU 之一：");
        row("layers=100001", "层数最多为 100000，隐藏层大小、注意力头数和头维度最多为 1048576");
        row("gpus=8 tp=4 layers=32 hidden=3840 heads=30", "TP 4 不能整除 30 个注意力头");
        row("gpus=8 pp=8 layers=4 hidden=4096 heads=32", "PP 8 超过了模型的 4 层");
        row("parameters=-1", "模型参数量必须为正数（例如 13e9），实际为 ");
        row("layers=-1", "层数、隐藏层大小、注意力头数、KV 头数和头维度不能为负");
        row("layers=32 hidden=4100 heads=32",
            "隐藏层大小 4100 不是 32 个注意力头的倍数；请指定 --head-dim，或修改 --hidden/--heads");
        row("layers=32 hidden=4096 heads=32 kvheads=5", "注意力头数（32）必须是 KV 头数（5）的倍数");
        row("gpu=Z9000", "未知的 GPU 型号 'Z9000'；已知型号：");
        row("checkpointing=some", "checkpointing 'some' 不是以下之一：none, selective, full");
        row("compression=zip", "压缩方式 'zip' 不是 none、fp8、ratio:R、topk:F 之一");
        row("inference kv=int4", "KV 缓存不支持 'int4'；请使用 bf16、fp16、fp8 或 int8");
    }
    void planRefusalsInChinese()
    {
        QFETCH(QString, change);
        QFETCH(QString, chinese);
        const pb::PlanJobRequest request = planRequest(change);
        if (!m_planner) { // one engine for every row
            Engine::Options options;
            options.spec = sim::defaultSimulatedSpec(1);
            options.spec.simulation.jobArrivalsPerHour = 0;
            options.virtualTime = true;
            m_planner = std::make_unique<Engine>(std::move(options));
        }
        const auto plan = m_planner->planJob(request);
        QVERIFY2(!plan, "planned");
        QCOMPARE(errorText(plan.error()), QString::fromStdString(plan.error().message)); // English: as written
        const QString zh = test::inChinese([&] { return errorText(plan.error()); });
        QVERIFY2(zh.startsWith(chinese), qPrintable(QString::fromStdString(plan.error().message) + "\n" + zh));
    }

    // Every pattern of the catalogue has its Chinese (translations_current checks the .ts; this
    // checks the compiled catalogue the program carries).
    void everyPatternIsTranslated()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        for (const QString &pattern : engineMessagePatterns()) {
            const QString zh = QCoreApplication::translate("sn::EngineMessage", pattern.toUtf8().constData());
            QVERIFY2(zh != pattern || pattern.startsWith('%'), qPrintable(pattern));
        }
    }
};

QTEST_GUILESS_MAIN(TestEngineMessage)
#include "tst_engine_message.moc"
