#pragma once
// What `kubectl get ... -o json` answers, read into plain structs: Jobs and Pods (`get jobs,pods`,
// a v1 List of both), Events (`get events`), Nodes and Namespaces. Shapes as the Kubernetes API
// reference documents them (batch/v1 Job, core/v1 Pod, Event, Node, Namespace). Errors say what
// and where: a syntax error as source:line:column, a bad field as source: items[N] (Kind name): field.

#include "backend/scheduler/backends/job_backend.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

struct KubernetesCondition {
    std::string type;   // Complete, Failed, Suspended, PodScheduled, DisruptionTarget, ...
    std::string status; // "True", "False", "Unknown"
    std::string reason;
    std::string message;
};

struct KubernetesJobInfo {
    std::string namespaceName;
    std::string name;
    std::string originalName; // the supernode.io/job-name annotation: the name the user wrote
    bool managed = false;     // app.kubernetes.io/managed-by: supernode-console
    std::string queueName;    // kueue.x-k8s.io/queue-name
    int completions = 1;
    int parallelism = 1;
    bool suspended = false;
    int active = 0;
    int ready = 0;
    int succeeded = 0;
    int failed = 0;
    std::vector<KubernetesCondition> conditions;
    std::int64_t creationMs = 0;
    std::int64_t startMs = 0;      // 0: not started
    std::int64_t completionMs = 0; // 0: not completed
    int gpusPerPod = 0;            // the first container's nvidia.com/gpu limit
    std::string priorityClassName;
};

struct KubernetesPodInfo {
    std::string namespaceName;
    std::string name;
    std::string jobName;  // the job-name / batch.kubernetes.io/job-name label
    std::string phase;    // Pending, Running, Succeeded, Failed, Unknown
    std::string nodeName; // empty until scheduled
    std::string reason;   // pod status.reason ("Evicted", ...)
    std::string message;
    std::vector<KubernetesCondition> conditions;
    std::string waitingReason; // first container waiting: ErrImagePull, CrashLoopBackOff, ...
    std::string waitingMessage;
    bool terminated = false; // first container terminated
    int exitCode = 0;
    int signal = 0;
    std::string terminatedReason; // Completed, Error, OOMKilled
    std::int64_t startMs = 0;
};

struct KubernetesEvent {
    std::string namespaceName;
    std::string objectKind; // involvedObject.kind: Pod, Job, PodGroup
    std::string objectName;
    std::string type; // Normal, Warning
    std::string reason;
    std::string message;
    std::int64_t timeMs = 0; // lastTimestamp, else eventTime, else firstTimestamp
};

struct KubernetesJobsAndPods {
    std::vector<KubernetesJobInfo> jobs;
    std::vector<KubernetesPodInfo> pods;
};

Result<KubernetesJobsAndPods> parseKubectlJobsAndPods(std::string_view json,
                                                      const std::string &source = "kubectl get jobs,pods -o json");
Result<std::vector<KubernetesEvent>> parseKubectlEvents(std::string_view json,
                                                        const std::string &source = "kubectl get events -o json");
// Node state: "ready", "down" (Ready not True; reason from the condition), "drain" (cordoned).
Result<std::vector<BackendNode>> parseKubectlNodes(std::string_view json, const std::string &gpuProductLabel,
                                                   const std::string &source = "kubectl get nodes -o json");
Result<std::vector<BackendQueue>> parseKubectlNamespaces(std::string_view json, const std::string &defaultNamespace,
                                                         const std::string &source = "kubectl get namespaces -o json");

// A Kubernetes quantity ("2113645Mi", "16Gi", "1.5", "500m", "1e3", "128974848") as a number.
Result<double> parseKubernetesQuantity(const std::string &quantity);

// An RFC 3339 time ("2024-05-01T10:00:00Z") as ms since the epoch; 0 for empty or unreadable.
std::int64_t kubernetesTimeMs(const std::string &rfc3339);

} // namespace sn
