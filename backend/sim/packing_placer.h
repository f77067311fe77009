#pragma once
// Where the simulator puts a job until the scheduler engine takes over placement: whole GPUs,
// all-or-nothing. A job that fits in one node goes to the node with the fewest free GPUs that
// still fits it (packing keeps whole nodes free for large jobs); a larger job takes the
// emptiest nodes. No reservations: a large job can wait behind a stream of small ones, which
// the scheduler issue fixes with backfill and reservations.

#include "backend/model/job_spec.h"

#include <string>
#include <variant>
#include <vector>

namespace sn::sim {

struct NodeFreeGpus {
    std::string node;
    std::vector<int> freeGpus; // usable and unallocated, ascending
};

struct Placement {
    std::vector<GpuRef> gpus;
};

struct NoPlacement {
    std::string reason; // why the job waits, for the user
};

std::variant<Placement, NoPlacement> placeJob(int gpus, int gpusPerNode, const std::vector<NodeFreeGpus> &free);

} // namespace sn::sim
