#include "backend/scheduler/backends/kubernetes_json.h"

#include "backend/scheduler/backends/kubernetes_manifest.h"
#include "backend/scheduler/backends/slurm_json_document.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>

namespace sn {

using slurm_json::Element;

namespace {

Result<QJsonArray> parseItems(std::string_view json, const std::string &source)
{
    QJsonParseError parseError{};
    const QByteArray bytes(json.data(), static_cast<qsizetype>(json.size()));
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        int line = 1, column = 1;
        for (int i = 0; i < parseError.offset && i < bytes.size(); ++i) {
            if (bytes[i] == '\n')
                ++line, column = 1;
            else
                ++column;
        }
        return invalidArgument(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                               parseError.errorString().toStdString());
    }
    if (!document.isObject())
        return invalidArgument(source + ": expected a JSON object (a v1 List), got " +
                               (document.isArray() ? "an array" : "nothing"));
    const QJsonValue items = document.object().value("items");
    if (!items.isArray())
        return invalidArgument(source + ": expected an array 'items' (kind " +
                               document.object().value("kind").toString("none").toStdString() + "), got " +
                               (items.isUndefined() ? "none" : "another type"));
    return items.toArray();
}

// An element of items[], named for messages by its index, kind and name.
Result<Element> item(const QJsonValue &value, int index, const std::string &source)
{
    const std::string at = source + ": items[" + std::to_string(index) + "]";
    if (!value.isObject())
        return invalidArgument(at + ": expected an object");
    const QJsonObject o = value.toObject();
    const QJsonObject meta = o.value("metadata").toObject();
    return Element(o, at + " (" + o.value("kind").toString().toStdString() + " " +
                          meta.value("name").toString().toStdString() + ")");
}

Result<std::vector<KubernetesCondition>> conditions(const Element &status, const std::string &where)
{
    std::vector<KubernetesCondition> list;
    const QJsonArray array = status.optionalArray("conditions");
    for (int i = 0; i < array.size(); ++i) {
        const Element c(array[i].toObject(), where + ".status.conditions[" + std::to_string(i) + "]");
        auto type = c.string("type");
        if (!type)
            return type.error();
        auto st = c.string("status");
        if (!st)
            return st.error();
        list.push_back({*type, *st, c.optionalString("reason"), c.optionalString("message")});
    }
    return list;
}

Result<Element> metadataOf(const Element &e)
{
    auto meta = e.object("metadata");
    if (!meta)
        return meta.error();
    return Element(*meta, e.where() + ".metadata");
}

Result<int> gpuLimitOfFirstContainer(const QJsonObject &podSpec, const std::string &where)
{
    const QJsonArray containers = podSpec.value("containers").toArray();
    if (containers.isEmpty())
        return 0;
    const QJsonValue limit =
        containers[0].toObject().value("resources").toObject().value("limits").toObject().value("nvidia.com/gpu");
    if (limit.isUndefined())
        return 0;
    const std::string field = where + ": containers[0].resources.limits.nvidia.com/gpu: ";
    auto n = limit.isString() ? parseKubernetesQuantity(limit.toString().toStdString()) : Result<double>(limit.toDouble());
    if (!n)
        return invalidArgument(field + n.error().message);
    // Converting a double outside int's range is undefined behaviour: such a count is refused.
    if (!(*n >= 0 && *n <= std::numeric_limits<int>::max()))
        return invalidArgument(field + std::to_string(*n) + " is not a GPU count");
    return static_cast<int>(*n);
}

Result<KubernetesJobInfo> readJob(const Element &e)
{
    auto meta = metadataOf(e);
    if (!meta)
        return meta.error();
    KubernetesJobInfo job;
    auto name = meta->string("name");
    if (!name)
        return name.error();
    job.name = *name;
    job.namespaceName = meta->optionalString("namespace");
    const QJsonObject labels = meta->json().value("labels").toObject();
    const QJsonObject annotations = meta->json().value("annotations").toObject();
    job.managed = labels.value("app.kubernetes.io/managed-by").toString() == kKubernetesManagedBy;
    job.queueName = labels.value("kueue.x-k8s.io/queue-name").toString().toStdString();
    job.originalName = annotations.value("supernode.io/job-name").toString().toStdString();
    job.creationMs = kubernetesTimeMs(meta->optionalString("creationTimestamp"));

    auto spec = e.object("spec");
    if (!spec)
        return spec.error();
    const Element s(*spec, e.where() + ".spec");
    job.completions = static_cast<int>(s.optionalInteger("completions", 1));
    job.parallelism = static_cast<int>(s.optionalInteger("parallelism", 1));
    job.suspended = s.json().value("suspend").toBool(false);
    const QJsonObject podSpec = s.json().value("template").toObject().value("spec").toObject();
    job.priorityClassName = podSpec.value("priorityClassName").toString().toStdString();
    auto gpus = gpuLimitOfFirstContainer(podSpec, s.where() + ".template.spec");
    if (!gpus)
        return gpus.error();
    job.gpusPerPod = *gpus;

    const Element status(e.json().value("status").toObject(), e.where() + ".status");
    job.active = static_cast<int>(status.optionalInteger("active"));
    job.ready = static_cast<int>(status.optionalInteger("ready"));
    job.succeeded = static_cast<int>(status.optionalInteger("succeeded"));
    job.failed = static_cast<int>(status.optionalInteger("failed"));
    job.startMs = kubernetesTimeMs(status.optionalString("startTime"));
    job.completionMs = kubernetesTimeMs(status.optionalString("completionTime"));
    auto conds = conditions(status, e.where());
    if (!conds)
        return conds.error();
    job.conditions = std::move(*conds);
    return job;
}

Result<KubernetesPodInfo> readPod(const Element &e)
{
    auto meta = metadataOf(e);
    if (!meta)
        return meta.error();
    KubernetesPodInfo pod;
    auto name = meta->string("name");
    if (!name)
        return name.error();
    pod.name = *name;
    pod.namespaceName = meta->optionalString("namespace");
    const QJsonObject labels = meta->json().value("labels").toObject();
    pod.jobName =
        labels.value("batch.kubernetes.io/job-name").toString(labels.value("job-name").toString()).toStdString();
    pod.nodeName = e.json().value("spec").toObject().value("nodeName").toString().toStdString();

    const Element status(e.json().value("status").toObject(), e.where() + ".status");
    auto phase = status.string("phase");
    if (!phase)
        return phase.error();
    pod.phase = *phase;
    pod.reason = status.optionalString("reason");
    pod.message = status.optionalString("message");
    pod.startMs = kubernetesTimeMs(status.optionalString("startTime"));
    auto conds = conditions(status, e.where());
    if (!conds)
        return conds.error();
    pod.conditions = std::move(*conds);
    const QJsonArray containers = status.optionalArray("containerStatuses");
    if (!containers.isEmpty()) {
        const QJsonObject state = containers[0].toObject().value("state").toObject();
        if (state.contains("waiting")) {
            const QJsonObject w = state.value("waiting").toObject();
            pod.waitingReason = w.value("reason").toString().toStdString();
            pod.waitingMessage = w.value("message").toString().toStdString();
        }
        if (state.contains("terminated")) {
            const Element t(state.value("terminated").toObject(),
                            e.where() + ".status.containerStatuses[0].state.terminated");
            auto code = t.integer("exitCode");
            if (!code)
                return code.error();
            pod.terminated = true;
            pod.exitCode = static_cast<int>(*code);
            pod.signal = static_cast<int>(t.optionalInteger("signal"));
            pod.terminatedReason = t.optionalString("reason");
        }
    }
    return pod;
}

std::int64_t quantityBytes(const QJsonObject &resources, const char *key)
{
    // Unreadable, negative or beyond int64 (converting that is undefined behaviour): unknown, 0.
    auto n = parseKubernetesQuantity(resources.value(key).toString().toStdString());
    return n && *n >= 0 && *n < 0x1p63 ? static_cast<std::int64_t>(*n) : 0;
}

} // namespace

