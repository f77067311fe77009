#pragma once
// What a job spec or a plan request may hold, checked where they enter the engine (SubmitJob,
// RenderJob, PlanJob) before anything reads them: every string, list and map has a length. A
// request past a bound is refused with InvalidArgument naming the field, its size and the bound,
// so no renderer, scheduler or validator further in ever sees a 500 KB name.
// The bounds are far above what a real job writes (docs/hardening.md, "Limits").

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <cstddef>

namespace sn {

namespace pb = supernode::v1;

struct JobSpecBounds {
    static constexpr std::size_t kWord = 256;            // name, user, queue, priority class, partition, GPU model
    static constexpr std::size_t kBackend = 64;          // "embedded", "slurm", "kubernetes"
    static constexpr std::size_t kPath = 4096;           // working directory (PATH_MAX)
    static constexpr std::size_t kImage = 1024;          // container image reference with digest
    static constexpr std::size_t kCommand = 64 * 1024;   // the command line as the shell gets it
    static constexpr std::size_t kGpuModels = 64;        // entries
    static constexpr std::size_t kDependencies = 256;    // entries
    static constexpr std::size_t kDependency = 4096;     // one entry, e.g. "afterok:1:2:3"
    static constexpr std::size_t kEnvironment = 1024;    // variables
    static constexpr std::size_t kEnvName = 256;         // one variable's name
    static constexpr std::size_t kEnvValue = 32 * 1024;  // one variable's value
    static constexpr std::size_t kEnvTotal = 256 * 1024; // names and values together
    static constexpr std::size_t kModelWord = 64;        // DeclaredModel.precision, .optimizer
};

Status checkJobSpecBounds(const pb::JobSpec &spec);
Status checkPlanRequestBounds(const pb::PlanJobRequest &request);

} // namespace sn
