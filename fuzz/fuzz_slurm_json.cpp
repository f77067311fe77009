// Slurm's JSON (OpenAPI v0.0.38) as the Slurm backends read it: `squeue --json`, `sacct --json`,
// and slurmrestd's nodes, partitions and submit replies.
#include "backend/scheduler/backends/slurm_job_json.h"
#include "backend/scheduler/backends/slurm_rest_json.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view json = sn::fuzz::text(data, size);
    (void)sn::parseSqueueJson(json, "fuzz");
    (void)sn::parseSacctJson(json, "fuzz");
    (void)sn::parseSlurmNodesJson(json, "fuzz");
    (void)sn::parseSlurmPartitionsJson(json, "fuzz");
    (void)sn::parseSlurmRestSubmit(json, "fuzz");
    return 0;
}
