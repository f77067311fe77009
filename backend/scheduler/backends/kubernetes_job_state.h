#pragma once
// A Kubernetes Job, its pods and their events in the engine's terms: JOB_STATE_*, the pending
// reason in words with Kubernetes's own reason kept ("no node can take it now: 0/4 nodes are
// available: 4 Insufficient nvidia.com/gpu. (Kubernetes: Unschedulable)"), pod phases as the
// backend state, the nodes its pods run on, exit code.

#include "backend/scheduler/backends/kubernetes_json.h"

#include <string>
#include <vector>

namespace sn {

// Complete -> completed; Failed -> failed (backend_state the condition's reason:
// BackoffLimitExceeded, DeadlineExceeded); all pods running (or done) -> running; a pod the
// scheduler or kubelet disrupted (DisruptionTarget) -> preempted; otherwise pending, with the
// reason of the first pod that does not run (unschedulable, image pull, ...), else the latest
// Warning event of the job or its pods (FailedCreate: exceeded quota), else "suspended" (Kueue).
pb::Job jobFromKubernetes(const KubernetesJobInfo &job, const std::vector<KubernetesPodInfo> &pods,
                          const std::vector<KubernetesEvent> &events);

// The engine's id of a Kubernetes job ("k8s-<namespace>.<name>": neither may hold a '.') and
// the backend's ("<namespace>/<name>").
std::string engineIdOfKubernetesJob(const std::string &namespaceName, const std::string &name);
std::string kubernetesJobId(const std::string &namespaceName, const std::string &name);

} // namespace sn
