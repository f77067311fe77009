// JobSpec -> Kubernetes manifests: each field lands at its place in the Job (or PodGroup,
// PriorityClass, ResourceQuota), every rendering passes the Kubernetes OpenAPI schema
// (kubernetes-models, through tests/support/k8s-validate), what a Job cannot express is refused
// with the field named, and user text arrives as the exact string it was.
#include "backend/scheduler/backends/kubernetes_manifest.h"
#include "tests/support/k8s_validate.h"

#include <QTest>

#include <limits>

#include <yaml-cpp/yaml.h>

using namespace sn;

namespace {

pb::JobSpec baseSpec()
{
    pb::JobSpec spec;
    spec.set_name("train");
    spec.set_command("python train.py");
    spec.set_gpus_min(2);
    spec.set_gpus_max(2);
    return spec;
}

KubernetesSubmitOptions baseOptions()
{
    KubernetesSubmitOptions options;
    options.image = "nvcr.io/nvidia/pytorch:24.01-py3";
    options.policy.priorityClasses = {{"urgent", 1000}, {"batch", 10}};
    options.policy.queues = {{"mlteam", {8, 16, std::int64_t(512) << 30}, 1}};
    return options;
}

void setGpus(pb::JobSpec &spec, int gpus)
{
    spec.set_gpus_min(gpus);
    spec.set_gpus_max(gpus);
}

// The rows name a change to the base spec or options.
void applySetup(const QString &setup, pb::JobSpec &spec, KubernetesSubmitOptions &options)
{
    for (const QString &part : setup.split('+', Qt::SkipEmptyParts)) {
        if (part == "gang") {
            setGpus(spec, 16);
            spec.set_node_count(2);
            spec.set_gang(true);
        } else if (part == "kueue") {
            options.queueing = "kueue";
        } else if (part == "localqueue") {
            options.localQueue = "team-a-lq";
        } else if (part == "volcano") {
            options.queueing = "volcano";
            options.volcanoQueue = "research";
        } else if (part == "queue") {
            spec.set_queue("mlteam");
        } else if (part == "model") {
            spec.add_gpu_models("NVIDIA H200");
        } else if (part == "two-models") {
            spec.add_gpu_models("NVIDIA H100 80GB HBM3");
            spec.add_gpu_models("NVIDIA H200");
        } else if (part == "label") {
            options.gpuProductLabel = "example.com/gpu-model";
        } else if (part == "urgent") {
            spec.set_priority_class("urgent");
        } else if (part == "unknown-class") {
            spec.set_priority_class("research");
        } else if (part == "image") {
            spec.set_container_image("registry.local/train:7");
        } else if (part == "env") {
            (*spec.mutable_environment())["B_VAR"] = "two";
            (*spec.mutable_environment())["A_VAR"] = "0123";
        } else if (part == "cpus") {
            spec.set_cpus(8);
        } else if (part == "mem") {
            spec.set_memory_bytes(std::int64_t(1536) << 20);
        } else if (part == "time") {
            spec.set_time_limit_s(3600);
        } else if (part == "requeue") {
            spec.set_requeue(true);
        } else if (part == "checkpoint") {
            spec.set_checkpoint_interval_s(300);
        } else if (part == "workdir") {
            spec.set_working_directory("/data/run 1");
        } else if (part == "no-gpus") {
            setGpus(spec, 0);
        } else if (part == "toleration") {
            options.tolerations = {{"gpu-node", "Equal", "true", "NoExecute"}};
        } else if (part == "hostile-name") {
            spec.set_name("Train GPT #2");
        } else if (part == "no-policy") {
            options.applyPolicy = false;
        } else {
            QFAIL(qPrintable("unknown setup " + part));
        }
    }
}

// The first document of `kind`, then the path's keys (sequence indices as numbers).
YAML::Node at(const std::vector<YAML::Node> &docs, const QString &path)
{
    QStringList keys = path.split(' ', Qt::SkipEmptyParts);
    const QString kind = keys.takeFirst();
    for (const YAML::Node &doc : docs) {
        if (QString::fromStdString(doc["kind"].as<std::string>()) != kind)
            continue;
        YAML::Node node = YAML::Clone(doc);
        for (const QString &key : keys) {
            bool isIndex = false;
            const int index = key.toInt(&isIndex);
            if (isIndex && node.IsSequence())
                node.reset(node[index]);
            else if (node.IsMap())
                node.reset(node[key.toStdString()]);
            else
                return {};
            if (!node.IsDefined())
                return {};
        }
        return node;
    }
    return {};
}

std::vector<YAML::Node> parsed(const std::string &yaml)
{
    return YAML::LoadAll(yaml);
}

bool hasKind(const std::vector<YAML::Node> &docs, const std::string &kind)
{
    for (const YAML::Node &doc : docs)
        if (doc["kind"].as<std::string>() == kind)
            return true;
    return false;
}

} // namespace

