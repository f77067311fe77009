#pragma once
// Slurm through slurmrestd's v0.0.38 endpoints with a JWT (X-SLURM-USER-NAME/-TOKEN):
// POST /slurm/v0.0.38/job/submit, GET .../jobs, DELETE .../job/{id}, GET .../nodes, .../partitions.
// The HTTP client is passed in (HttpTransport): the engine gives it the project's POSIX-socket
// client (backend/telemetry/prometheus/http_client), so this area depends on no other.

#include "backend/scheduler/backends/job_backend.h"
#include "backend/scheduler/backends/slurm_job_book.h"
#include "backend/scheduler/backends/slurm_script.h"

#include <functional>

namespace sn {

struct HttpCall {
    std::string method; // GET, POST, DELETE
    std::string path;   // "/slurm/v0.0.38/jobs"
    std::string body;   // JSON for POST
    std::vector<std::pair<std::string, std::string>> headers;
};
struct HttpAnswer {
    int status = 0;
    std::string body;
};
// Unavailable when the server cannot be reached; any HTTP status is an answer.
using HttpTransport = std::function<Result<HttpAnswer>(const HttpCall &)>;

struct SlurmRestOptions {
    SlurmSubmitOptions submit;
    std::string baseUrl;  // http://head:6820, for messages and RenderJob
    std::string userName; // X-SLURM-USER-NAME: the user the token was made for
    // The token, read at each call so that a renewed file is picked up; "SLURM_JWT=..." or bare.
    std::function<Result<std::string>()> token;
};

class SlurmRestBackend final : public JobBackend {
public:
    SlurmRestBackend(HttpTransport transport, SlurmRestOptions options);

    std::string kind() const override { return "slurm"; }
    // The JSON body and ["POST", "<baseUrl>/slurm/v0.0.38/job/submit"].
    Result<RenderedJob> render(const pb::JobSpec &spec) const override;
    Result<pb::Job> submit(const pb::JobSpec &spec) override;
    Result<pb::Job> cancel(const std::string &backendJobId) override;
    // slurmrestd (v0.0.38) has no requeue call: refused, naming the way that has one.
    Result<pb::Job> requeue(const std::string &backendJobId) override;
    Result<std::vector<pb::Job>> listJobs() override;
    Result<std::vector<BackendNode>> nodes() override;
    Result<std::vector<BackendQueue>> queues() override;
    Result<pb::Job> job(const std::string &backendJobId);

private:
    Result<std::string> call(const std::string &method, const std::string &path, const std::string &body = {}) const;

    HttpTransport m_transport;
    SlurmRestOptions m_options;
    SlurmJobBook m_book;
};

} // namespace sn
