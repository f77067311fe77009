// Planner figures: one whole estimate (memory, time, every candidate configuration searched and
// ranked, nearest fit) for the training example and for a 70B inference request. The
// console re-plans after each edit in the job submitter, so an estimate must stay well inside
// an interactive budget (docs/benchmarks.md).
#include "bench/bench_json.h"

#include "backend/planner/job_planner.h"

#include <cstdio>
#include <cstdlib>

using namespace sn::planner;

int main()
{
    PlanInput training;
    training.model.parameters = 13e9;
    training.gpuModel = "A100-80GB";
    training.gpus = 16;
    training.seq = 4096;
    training.training.zeroStage = 2;
    training.training.microBatch = 4;

    PlanInput inference;
    inference.workload = Workload::Inference;
    inference.model = {70e9, 80, 8192, 64, 8, 128};
    inference.gpuModel = "H100-SXM";
    inference.gpus = 8;
    inference.tp = 8;
    inference.seq = 4096;
    inference.inference.batch = 16;

    // 64 GPUs widen the candidate search (more TP x PP x ZeRO combinations).
    PlanInput wide = training;
    wide.model.parameters = 70e9;
    wide.gpus = 64;

    for (const auto &[name, input] :
         {std::pair{"plan_13b_16gpu_ms", training}, std::pair{"plan_70b_inference_ms", inference},
          std::pair{"plan_70b_64gpu_ms", wide}}) {
        std::size_t candidates = 0;
        const double seconds = sn::bench::medianSeconds(21, [&, &input = input] {
            auto e = planJob(input);
            if (!e)
                std::abort();
            candidates += e->candidates.size();
        });
        std::fprintf(stderr, "%s: %zu candidates kept per run\n", name, candidates / 21);
        sn::bench::printFigure("planner", name, seconds * 1000, "ms");
    }
    return 0;
}