class TstKubernetesManifest : public QObject {
    Q_OBJECT
private slots:
    void eachFieldLandsInPlaceAndPassesTheSchema_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QString container = "Job spec template spec containers 0 ";
        const QString pod = "Job spec template spec ";
        QTest::newRow("gpus as nvidia.com/gpu limit") << "" << container + "resources limits nvidia.com/gpu"
                                                      << "2";
        QTest::newRow("image from config") << "" << container + "image"
                                           << "nvcr.io/nvidia/pytorch:24.01-py3";
        QTest::newRow("image of the job") << "image" << container + "image"
                                          << "registry.local/train:7";
        QTest::newRow("command: the shell") << "" << container + "command 0"
                                            << "/bin/sh";
        QTest::newRow("command: -c") << "" << container + "command 1"
                                     << "-c";
        QTest::newRow("command: as written") << "" << container + "command 2"
                                             << "python train.py";
        QTest::newRow("single pod: no index") << ""
                                              << "Job spec completionMode"
                                              << "";
        QTest::newRow("gang: Indexed") << "gang"
                                       << "Job spec completionMode"
                                       << "Indexed";
        QTest::newRow("gang: completions") << "gang"
                                           << "Job spec completions"
                                           << "2";
        QTest::newRow("gang: parallelism") << "gang"
                                           << "Job spec parallelism"
                                           << "2";
        QTest::newRow("gang: GPUs per pod") << "gang" << container + "resources limits nvidia.com/gpu"
                                            << "8";
        QTest::newRow("gang: one pod per node")
            << "gang" << pod + "affinity podAntiAffinity requiredDuringSchedulingIgnoredDuringExecution 0 topologyKey"
            << "kubernetes.io/hostname";
        QTest::newRow("gang + model: both affinities")
            << "gang+model"
            << pod + "affinity podAntiAffinity requiredDuringSchedulingIgnoredDuringExecution 0 labelSelector "
                     "matchLabels supernode.io/job"
            << "train";
        QTest::newRow("kueue: queue-name = namespace") << "kueue+queue"
                                                       << "Job metadata labels kueue.x-k8s.io/queue-name"
                                                       << "mlteam";
        QTest::newRow("kueue: default namespace") << "kueue"
                                                  << "Job metadata labels kueue.x-k8s.io/queue-name"
                                                  << "default";
        QTest::newRow("kueue: LocalQueue configured") << "kueue+localqueue"
                                                      << "Job metadata labels kueue.x-k8s.io/queue-name"
                                                      << "team-a-lq";
        QTest::newRow("kueue: created suspended") << "kueue"
                                                  << "Job spec suspend"
                                                  << "true";
        QTest::newRow("volcano: minMember") << "gang+volcano"
                                            << "PodGroup spec minMember"
                                            << "2";
        QTest::newRow("volcano: minResources") << "gang+volcano"
                                               << "PodGroup spec minResources nvidia.com/gpu"
                                               << "16";
        QTest::newRow("volcano: queue") << "gang+volcano"
                                        << "PodGroup spec queue"
                                        << "research";
        QTest::newRow("volcano: scheduler") << "gang+volcano" << pod + "schedulerName"
                                            << "volcano";
        QTest::newRow("volcano: group annotation")
            << "gang+volcano"
            << "Job spec template metadata annotations scheduling.k8s.io/group-name"
            << "train";
        QTest::newRow("volcano: priority on the group") << "gang+volcano+urgent"
                                                        << "PodGroup spec priorityClassName"
                                                        << "urgent";
        const QString term = pod +
                             "affinity nodeAffinity requiredDuringSchedulingIgnoredDuringExecution nodeSelectorTerms 0 "
                             "matchExpressions 0 ";
        QTest::newRow("model: label key") << "model" << term + "key"
                                          << "nvidia.com/gpu.product";
        QTest::newRow("model: operator") << "model" << term + "operator"
                                         << "In";
        QTest::newRow("model: value as GFD writes it") << "model" << term + "values 0"
                                                       << "NVIDIA-H200";
        QTest::newRow("models: any of two") << "two-models" << term + "values 0"
                                            << "NVIDIA-H100-80GB-HBM3";
        QTest::newRow("models: the second") << "two-models" << term + "values 1"
                                            << "NVIDIA-H200";
        QTest::newRow("model: configured label") << "model+label" << term + "key"
                                                 << "example.com/gpu-model";
        QTest::newRow("priority: PriorityClass value") << "urgent"
                                                       << "PriorityClass value"
                                                       << "1000";
        QTest::newRow("priority: PriorityClass name") << "urgent"
                                                      << "PriorityClass metadata name"
                                                      << "urgent";
        QTest::newRow("priority: not global default") << "urgent"
                                                      << "PriorityClass globalDefault"
                                                      << "false";
        QTest::newRow("priority: on the pod") << "urgent" << pod + "priorityClassName"
                                              << "urgent";
        QTest::newRow("priority: unknown class by name") << "unknown-class" << pod + "priorityClassName"
                                                         << "research";
        QTest::newRow("quota: GPUs") << "queue"
                                     << "ResourceQuota spec hard requests.nvidia.com/gpu"
                                     << "16";
        QTest::newRow("quota: memory") << "queue"
                                       << "ResourceQuota spec hard limits.memory"
                                       << "512Gi";
        QTest::newRow("quota: in the queue's namespace") << "queue"
                                                         << "ResourceQuota metadata namespace"
                                                         << "mlteam";
        QTest::newRow("queue: namespace") << "queue"
                                          << "Job metadata namespace"
                                          << "mlteam";
        QTest::newRow("no queue: default namespace") << ""
                                                     << "Job metadata namespace"
                                                     << "default";
        QTest::newRow("toleration: GPU operator taint") << "" << pod + "tolerations 0 key"
                                                        << "nvidia.com/gpu";
        QTest::newRow("toleration: Exists") << "" << pod + "tolerations 0 operator"
                                            << "Exists";
        QTest::newRow("toleration: NoSchedule") << "" << pod + "tolerations 0 effect"
                                                << "NoSchedule";
        QTest::newRow("toleration: configured value") << "toleration" << pod + "tolerations 0 value"
                                                      << "true";
        QTest::newRow("toleration: configured effect") << "toleration" << pod + "tolerations 0 effect"
                                                       << "NoExecute";
        QTest::newRow("no GPUs: no toleration") << "no-gpus" << pod + "tolerations"
                                                << "";
        QTest::newRow("no GPUs: no limit") << "no-gpus" << container + "resources"
                                           << "";
        QTest::newRow("env: sorted name") << "env" << container + "env 0 name"
                                          << "A_VAR";
        QTest::newRow("env: number-like value") << "env" << container + "env 0 value"
                                                << "0123";
        QTest::newRow("env: second") << "env" << container + "env 1 value"
                                     << "two";
        QTest::newRow("cpus: per pod") << "cpus" << container + "resources requests cpu"
                                       << "8";
        QTest::newRow("cpus: split over pods") << "cpus+gang" << container + "resources requests cpu"
                                               << "4";
        QTest::newRow("memory: request") << "mem" << container + "resources requests memory"
                                         << "1536Mi";
        QTest::newRow("memory: limit") << "mem" << container + "resources limits memory"
                                       << "1536Mi";
        QTest::newRow("time limit") << "time"
                                    << "Job spec activeDeadlineSeconds"
                                    << "3600";
        QTest::newRow("no requeue: no retry") << ""
                                              << "Job spec backoffLimit"
                                              << "0";
        QTest::newRow("requeue: retries") << "requeue"
                                          << "Job spec backoffLimit"
                                          << "3";
        QTest::newRow("checkpoint: grace period") << "checkpoint" << pod + "terminationGracePeriodSeconds"
                                                  << "300";
        QTest::newRow("working directory") << "workdir" << container + "workingDir"
                                           << "/data/run 1";
        QTest::newRow("restart policy") << "" << pod + "restartPolicy"
                                        << "Never";
        QTest::newRow("name kept in an annotation") << "hostile-name"
                                                    << "Job metadata annotations supernode.io/job-name"
                                                    << "Train GPT #2";
        QTest::newRow("managed-by label") << ""
                                          << "Job metadata labels app.kubernetes.io/managed-by"
                                          << "supernode-console";
        QTest::newRow("policy off: no PriorityClass") << "urgent+no-policy"
                                                      << "PriorityClass value"
                                                      << "";
        QTest::newRow("policy off: no ResourceQuota") << "queue+no-policy"
                                                      << "ResourceQuota spec"
                                                      << "";
        QTest::newRow("everything at once")
            << "gang+volcano+queue+model+urgent+env+cpus+mem+time+requeue+checkpoint+workdir+image+hostile-name"
            << "PodGroup metadata namespace"
            << "mlteam";
    }
    void eachFieldLandsInPlaceAndPassesTheSchema()
    {
        QFETCH(QString, setup);
        QFETCH(QString, path);
        QFETCH(QString, expected);
        pb::JobSpec spec = baseSpec();
        KubernetesSubmitOptions options = baseOptions();
        applySetup(setup, spec, options);
        auto rendered = renderKubernetesJob(spec, options);
        QVERIFY2(rendered, rendered ? "" : rendered.error().message.c_str());
        const YAML::Node node = at(parsed(rendered->yaml), path);
        if (expected.isEmpty())
            QVERIFY2(!node.IsDefined() || node.IsNull(),
                     qPrintable(path + " should be absent in\n" + QString::fromStdString(rendered->yaml)));
        else
            QCOMPARE(node.IsScalar() ? QString::fromStdString(node.Scalar()) : QString("(not a scalar)"), expected);

        const test::ManifestCheck check = test::validateKubernetesManifests(QString::fromStdString(rendered->yaml));
        QVERIFY2(check.exitCode == 0,
                 qPrintable(check.output + "\n--- manifests:\n" + QString::fromStdString(rendered->yaml)));
    }

    void documentsComeInApplyOrder()
    {
        pb::JobSpec spec = baseSpec();
        KubernetesSubmitOptions options = baseOptions();
        applySetup("gang+volcano+queue+urgent+model+env+mem+cpus+checkpoint", spec, options);
        auto rendered = renderKubernetesJob(spec, options);
        QVERIFY(rendered);
        const auto docs = parsed(rendered->yaml);
        QStringList kinds;
        for (const YAML::Node &doc : docs)
            kinds << QString::fromStdString(doc["kind"].as<std::string>());
        // What the Job refers to exists before it.
        QCOMPARE(kinds, QStringList({"PriorityClass", "ResourceQuota", "PodGroup", "Job"}));
        QCOMPARE(rendered->namespaceName, std::string("mlteam"));
        QCOMPARE(rendered->jobName, std::string("train"));
        QCOMPARE(rendered->pods, 2);
        QVERIFY(!hasKind(parsed(renderKubernetesJob(baseSpec(), baseOptions())->yaml), "PodGroup"));
    }

    void userTextArrivesAsTheExactString_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("number") << "0123";
        QTest::newRow("float") << "1e3";
        QTest::newRow("hex") << "0x1F";
        QTest::newRow("bool") << "true";
        QTest::newRow("yaml 1.1 bool") << "no";
        QTest::newRow("null") << "null";
        QTest::newRow("tilde") << "~";
        QTest::newRow("empty") << "";
        QTest::newRow("sexagesimal") << "1:30";
        QTest::newRow("colon space") << "a: b";
        QTest::newRow("comment") << "x # not a comment";
        QTest::newRow("quotes") << "it's \"quoted\"";
        QTest::newRow("shell") << "$(rm -rf /); `id` && echo ;";
        QTest::newRow("newlines") << "line one\nline two\n";
        QTest::newRow("leading space") << "  indented";
        QTest::newRow("document marker") << "---";
        QTest::newRow("unicode") << "训练 ✓";
        QTest::newRow("flow chars") << "[a, {b: c}]";
    }
    void userTextArrivesAsTheExactString()
    {
        QFETCH(QString, text);
        pb::JobSpec spec = baseSpec();
        const std::string exact = text.toStdString();
        (*spec.mutable_environment())["VALUE"] = exact;
        spec.set_command(exact.empty() ? std::string("true") : exact);
        spec.set_name(exact);
        auto rendered = renderKubernetesJob(spec, baseOptions());
        QVERIFY2(rendered, rendered ? "" : rendered.error().message.c_str());
        const auto docs = parsed(rendered->yaml);
        const QString container = "Job spec template spec containers 0 ";
        QCOMPARE(at(docs, container + "env 0 value").as<std::string>(), exact);
        QCOMPARE(at(docs, container + "command 2").as<std::string>(), spec.command());
        if (!exact.empty())
            QCOMPARE(at(docs, "Job metadata annotations supernode.io/job-name").as<std::string>(), exact);
        // The schema wants strings here: an unquoted 0123 or true would fail it.
        const test::ManifestCheck check = test::validateKubernetesManifests(QString::fromStdString(rendered->yaml));
        QVERIFY2(check.exitCode == 0, qPrintable(check.output + "\n" + QString::fromStdString(rendered->yaml)));
    }

    // Half a megabyte of digits would read as a number, and a name of letters is a valid one: both
    // used to go through a recursive std::regex, one stack frame a character, and overflow the
    // stack of the engine's thread (issue 29). The value arrives exactly, quoted.
    void aLongValueOrNameIsCheckedWithoutRecursion()
    {
        pb::JobSpec spec = baseSpec();
        const std::string digits(500 * 1000, '7');
        const std::string name(500 * 1000, 'A');
        (*spec.mutable_environment())[name] = digits;
        auto rendered = renderKubernetesJob(spec, baseOptions());
        QVERIFY2(rendered, rendered ? "" : rendered.error().message.c_str());
        const auto docs = parsed(rendered->yaml);
        const QString container = "Job spec template spec containers 0 ";
        QCOMPARE(at(docs, container + "env 0 name").as<std::string>(), name);
        QCOMPARE(at(docs, container + "env 0 value").as<std::string>(), digits);
    }

    void whatAJobCannotExpressIsRefused_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("field");
        QTest::newRow("no command") << "command"
                                    << "command:";
        QTest::newRow("no image") << "image"
                                  << "container_image:";
        QTest::newRow("elastic") << "elastic"
                                 << "gpus_min/gpus_max:";
        QTest::newRow("fraction") << "milli"
                                  << "gpu_milli:";
        QTest::newRow("uneven") << "uneven"
                                << "gpus_max:";
        QTest::newRow("negative") << "negative"
                                  << "must not be negative";
        QTest::newRow("dependency") << "dependency"
                                    << "dependencies:";
        QTest::newRow("partition") << "partition"
                                   << "partition:";
        QTest::newRow("tasks") << "tasks"
                               << "tasks_per_node:";
        QTest::newRow("queue not a namespace") << "queue"
                                               << "queue: 'ML_Team'";
        QTest::newRow("env name") << "env"
                                  << "environment: 'A=B'";
        // Only the configured namespace and the policy's queues (issue 29, item 16).
        QTest::newRow("namespace of no queue") << "kube-system"
                                               << "queue: namespace 'kube-system' is neither";
        QTest::newRow("another team's namespace") << "other-team"
                                                  << "jobs may go to 'default', 'mlteam'";
    }
    void whatAJobCannotExpressIsRefused()
    {
        QFETCH(QString, what);
        QFETCH(QString, field);
        pb::JobSpec spec = baseSpec();
        KubernetesSubmitOptions options = baseOptions();
        if (what == "command")
            spec.clear_command();
        else if (what == "image")
            options.image.clear();
        else if (what == "elastic")
            spec.set_gpus_min(1);
        else if (what == "milli")
            spec.set_gpu_milli(500);
        else if (what == "uneven")
            spec.set_node_count(3);
        else if (what == "negative")
            spec.set_cpus(-1);
        else if (what == "dependency")
            spec.add_dependencies("afterok:12");
        else if (what == "partition")
            spec.set_partition("gpu");
        else if (what == "tasks")
            spec.set_tasks_per_node(8);
        else if (what == "queue")
            spec.set_queue("ML_Team");
        else if (what == "env")
            (*spec.mutable_environment())["A=B"] = "x";
        else if (what == "kube-system" || what == "other-team")
            spec.set_queue(what.toStdString());
        auto rendered = renderKubernetesJob(spec, options);
        QVERIFY(!rendered);
        QCOMPARE(rendered.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(rendered.error().message).startsWith(field) ||
                     QString::fromStdString(rendered.error().message).contains(field),
                 rendered.error().message.c_str());
    }

    void namesBecomeDns1123Labels_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("label");
        QTest::newRow("valid stays") << "train-7"
                                     << "train-7";
        QTest::newRow("upper case") << "Train"
                                    << "train-" + hashOf("Train");
        QTest::newRow("spaces and signs") << "Train GPT #2"
                                          << "train-gpt-2-" + hashOf("Train GPT #2");
        QTest::newRow("only signs") << "###"
                                    << "job-" + hashOf("###");
        QTest::newRow("underscore") << "a_b"
                                    << "a-b-" + hashOf("a_b");
        QTest::newRow("empty") << ""
                               << "";
    }
    void namesBecomeDns1123Labels()
    {
        QFETCH(QString, name);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(dns1123Label(name.toStdString())), label);
    }

    void longAndDistinctNamesStayValidAndDistinct()
    {
        const std::string longName(200, 'x');
        const std::string a = dns1123Label(longName);
        QVERIFY(a.size() <= 63);
        QVERIFY(a != dns1123Label(longName + "y"));
        QVERIFY(dns1123Label("a b") != dns1123Label("a_b"));
        pb::JobSpec spec = baseSpec();
        spec.set_name(longName + " !");
        auto rendered = renderKubernetesJob(spec, baseOptions());
        QVERIFY(rendered);
        const test::ManifestCheck check = test::validateKubernetesManifests(QString::fromStdString(rendered->yaml));
        QVERIFY2(check.exitCode == 0, qPrintable(check.output));
    }

    void quantitiesAndLabelValues()
    {
        QCOMPARE(memoryQuantity(std::int64_t(512) << 30), std::string("512Gi"));
        QCOMPARE(memoryQuantity(std::int64_t(1536) << 20), std::string("1536Mi"));
        QCOMPARE(memoryQuantity(1000), std::string("1000"));
        QCOMPARE(memoryQuantity(std::int64_t(2) << 40), std::string("2Ti"));
        QCOMPARE(memoryQuantity(std::numeric_limits<std::int64_t>::max()),
                 std::to_string(std::numeric_limits<std::int64_t>::max()));
        QCOMPARE(gpuProductLabelValue("NVIDIA H100 80GB HBM3"), std::string("NVIDIA-H100-80GB-HBM3"));
        QCOMPARE(gpuProductLabelValue(" (H200) "), std::string("H200"));
    }

    // The largest CPU count a JobSpec can hold is split over pods, rounded up, not overflowed.
    void theLargestCpuCountIsSplitExactly()
    {
        pb::JobSpec spec = baseSpec();
        spec.set_cpus(std::numeric_limits<std::int32_t>::max());
        const auto onePod = renderKubernetesJob(spec, baseOptions());
        QVERIFY2(onePod, onePod ? "" : onePod.error().message.c_str());
        QVERIFY2(QString::fromStdString(onePod->yaml).contains("cpu: \"2147483647\""), onePod->yaml.c_str());
        setGpus(spec, 2);
        spec.set_node_count(2);
        const auto twoPods = renderKubernetesJob(spec, baseOptions());
        QVERIFY2(twoPods, twoPods ? "" : twoPods.error().message.c_str());
        QVERIFY2(QString::fromStdString(twoPods->yaml).contains("cpu: \"1073741824\""), twoPods->yaml.c_str());
    }

    // The validator is a real check: broken manifests are rejected with what and where.
    void theSchemaCheckRejectsBrokenManifests_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("restartPolicy not a string") << "restartPolicy: Never"
                                                    << "restartPolicy: [Never]" << 1 << "restartPolicy must be string";
        QTest::newRow("image missing type") << "image: nvcr.io/nvidia/pytorch:24.01-py3"
                                            << "image: 5" << 1 << "image must be string";
        QTest::newRow("completions not a number") << "backoffLimit: 0"
                                                  << "backoffLimit: lots" << 1 << "backoffLimit must be integer";
        QTest::newRow("containers missing") << "containers:"
                                            << "initContainers:" << 1 << "containers";
        QTest::newRow("unknown kind") << "kind: Job"
                                      << "kind: Jobb" << 1 << "unknown apiVersion/kind";
        QTest::newRow("volcano typo") << "minMember:"
                                      << "minMembers:" << 1 << "(minMembers)";
        QTest::newRow("not YAML") << "apiVersion: batch/v1"
                                  << "apiVersion: [batch/v1" << 2 << "";
    }
    void theSchemaCheckRejectsBrokenManifests()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        pb::JobSpec spec = baseSpec();
        KubernetesSubmitOptions options = baseOptions();
        applySetup("gang+volcano", spec, options);
        auto rendered = renderKubernetesJob(spec, options);
        QVERIFY(rendered);
        QString yaml = QString::fromStdString(rendered->yaml);
        QVERIFY2(yaml.contains(from), qPrintable(yaml));
        QCOMPARE(test::validateKubernetesManifests(yaml).exitCode, 0);
        yaml.replace(from, to);
        const test::ManifestCheck check = test::validateKubernetesManifests(yaml);
        QCOMPARE(check.exitCode, exitCode);
        QVERIFY2(check.output.contains(message), qPrintable(check.output));
    }

private:
    static QString hashOf(const QString &name)
    {
        std::uint32_t h = 2166136261u;
        for (unsigned char c : name.toStdString())
            h = (h ^ c) * 16777619u;
        return QString::asprintf("%06x", h & 0xffffffu);
    }
};

QTEST_GUILESS_MAIN(TstKubernetesManifest)
#include "tst_kubernetes_manifest.moc"