Result<double> parseKubernetesQuantity(const std::string &quantity)
{
    // resource.Quantity's grammar: a signed decimal number, then a binary (Ki..Ei), decimal
    // (n u m k M G T P E) or exponent (e3) suffix.
    static const std::regex grammar("([+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|"
                                    "[eE][+-]?[0-9]+)?");
    std::smatch m;
    if (!std::regex_match(quantity, m, grammar))
        return invalidArgument("'" + quantity + "' is not a Kubernetes quantity (e.g. 16Gi, 500m, 4)");
    // strtod, not stod: a number past double's range is an error here, not an exception.
    double value = std::strtod(m[1].str().c_str(), nullptr);
    const std::string suffix = m[4].str();
    static const std::vector<std::pair<std::string, double>> factors{{"Ki", 1024.0},
                                                                     {"Mi", 1048576.0},
                                                                     {"Gi", 1073741824.0},
                                                                     {"Ti", 1099511627776.0},
                                                                     {"Pi", std::ldexp(1.0, 50)},
                                                                     {"Ei", std::ldexp(1.0, 60)},
                                                                     {"n", 1e-9},
                                                                     {"u", 1e-6},
                                                                     {"m", 1e-3},
                                                                     {"k", 1e3},
                                                                     {"M", 1e6},
                                                                     {"G", 1e9},
                                                                     {"T", 1e12},
                                                                     {"P", 1e15},
                                                                     {"E", 1e18}};
    if (!suffix.empty() && (suffix[0] == 'e' || suffix[0] == 'E'))
        value *= std::pow(10.0, std::strtod(suffix.c_str() + 1, nullptr));
    for (const auto &[s, f] : factors)
        if (s == suffix)
            value *= f;
    if (!std::isfinite(value))
        return invalidArgument("'" + quantity + "' is out of range");
    return value;
}

