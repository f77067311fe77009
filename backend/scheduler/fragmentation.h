#pragma once
// Fragmentation as the FGD paper (Weng et al., "Beware of Fragmentation", USENIX ATC'23)
// measures it: the GPU capacity of a node that a given task could not use. For a task that
// does not fit the node at all (CPU, memory, model, GPUs) that is all of the node's free GPU
// shares; for a shared task (milli < 1000) the shares on GPUs with less left than it asks; for
// a whole-GPU task the shares on partly used GPUs. A node's fragmentation for the workload is
// that amount averaged over the observed mix of task shapes, weighted by how often each comes
// (and, our change, by its GPU demand; a CPU-only task as one GPU).

#include "backend/scheduler/placement.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace sn::sched {

struct TaskShape {
    int gpus = 0;
    int gpuMilli = 0;
    std::int64_t cpuMilli = 0;
    std::int64_t memoryBytes = 0;
    std::uint64_t modelMask = 0;
    double weight = 0; // share of the mix; the shapes' weights sum to 1
};

class WorkloadMix {
public:
    void add(const PlacementRequest &r);
    // The most frequent shapes covering `coverage` of the tasks seen, at most maxShapes of them
    // (the rest are rare and cost time on every placement), weights renormalized.
    const std::vector<TaskShape> &shapes() const;
    std::size_t observed() const { return m_total; }
    void setLimits(double coverage, std::size_t maxShapes);

private:
    using Key = std::tuple<int, int, std::int64_t, std::int64_t, std::uint64_t>;
    std::map<Key, std::size_t> m_counts;
    std::size_t m_total = 0;
    double m_coverage = 0.99;
    std::size_t m_maxShapes = 64;
    mutable std::vector<TaskShape> m_shapes;
    mutable bool m_dirty = true;
};

// What a node looks like to the fragmentation measure; built from a NodeCapacity, or edited to
// ask "what if this allocation were made".
// Fields ordered so the struct has no padding: placement compares views bytewise.
struct NodeView {
    std::int64_t cpuMilliFree = 0;
    std::int64_t memoryBytesFree = 0;
    int modelId = -1;
    int gpuCount = 0;
    int milliFree[16] = {}; // healthy GPUs only; unhealthy ones are left out
    static NodeView of(const NodeCapacity &node);
};

// Expected unusable GPU shares of the node for the mix, in milli-GPUs.
double nodeFragmentation(const NodeView &node, const std::vector<TaskShape> &mix);

} // namespace sn::sched
