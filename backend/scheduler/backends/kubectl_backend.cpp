#include "backend/scheduler/backends/kubectl_backend.h"

#include "backend/scheduler/backends/kubernetes_job_state.h"
#include "backend/scheduler/backends/kubernetes_manifest.h"

#include <algorithm>
#include <regex>

namespace sn {

namespace {

// kubectl puts the error last, after klog noise.
std::string lastLine(const std::string &text)
{
    std::string trimmed = text;
    while (!trimmed.empty() && (trimmed.back() == '\n' || trimmed.back() == ' '))
        trimmed.pop_back();
    const auto cut = trimmed.rfind('\n');
    std::string line = cut == std::string::npos ? trimmed : trimmed.substr(cut + 1);
    return line.empty() ? std::string("(no output)") : line;
}


// kubectl's words for "the API server cannot be reached", as opposed to a refusal.
bool unreachable(const std::string &err)
{
    for (const char *needle : {"connection refused", "Unable to connect to the server", "dial tcp", "no such host",
                               "i/o timeout", "context deadline exceeded", "TLS handshake timeout",
                               "couldn't get current server API group list", "The connection to the server"})
        if (err.find(needle) != std::string::npos)
            return true;
    return false;
}

constexpr const char *kSelector = "--selector=supernode.io/job";

} // namespace

KubectlBackend::KubectlBackend(std::shared_ptr<CommandRunner> runner, KubectlOptions options)
    : m_runner(std::move(runner)), m_options(std::move(options))
{
}

std::vector<std::string> KubectlBackend::kubectlArgv(std::initializer_list<std::string> words) const
{
    std::vector<std::string> argv{m_options.kubectl};
    if (!m_options.kubeconfig.empty())
        argv.push_back("--kubeconfig=" + m_options.kubeconfig);
    if (!m_options.context.empty())
        argv.push_back("--context=" + m_options.context);
    argv.insert(argv.end(), words.begin(), words.end());
    return argv;
}

Result<CommandOutput> KubectlBackend::runKubectl(const std::vector<std::string> &argv, const std::string &input) const
{
    auto output = m_runner->run(argv, m_options.timeout, input);
    if (!output)
        return Error{ErrorCode::Unavailable,
                     "Kubernetes (kubectl, " + m_runner->where() + "): " + output.error().message};
    if (output->exitCode != 0 && unreachable(output->err))
        return Error{ErrorCode::Unavailable,
                     "Kubernetes API server unreachable (" + argvText(argv) + "): " + lastLine(output->err)};
    return output;
}

Result<RenderedJob> KubectlBackend::render(const pb::JobSpec &spec) const
{
    auto manifests = renderKubernetesJob(spec, m_options.submit);
    if (!manifests)
        return manifests.error();
    RenderedJob job;
    job.mediaType = "application/yaml";
    job.text = std::move(manifests->yaml);
    job.command = kubectlArgv({"apply", "-f", "-"});
    return job;
}

Result<pb::Job> KubectlBackend::submit(const pb::JobSpec &spec)
{
    auto manifests = renderKubernetesJob(spec, m_options.submit);
    if (!manifests)
        return manifests.error();
    const std::vector<std::string> argv = kubectlArgv({"apply", "-f", "-"});
    auto output = runKubectl(argv, manifests->yaml);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return invalidArgument("Kubernetes refused the job: " +
                               lastLine(output->err.empty() ? output->out : output->err));
    // "job.batch/train created": anything else means a Job of that name was there already.
    const std::string id = kubernetesJobId(manifests->namespaceName, manifests->jobName);
    const std::regex line("(^|\n)job\\.batch/" + manifests->jobName + " ([a-z]+)");
    std::smatch m;
    if (!std::regex_search(output->out, m, line))
        return Error{ErrorCode::Internal,
                     "kubectl apply did not report the Job " + manifests->jobName + ": " + lastLine(output->out)};
    if (m[2].str() != "created")
        return failedPrecondition("a Job named " + manifests->jobName + " already exists in namespace " +
                                  manifests->namespaceName + " (kubectl apply: " + m[2].str() +
                                  "); give the job another name or delete the old one");
    {
        std::lock_guard lock(m_mutex);
        m_submitted[id] = spec;
    }
    if (auto jobs = listNamespace(manifests->namespaceName))
        for (pb::Job &j : *jobs)
            if (j.backend_job_id() == id)
                return std::move(j);
    pb::Job job;
    job.set_id(engineIdOfKubernetesJob(manifests->namespaceName, manifests->jobName));
    job.set_backend("kubernetes");
    job.set_backend_job_id(id);
    job.set_state(pb::JOB_STATE_PENDING);
    job.set_pending_reason("the Job controller has not created its pods yet");
    return withSubmittedSpec(job);
}

Result<pb::Job> KubectlBackend::cancel(const std::string &backendJobId)
{
    const auto slash = backendJobId.find('/');
    const std::string ns = slash == std::string::npos ? std::string() : backendJobId.substr(0, slash);
    const std::string name = slash == std::string::npos ? std::string() : backendJobId.substr(slash + 1);
    if (!isDns1123Label(ns) || !isDns1123Label(name))
        return invalidArgument("'" + backendJobId + "' is not a Kubernetes job id (namespace/name)");
    const std::vector<std::string> argv = kubectlArgv({"delete", "job", name, "--namespace=" + ns});
    auto output = runKubectl(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0) {
        const std::string why = lastLine(output->err);
        if (why.find("NotFound") != std::string::npos || why.find("not found") != std::string::npos)
            return notFound("Kubernetes has no Job " + backendJobId + ": " + why);
        return failedPrecondition(argvText(argv) + ": " + why);
    }
    pb::Job job;
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.insert(backendJobId);
        const auto seen = m_lastSeen.find(backendJobId);
        if (seen != m_lastSeen.end())
            job = seen->second;
        else {
            job.set_id(engineIdOfKubernetesJob(ns, name));
            job.set_backend("kubernetes");
            job.set_backend_job_id(backendJobId);
        }
        job.set_state(pb::JOB_STATE_CANCELLED);
        job.set_backend_state("deleted (kubectl delete job)");
        job.clear_pending_reason();
        m_lastSeen[backendJobId] = job;
    }
    return withSubmittedSpec(job);
}

