// KubectlBackend: the exact kubectl argv and stdin (a recorder script stands in for kubectl to
// isolate the unit: it writes down its arguments and input and answers with the hand-written API
// replies of data/kubernetes), the answers read back as jobs, nodes and queues; and the real
// kubectl 1.32 where it works without an API server: it reads the rendered manifests as the same
// objects, and an unreachable server or unknown context comes back as Unavailable with kubectl's
// words. No test here talks to a Kubernetes API server: none can run on these machines.
#include "backend/model/command_runner.h"
#include "backend/scheduler/backends/kubectl_backend.h"
#include "tests/support/in_language.h"
#include "translations/engine_message.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <yaml-cpp/yaml.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sn;

namespace {

const char *kRecorder = R"(#!/bin/bash
# Stands in for kubectl: records argv (NUL-separated) and stdin per call, answers from files.
dir=$(dirname "$0")
n=$(( $(cat "$dir/count" 2>/dev/null || echo 0) + 1 ))
echo $n > "$dir/count"
printf '%s\0' "$0" "$@" > "$dir/argv.$n"
cat > "$dir/stdin.$n"
case " $* " in
  *" apply -f - "*) answer=apply ;;
  *" get jobs,pods "*) answer=jobs ;;
  *" get events "*) answer=events ;;
  *" get nodes "*) answer=nodes ;;
  *" get namespaces "*) answer=namespaces ;;
  *" delete job "*) answer=delete ;;
esac
[ -f "$dir/answer.$answer" ] && cat "$dir/answer.$answer"
[ -f "$dir/stderr.$answer" ] && cat "$dir/stderr.$answer" >&2
exit $(cat "$dir/exit.$answer" 2>/dev/null || echo 0)
)";

QString fixturePath(const QString &name)
{
    return qEnvironmentVariable("SN_SOURCE_DIR") + "/tests/backend/scheduler/backends/data/kubernetes/" + name;
}

class Recorder {
public:
    Recorder()
    {
        m_script = m_dir.path() + "/kubectl";
        write("kubectl", kRecorder);
        QFile::setPermissions(m_script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        for (const auto &[answer, file] : {std::pair<const char *, const char *>{"jobs", "jobs_pods.json"},
                                           {"events", "events.json"},
                                           {"nodes", "nodes.json"},
                                           {"namespaces", "namespaces.json"}}) {
            QFile::copy(fixturePath(file), m_dir.path() + "/answer." + answer);
        }
    }
    void write(const QString &name, const QByteArray &content)
    {
        QFile f(m_dir.path() + "/" + name);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
    void answer(const QString &command, const QByteArray &out, const QByteArray &err = {}, int exitCode = 0)
    {
        write("answer." + command, out);
        write("stderr." + command, err);
        write("exit." + command, QByteArray::number(exitCode));
    }
    int calls() const
    {
        QFile f(m_dir.path() + "/count");
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toInt() : 0;
    }
    std::vector<std::string> argv(int call) const
    {
        QFile f(m_dir.path() + "/argv." + QString::number(call));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        std::vector<std::string> words;
        for (const QByteArray &w : f.readAll().split('\0'))
            words.push_back(w.toStdString());
        words.pop_back(); // after the last NUL
        return words;
    }
    std::string stdinOf(int call) const
    {
        QFile f(m_dir.path() + "/stdin." + QString::number(call));
        return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string("(none)");
    }
    const QString &script() const { return m_script; }

private:
    QTemporaryDir m_dir;
    QString m_script;
};

KubectlOptions optionsFor(const QString &kubectl)
{
    KubectlOptions options;
    options.kubectl = kubectl.toStdString();
    options.kubeconfig = "/etc/supernode/kube.conf";
    options.context = "prod";
    options.submit.image = "nvcr.io/nvidia/pytorch:24.01-py3";
    options.submit.namespaceName = "mlteam";
    return options;
}

pb::JobSpec inferSpec()
{
    pb::JobSpec spec;
    spec.set_name("infer");
    spec.set_queue("mlteam");
    spec.set_command("python serve.py");
    spec.set_gpus_min(2);
    spec.set_gpus_max(2);
    return spec;
}

using Words = std::vector<std::string>;
const Words kPrefix{"", "--kubeconfig=/etc/supernode/kube.conf", "--context=prod"};

Words withPrefix(const Recorder &r, Words words)
{
    Words all = kPrefix;
    all[0] = r.script().toStdString();
    all.insert(all.end(), words.begin(), words.end());
    return all;
}

QString shown(const Words &words)
{
    QStringList list;
    for (const std::string &w : words)
        list << QString::fromStdString(w);
    return list.join(" | ");
}

// A kubeconfig whose only cluster listens nowhere: a port that was free a moment ago.
QString kubeconfigPointingNowhere(const QTemporaryDir &dir)
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
    const QString path = dir.path() + "/kubeconfig";
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QString("apiVersion: v1\nkind: Config\nclusters:\n- name: nowhere\n  cluster: {server: "
                    "\"https://127.0.0.1:%1\"}\ncontexts:\n- name: nowhere\n  context: {cluster: nowhere, user: "
                    "nobody}\ncurrent-context: nowhere\nusers:\n- name: nobody\n  user: {token: unused}\n")
                .arg(port)
                .toUtf8());
    return path;
}

