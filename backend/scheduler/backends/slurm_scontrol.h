#pragma once
// Slurm's one-line text outputs: `scontrol -o show node`, `scontrol -o show partition` (one
// record per line of Key=Value words) and `sbatch --parsable` ("jobid" or "jobid;cluster").
// Errors name the source and the line ("scontrol -o show node: line 3: ...").

#include "backend/scheduler/backends/job_backend.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

// One record's fields. A value may hold spaces (OS=Linux 6.1 #1 SMP) or '=' (CfgTRES=cpu=16,...).
Result<std::map<std::string, std::string>> parseScontrolRecord(std::string_view line);

Result<std::vector<BackendNode>> parseScontrolNodes(std::string_view text,
                                                    const std::string &source = "scontrol -o show node");
Result<std::vector<BackendQueue>> parseScontrolPartitions(std::string_view text,
                                                          const std::string &source = "scontrol -o show partition");

// The job id sbatch --parsable printed.
Result<std::string> parseSbatchParsable(std::string_view text, const std::string &source = "sbatch --parsable");

// "gres/gpu=8" out of a TRES list ("cpu=16,mem=62.50G,gres/gpu=8,gres/gpu:h200=8"); 0 if absent.
int gpusInTres(std::string_view tres);

} // namespace sn
