#pragma once
// Builds the job backends cluster.yaml `jobBackends:` configures (Slurm by CLI, SSH or REST;
// Kubernetes by kubectl): the one place a backend kind becomes an object.

#include "backend/engine/job_backend_router.h"
#include "backend/model/cluster_spec.h"
#include "backend/scheduler/backends/slurm_rest_backend.h"

namespace sn {

// Every backend but the embedded one, by kind. InvalidArgument for a configuration that cannot
// work (an SSH host that does not parse); NotFound for a kind this build cannot run.
Result<JobBackends> makeJobBackends(const ClusterSpec &spec);

// The project's HTTP client (backend/telemetry/prometheus/http_client) as the transport of
// SlurmRestBackend, to the server at baseUrl ("http://head:6820").
Result<HttpTransport> httpTransportTo(const std::string &baseUrl);

} // namespace sn
