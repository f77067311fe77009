#pragma once
// The job planner (backend/planner) behind the contract: PlanJob requests and answers as
// supernode.v1 messages, planned on a cluster's own GPU model and discovered links, and the
// submit-time check of a job's declared model.

#include "backend/api/supernode.pb.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"
#include "backend/planner/plan_estimate.h"

#include <string>

namespace sn {

namespace pb = supernode::v1;

// Names ("bf16", "adamw", "full", "topk:0.01") checked here: an unknown one is InvalidArgument
// naming the field and the accepted values.
Result<planner::PlanInput> planInputFromProto(const pb::PlanJobRequest &request);
pb::PlanJobResponse planToProto(const planner::PlanEstimate &estimate, const std::string &topology);

// Plans on `cluster` (expanded: nodes, GPUs and links): its GPU model unless the request names
// another, its GPUs per node, and its NVLink/NIC shape from the topology graph when the GPU
// model is the cluster's. An empty cluster plans on the catalogue's idea of the GPU.
Result<pb::PlanJobResponse> planJobOnCluster(const pb::PlanJobRequest &request, const ClusterSpec &cluster);

// For SubmitJob: a spec without a declared model passes. One that cannot fit on the GPUs it asks
// for (gpus_max of the first of its gpu_models, or the cluster's) is refused with the reason and
// the nearest fitting configuration when the model says refuse_if_no_fit, else passes with that
// text as a warning. A malformed declared model is refused.
struct DeclaredModelCheck {
    std::string warning; // empty: fits or nothing declared
};
Result<DeclaredModelCheck> checkDeclaredModel(const pb::JobSpec &spec, const ClusterSpec &cluster);

} // namespace sn
