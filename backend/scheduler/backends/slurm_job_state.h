#pragma once
// Slurm's job states and reasons in the engine's terms: JOB_STATE_*, a pending reason a user
// understands (with Slurm's own code kept, so that it can be looked up), GPUs as GpuRef.

#include "backend/api/supernode.pb.h"
#include "backend/scheduler/backends/slurm_job_json.h"

#include <string>

namespace sn {

namespace pb = supernode::v1;

// PENDING/REQUEUED/CONFIGURING... -> pending, RUNNING/COMPLETING -> running, COMPLETED, the failure
// states (FAILED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, BOOT_FAIL, DEADLINE) -> failed, CANCELLED,
// PREEMPTED and SUSPENDED -> preempted. A "+" suffix (sacct's "CANCELLED+") is ignored.
// Unknown words -> JOB_STATE_UNSPECIFIED.
pb::JobState jobStateFromSlurm(const std::string &state);

// "QOSMaxGRESPerUser" -> "the QOS's per-user limit on GPUs (GRES) is reached (Slurm: QOSMaxGRESPerUser)".
// Codes without a phrase are kept as they are; "None" and "" give "".
std::string slurmReasonInWords(const std::string &reason);

// The engine's view of a Slurm job: id "slurm-<jobid>", backend "slurm", backend_job_id, state,
// pending reason (only while pending), GPUs, times in ms, exit code (128 + signal for a signal).
pb::Job jobFromSlurm(const SlurmJobInfo &info);

// The engine's id for a Slurm job id, and back ("" when the id is not a Slurm one).
std::string engineIdOfSlurmJob(const std::string &slurmJobId);
std::string slurmJobIdOf(const std::string &engineId);

} // namespace sn
