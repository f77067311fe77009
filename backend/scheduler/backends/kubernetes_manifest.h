#pragma once
// A JobSpec as Kubernetes takes it: YAML manifests for `kubectl apply -f -` (on stdin). The job
// is a `batch/v1` Job; one spread over several nodes (node_count > 1, or a gang) is an Indexed
// Job with completions = parallelism = pods, one pod per node, each with its share of the GPUs.
// With Kueue the Job carries the `kueue.x-k8s.io/queue-name` label and starts suspended (Kueue
// admits it whole); with Volcano a `scheduling.volcano.sh/v1beta1` PodGroup with `minMember`
// gangs its pods. Ahead of the Job come the PriorityClass of its priority class and the
// ResourceQuota of its queue (namespace) from cluster.yaml's schedulingPolicy, so a fresh
// cluster gets them with the first job (apply is declarative: unchanged objects stay as they are).
//
// The command is the container's argv: [shell, "-c", the command exactly as written], like the
// body of Slurm's batch script; environment variables are `env` entries (data, not shell). The
// YAML is written by yaml-cpp's emitter; strings YAML would read as numbers, booleans or null are
// quoted, so a value such as "0123" or "true" arrives as the string it is.

#include "backend/model/cluster_spec.h"
#include "backend/scheduler/backends/job_backend.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn {

// The app.kubernetes.io/managed-by label of every object the console applies; kubernetes_json reads
// a Job with it as one of ours.
inline constexpr char kKubernetesManagedBy[] = "supernode-console";

struct KubernetesToleration {
    std::string key;
    std::string op = "Exists"; // Exists | Equal
    std::string value;         // with Equal
    std::string effect;        // NoSchedule | PreferNoSchedule | NoExecute; empty: all
    auto operator<=>(const KubernetesToleration &) const = default;
};

struct KubernetesSubmitOptions {
    std::string namespaceName = "default";                  // for jobs that name no queue
    std::string image;                                      // for jobs that name no container image
    std::string shell = "/bin/sh";                          // runs the command: [shell, "-c", command]
    std::string queueing = "none";                          // none | kueue | volcano
    std::string localQueue;                                 // kueue: the LocalQueue; empty: the job's namespace name
    std::string volcanoQueue;                               // volcano: the Volcano queue; empty: Volcano's "default"
    std::string gpuProductLabel = "nvidia.com/gpu.product"; // the node label GPU models are matched on
    // For pods that ask for GPUs; the NVIDIA GPU operator's usual taint when none are configured.
    std::vector<KubernetesToleration> tolerations{{"nvidia.com/gpu", "Exists", "", "NoSchedule"}};
    bool applyPolicy = true; // send the PriorityClass and ResourceQuota with the job
    SchedulingPolicy policy; // priority classes and queue quotas (cluster.yaml schedulingPolicy)
};

// What a spec becomes: the Job's name and namespace (its id is "namespace/name") and the manifests.
struct KubernetesManifests {
    std::string namespaceName;
    std::string jobName;
    int pods = 1;
    std::string yaml; // documents separated by "---"
};

// InvalidArgument, naming the field, for what a Kubernetes Job cannot express: no command or
// image, an elastic GPU range, a fraction of a GPU, GPUs that do not divide evenly over the pods,
// dependencies, a Slurm partition, several tasks per node, a queue that is not a namespace name,
// an environment variable name Kubernetes refuses.
Result<KubernetesManifests> renderKubernetesJob(const pb::JobSpec &spec, const KubernetesSubmitOptions &options);

// [a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?: a namespace, a label value, a Job's name.
bool isDns1123Label(std::string_view s);

// The name as a DNS-1123 label (lower-case letters, digits, '-'; at most 63): "Train GPT #2" ->
// "train-gpt-2-" + a short hash of the original when anything had to change, so two names that
// differ only in what was replaced stay two names. Empty stays empty.
std::string dns1123Label(const std::string &name);

// "NVIDIA H200 141GB" as the GPU feature discovery labels it: "NVIDIA-H200-141GB".
std::string gpuProductLabelValue(const std::string &gpuModel);

// Kubernetes quantities: 1610612736 -> "1536Mi", 2^41 -> "2Ti"; bytes that are no whole MiB stay bytes.
std::string memoryQuantity(std::int64_t bytes);

} // namespace sn
