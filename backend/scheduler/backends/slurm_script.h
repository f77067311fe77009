#pragma once
// A JobSpec as Slurm's sbatch takes it: every option as one argv word (`--gres=gpu:h200:2`,
// `--job-name=...`) and the batch script, which carries only the environment and the user's
// command, sent on sbatch's standard input. No user text is ever placed inside a shell string:
// argv words are passed as words (locally by exec, over SSH quoted by shellCommandLine()), and the
// command is the script body exactly as written.

#include "backend/scheduler/backends/job_backend.h"

#include <map>
#include <string>

namespace sn {

struct SlurmSubmitOptions {
    std::string sbatch = "sbatch";                         // the program
    std::string partition;                                 // used when the spec names none; empty: Slurm's default
    std::map<std::string, std::string> qosByPriorityClass; // cluster.yaml jobBackends.slurm.qos
};

// InvalidArgument, naming the field, for what sbatch cannot express: no command, an elastic GPU
// range, a fraction of a GPU, GPUs that do not divide evenly over the nodes, more than one GPU
// model, an environment name that is not a shell identifier, a malformed dependency.
Result<RenderedJob> renderSbatch(const pb::JobSpec &spec, const SlurmSubmitOptions &options);

// The gres type Slurm sites usually give a GPU model: "NVIDIA H200" and "H200 141GB" -> "h200".
std::string slurmGresType(const std::string &gpuModel);

// "D-HH:MM:SS" as --time takes it; seconds are rounded up to whole minutes' worth of seconds.
std::string slurmDuration(std::int64_t seconds);

} // namespace sn
