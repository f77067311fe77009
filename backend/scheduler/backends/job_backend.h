#pragma once
// JobBackend: where a job actually runs. The embedded scheduler (backend/scheduler + the
// engine's executor) is one; Slurm and Kubernetes are the others (issue: job backends). The
// engine routes a JobSpec to the backend its `backend` field names, or to the cluster's default
// (cluster.yaml `jobBackends.default`), and merges their job lists into one.
//
// Calls block and are made from the engine's thread or its workers, never the GUI thread; each
// talks to its peer through a CommandRunner (local or SSH) or HTTP, with a timeout, and answers
// an Error a user can act on (Unavailable when the peer is down, InvalidArgument when the
// backend cannot express the spec, with the field named).

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <string>
#include <vector>

namespace sn {

namespace pb = supernode::v1;

// A machine the backend can run jobs on, as the backend sees it (Slurm node, Kubernetes node).
struct BackendNode {
    std::string name;
    std::string state;  // the backend's word: "idle", "mixed", "allocated", "drain", "Ready", ...
    std::string reason; // why it is down or drained; empty otherwise
    int cpus = 0;
    std::int64_t memoryBytes = 0;
    int gpus = 0; // GPUs it offers (Slurm GRES gpu, Kubernetes nvidia.com/gpu capacity)
    int gpusAllocated = 0;
    std::string gpuModel;            // Slurm GRES type, Kubernetes nvidia.com/gpu.product label
    std::vector<std::string> queues; // partitions / node pools it belongs to
};

// A queue jobs are submitted to (Slurm partition, Kubernetes namespace or Kueue LocalQueue).
struct BackendQueue {
    std::string name;
    std::string state; // "up", "down", "drain", "inactive"
    std::vector<std::string> nodes;
    std::int64_t maxTimeS = 0; // 0: no limit
    bool isDefault = false;
};

// What render() produces: exactly what submit() would send, and where.
struct RenderedJob {
    std::string mediaType;            // "text/x-shellscript", "application/yaml", "application/json"
    std::string text;                 // the script or manifests, sent as data (stdin / request body)
    std::vector<std::string> command; // the program and arguments it is sent to
};

class JobBackend {
public:
    virtual ~JobBackend() = default;

    // "embedded", "slurm", "kubernetes": the value of JobSpec.backend that selects it.
    virtual std::string kind() const = 0;

    // The exact script or manifests for this spec, without sending anything.
    virtual Result<RenderedJob> render(const pb::JobSpec &spec) const = 0;

    // Hands the job to the backend. The answer has backend and backend_job_id set, and the
    // state the backend reported at once (usually pending).
    virtual Result<pb::Job> submit(const pb::JobSpec &spec) = 0;

    // Cancels by the backend's own id (Job.backend_job_id); the job as it is afterwards.
    virtual Result<pb::Job> cancel(const std::string &backendJobId) = 0;

    // A running job back to the backend's queue under its id; the job as it is afterwards. A
    // backend without a requeue refuses (FailedPrecondition) saying what to do instead.
    virtual Result<pb::Job> requeue(const std::string &backendJobId)
    {
        return failedPrecondition(kind() + " cannot requeue job " + backendJobId +
                                  " under its id: cancel it and submit it again");
    }

    // The backend's jobs with their current states (pending reason, nodes and GPUs, exit code),
    // those this console submitted and, where the backend shows them, others' too.
    virtual Result<std::vector<pb::Job>> listJobs() = 0;

    virtual Result<std::vector<BackendNode>> nodes() = 0;
    virtual Result<std::vector<BackendQueue>> queues() = 0;
};

} // namespace sn
