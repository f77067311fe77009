#include "backend/scheduler/backends/slurm_rest_backend.h"

#include "backend/scheduler/backends/slurm_job_json.h"
#include "backend/scheduler/backends/slurm_job_state.h"
#include "backend/scheduler/backends/slurm_json_document.h"
#include "backend/scheduler/backends/slurm_rest_json.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace sn {

namespace {
const std::string kApi = "/slurm/v0.0.38";
}

SlurmRestBackend::SlurmRestBackend(HttpTransport transport, SlurmRestOptions options)
    : m_transport(std::move(transport)), m_options(std::move(options))
{
}

Result<std::string> SlurmRestBackend::call(const std::string &method, const std::string &path,
                                           const std::string &body) const
{
    auto token = m_options.token ? m_options.token() : Result<std::string>(std::string());
    if (!token)
        return token.error();
    std::string jwt = *token;
    if (jwt.rfind("SLURM_JWT=", 0) == 0)
        jwt = jwt.substr(10);
    while (!jwt.empty() && std::isspace(static_cast<unsigned char>(jwt.back())))
        jwt.pop_back();
    HttpCall request{method, path, body, {{"X-SLURM-USER-NAME", m_options.userName}, {"X-SLURM-USER-TOKEN", jwt}}};
    if (!body.empty())
        request.headers.emplace_back("Content-Type", "application/json");
    auto answer = m_transport(request);
    const std::string what = "slurmrestd " + method + " " + m_options.baseUrl + path;
    if (!answer)
        return Error{ErrorCode::Unavailable, what + ": " + answer.error().message};
    if (answer->status == 401 || answer->status == 403)
        return Error{ErrorCode::PermissionDenied, what + ": HTTP " + std::to_string(answer->status) +
                                                      " (is the token valid for user '" + m_options.userName + "'?)"};
    // Slurm's own refusals come as 500 with an "errors" entry; the callers read those.
    if (answer->status >= 400 && answer->body.find("\"errors\"") == std::string::npos)
        return Error{ErrorCode::Unavailable,
                     what + ": HTTP " + std::to_string(answer->status) + ": " + answer->body.substr(0, 200)};
    return std::move(answer->body);
}

Result<RenderedJob> SlurmRestBackend::render(const pb::JobSpec &spec) const
{
    auto sbatch = renderSbatch(spec, m_options.submit);
    if (!sbatch)
        return sbatch.error();
    auto body = slurmRestSubmitBody(*sbatch);
    if (!body)
        return body.error();
    RenderedJob job;
    job.mediaType = "application/json";
    job.text = std::move(*body);
    job.command = {"POST", m_options.baseUrl + kApi + "/job/submit"};
    return job;
}

Result<pb::Job> SlurmRestBackend::submit(const pb::JobSpec &spec)
{
    auto rendered = render(spec);
    if (!rendered)
        return rendered.error();
    auto answer = call("POST", kApi + "/job/submit", rendered->text);
    if (!answer)
        return answer.error();
    auto id = parseSlurmRestSubmit(*answer, "slurmrestd job/submit");
    if (!id)
        return id.error();
    m_book.remember(*id, spec);
    if (auto known = job(*id))
        return *known;
    return m_book.pending(*id);
}

Result<pb::Job> SlurmRestBackend::requeue(const std::string &backendJobId)
{
    return failedPrecondition("slurmrestd has no requeue (jobBackends.slurm.via: cli has, through scontrol): "
                              "cancel job " + backendJobId + " and submit it again");
}

Result<pb::Job> SlurmRestBackend::cancel(const std::string &backendJobId)
{
    if (backendJobId.empty() || !std::all_of(backendJobId.begin(), backendJobId.end(),
                                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return invalidArgument("'" + backendJobId + "' is not a Slurm job id");
    auto answer = call("DELETE", kApi + "/job/" + backendJobId);
    if (!answer)
        return answer.error();
    if (auto ok = slurm_json::parseDocument(*answer, "slurmrestd DELETE job/" + backendJobId); !ok)
        return failedPrecondition(ok.error().message);
    return job(backendJobId);
}

Result<pb::Job> SlurmRestBackend::job(const std::string &backendJobId)
{
    auto jobs = listJobs();
    if (!jobs)
        return jobs.error();
    for (pb::Job &j : *jobs)
        if (j.backend_job_id() == backendJobId)
            return std::move(j);
    return notFound("slurmrestd knows no job " + backendJobId);
}

Result<std::vector<pb::Job>> SlurmRestBackend::listJobs()
{
    auto answer = call("GET", kApi + "/jobs");
    if (!answer)
        return answer.error();
    auto infos = parseSqueueJson(*answer, "slurmrestd GET " + kApi + "/jobs");
    if (!infos)
        return infos.error();
    std::vector<pb::Job> jobs;
    std::set<std::string> listed;
    for (const SlurmJobInfo &info : *infos) {
        jobs.push_back(m_book.withSubmittedSpec(jobFromSlurm(info)));
        listed.insert(info.jobId);
    }
    m_book.settle(jobs, listed);
    return jobs;
}

Result<std::vector<BackendNode>> SlurmRestBackend::nodes()
{
    auto answer = call("GET", kApi + "/nodes");
    if (!answer)
        return answer.error();
    return parseSlurmNodesJson(*answer, "slurmrestd GET " + kApi + "/nodes");
}

Result<std::vector<BackendQueue>> SlurmRestBackend::queues()
{
    auto answer = call("GET", kApi + "/partitions");
    if (!answer)
        return answer.error();
    return parseSlurmPartitionsJson(*answer, "slurmrestd GET " + kApi + "/partitions");
}

} // namespace sn
