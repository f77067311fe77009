// cluster.yaml `jobBackends.kubernetes` through EngineApi (LocalEngine): the engine builds the
// kubectl backend, RenderJob answers the exact manifests (valid by the Kubernetes schema), a spec
// without a backend goes to `default: kubernetes`, an unconfigured backend is NotFound with the
// engine's message, and a submit to an API server that cannot be reached fails Unavailable in
// the real kubectl's words. No API server runs here (docs/job-backends.md, "Kubernetes").
#include "backend/engine/engine.h"
#include "backend/engine/local_engine.h"
#include "backend/model/cluster_yaml.h"
#include "tests/support/k8s_validate.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sn;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

int closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length);
    const int port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

} // namespace

class TstEngineKubernetes : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<LocalEngine> m_engine;

private slots:
    void initTestCase()
    {
        const QString kubeconfig = m_dir.filePath("kubeconfig");
        QFile f(kubeconfig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString("apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster: {server: "
                        "\"https://127.0.0.1:%1\"}\ncontexts:\n- name: lab\n  context: {cluster: lab, user: u}\n"
                        "current-context: lab\nusers:\n- name: u\n  user: {token: unused}\n")
                    .arg(closedPort())
                    .toUtf8());
        f.close();
        const std::string yaml = "apiVersion: supernode/v1\n"
                                 "kind: Cluster\n"
                                 "metadata: {name: lab}\n"
                                 "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                                 "schedulingPolicy:\n"
                                 "  priorityClass: [{modelTraining: 100}, {inference: 80}]\n"
                                 "  resourceQuota: {gpu: {min: 4, max: 16}, memory: {limit: 2Ti}}\n"
                                 "  queues:\n"
                                 "    - {name: mlteam, gpu: {min: 4, max: 16}, memory: {limit: 2Ti}}\n"
                                 "jobBackends:\n"
                                 "  default: kubernetes\n"
                                 "  kubernetes:\n"
                                 "    kubeconfig: " +
                                 kubeconfig.toStdString() +
                                 "\n"
                                 "    context: lab\n"
                                 "    namespace: ml\n"
                                 "    image: nvcr.io/nvidia/pytorch:24.01-py3\n"
                                 "    queueing: kueue\n";
        auto spec = parseClusterYaml(yaml);
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        LocalEngine::Options options;
        options.engine.spec = *spec;
        options.engine.virtualTime = true;
        options.engine.backendRefreshMs = 60000;
        m_engine = std::make_unique<LocalEngine>(std::move(options));
    }
    void cleanupTestCase() { m_engine.reset(); }

    void renderJobAnswersTheManifests()
    {
        pb::JobSpec s;
        s.set_name("llm pretrain");
        s.set_queue("mlteam");
        s.set_priority_class("modelTraining");
        s.set_gpus_min(16);
        s.set_gpus_max(16);
        s.set_node_count(2);
        s.set_gang(true);
        s.set_command("torchrun --nproc-per-node 8 train.py");
        s.set_memory_bytes(std::int64_t(512) << 30);
        auto shown = waitFor(m_engine->renderJob(s)); // no backend named: the default
        QVERIFY2(shown.ok(), shown.ok() ? "" : shown.error().message.c_str());
        QCOMPARE(q(shown->backend()), QString("kubernetes"));
        QCOMPARE(q(shown->media_type()), QString("application/yaml"));
        QStringList command;
        for (const std::string &w : shown->command())
            command << q(w);
        QCOMPARE(command.join(' '),
                 "kubectl --kubeconfig=" + m_dir.filePath("kubeconfig") + " --context=lab apply -f -");
        const QString yaml = q(shown->text());
        for (const char *part :
             {"kind: PriorityClass", "value: 100", "kind: ResourceQuota", "requests.nvidia.com/gpu: \"16\"",
              "limits.memory: 2Ti", "kind: Job", "kueue.x-k8s.io/queue-name: mlteam", "suspend: true", "completions: 2",
              "nvidia.com/gpu: \"8\"", "memory: 512Gi"})
            QVERIFY2(yaml.contains(part), qPrintable(yaml + "\nlacks " + part));
        const test::ManifestCheck check = test::validateKubernetesManifests(yaml);
        QVERIFY2(check.exitCode == 0, qPrintable(check.output));
    }

    void unconfiguredAndInexpressibleSpecs()
    {
        pb::JobSpec s;
        s.set_backend("slurm");
        s.set_command("true");
        auto slurm = waitFor(m_engine->renderJob(s));
        QVERIFY(!slurm.ok());
        QCOMPARE(slurm.error().code, ErrorCode::NotFound);
        QCOMPARE(q(slurm.error().message), QString("job backend 'slurm' is not configured for this cluster "
                                                   "(cluster.yaml jobBackends); known: embedded, kubernetes"));
        s.set_backend("kubernetes");
        s.add_dependencies("afterok:1");
        auto refused = waitFor(m_engine->renderJob(s));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(q(refused.error().message).startsWith("dependencies:"), refused.error().message.c_str());
        s.set_backend("embedded");
        s.clear_dependencies();
        auto embedded = waitFor(m_engine->renderJob(s));
        QVERIFY(embedded.ok());
        QCOMPARE(q(embedded->media_type()), QString("application/json"));
    }

    void submitToAnUnreachableServerIsUnavailable()
    {
        if (QStandardPaths::findExecutable("kubectl").isEmpty()) {
            if (qEnvironmentVariable("CI") == "true")
                QFAIL("kubectl is not installed");
            QSKIP("kubectl is not installed");
        }
        pb::JobSpec s;
        s.set_name("train");
        s.set_command("python train.py");
        s.set_gpus_min(1);
        s.set_gpus_max(1);
        auto job = waitFor(m_engine->submitJob(s));
        QVERIFY(!job.ok());
        QCOMPARE(job.error().code, ErrorCode::Unavailable);
        QVERIFY2(q(job.error().message).contains("refused"), job.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TstEngineKubernetes)
#include "tst_engine_kubernetes.moc"