pb::Job KubectlBackend::withSubmittedSpec(pb::Job job) const
{
    std::lock_guard lock(m_mutex);
    if (const auto it = m_submitted.find(job.backend_job_id()); it != m_submitted.end()) {
        *job.mutable_spec() = it->second;
        job.mutable_spec()->set_backend("kubernetes");
    }
    return job;
}

Result<std::vector<pb::Job>> KubectlBackend::listNamespace(const std::string &ns)
{
    const std::vector<std::string> argv =
        kubectlArgv({"get", "jobs,pods", "--output=json", "--namespace=" + ns, kSelector});
    auto output = runKubectl(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, argvText(argv) + ": " + lastLine(output->err)};
    auto listing = parseKubectlJobsAndPods(output->out);
    if (!listing)
        return listing.error();
    std::vector<KubernetesEvent> events;
    const bool waiting = std::any_of(listing->jobs.begin(), listing->jobs.end(),
                                     [](const KubernetesJobInfo &j) { return j.completionMs == 0; });
    if (waiting) { // events only say why something waits; finished jobs need none
        const std::vector<std::string> ev =
            kubectlArgv({"get", "events", "--output=json", "--namespace=" + ns, "--field-selector=type=Warning"});
        auto evOut = runKubectl(ev);
        if (!evOut)
            return evOut.error();
        if (evOut->exitCode == 0) {
            auto parsed = parseKubectlEvents(evOut->out);
            if (!parsed)
                return parsed.error();
            events = std::move(*parsed);
        }
    }
    std::vector<pb::Job> jobs;
    for (const KubernetesJobInfo &info : listing->jobs)
        jobs.push_back(withSubmittedSpec(jobFromKubernetes(info, listing->pods, events)));
    return jobs;
}

Result<std::vector<pb::Job>> KubectlBackend::listJobs()
{
    std::set<std::string> namespaces{m_options.submit.namespaceName};
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[id, spec] : m_submitted)
            namespaces.insert(id.substr(0, id.find('/')));
    }
    std::vector<pb::Job> jobs;
    for (const std::string &ns : namespaces) {
        auto listed = listNamespace(ns);
        if (!listed)
            return listed.error();
        for (pb::Job &j : *listed)
            jobs.push_back(std::move(j));
    }
    std::lock_guard lock(m_mutex);
    std::set<std::string> listed;
    for (pb::Job &j : jobs) {
        listed.insert(j.backend_job_id());
        if (m_cancelled.count(j.backend_job_id()) && j.state() != pb::JOB_STATE_COMPLETED &&
            j.state() != pb::JOB_STATE_FAILED) { // still being deleted
            j.set_state(pb::JOB_STATE_CANCELLED);
            j.clear_pending_reason();
        }
        m_lastSeen[j.backend_job_id()] = j;
    }
    // Jobs this console knows that Kubernetes no longer lists (cancelled, or removed by
    // ttlSecondsAfterFinished) keep their last state.
    for (const auto &[id, job] : m_lastSeen)
        if (!listed.count(id))
            jobs.push_back(job);
    return jobs;
}

Result<std::vector<BackendNode>> KubectlBackend::nodes()
{
    const std::vector<std::string> argv = kubectlArgv({"get", "nodes", "--output=json"});
    auto output = runKubectl(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, argvText(argv) + ": " + lastLine(output->err)};
    return parseKubectlNodes(output->out, m_options.submit.gpuProductLabel);
}

Result<std::vector<BackendQueue>> KubectlBackend::queues()
{
    const std::vector<std::string> argv = kubectlArgv({"get", "namespaces", "--output=json"});
    auto output = runKubectl(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, argvText(argv) + ": " + lastLine(output->err)};
    return parseKubectlNamespaces(output->out, m_options.submit.namespaceName);
}

} // namespace sn
