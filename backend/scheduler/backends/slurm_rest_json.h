#pragma once
// slurmrestd (OpenAPI v0.0.38) bodies: the job submission built from the very sbatch words
// renderSbatch() produced (one translation of a JobSpec, two encodings), the submit answer,
// and the node and partition lists (the same shapes `sinfo --json` prints).

#include "backend/scheduler/backends/job_backend.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn {

// {"script": ..., "job": {name, partition, account, qos, nodes "N", gres, tasks_per_node,
// cpus_per_task, memory_per_node, time_limit (minutes), dependency, requeue, signal,
// current_working_directory, environment}}. slurmrestd passes the job no environment of its
// own, so `environment` holds a standard PATH; the spec's variables are in the script.
Result<std::string> slurmRestSubmitBody(const RenderedJob &sbatch);

// The new job's id, or the refusal as Slurm worded it (InvalidArgument).
Result<std::string> parseSlurmRestSubmit(std::string_view json, const std::string &source);

Result<std::vector<BackendNode>> parseSlurmNodesJson(std::string_view json, const std::string &source);
Result<std::vector<BackendQueue>> parseSlurmPartitionsJson(std::string_view json, const std::string &source);

} // namespace sn
