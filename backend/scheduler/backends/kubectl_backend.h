#pragma once
// Kubernetes through kubectl, run by a CommandRunner, with the user's kubeconfig and context:
// `kubectl apply -f -` with the manifests on standard input (kubernetes_manifest), `get
// jobs,pods -o json` and `get events -o json` per namespace for states and reasons, `delete job`
// to cancel, `get nodes -o json` for the GPU inventory, `get namespaces -o json` for the queues.
// Nothing user-typed is ever part of a command line but the job's namespace and name, which are
// DNS-1123 labels by then.

#include "backend/model/command_runner.h"
#include "backend/scheduler/backends/job_backend.h"
#include "backend/scheduler/backends/kubernetes_manifest.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace sn {

struct KubectlOptions {
    KubernetesSubmitOptions submit;
    std::string kubectl = "kubectl";
    std::string kubeconfig; // empty: kubectl's own (KUBECONFIG, ~/.kube/config)
    std::string context;    // empty: the kubeconfig's current context
    std::chrono::milliseconds timeout{30000};
};

class KubectlBackend final : public JobBackend {
public:
    KubectlBackend(std::shared_ptr<CommandRunner> runner, KubectlOptions options);

    std::string kind() const override { return "kubernetes"; }
    Result<RenderedJob> render(const pb::JobSpec &spec) const override;
    // FailedPrecondition when a Job of that name already exists in the namespace (apply answers
    // "unchanged"/"configured" instead of "created"); InvalidArgument with kubectl's message when
    // the API server refuses the manifests; Unavailable when it cannot be reached.
    Result<pb::Job> submit(const pb::JobSpec &spec) override;
    // backendJobId: "namespace/name".
    Result<pb::Job> cancel(const std::string &backendJobId) override;
    Result<std::vector<pb::Job>> listJobs() override;
    Result<std::vector<BackendNode>> nodes() override;
    Result<std::vector<BackendQueue>> queues() override;

    // The kubectl words every call starts with: program, --kubeconfig, --context.
    std::vector<std::string> kubectlArgv(std::initializer_list<std::string> words) const;

private:
    Result<CommandOutput> runKubectl(const std::vector<std::string> &argv, const std::string &input = {}) const;
    Result<std::vector<pb::Job>> listNamespace(const std::string &ns);
    pb::Job withSubmittedSpec(pb::Job job) const;

    std::shared_ptr<CommandRunner> m_runner;
    KubectlOptions m_options;
    // What kubectl does not say: the specs this console submitted, the jobs it cancelled, and
    // the last state seen (a Job deleted by its TTL or by cancel does not vanish from the list).
    mutable std::mutex m_mutex;
    std::map<std::string, pb::JobSpec> m_submitted; // "ns/name" -> spec
    std::map<std::string, pb::Job> m_lastSeen;
    std::set<std::string> m_cancelled;
};

} // namespace sn
