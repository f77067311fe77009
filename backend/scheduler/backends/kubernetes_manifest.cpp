#include "backend/scheduler/backends/kubernetes_manifest.h"

#include "backend/model/ascii_text.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <regex>

namespace sn {

namespace {

constexpr const char *kNameAnnotation = "supernode.io/job-name"; // the name as the user wrote it

std::uint32_t fnv1a(const std::string &text)
{
    std::uint32_t h = 2166136261u;
    for (unsigned char c : text)
        h = (h ^ c) * 16777619u;
    return h;
}

// A plain scalar YAML (1.1 or 1.2) would read as something other than a string: such strings are
// double-quoted, so "0123", "1e3", "true", "no", "null" and "" reach Kubernetes as strings.
// Longer strings are quoted without asking: quoting never changes a string's value, and libstdc++
// matches this pattern by recursion, one frame per character (a long value overflowed the stack).
bool looksLikeNonString(const std::string &s)
{
    constexpr std::size_t kLongestSpecialScalar = 64;
    if (s.size() > kLongestSpecialScalar)
        return true;
    static const std::regex special("|~|null|Null|NULL|y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|"
                                    "FALSE|on|On|ON|off|Off|OFF|[-+]?(\\.inf|\\.Inf|\\.INF)|\\.nan|\\.NaN|\\.NAN|"
                                    "[-+]?[0-9][0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+([eE][-+]?[0-9]+)?|"
                                    "0x[0-9a-fA-F_]+|0o[0-7]+|0b[01_]+|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?");
    return std::regex_match(s, special);
}

// The emitter with the one rule this file needs: every string goes through str().
class Doc {
public:
    explicit Doc(YAML::Emitter &out) : m_out(out) {}
    Doc &str(const std::string &s)
    {
        if (looksLikeNonString(s))
            m_out << YAML::DoubleQuoted;
        m_out << s;
        return *this;
    }
    Doc &key(const char *k)
    {
        m_out << YAML::Key << k << YAML::Value;
        return *this;
    }
    Doc &key(const std::string &k)
    {
        m_out << YAML::Key;
        str(k);
        m_out << YAML::Value;
        return *this;
    }
    Doc &kv(const char *k, const std::string &v) { return key(k).str(v); }
    Doc &kv(const char *k, std::int64_t v)
    {
        key(k);
        m_out << v;
        return *this;
    }
    Doc &kvBool(const char *k, bool v)
    {
        key(k);
        m_out << YAML::TrueFalseBool << v;
        return *this;
    }
    Doc &map()
    {
        m_out << YAML::BeginMap;
        return *this;
    }
    Doc &endMap()
    {
        m_out << YAML::EndMap;
        return *this;
    }
    Doc &seq()
    {
        m_out << YAML::BeginSeq;
        return *this;
    }
    Doc &endSeq()
    {
        m_out << YAML::EndSeq;
        return *this;
    }
    Doc &beginDoc()
    {
        m_out << YAML::BeginDoc;
        return *this;
    }

private:
    YAML::Emitter &m_out;
};

void metadata(Doc &d, const std::string &name, const std::string &ns, const std::map<std::string, std::string> &labels,
              const std::map<std::string, std::string> &annotations)
{
    d.key("metadata").map().kv("name", name);
    if (!ns.empty())
        d.kv("namespace", ns);
    if (!labels.empty()) {
        d.key("labels").map();
        for (const auto &[k, v] : labels)
            d.key(k).str(v);
        d.endMap();
    }
    if (!annotations.empty()) {
        d.key("annotations").map();
        for (const auto &[k, v] : annotations)
            d.key(k).str(v);
        d.endMap();
    }
    d.endMap();
}

const ResourceQuota *quotaOf(const SchedulingPolicy &policy, const std::string &queue)
{
    for (const QueueSpec &q : policy.queues)
        if (q.name == queue)
            return &q.quota;
    return policy.resourceQuota ? &*policy.resourceQuota : nullptr;
}

const PriorityClass *priorityClassOf(const SchedulingPolicy &policy, const std::string &name)
{
    for (const PriorityClass &c : policy.priorityClasses)
        if (c.name == name)
            return &c;
    return nullptr;
}

// [-._a-zA-Z][-._a-zA-Z0-9]*, in one pass (ascii_text.h says why not by std::regex).
bool isEnvName(std::string_view s)
{
    const auto word = [](char c) { return isAsciiLetter(c) || isAsciiDigit(c) || c == '-' || c == '.' || c == '_'; };
    return !s.empty() && !isAsciiDigit(s.front()) && std::all_of(s.begin(), s.end(), word);
}

} // namespace

bool isDns1123Label(std::string_view s)
{
    const auto inner = [](char c) { return isAsciiLowerOrDigit(c) || c == '-'; };
    return !s.empty() && s.size() <= 63 && isAsciiLowerOrDigit(s.front()) && isAsciiLowerOrDigit(s.back()) &&
           std::all_of(s.begin(), s.end(), inner);
}

std::string dns1123Label(const std::string &name)
{
    if (name.empty())
        return {};
    std::string label;
    for (unsigned char c : name) {
        const char lower = static_cast<char>(std::tolower(c));
        const bool ok = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
        if (ok)
            label += lower;
        else if (!label.empty() && label.back() != '-')
            label += '-';
    }
    if (label == name && isDns1123Label(label))
        return label;
    char hash[16];
    std::snprintf(hash, sizeof hash, "%06x", fnv1a(name) & 0xffffffu);
    while (!label.empty() && label.back() == '-')
        label.pop_back();
    label = label.substr(0, 63 - 7);
    while (!label.empty() && label.back() == '-')
        label.pop_back();
    return label.empty() ? std::string("job-") + hash : label + "-" + hash;
}

std::string gpuProductLabelValue(const std::string &gpuModel)
{
    // GPU feature discovery writes the product name with spaces as '-'; label values allow
    // letters, digits, '-', '_' and '.', at most 63, starting and ending alphanumeric.
    std::string value;
    for (unsigned char c : gpuModel)
        value += std::isalnum(c) || c == '-' || c == '_' || c == '.' ? static_cast<char>(c) : '-';
    value = value.substr(0, 63);
    while (!value.empty() && !std::isalnum(static_cast<unsigned char>(value.back())))
        value.pop_back();
    while (!value.empty() && !std::isalnum(static_cast<unsigned char>(value.front())))
        value.erase(0, 1);
    return value;
}

std::string memoryQuantity(std::int64_t bytes)
{
    constexpr std::int64_t mib = 1 << 20;
    constexpr std::int64_t gib = std::int64_t(1) << 30;
    constexpr std::int64_t tib = std::int64_t(1) << 40;
    if (bytes % tib == 0)
        return std::to_string(bytes / tib) + "Ti";
    if (bytes % gib == 0)
        return std::to_string(bytes / gib) + "Gi";
    if (bytes % mib == 0)
        return std::to_string(bytes / mib) + "Mi";
    return std::to_string(bytes);
}

Result<KubernetesManifests> renderKubernetesJob(const pb::JobSpec &spec, const KubernetesSubmitOptions &options)
{
    if (spec.command().empty())
        return invalidArgument("command: a Kubernetes job needs a command (run as " + options.shell + " -c COMMAND)");
    const std::string image = spec.container_image().empty() ? options.image : spec.container_image();
    if (image.empty())
        return invalidArgument("container_image: a Kubernetes job needs a container image (the job's, or "
                               "jobBackends.kubernetes.image in cluster.yaml)");
    if (spec.gpus_min() != spec.gpus_max())
        return invalidArgument("gpus_min/gpus_max: Kubernetes Jobs take a fixed GPU count, got " +
                               std::to_string(spec.gpus_min()) + ".." + std::to_string(spec.gpus_max()));
    if (spec.gpu_milli() != 0 && spec.gpu_milli() != 1000)
        return invalidArgument("gpu_milli: nvidia.com/gpu counts whole GPUs, got " + std::to_string(spec.gpu_milli()) +
                               " thousandths");
    if (spec.gpus_max() < 0 || spec.node_count() < 0 || spec.cpus() < 0 || spec.memory_bytes() < 0 ||
        spec.time_limit_s() < 0)
        return invalidArgument("gpus, node_count, cpus, memory_bytes and time_limit_s must not be negative");
    const int pods = std::max(1, spec.node_count());
    if (spec.gpus_max() % pods != 0)
        return invalidArgument("gpus_max: " + std::to_string(spec.gpus_max()) + " GPUs do not divide evenly over " +
                               std::to_string(pods) + " pods (one pod per node)");
    if (spec.dependencies_size() > 0)
        return invalidArgument("dependencies: a Kubernetes Job cannot wait for another job; submit it when the "
                               "first has completed");
    if (!spec.partition().empty())
        return invalidArgument("partition: Kubernetes has no Slurm partitions; choose nodes with gpu_models or "
                               "the queue (namespace)");
    if (spec.tasks_per_node() > 1)
        return invalidArgument("tasks_per_node: a Kubernetes pod runs one container; start the " +
                               std::to_string(spec.tasks_per_node()) +
                               " processes inside it (e.g. torchrun --nproc-per-node)");
    const std::string ns = spec.queue().empty() ? options.namespaceName : spec.queue();
    if (!isDns1123Label(ns))
        return invalidArgument("queue: '" + ns +
                               "' is not a Kubernetes namespace name (lower-case letters, digits and '-', at most 63)");
    // Jobs go only where the console's policy reaches: the configured namespace and the queues
    // schedulingPolicy names, never kube-system or another team's namespace (issue 29, item 16).
    if (ns != options.namespaceName && std::none_of(options.policy.queues.begin(), options.policy.queues.end(),
                                                    [&](const QueueSpec &q) { return q.name == ns; })) {
        std::string allowed = "'" + options.namespaceName + "'";
        for (const QueueSpec &q : options.policy.queues)
            allowed += ", '" + q.name + "'";
        return invalidArgument("queue: namespace '" + ns +
                               "' is neither jobBackends.kubernetes.namespace nor a queue of schedulingPolicy.queues; "
                               "jobs may go to " +
                               allowed);
    }
    for (const auto &[name, value] : spec.environment())
        if (!isEnvName(name))
            return invalidArgument("environment: '" + name +
                                   "' is not a Kubernetes variable name (letters, digits, '-', '.', '_')");

    KubernetesManifests result;
    result.namespaceName = ns;
    result.pods = pods;
    const std::string original = spec.name().empty() ? std::string("job") : spec.name();
    result.jobName = dns1123Label(original);
    const std::string &name = result.jobName;
    const int gpusPerPod = spec.gpus_max() / pods;
    // Rounded up without overflow (cpus may be INT32_MAX).
    const int cpusPerPod = spec.cpus() > 0 ? std::max(1, spec.cpus() / pods + (spec.cpus() % pods != 0)) : 0;

    YAML::Emitter out;
    Doc d(out);
    const std::map<std::string, std::string> managed{{"app.kubernetes.io/managed-by", kKubernetesManagedBy}};

    std::string priorityClassName;
    if (!spec.priority_class().empty()) {
        priorityClassName = dns1123Label(spec.priority_class());
        const PriorityClass *pc = priorityClassOf(options.policy, spec.priority_class());
        if (pc && options.applyPolicy) {
            d.beginDoc().map().kv("apiVersion", "scheduling.k8s.io/v1").kv("kind", "PriorityClass");
            metadata(d, priorityClassName, {}, managed, {{"supernode.io/priority-class", pc->name}});
            d.kv("value", std::int64_t(pc->value)).kvBool("globalDefault", false);
            d.kv("description", "SuperNode Console priority class '" + pc->name + "' (schedulingPolicy)");
            d.endMap();
        }
    }
    if (const ResourceQuota *quota = quotaOf(options.policy, spec.queue());
        quota && options.applyPolicy && !spec.queue().empty() && (quota->gpuMax > 0 || quota->memoryLimitBytes > 0)) {
        d.beginDoc().map().kv("apiVersion", "v1").kv("kind", "ResourceQuota");
        metadata(d, "supernode-queue", ns, managed, {{"supernode.io/queue", spec.queue()}});
        d.key("spec").map().key("hard").map();
        if (quota->gpuMax > 0)
            d.kv("requests.nvidia.com/gpu", std::to_string(quota->gpuMax));
        if (quota->memoryLimitBytes > 0)
            d.kv("limits.memory", memoryQuantity(quota->memoryLimitBytes));
        d.endMap().endMap().endMap();
    }

    std::map<std::string, std::string> jobLabels = managed;
    jobLabels["supernode.io/job"] = name;
    if (options.queueing == "kueue")
        jobLabels["kueue.x-k8s.io/queue-name"] = options.localQueue.empty() ? ns : options.localQueue;
    const std::map<std::string, std::string> annotations{{kNameAnnotation, original}};

    if (options.queueing == "volcano") {
        d.beginDoc().map().kv("apiVersion", "scheduling.volcano.sh/v1beta1").kv("kind", "PodGroup");
        metadata(d, name, ns, jobLabels, annotations);
        d.key("spec").map().kv("minMember", std::int64_t(pods));
        if (!options.volcanoQueue.empty())
            d.kv("queue", options.volcanoQueue);
        if (!priorityClassName.empty())
            d.kv("priorityClassName", priorityClassName);
        if (spec.gpus_max() > 0)
            d.key("minResources").map().kv("nvidia.com/gpu", std::to_string(spec.gpus_max())).endMap();
        d.endMap().endMap();
    }

    d.beginDoc().map().kv("apiVersion", "batch/v1").kv("kind", "Job");
    metadata(d, name, ns, jobLabels, annotations);
    d.key("spec").map();
    if (pods > 1)
        d.kv("completionMode", "Indexed").kv("completions", std::int64_t(pods)).kv("parallelism", std::int64_t(pods));
    // A job that may be requeued gets retries; else the first failure is the job's end.
    d.kv("backoffLimit", std::int64_t(spec.requeue() ? 3 : 0));
    if (spec.time_limit_s() > 0)
        d.kv("activeDeadlineSeconds", spec.time_limit_s());
    if (options.queueing == "kueue")
        d.kvBool("suspend", true); // Kueue starts it when the whole job is admitted
    d.key("template").map();
    std::map<std::string, std::string> podAnnotations;
    if (options.queueing == "volcano")
        podAnnotations["scheduling.k8s.io/group-name"] = name;
    metadata(d, name, {}, {{"supernode.io/job", name}}, podAnnotations);
    d.key("spec").map().kv("restartPolicy", "Never");
    if (options.queueing == "volcano")
        d.kv("schedulerName", "volcano");
    if (!priorityClassName.empty())
        d.kv("priorityClassName", priorityClassName);
    if (spec.checkpoint_interval_s() > 0)
        // SIGTERM comes first on preemption or deletion; the job has this long to checkpoint.
        d.kv("terminationGracePeriodSeconds", std::clamp<std::int64_t>(spec.checkpoint_interval_s(), 30, 600));
    if (spec.gpu_models_size() > 0 || pods > 1) {
        d.key("affinity").map();
        if (spec.gpu_models_size() > 0) {
            // Any of the models the job accepts, by the label GPU feature discovery sets.
            d.key("nodeAffinity").map().key("requiredDuringSchedulingIgnoredDuringExecution").map();
            d.key("nodeSelectorTerms").seq().map().key("matchExpressions").seq().map();
            d.kv("key", options.gpuProductLabel).kv("operator", "In").key("values").seq();
            for (const std::string &model : spec.gpu_models())
                d.str(gpuProductLabelValue(model));
            d.endSeq().endMap().endSeq().endMap().endSeq().endMap().endMap();
        }
        if (pods > 1) {
            // One pod per node, as Slurm's --nodes: the pods of this job never share a node.
            d.key("podAntiAffinity").map().key("requiredDuringSchedulingIgnoredDuringExecution").seq().map();
            d.key("labelSelector").map().key("matchLabels").map().kv("supernode.io/job", name).endMap().endMap();
            d.kv("topologyKey", "kubernetes.io/hostname").endMap().endSeq().endMap();
        }
        d.endMap();
    }
    if (spec.gpus_max() > 0 && !options.tolerations.empty()) {
        d.key("tolerations").seq();
        for (const KubernetesToleration &t : options.tolerations) {
            d.map().kv("key", t.key).kv("operator", t.op);
            if (!t.value.empty())
                d.kv("value", t.value);
            if (!t.effect.empty())
                d.kv("effect", t.effect);
            d.endMap();
        }
        d.endSeq();
    }
    d.key("containers").seq().map().kv("name", "job").kv("image", image);
    d.key("command").seq().str(options.shell).str("-c").str(spec.command()).endSeq();
    if (!spec.working_directory().empty())
        d.kv("workingDir", spec.working_directory());
    if (spec.environment_size() > 0) {
        d.key("env").seq();
        for (const auto &[k, v] :
             std::map<std::string, std::string>(spec.environment().begin(), spec.environment().end()))
            d.map().kv("name", k).kv("value", v).endMap();
        d.endSeq();
    }
    if (gpusPerPod > 0 || cpusPerPod > 0 || spec.memory_bytes() > 0) {
        d.key("resources").map();
        if (cpusPerPod > 0 || spec.memory_bytes() > 0) {
            d.key("requests").map();
            if (cpusPerPod > 0)
                d.kv("cpu", std::to_string(cpusPerPod));
            if (spec.memory_bytes() > 0)
                d.kv("memory", memoryQuantity(spec.memory_bytes()));
            d.endMap();
        }
        if (gpusPerPod > 0 || spec.memory_bytes() > 0) {
            // Extended resources are asked for by limits; a memory limit lets a queue's
            // ResourceQuota (limits.memory) count the job.
            d.key("limits").map();
            if (spec.memory_bytes() > 0)
                d.kv("memory", memoryQuantity(spec.memory_bytes()));
            if (gpusPerPod > 0)
                d.kv("nvidia.com/gpu", std::to_string(gpusPerPod));
            d.endMap();
        }
        d.endMap();
    }
    d.endMap().endSeq(); // the container, containers
    d.endMap().endMap(); // pod spec, template
    d.endMap().endMap(); // job spec, job
    if (!out.good())
        return Error{ErrorCode::Internal, std::string("cannot write the manifests: ") + out.GetLastError()};
    result.yaml = out.c_str();
    result.yaml += '\n';
    return result;
}

} // namespace sn
