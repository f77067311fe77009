// supernodectl submit --dry-run as a user runs it (the real binary): the exact sbatch script and
// command for --backend slurm from the cluster.yaml's jobBackends, the embedded spec as JSON,
// `submit` the same as `jobs submit`, and the errors for an unconfigured backend or bad options.
// Rendering needs no Slurm at all: nothing is sent.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/k8s_validate.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using sn::test::ctl;

namespace {

const char *kClusterYaml = "apiVersion: supernode/v1\n"
                           "kind: Cluster\n"
                           "metadata: {name: lab}\n"
                           "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                           "jobBackends:\n"
                           "  slurm: {via: cli, partition: gpu, qos: {urgent: high}}\n";

const char *kKubernetesYaml = "apiVersion: supernode/v1\n"
                              "kind: Cluster\n"
                              "metadata: {name: lab}\n"
                              "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                              "schedulingPolicy:\n"
                              "  priorityClass: [{urgent: 1000}, {batch: 10}]\n"
                              "  resourceQuota: {gpu: {min: 0, max: 16}, memory: {limit: 1Ti}}\n"
                              "  queues:\n"
                              "    - {name: mlteam, gpu: {min: 0, max: 16}, memory: {limit: 1Ti}}\n"
                              "jobBackends:\n"
                              "  kubernetes:\n"
                              "    kubeconfig: /nonexistent/kubeconfig\n"
                              "    namespace: ml\n"
                              "    image: nvcr.io/nvidia/pytorch:24.01-py3\n"
                              "    queueing: volcano\n";

} // namespace

class TestSupernodectlSubmit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_config;
    QString m_kubernetesConfig;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = m_dir.filePath("cluster.yaml");
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kClusterYaml);
        m_kubernetesConfig = m_dir.filePath("cluster-kubernetes.yaml");
        QFile k(m_kubernetesConfig);
        QVERIFY(k.open(QIODevice::WriteOnly));
        k.write(kKubernetesYaml);
    }

    // The manifests kubectl would get on stdin, valid by the Kubernetes schema; nothing is sent
    // (the kubeconfig does not even exist).
    void printsTheKubernetesManifests()
    {
        const QString command = "echo \"it's $(hostname)\"; torchrun train.py\nexit 0";
        const auto r = ctl({"--config", m_kubernetesConfig, "submit", "--backend", "kubernetes",  "--gpus",
                            "16",       "--nodes",          "2",      "--name",    "Train 'LLM'", "--queue",
                            "mlteam",   "--priority-class", "urgent", "--command", command,       "--time-limit",
                            "3600",     "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        const QString yaml = QString::fromUtf8(r.out);
        for (const char *part :
             {"kind: PriorityClass", "kind: ResourceQuota", "kind: PodGroup", "minMember: 2", "kind: Job",
              "completionMode: Indexed", "namespace: mlteam", "nvidia.com/gpu: \"8\"", "activeDeadlineSeconds: 3600",
              "schedulerName: volcano", "supernode.io/job-name: Train 'LLM'"})
            QVERIFY2(yaml.contains(part), qPrintable(yaml + "\nlacks " + part));
        const QString sentTo = QString::fromUtf8(r.err);
        QVERIFY2(sentTo.contains("# kubernetes (application/yaml), sent to: kubectl "
                                 "--kubeconfig=/nonexistent/kubeconfig apply -f -"),
                 qPrintable(sentTo));
        const sn::test::ManifestCheck check = sn::test::validateKubernetesManifests(yaml);
        QVERIFY2(check.exitCode == 0, qPrintable(check.output));

        const auto noImage = ctl({"--config", m_config, "submit", "--backend", "kubernetes", "--gpus", "1", "--command",
                                  "true", "--dry-run"});
        QCOMPARE(noImage.exitCode, 3); // this cluster.yaml has no kubernetes section
        const auto own = ctl({"--config", m_kubernetesConfig, "submit", "--backend", "kubernetes", "--gpus", "1",
                              "--command", "true", "--image", "registry.local/mine:2", "--dry-run"});
        QCOMPARE(own.exitCode, 0);
        QVERIFY2(own.out.contains("image: registry.local/mine:2"), own.out.constData());
    }

    void printsTheExactSbatchScript()
    {
        const QString command = "echo \"it's $(hostname)\"; srun python train.py\nexit 0";
        const auto r =
            ctl({"--config", m_config,    "submit", "--backend",    "slurm",   "--gpus",   "16",
                 "--nodes",  "2",         "--name", "train 'llm'",  "--queue", "mlteam",   "--priority-class",
                 "urgent",   "--command", command,  "--time-limit", "3600",    "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        const QString script = QString::fromUtf8(r.out);
        QVERIFY2(script.startsWith("#!/bin/bash\n"), r.out.constData());
        QVERIFY2(script.endsWith(command + "\n"), r.out.constData()); // the command as written
        const QString sentTo = QString::fromUtf8(r.err);
        for (const char *word : {"sbatch --parsable", "'--job-name=train '\\''llm'\\'''", "--partition=gpu",
                                 "--account=mlteam", "--qos=high", "--nodes=2", "--gres=gpu:8", "--time=0-01:00:00"})
            QVERIFY2(sentTo.contains(word), qPrintable(sentTo + " lacks " + word));
    }

    void jobsSubmitIsTheSameCommandAndJsonHasTheWords()
    {
        const QStringList global{"--config", m_config, "--json"};
        const QStringList args{"--backend", "slurm", "--gpus", "2", "--command", "true", "--dry-run"};
        const auto a = ctl(global + QStringList{"submit"} + args);
        const auto b = ctl(global + QStringList{"jobs", "submit"} + args);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
        const QJsonObject o = sn::test::json(a);
        QCOMPARE(o["backend"].toString(), QString("slurm"));
        QCOMPARE(o["media_type"].toString(), QString("text/x-shellscript"));
        QCOMPARE(o["command"].toArray().first().toString(), QString("sbatch"));
        QVERIFY(o["command"].toArray().contains(QJsonValue("--gres=gpu:2")));
    }

    void embeddedDryRunIsTheSpecAsJson()
    {
        const auto r = ctl({"--config", m_config, "submit", "--gpus", "2", "--name", "local", "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("\"gpus_min\": 2"), r.out.constData());
        QVERIFY2(r.err.contains("embedded"), r.err.constData());
    }

    void refusesWhatCannotBeRendered_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("unconfigured backend")
            << QStringList{"--backend", "kubernetes", "--gpus", "1", "--command", "true"} << 3 << "kubernetes";
        QTest::newRow("unknown backend") << QStringList{"--backend", "pbs", "--gpus", "1"} << 2 << "--backend must be";
        QTest::newRow("slurm without command") << QStringList{"--backend", "slurm", "--gpus", "1"} << 3 << "command";
        QTest::newRow("uneven over nodes")
            << QStringList{"--backend", "slurm", "--gpus", "3", "--nodes", "2", "--command", "true"} << 3
            << "do not divide evenly";
    }
    void refusesWhatCannotBeRendered()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const auto r = ctl(QStringList{"--config", m_config, "submit"} + args + QStringList{"--dry-run"});
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlSubmit)
#include "tst_supernodectl_submit.moc"
