#pragma once
// The job planner: will a model fit on the GPUs a job asks for, how long will it take, and how
// should it run. The whole estimate for one request (docs/planner.md):
// - memory per GPU by component against the GPU's memory, and why it does not fit;
// - the largest micro-batch that fits;
// - step and job time, communication with and without overlap and gradient compression;
// - every tensor/pipeline/ZeRO/checkpointing/micro-batch configuration of the same GPUs that
//   fits, fastest first, and the fitting one that changes the fewest knobs of the request.

#include "backend/planner/plan_estimate.h"

namespace sn::planner {

// Errors (InvalidArgument): non-positive sizes or counts, GPUs not divisible by TP x PP or
// unevenly split over nodes, TP not dividing the attention heads, PP beyond the layers, a ZeRO
// stage outside 0-3, a precision the GPU lacks (BF16 on V100/T4, FP8 before Hopper/Ada), an
// unknown GPU model (the message lists the known ones).
Status validatePlanInput(const PlanInput &input);

Result<PlanEstimate> planJob(const PlanInput &input);

} // namespace sn::planner