bool haveKubectl()
{
    return !QStandardPaths::findExecutable("kubectl").isEmpty();
}

} // namespace

class TstKubectlBackend : public QObject {
    Q_OBJECT
private slots:
    void submitAppliesTheManifestsOnStdin()
    {
        Recorder r;
        r.answer("apply", "priorityclass.scheduling.k8s.io/urgent unchanged\njob.batch/infer created\n");
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), optionsFor(r.script()));
        const pb::JobSpec spec = inferSpec();
        auto rendered = backend.render(spec);
        QVERIFY(rendered);
        QCOMPARE(rendered->mediaType, std::string("application/yaml"));
        QCOMPARE(shown(rendered->command), shown(withPrefix(r, {"apply", "-f", "-"})));
        QCOMPARE(r.calls(), 0); // render sends nothing

        auto job = backend.submit(spec);
        QVERIFY2(job, job ? "" : job.error().message.c_str());
        QCOMPARE(shown(r.argv(1)), shown(withPrefix(r, {"apply", "-f", "-"})));
        QCOMPARE(r.stdinOf(1), rendered->text);
        QCOMPARE(shown(r.argv(2)), shown(withPrefix(r, {"get", "jobs,pods", "--output=json", "--namespace=mlteam",
                                                        "--selector=supernode.io/job"})));
        QCOMPARE(shown(r.argv(3)), shown(withPrefix(r, {"get", "events", "--output=json", "--namespace=mlteam",
                                                        "--field-selector=type=Warning"})));
        QCOMPARE(job->backend(), std::string("kubernetes"));
        QCOMPARE(job->backend_job_id(), std::string("mlteam/infer"));
        QCOMPARE(job->state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(job->spec().command(), std::string("python serve.py")); // the submitted spec, kept
        QCOMPARE(job->backend_nodes(0), std::string("gpu02"));
    }

    void userTextTravelsOnlyOnStdin()
    {
        Recorder r;
        const std::string hostile = "x'; rm -rf / $(id) `id` \"\n";
        pb::JobSpec spec = inferSpec();
        spec.set_name("infer" + hostile);
        spec.set_command("echo " + hostile);
        (*spec.mutable_environment())["V"] = hostile;
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), optionsFor(r.script()));
        auto rendered = backend.render(spec);
        QVERIFY(rendered);
        r.answer("apply",
                 QByteArray("job.batch/") + QByteArray::fromStdString(dns1123Label(spec.name())) + " created\n");
        auto job = backend.submit(spec);
        QVERIFY2(job, job ? "" : job.error().message.c_str());
        for (int call = 1; call <= r.calls(); ++call)
            for (const std::string &word : r.argv(call))
                QVERIFY2(word.find("rm -rf") == std::string::npos && word.find("$(id)") == std::string::npos,
                         word.c_str());
        QCOMPARE(r.stdinOf(1), rendered->text);
        const auto docs = YAML::LoadAll(r.stdinOf(1));
        const YAML::Node container = docs.back()["spec"]["template"]["spec"]["containers"][0];
        QCOMPARE(container["command"][2].as<std::string>(), spec.command());
        QCOMPARE(container["env"][0]["value"].as<std::string>(), hostile);
        QCOMPARE(docs.back()["metadata"]["annotations"]["supernode.io/job-name"].as<std::string>(), spec.name());
    }

    void refusalsAndConflicts_data()
    {
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("err");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("messagePart");
        QTest::addColumn<QString>("chinesePart"); // what the console shows in zh_CN (errorText)
        QTest::newRow("exists already")
            << QByteArray("job.batch/infer unchanged\n") << QByteArray() << 0 << int(ErrorCode::FailedPrecondition)
            << "a Job named infer already exists in namespace mlteam (kubectl apply: unchanged)"
            << QString::fromUtf8("命名空间 mlteam 中已有名为 infer 的 Job（kubectl apply：unchanged）；请给作业换个"
                                 "名字，或删除旧的 Job");
        QTest::newRow("configured") << QByteArray("job.batch/infer configured\n") << QByteArray() << 0
                                    << int(ErrorCode::FailedPrecondition) << "(kubectl apply: configured)"
                                    << QString::fromUtf8("（kubectl apply：configured）");
        QTest::newRow("forbidden by quota")
            << QByteArray()
            << QByteArray("Error from server (Forbidden): error when creating \"STDIN\": jobs.batch "
                          "\"infer\" is forbidden: exceeded quota: supernode-queue\n")
            << 1 << int(ErrorCode::InvalidArgument) << "Kubernetes refused the job: Error from server (Forbidden)"
            << QString::fromUtf8("Kubernetes 拒绝了该作业：Error from server (Forbidden): error when creating");
        QTest::newRow("unreachable")
            << QByteArray()
            << QByteArray("E1203 memcache.go:265] couldn't get current server API group list: Get "
                          "\"https://10.0.0.1:6443/api\": dial tcp 10.0.0.1:6443: connect: connection refused\n")
            << 1 << int(ErrorCode::Unavailable) << "Kubernetes API server unreachable"
            << QString::fromUtf8("无法访问 Kubernetes API 服务器（");
        QTest::newRow("silent apply") << QByteArray("") << QByteArray() << 0 << int(ErrorCode::Internal)
                                      << "kubectl apply did not report the Job infer"
                                      << QString::fromUtf8("kubectl apply 没有报告 Job infer：");
    }
    void refusalsAndConflicts()
    {
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, err);
        QFETCH(int, exitCode);
        QFETCH(int, code);
        QFETCH(QString, messagePart);
        QFETCH(QString, chinesePart);
        Recorder r;
        r.answer("apply", out, err, exitCode);
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), optionsFor(r.script()));
        auto job = backend.submit(inferSpec());
        QVERIFY(!job);
        QCOMPARE(int(job.error().code), code);
        QVERIFY2(QString::fromStdString(job.error().message).contains(messagePart), job.error().message.c_str());
        // kubectl's own words stay as it wrote them, inside the translated frame.
        const QString zh = test::inChinese([&] { return errorText(job.error()); });
        QVERIFY2(zh.contains(chinesePart), qPrintable(zh));
    }

    void cancelDeletesTheJobAndKeepsItListed()
    {
        Recorder r;
        r.answer("apply", "job.batch/infer created\n");
        r.answer("delete", "job.batch \"infer\" deleted\n");
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), optionsFor(r.script()));
        QVERIFY(backend.submit(inferSpec()));
        const int before = r.calls();
        auto cancelled = backend.cancel("mlteam/infer");
        QVERIFY2(cancelled, cancelled ? "" : cancelled.error().message.c_str());
        QCOMPARE(shown(r.argv(before + 1)), shown(withPrefix(r, {"delete", "job", "infer", "--namespace=mlteam"})));
        QCOMPARE(cancelled->state(), pb::JOB_STATE_CANCELLED);
        QCOMPARE(cancelled->spec().command(), std::string("python serve.py"));

        // Kubernetes no longer lists it; the console still does, cancelled.
        r.answer("jobs", R"({"apiVersion": "v1", "kind": "List", "items": []})");
        auto jobs = backend.listJobs();
        QVERIFY2(jobs, jobs ? "" : jobs.error().message.c_str());
        QCOMPARE(jobs->size(), std::size_t{1});
        QCOMPARE(jobs->front().state(), pb::JOB_STATE_CANCELLED);

        const int calls = r.calls();
        for (const char *bad : {"infer", "mlteam/in fer", "ML/infer", "mlteam/infer;id", "/infer"}) {
            auto refused = backend.cancel(bad);
            QVERIFY(!refused);
            QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        }
        QCOMPARE(r.calls(), calls); // nothing was run for them

        r.answer("delete", "", "Error from server (NotFound): jobs.batch \"gone\" not found\n", 1);
        auto missing = backend.cancel("mlteam/gone");
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::NotFound);
    }

    void listsNodesQueuesAndEveryNamespaceSubmittedTo()
    {
        Recorder r;
        KubectlOptions options = optionsFor(r.script());
        options.kubeconfig.clear();
        options.context.clear();
        options.submit.namespaceName = "default";
        options.submit.policy.queues = {{"mlteam", {}, 1}}; // where inferSpec() goes
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), options);
        const std::string me = r.script().toStdString();

        auto nodes = backend.nodes();
        QVERIFY2(nodes, nodes ? "" : nodes.error().message.c_str());
        QCOMPARE(shown(r.argv(1)), shown({me, "get", "nodes", "--output=json"}));
        QCOMPARE(nodes->size(), std::size_t{5});
        QCOMPARE(nodes->front().gpus, 8);
        auto queues = backend.queues();
        QVERIFY(queues);
        QCOMPARE(shown(r.argv(2)), shown({me, "get", "namespaces", "--output=json"}));
        QVERIFY(queues->front().isDefault); // "default"

        r.answer("apply", "job.batch/infer created\n");
        QVERIFY(backend.submit(inferSpec()));
        const int before = r.calls();
        auto jobs = backend.listJobs();
        QVERIFY2(jobs, jobs ? "" : jobs.error().message.c_str());
        QStringList namespaces;
        for (int call = before + 1; call <= r.calls(); ++call)
            if (r.argv(call)[2] == "jobs,pods")
                namespaces << QString::fromStdString(r.argv(call)[4]);
        QCOMPARE(namespaces, QStringList({"--namespace=default", "--namespace=mlteam"}));
    }

    void malformedAnswersAreErrors()
    {
        Recorder r;
        r.answer("jobs", "{\"items\": [{\"kind\": \"Pod\", \"metadata\": {\"name\": \"p\"}, \"status\": {}}]}");
        r.answer("nodes", "not json");
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), optionsFor(r.script()));
        auto jobs = backend.listJobs();
        QVERIFY(!jobs);
        QVERIFY2(QString::fromStdString(jobs.error().message).contains("items[0] (Pod p).status: 'phase' is missing"),
                 jobs.error().message.c_str());
        auto nodes = backend.nodes();
        QVERIFY(!nodes);
        QVERIFY2(QString::fromStdString(nodes.error().message).startsWith("kubectl get nodes -o json:1:"),
                 nodes.error().message.c_str());
        r.answer("nodes", "", "error: You must be logged in to the server (Unauthorized)\n", 1);
        nodes = backend.nodes();
        QVERIFY(!nodes);
        QCOMPARE(nodes.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(nodes.error().message).contains("(Unauthorized)"),
                 nodes.error().message.c_str());
    }

    // The real kubectl, offline: it reads the rendered manifests (YAML, several documents, quoted
    // strings) as the same objects. `label --local` decodes without an API server; `apply
    // --dry-run=client` cannot (it needs the server's discovery).
    void realKubectlReadsTheManifests()
    {
        if (!haveKubectl()) {
            if (qEnvironmentVariable("CI") == "true")
                QFAIL("kubectl is not installed");
            QSKIP("kubectl is not installed");
        }
        QTemporaryDir dir;
        KubectlOptions options = optionsFor("kubectl");
        options.submit.policy.priorityClasses = {{"urgent", 1000}};
        options.submit.policy.queues = {{"mlteam", {0, 16, 0}, 1}};
        options.submit.queueing = "kueue";
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), options);
        pb::JobSpec spec = inferSpec();
        spec.set_priority_class("urgent");
        spec.set_command("echo \"it's\" $(date)\nexit 0");
        (*spec.mutable_environment())["N"] = "0123";
        (*spec.mutable_environment())["B"] = "true";
        auto rendered = backend.render(spec);
        QVERIFY(rendered);
        LocalCommandRunner runner;
        auto out = runner.run({"kubectl", "--kubeconfig=" + kubeconfigPointingNowhere(dir).toStdString(), "label",
                               "--local", "-f", "-", "--output=json", "supernode.io/checked=yes"},
                              std::chrono::seconds(30), rendered->text);
        QVERIFY(out);
        QVERIFY2(out->exitCode == 0, out->err.c_str());
        // kubectl prints one JSON object per document, one after the other.
        std::vector<QJsonObject> objects;
        QByteArray rest = QByteArray::fromStdString(out->out);
        while (!rest.trimmed().isEmpty()) {
            QJsonParseError error{};
            QJsonDocument doc = QJsonDocument::fromJson(rest, &error);
            qsizetype consumed = rest.size();
            if (error.error == QJsonParseError::GarbageAtEnd) {
                consumed = error.offset;
                doc = QJsonDocument::fromJson(rest.left(consumed), &error);
            }
            QVERIFY2(doc.isObject(), qPrintable(error.errorString()));
            objects.push_back(doc.object());
            rest = rest.mid(consumed);
        }
        QCOMPARE(objects.size(), std::size_t{3});
        QCOMPARE(objects[0]["kind"].toString(), QString("PriorityClass"));
        QCOMPARE(std::as_const(objects[0])["metadata"]["labels"]["supernode.io/checked"].toString(), QString("yes"));
        QCOMPARE(objects[1]["kind"].toString(), QString("ResourceQuota"));
        QCOMPARE(std::as_const(objects[1])["spec"]["hard"]["requests.nvidia.com/gpu"].toString(), QString("16"));
        const QJsonObject job = objects[2];
        QCOMPARE(job["kind"].toString(), QString("Job"));
        QCOMPARE(job["metadata"]["labels"]["kueue.x-k8s.io/queue-name"].toString(), QString("mlteam"));
        QVERIFY(job["spec"]["suspend"].toBool());
        const QJsonObject c = job["spec"]["template"]["spec"]["containers"][0].toObject();
        QCOMPARE(c["command"][2].toString().toStdString(), spec.command());
        QCOMPARE(c["env"][0]["name"].toString(), QString("B"));
        QVERIFY(c["env"][0]["value"].isString()); // "true" stayed a string, "0123" too
        QCOMPARE(c["env"][0]["value"].toString(), QString("true"));
        QVERIFY(c["env"][1]["value"].isString());
        QCOMPARE(c["env"][1]["value"].toString(), QString("0123"));
        QCOMPARE(c["resources"]["limits"]["nvidia.com/gpu"].toString(), QString("2"));
    }

    void realKubectlWithoutAServerIsUnavailable()
    {
        if (!haveKubectl()) {
            if (qEnvironmentVariable("CI") == "true")
                QFAIL("kubectl is not installed");
            QSKIP("kubectl is not installed");
        }
        QTemporaryDir dir;
        KubectlOptions options = optionsFor("kubectl");
        options.kubeconfig = kubeconfigPointingNowhere(dir).toStdString();
        options.context = "nowhere";
        KubectlBackend backend(std::make_shared<LocalCommandRunner>(), options);
        auto jobs = backend.listJobs();
        QVERIFY(!jobs);
        QCOMPARE(jobs.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(jobs.error().message).contains("refused"), jobs.error().message.c_str());
        auto submitted = backend.submit(inferSpec());
        QVERIFY(!submitted);
        QCOMPARE(submitted.error().code, ErrorCode::Unavailable); // not a refusal of the job
        options.context = "no-such-context";
        KubectlBackend wrongContext(std::make_shared<LocalCommandRunner>(), options);
        auto nodes = wrongContext.nodes();
        QVERIFY(!nodes);
        QCOMPARE(nodes.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(nodes.error().message).contains("no-such-context"),
                 nodes.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TstKubectlBackend)
#include "tst_kubectl_backend.moc"