std::int64_t kubernetesTimeMs(const std::string &rfc3339)
{
    if (rfc3339.empty())
        return 0;
    const QDateTime t = QDateTime::fromString(QString::fromStdString(rfc3339), Qt::ISODateWithMs);
    return t.isValid() ? t.toMSecsSinceEpoch() : 0;
}

Result<KubernetesJobsAndPods> parseKubectlJobsAndPods(std::string_view json, const std::string &source)
{
    auto items = parseItems(json, source);
    if (!items)
        return items.error();
    KubernetesJobsAndPods result;
    for (int i = 0; i < items->size(); ++i) {
        auto e = item((*items)[i], i, source);
        if (!e)
            return e.error();
        auto kind = e->string("kind");
        if (!kind)
            return kind.error();
        if (*kind == "Job") {
            auto job = readJob(*e);
            if (!job)
                return job.error();
            result.jobs.push_back(std::move(*job));
        } else if (*kind == "Pod") {
            auto pod = readPod(*e);
            if (!pod)
                return pod.error();
            result.pods.push_back(std::move(*pod));
        } else {
            return e->error("expected a Job or a Pod, got kind '" + *kind + "'");
        }
    }
    return result;
}

Result<std::vector<KubernetesEvent>> parseKubectlEvents(std::string_view json, const std::string &source)
{
    auto items = parseItems(json, source);
    if (!items)
        return items.error();
    std::vector<KubernetesEvent> events;
    for (int i = 0; i < items->size(); ++i) {
        auto e = item((*items)[i], i, source);
        if (!e)
            return e.error();
        auto involved = e->object("involvedObject");
        if (!involved)
            return involved.error();
        const Element obj(*involved, e->where() + ".involvedObject");
        KubernetesEvent event;
        auto kind = obj.string("kind");
        if (!kind)
            return kind.error();
        auto name = obj.string("name");
        if (!name)
            return name.error();
        event.objectKind = *kind;
        event.objectName = *name;
        event.namespaceName = obj.optionalString("namespace");
        event.type = e->optionalString("type");
        event.reason = e->optionalString("reason");
        event.message = e->optionalString("message");
        for (const char *key : {"lastTimestamp", "eventTime", "firstTimestamp"})
            if (const std::int64_t t = kubernetesTimeMs(e->optionalString(key)); t > 0) {
                event.timeMs = t;
                break;
            }
        events.push_back(std::move(event));
    }
    return events;
}

