#pragma once
// Slurm's job lists as JSON (OpenAPI v0.0.38, Slurm 22.05): `squeue --json` (jobs slurmctld
// still holds: pending, running, and finished ones for MinJobAge) and `sacct --json` (the
// accounting database, for jobs slurmctld has forgotten). slurmrestd answers the same shapes
// at /slurm/v0.0.38/jobs and /slurmdb/v0.0.38/jobs. Errors say what and where: a syntax error as
// source:line:column, a bad field as source: jobs[N] (job id): field.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

struct SlurmGpuSlot {
    std::string node;
    int index = 0; // the GPU's index on its node, as CUDA_VISIBLE_DEVICES counts inside the job
};

// One Slurm job as either command reports it.
struct SlurmJobInfo {
    std::string jobId;
    std::string name;
    std::string state;  // Slurm's word: PENDING, RUNNING, COMPLETED, OUT_OF_MEMORY, ...
    std::string reason; // Slurm's pending/state reason code ("QOSMaxGRESPerUser"); "None" when none
    std::string partition;
    std::string account;
    std::string qos;
    std::string user;
    std::vector<std::string> nodes; // expanded from the host list
    std::vector<SlurmGpuSlot> gpus; // from gres_detail IDX (squeue); sacct has no indices
    std::string allocTres;          // "cpu=1,node=1,billing=1,gres/gpu=2,gres/gpu:h200=2"
    int exitCode = 0;               // the command's return code
    int exitSignal = 0;             // the signal that ended it, 0 if none
    std::int64_t submitTimeS = 0;
    std::int64_t startTimeS = 0; // 0: not started
    std::int64_t endTimeS = 0;   // 0: not ended
};

Result<std::vector<SlurmJobInfo>> parseSqueueJson(std::string_view json, const std::string &source = "squeue --json");
Result<std::vector<SlurmJobInfo>> parseSacctJson(std::string_view json, const std::string &source = "sacct --json");

} // namespace sn
