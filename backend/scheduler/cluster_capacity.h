#pragma once
// What the scheduler can hand out: every node's CPUs, memory and GPUs, each GPU as 1000 milli
// shares (MIG/MPS/time-slicing split a card that way), the NVLink/NVSwitch domain each GPU
// sits in and the leaf switch each node hangs off. Plain arrays indexed by number so that a
// placement search touches no strings and allocates nothing.

#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::sched {

constexpr int kMilliPerGpu = 1000;

struct GpuSlot {
    int milliFree = kMilliPerGpu;
    int nvlinkDomain = 0; // GPUs of one domain are all NVLink/NVSwitch connected to each other
    bool healthy = true;
};

struct NodeCapacity {
    std::string name;
    int modelId = -1; // index into ClusterCapacity::gpuModels(); -1: no GPUs
    int leaf = 0;     // index of the leaf switch; nodes under one leaf talk without the spine
    std::int64_t cpuMilli = 0;
    std::int64_t cpuMilliFree = 0;
    std::int64_t memoryBytes = 0;
    std::int64_t memoryBytesFree = 0;
    std::vector<GpuSlot> gpus;
    bool healthy = true;
    // Bumped on every change, so that a policy can cache what it computed from the node.
    std::uint64_t version = 0;
    void touch(); // a fresh version, unique across every copy of every cluster

    int usableGpus() const;    // healthy GPUs on a healthy node
    int wholeFreeGpus() const; // healthy GPUs with nothing allocated
    int milliFree() const;     // free shares on healthy GPUs
};

// One node's part of a job's allocation. `gpus` are indices on the node; each gets gpuMilli.
struct NodeShare {
    int node = 0;
    std::vector<int> gpus;
    int gpuMilli = kMilliPerGpu;
    std::int64_t cpuMilli = 0;
    std::int64_t memoryBytes = 0;
};

struct Allocation {
    std::vector<NodeShare> parts;
    int gpuCount() const;
    int gpuMilliTotal() const;
};

class ClusterCapacity {
public:
    // Nodes from cluster.yaml: NVSwitch nodes are one NVLink domain, NVLink links named in the
    // network section join GPUs into domains, other GPUs are each their own (PCIe only). A
    // node's leaf is the switch its first NIC links to.
    static ClusterCapacity fromClusterSpec(const ClusterSpec &spec);

    // Adds a node; the model name is interned. Returns its index.
    int addNode(const std::string &name, const std::string &gpuModel, int gpus, std::int64_t cpuMilli,
                std::int64_t memoryBytes, int leaf = 0);

    std::vector<NodeCapacity> &nodes() { return m_nodes; }
    const std::vector<NodeCapacity> &nodes() const { return m_nodes; }
    const std::vector<std::string> &gpuModels() const { return m_models; }
    int modelId(const std::string &model) const; // -1 when no node has it
    int findNode(const std::string &name) const; // -1 when unknown

    // Nodes and their GPU counts are fixed once added (only health and use change), so these
    // are kept, not counted: validation and pending reasons ask for them per job.
    int totalGpus() const; // every GPU, healthy or not
    int largestNodeGpus() const;
    int allocatedMilli() const; // shares handed out on healthy GPUs
    int usableMilli() const;    // healthy capacity

    // Applies or returns an allocation; apply checks nothing (the placer did), release restores.
    void apply(const Allocation &a);
    void release(const Allocation &a);

private:
    std::vector<NodeCapacity> m_nodes;
    std::vector<std::string> m_models;
    int m_totalGpus = 0;
    int m_largestNodeGpus = 0;
};

} // namespace sn::sched
