#pragma once
// Slurm through its command-line tools, run by a CommandRunner: on this machine
// (LocalCommandRunner) or on the cluster's head node (SshCommandRunner). sbatch gets the script
// on standard input; squeue/sacct answer JSON (OpenAPI v0.0.38); scontrol -o the node and
// partition lists; scancel cancels. The tools find their cluster as they always do
// (/etc/slurm/slurm.conf, or SLURM_CONF in the runner's environment).

#include "backend/model/command_runner.h"
#include "backend/scheduler/backends/job_backend.h"
#include "backend/scheduler/backends/slurm_job_book.h"
#include "backend/scheduler/backends/slurm_script.h"

#include <chrono>
#include <memory>

namespace sn {

struct SlurmCliOptions {
    SlurmSubmitOptions submit;
    std::string squeue = "squeue";
    std::string sacct = "sacct";
    std::string scontrol = "scontrol";
    std::string scancel = "scancel";
    std::chrono::milliseconds timeout{30000};
    // Ask sacct (slurmdbd) for the jobs this backend submitted that squeue no longer lists.
    // Off for a cluster without accounting, where they keep the last state squeue showed.
    bool useSacct = true;
};

class SlurmCliBackend final : public JobBackend {
public:
    SlurmCliBackend(std::shared_ptr<CommandRunner> runner, SlurmCliOptions options);

    std::string kind() const override { return "slurm"; }
    Result<RenderedJob> render(const pb::JobSpec &spec) const override;
    // InvalidArgument with sbatch's own message when Slurm refuses the job (unknown QOS, account
    // or partition; more GPUs than any node has).
    Result<pb::Job> submit(const pb::JobSpec &spec) override;
    Result<pb::Job> cancel(const std::string &backendJobId) override;
    // scontrol requeue: Slurm stops the job and queues it again under its id.
    Result<pb::Job> requeue(const std::string &backendJobId) override;
    Result<std::vector<pb::Job>> listJobs() override;
    Result<std::vector<BackendNode>> nodes() override;
    Result<std::vector<BackendQueue>> queues() override;

    // One job by Slurm id (squeue, else sacct); NotFound when neither knows it.
    Result<pb::Job> job(const std::string &backendJobId);

private:
    Result<CommandOutput> runTool(const std::vector<std::string> &argv, const std::string &input = {}) const;

    std::shared_ptr<CommandRunner> m_runner;
    SlurmCliOptions m_options;
    SlurmJobBook m_book;
};

} // namespace sn
