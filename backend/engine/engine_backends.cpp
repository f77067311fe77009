// The engine's job backends (backend/scheduler/backends): which one a spec goes to, what it
// would be sent, and the routing of submit/cancel/get/list to it. The embedded backend is the
// engine's own scheduler; its "script" is the spec itself as JSON, the same a
// `supernodectl submit --file` would read back. The others are built by makeJobBackends() from
// cluster.yaml `jobBackends:` and their states kept fresh by a JobBackendRouter off the engine
// thread.
#include "backend/engine/engine_backends.h"

#include "backend/model/host_port.h"

#include "backend/api/job_spec_bounds.h"
#include "backend/engine/engine.h"
#include "backend/scheduler/backends/kubectl_backend.h"
#include "backend/scheduler/backends/slurm_cli_backend.h"
#include "backend/ssh/ssh_command_runner.h"
#include "backend/ssh/ssh_target.h"
#include "backend/telemetry/prometheus/http_client.h"

#include <google/protobuf/util/json_util.h>

#include <QFile>

#include <algorithm>
#include <cstdlib>

namespace sn {

namespace {

Result<std::shared_ptr<CommandRunner>> slurmRunner(const SlurmBackendSpec &slurm)
{
    if (slurm.via == "cli")
        return std::shared_ptr<CommandRunner>(std::make_shared<LocalCommandRunner>());
    auto target = parseSshTarget(slurm.host);
    if (!target)
        return invalidArgument("jobBackends.slurm.host: " + target.error().message);
    SshOptions options;
    options.target = *target;
    if (!slurm.user.empty())
        options.target.user = slurm.user;
    if (!slurm.identityFile.empty())
        options.identityFiles = {slurm.identityFile};
    return std::shared_ptr<CommandRunner>(std::make_shared<SshCommandRunner>(options));
}

Result<std::shared_ptr<JobBackend>> makeSlurmBackend(const SlurmBackendSpec &slurm)
{
    SlurmSubmitOptions submit;
    submit.partition = slurm.partition;
    submit.qosByPriorityClass = slurm.qos;
    if (slurm.via == "rest") {
        auto transport = httpTransportTo(slurm.restUrl);
        if (!transport)
            return transport.error();
        SlurmRestOptions options;
        options.submit = submit;
        options.baseUrl = slurm.restUrl;
        const char *user = std::getenv("USER");
        options.userName = !slurm.user.empty() ? slurm.user : user ? std::string(user) : std::string("root");
        const std::string tokenFile = slurm.tokenFile;
        options.token = [tokenFile]() -> Result<std::string> {
            QFile f(QString::fromStdString(tokenFile));
            if (!f.open(QIODevice::ReadOnly))
                return notFound("jobBackends.slurm.tokenFile " + tokenFile + ": " + f.errorString().toStdString());
            return f.readAll().trimmed().toStdString();
        };
        return std::shared_ptr<JobBackend>(std::make_shared<SlurmRestBackend>(*transport, options));
    }
    auto runner = slurmRunner(slurm);
    if (!runner)
        return runner.error();
    SlurmCliOptions options;
    options.submit = submit;
    return std::shared_ptr<JobBackend>(std::make_shared<SlurmCliBackend>(*runner, options));
}

// kubectl on this machine, with the user's kubeconfig and context (cluster.yaml
// jobBackends.kubernetes); priority classes and queue quotas from schedulingPolicy.
std::shared_ptr<JobBackend> makeKubernetesBackend(const KubernetesBackendSpec &k, const SchedulingPolicy &policy)
{
    KubectlOptions options;
    options.kubeconfig = k.kubeconfig;
    options.context = k.context;
    options.submit.namespaceName = k.namespaceName;
    options.submit.image = k.image;
    options.submit.queueing = k.queueing;
    options.submit.localQueue = k.localQueue;
    options.submit.volcanoQueue = k.volcanoQueue;
    options.submit.gpuProductLabel = k.gpuProductLabel;
    if (k.tolerations) {
        options.submit.tolerations.clear();
        for (const KubernetesTolerationSpec &t : *k.tolerations)
            options.submit.tolerations.push_back({t.key, t.op, t.value, t.effect});
    }
    options.submit.applyPolicy = k.applyPolicy;
    options.submit.policy = policy;
    return std::make_shared<KubectlBackend>(std::make_shared<LocalCommandRunner>(), std::move(options));
}

} // namespace

Result<HttpTransport> httpTransportTo(const std::string &baseUrl)
{
    std::string base = baseUrl;
    while (!base.empty() && base.back() == '/')
        base.pop_back();
    auto check = parseHttpUrl(base);
    if (!check)
        return invalidArgument("jobBackends.slurm.restUrl: " + check.error().message);
    // Every call carries the Slurm JWT, and this client speaks plain HTTP only: off this machine
    // the token would be anyone's on the path.
    if (!isLoopbackHost(check->host))
        return invalidArgument("jobBackends.slurm.restUrl '" + baseUrl +
                               "': the Slurm token would cross the network in plain text; reach slurmrestd "
                               "through this machine (ssh -L 6820:localhost:6820 " +
                               check->host +
                               ", or a TLS tunnel such as stunnel) and name its loopback end, "
                               "e.g. http://127.0.0.1:6820");
    return HttpTransport([base](const HttpCall &call) -> Result<HttpAnswer> {
        auto url = parseHttpUrl(base + call.path);
        if (!url)
            return url.error();
        HttpClientOptions options;
        options.headers = call.headers;
        options.readTimeout = std::chrono::milliseconds(30000);
        auto response = httpRequest(call.method, *url, call.body, options);
        if (!response)
            return response.error();
        return HttpAnswer{response->status, std::move(response->body)};
    });
}

Result<JobBackends> makeJobBackends(const ClusterSpec &spec)
{
    JobBackends backends;
    if (!spec.jobBackends)
        return backends;
    if (spec.jobBackends->slurm) {
        auto slurm = makeSlurmBackend(*spec.jobBackends->slurm);
        if (!slurm)
            return slurm.error();
        backends["slurm"] = *slurm;
    }
    if (spec.jobBackends->kubernetes)
        backends["kubernetes"] = makeKubernetesBackend(*spec.jobBackends->kubernetes, spec.schedulingPolicy);
    return backends;
}

void Engine::setUpJobBackends()
{
    auto backends = makeJobBackends(m_options.spec);
    if (!backends) {
        Event e;
        e.timeMs = m_clock->nowMs();
        e.severity = Severity::Error;
        e.kind = "jobs.backend_unavailable";
        e.message = "Job backends not started: " + backends.error().message;
        record(std::move(e));
        return;
    }
    if (!backends->empty())
        m_backendRouter = std::make_unique<JobBackendRouter>(std::move(*backends),
                                                             std::chrono::milliseconds(m_options.backendRefreshMs));
    // Jobs Slurm or Kubernetes ran (restored from supernoded's state) are theirs to report
    // again, not the simulator's to restore.
    std::vector<pb::Job> backendJobs;
    std::erase_if(m_options.restoredJobs, [&](const pb::Job &job) {
        const bool elsewhere = !job.backend().empty() && job.backend() != "embedded";
        if (elsewhere)
            backendJobs.push_back(job);
        return elsewhere;
    });
    if (m_backendRouter)
        m_backendRouter->adopt(backendJobs);
    else if (!backendJobs.empty())
        qWarning("%zu restored jobs name a job backend cluster.yaml no longer configures; not shown",
                 backendJobs.size());
}

std::string Engine::backendOf(const pb::JobSpec &spec) const
{
    if (!spec.backend().empty())
        return spec.backend();
    return m_options.spec.jobBackends ? m_options.spec.jobBackends->defaultBackend : std::string("embedded");
}

bool Engine::routedToBackend(const pb::JobSpec &spec) const
{
    return backendOf(spec) != "embedded";
}

Result<pb::Job> Engine::submitToBackend(const pb::JobSpec &spec)
{
    const std::string kind = backendOf(spec);
    if (!m_backendRouter || !m_backendRouter->has(kind))
        return notFound("job backend '" + kind + "' is not configured for this cluster (cluster.yaml jobBackends)");
    pb::JobSpec routed = spec;
    routed.set_backend(kind);
    return m_backendRouter->submit(kind, routed);
}

std::optional<pb::Job> Engine::backendJob(const std::string &id) const
{
    return m_backendRouter ? m_backendRouter->find(id) : std::nullopt;
}

void Engine::appendBackendJobs(const pb::ListJobsRequest &request, pb::ListJobsResponse &response) const
{
    if (!m_backendRouter)
        return;
    std::vector<pb::Job> jobs = m_backendRouter->jobs();
    for (pb::Job &job : jobs)
        if (request.states_size() == 0 ||
            std::find(request.states().begin(), request.states().end(), job.state()) != request.states().end())
            *response.add_jobs() = std::move(job);
    // Newest first across backends, as the embedded list is.
    std::stable_sort(response.mutable_jobs()->begin(), response.mutable_jobs()->end(),
                     [](const pb::Job &a, const pb::Job &b) { return a.submit_time_ms() > b.submit_time_ms(); });
    if (request.limit() > 0)
        while (response.jobs_size() > request.limit())
            response.mutable_jobs()->RemoveLast();
}

void Engine::addBackendNodes(pb::Cluster &cluster) const
{
    // A real cluster's node list is cluster.yaml's; Slurm adds what it knows: drained or down
    // nodes, and nodes (with their GRES GPUs) that cluster.yaml does not list.
    if (!m_backendRouter)
        return;
    for (const auto &[kind, nodes] : m_backendRouter->nodes()) {
        for (const BackendNode &n : nodes) {
            const bool down = n.state.find("down") != std::string::npos || n.state.find("fail") != std::string::npos;
            const bool drained = n.state.find("drain") != std::string::npos;
            const auto same = std::find_if(cluster.mutable_nodes()->begin(), cluster.mutable_nodes()->end(),
                                           [&](const pb::Node &node) { return node.name() == n.name; });
            if (same != cluster.mutable_nodes()->end()) {
                if (down || drained)
                    same->set_state(down ? pb::NODE_STATE_DOWN : pb::NODE_STATE_DRAINED);
                continue;
            }
            pb::Node &node = *cluster.add_nodes();
            node.set_name(n.name);
            node.set_cpu_cores(n.cpus);
            node.set_memory_bytes(n.memoryBytes);
            node.set_state(down ? pb::NODE_STATE_DOWN : drained ? pb::NODE_STATE_DRAINED : pb::NODE_STATE_UP);
            for (int g = 0; g < n.gpus; ++g) {
                pb::Gpu &gpu = *node.add_gpus();
                gpu.set_index(g);
                gpu.set_model(n.gpuModel); // the GRES type, e.g. "h200": what Slurm knows of it
                gpu.set_numa_node(-1);
                gpu.set_id(gpuId(n.name, g));
            }
        }
    }
}

Result<pb::RenderJobResponse> Engine::renderJob(const pb::JobSpec &spec) const
{
    if (auto bounded = checkJobSpecBounds(spec); !bounded)
        return bounded.error();
    const std::string backend = backendOf(spec);
    pb::RenderJobResponse response;
    response.set_backend(backend);
    if (backend != "embedded") {
        if (!m_backendRouter || !m_backendRouter->has(backend)) {
            std::string known = "embedded";
            if (m_backendRouter)
                for (const std::string &kind : m_backendRouter->kinds())
                    known += ", " + kind;
            return notFound("job backend '" + backend +
                            "' is not configured for this cluster (cluster.yaml jobBackends); known: " + known);
        }
        auto rendered = m_backendRouter->render(backend, spec);
        if (!rendered)
            return rendered.error();
        response.set_media_type(rendered->mediaType);
        response.set_text(rendered->text);
        for (const std::string &word : rendered->command)
            response.add_command(word);
        return response;
    }
    response.set_media_type("application/json");
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.preserve_proto_field_names = true;
    if (auto status = google::protobuf::util::MessageToJsonString(spec, response.mutable_text(), options); !status.ok())
        return Error{ErrorCode::Internal, "cannot write the job spec as JSON: " + status.ToString()};
    response.add_command("SubmitJob");
    return response;
}

} // namespace sn
