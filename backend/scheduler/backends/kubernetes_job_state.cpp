#include "backend/scheduler/backends/kubernetes_job_state.h"

#include <algorithm>
#include <map>
#include <set>

namespace sn {

namespace {

const KubernetesCondition *condition(const std::vector<KubernetesCondition> &list, const char *type)
{
    for (const KubernetesCondition &c : list)
        if (c.type == type && c.status == "True")
            return &c;
    return nullptr;
}

std::string withCode(const std::string &text, const std::string &code)
{
    return code.empty() ? text : text + " (Kubernetes: " + code + ")";
}

// Why this pod does not run, in words; empty when it gives none.
std::string podWaitReason(const KubernetesPodInfo &pod)
{
    for (const KubernetesCondition &c : pod.conditions)
        if (c.type == "PodScheduled" && c.status == "False")
            return withCode("no node can take it now: " + (c.message.empty() ? c.reason : c.message), c.reason);
    if (!pod.waitingReason.empty() && pod.waitingReason != "ContainerCreating")
        return withCode(pod.waitingMessage.empty() ? "its container waits" : pod.waitingMessage, pod.waitingReason);
    if (pod.phase == "Pending" && !pod.nodeName.empty())
        return "starting on " + pod.nodeName +
               (pod.waitingReason.empty() ? "" : " (Kubernetes: " + pod.waitingReason + ")");
    return {};
}

std::string phases(const std::vector<const KubernetesPodInfo *> &pods)
{
    std::map<std::string, int> count;
    for (const KubernetesPodInfo *p : pods)
        ++count[p->phase];
    std::string text;
    for (const auto &[phase, n] : count)
        text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + phase;
    return text.empty() ? std::string("no pods") : text;
}

} // namespace

std::string engineIdOfKubernetesJob(const std::string &namespaceName, const std::string &name)
{
    return "k8s-" + namespaceName + "." + name;
}

std::string kubernetesJobId(const std::string &namespaceName, const std::string &name)
{
    return namespaceName + "/" + name;
}

pb::Job jobFromKubernetes(const KubernetesJobInfo &job, const std::vector<KubernetesPodInfo> &allPods,
                          const std::vector<KubernetesEvent> &events)
{
    std::vector<const KubernetesPodInfo *> pods;
    for (const KubernetesPodInfo &p : allPods)
        if (p.jobName == job.name && p.namespaceName == job.namespaceName)
            pods.push_back(&p);

    pb::Job out;
    out.set_id(engineIdOfKubernetesJob(job.namespaceName, job.name));
    out.set_backend("kubernetes");
    out.set_backend_job_id(kubernetesJobId(job.namespaceName, job.name));
    pb::JobSpec &spec = *out.mutable_spec();
    spec.set_backend("kubernetes");
    spec.set_name(job.originalName.empty() ? job.name : job.originalName);
    spec.set_queue(job.namespaceName);
    spec.set_gpus_min(job.gpusPerPod * std::max(1, job.parallelism));
    spec.set_gpus_max(spec.gpus_min());
    spec.set_node_count(std::max(1, job.parallelism));
    spec.set_priority_class(job.priorityClassName);
    out.set_submit_time_ms(job.creationMs);
    out.set_start_time_ms(job.startMs);
    if (job.gpusPerPod > 0)
        out.set_backend_allocation("nvidia.com/gpu=" + std::to_string(job.gpusPerPod) + " per pod x " +
                                   std::to_string(std::max(1, job.parallelism)) + " pods");
    std::set<std::string> nodes;
    for (const KubernetesPodInfo *p : pods)
        if (!p->nodeName.empty())
            nodes.insert(p->nodeName);
    for (const std::string &n : nodes)
        out.add_backend_nodes(n);

    if (const KubernetesCondition *c = condition(job.conditions, "Complete")) {
        out.set_state(pb::JOB_STATE_COMPLETED);
        out.set_backend_state(c->type);
        out.set_end_time_ms(job.completionMs);
        return out;
    }
    if (const KubernetesCondition *c = condition(job.conditions, "Failed")) {
        out.set_state(pb::JOB_STATE_FAILED);
        out.set_backend_state("Failed: " + c->reason + (c->message.empty() ? "" : " (" + c->message + ")"));
        for (const KubernetesPodInfo *p : pods)
            if (p->terminated && (p->exitCode != 0 || p->signal != 0)) {
                out.set_exit_code(p->signal != 0 ? 128 + p->signal : p->exitCode);
                if (p->terminatedReason == "OOMKilled")
                    out.set_backend_state(out.backend_state() + "; OOMKilled");
                break;
            }
        if (out.exit_code() == 0)
            out.set_exit_code(1);
        out.set_end_time_ms(job.completionMs);
        return out;
    }
    out.set_backend_state("Pods: " + phases(pods));
    // Running when every pod it needs now runs: a gang is not running with half its pods.
    const int remaining = std::max(0, job.completions - job.succeeded);
    const int wanted = std::min(std::max(1, job.parallelism), remaining);
    int running = 0;
    for (const KubernetesPodInfo *p : pods)
        running += p->phase == "Running";
    if (!job.suspended && (remaining == 0 || (running > 0 && running >= wanted))) {
        out.set_state(pb::JOB_STATE_RUNNING);
        return out;
    }
    for (const KubernetesPodInfo *p : pods)
        if (const KubernetesCondition *d = condition(p->conditions, "DisruptionTarget")) {
            out.set_state(pb::JOB_STATE_PREEMPTED);
            out.set_backend_state(withCode("pod " + p->name + " was stopped: " + d->message, d->reason));
            return out;
        }

    out.set_state(pb::JOB_STATE_PENDING);
    std::string reason;
    for (const KubernetesPodInfo *p : pods)
        if (p->phase == "Pending" && (reason = podWaitReason(*p)).size())
            break;
    if (reason.empty()) {
        // The Job controller's refusals (quota, admission) are events on the Job; the scheduler's
        // on its pods. The latest Warning says most.
        const KubernetesEvent *latest = nullptr;
        for (const KubernetesEvent &e : events) {
            if (e.type != "Warning" || e.namespaceName != job.namespaceName)
                continue;
            const bool aboutJob = e.objectKind == "Job" && e.objectName == job.name;
            const bool aboutPod = e.objectKind == "Pod" && std::any_of(pods.begin(), pods.end(), [&](auto *p) {
                                      return p->name == e.objectName;
                                  });
            const bool aboutGroup = e.objectKind == "PodGroup" && e.objectName == job.name;
            if ((aboutJob || aboutPod || aboutGroup) && (!latest || e.timeMs >= latest->timeMs))
                latest = &e;
        }
        if (latest)
            reason = withCode(latest->message, latest->reason);
    }
    if (reason.empty() && job.suspended)
        reason = "waiting for Kueue to admit the whole job (suspended" +
                 (job.queueName.empty() ? std::string(")") : ", LocalQueue " + job.queueName + ")");
    if (reason.empty())
        reason = pods.empty() ? "the Job controller has not created its pods yet" : "its pods are starting";
    if (running > 0)
        reason = std::to_string(running) + " of " + std::to_string(wanted) + " pods running; " + reason;
    out.set_pending_reason(reason);
    return out;
}

} // namespace sn