Result<std::vector<BackendNode>> parseKubectlNodes(std::string_view json, const std::string &gpuProductLabel,
                                                   const std::string &source)
{
    auto items = parseItems(json, source);
    if (!items)
        return items.error();
    std::vector<BackendNode> nodes;
    for (int i = 0; i < items->size(); ++i) {
        auto e = item((*items)[i], i, source);
        if (!e)
            return e.error();
        auto meta = metadataOf(*e);
        if (!meta)
            return meta.error();
        BackendNode node;
        auto name = meta->string("name");
        if (!name)
            return name.error();
        node.name = *name;
        node.gpuModel = meta->json()
                            .value("labels")
                            .toObject()
                            .value(QString::fromStdString(gpuProductLabel))
                            .toString()
                            .toStdString();
        const Element status(e->json().value("status").toObject(), e->where() + ".status");
        const QJsonObject capacity = status.json().value("capacity").toObject();
        const QJsonObject allocatable = status.json().value("allocatable").toObject();
        for (const char *key : {"cpu", "memory", "nvidia.com/gpu"}) {
            const QJsonValue v = capacity.value(key);
            if (!v.isUndefined() && !v.isString())
                return status.error(std::string("capacity.") + key + " is not a quantity string");
            if (v.isString())
                if (auto q = parseKubernetesQuantity(v.toString().toStdString()); !q)
                    return status.error(std::string("capacity.") + key + ": " + q.error().message);
        }
        node.cpus = static_cast<int>(quantityBytes(capacity, "cpu"));
        node.memoryBytes = quantityBytes(capacity, "memory");
        node.gpus = static_cast<int>(quantityBytes(capacity, "nvidia.com/gpu"));
        // What the node keeps for itself (a failed GPU the device plugin withdrew) is not offered.
        if (allocatable.contains("nvidia.com/gpu"))
            node.gpus = std::min(node.gpus, static_cast<int>(quantityBytes(allocatable, "nvidia.com/gpu")));
        auto conds = conditions(status, e->where());
        if (!conds)
            return conds.error();
        node.state = "down";
        node.reason = "no Ready condition reported";
        for (const KubernetesCondition &c : *conds)
            if (c.type == "Ready") {
                node.state = c.status == "True" ? "ready" : "down";
                node.reason =
                    c.status == "True" ? std::string() : "NotReady: " + (c.message.empty() ? c.reason : c.message);
            }
        if (node.state == "ready" && e->json().value("spec").toObject().value("unschedulable").toBool(false)) {
            node.state = "drain";
            node.reason = "cordoned (SchedulingDisabled)";
        }
        nodes.push_back(std::move(node));
    }
    return nodes;
}

Result<std::vector<BackendQueue>> parseKubectlNamespaces(std::string_view json, const std::string &defaultNamespace,
                                                         const std::string &source)
{
    auto items = parseItems(json, source);
    if (!items)
        return items.error();
    std::vector<BackendQueue> queues;
    for (int i = 0; i < items->size(); ++i) {
        auto e = item((*items)[i], i, source);
        if (!e)
            return e.error();
        auto meta = metadataOf(*e);
        if (!meta)
            return meta.error();
        auto name = meta->string("name");
        if (!name)
            return name.error();
        BackendQueue q;
        q.name = *name;
        const std::string phase = e->json().value("status").toObject().value("phase").toString().toStdString();
        q.state = phase == "Terminating" ? "inactive" : "up";
        q.isDefault = q.name == defaultNamespace;
        queues.push_back(std::move(q));
    }
    return queues;
}

} // namespace sn
