#include "backend/scheduler/cluster_capacity.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <numeric>

namespace sn::sched {

void NodeCapacity::touch()
{
    // Process-wide so that a what-if copy of the cluster never reuses a version of the original
    // for a different state (policies cache by node index and version).
    static std::atomic<std::uint64_t> next{1};
    version = next.fetch_add(1, std::memory_order_relaxed);
}

int NodeCapacity::usableGpus() const
{
    if (!healthy)
        return 0;
    return static_cast<int>(std::count_if(gpus.begin(), gpus.end(), [](const GpuSlot &g) { return g.healthy; }));
}

int NodeCapacity::wholeFreeGpus() const
{
    if (!healthy)
        return 0;
    return static_cast<int>(std::count_if(gpus.begin(), gpus.end(),
                                          [](const GpuSlot &g) { return g.healthy && g.milliFree == kMilliPerGpu; }));
}

int NodeCapacity::milliFree() const
{
    if (!healthy)
        return 0;
    int sum = 0;
    for (const GpuSlot &g : gpus)
        if (g.healthy)
            sum += g.milliFree;
    return sum;
}

int Allocation::gpuCount() const
{
    int n = 0;
    for (const NodeShare &p : parts)
        n += static_cast<int>(p.gpus.size());
    return n;
}

int Allocation::gpuMilliTotal() const
{
    int n = 0;
    for (const NodeShare &p : parts)
        n += static_cast<int>(p.gpus.size()) * p.gpuMilli;
    return n;
}

namespace {

// "node01/gpu3" -> 3 when the prefix is the node's; -1 otherwise.
int gpuIndexOf(const std::string &endpoint, const std::string &node)
{
    const std::string prefix = node + "/gpu";
    if (endpoint.rfind(prefix, 0) != 0)
        return -1;
    try {
        return std::stoi(endpoint.substr(prefix.size()));
    } catch (...) {
        return -1;
    }
}

int findRoot(std::vector<int> &parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

} // namespace

ClusterCapacity ClusterCapacity::fromClusterSpec(const ClusterSpec &spec)
{
    ClusterCapacity c;
    std::map<std::string, int> leafIds;
    for (const SwitchSpec &s : spec.network.switches)
        leafIds.emplace(s.name, static_cast<int>(leafIds.size()));
    for (const NodeSpec &n : spec.nodes) {
        int leaf = 0;
        for (const NicSpec &nic : n.nics) {
            const std::string id = nicId(n.name, nic.name);
            for (const LinkSpec &l : spec.network.links) {
                const std::string *other = l.a == id ? &l.b : l.b == id ? &l.a : nullptr;
                if (other && leafIds.count(*other)) {
                    leaf = leafIds[*other];
                    break;
                }
            }
            break;
        }
        const std::string model = n.gpus.empty() ? std::string() : n.gpus.front().model;
        const int idx = c.addNode(n.name, model, static_cast<int>(n.gpus.size()), std::int64_t{n.cpuCores} * 1000,
                                  n.memoryBytes, leaf);
        NodeCapacity &node = c.m_nodes[idx];
        if (!n.nvswitches.empty())
            continue; // addNode already put every GPU in domain 0: the NVSwitch connects all
        std::vector<int> parent(node.gpus.size());
        std::iota(parent.begin(), parent.end(), 0);
        for (const LinkSpec &l : spec.network.links) {
            if (l.type != LinkType::NvLink)
                continue;
            const int a = gpuIndexOf(l.a, n.name), b = gpuIndexOf(l.b, n.name);
            if (a >= 0 && b >= 0 && a < static_cast<int>(parent.size()) && b < static_cast<int>(parent.size()))
                parent[findRoot(parent, a)] = findRoot(parent, b);
        }
        for (std::size_t g = 0; g < node.gpus.size(); ++g)
            node.gpus[g].nvlinkDomain = findRoot(parent, static_cast<int>(g));
    }
    return c;
}

int ClusterCapacity::addNode(const std::string &name, const std::string &gpuModel, int gpus, std::int64_t cpuMilli,
                             std::int64_t memoryBytes, int leaf)
{
    NodeCapacity n;
    n.name = name;
    n.leaf = leaf;
    n.cpuMilli = n.cpuMilliFree = cpuMilli;
    n.memoryBytes = n.memoryBytesFree = memoryBytes;
    n.gpus.resize(std::max(gpus, 0));
    m_totalGpus += static_cast<int>(n.gpus.size());
    m_largestNodeGpus = std::max(m_largestNodeGpus, static_cast<int>(n.gpus.size()));
    n.touch();
    if (gpus > 0) {
        n.modelId = modelId(gpuModel);
        if (n.modelId < 0) {
            n.modelId = static_cast<int>(m_models.size());
            m_models.push_back(gpuModel);
        }
    }
    m_nodes.push_back(std::move(n));
    return static_cast<int>(m_nodes.size()) - 1;
}

int ClusterCapacity::modelId(const std::string &model) const
{
    const auto it = std::find(m_models.begin(), m_models.end(), model);
    return it == m_models.end() ? -1 : static_cast<int>(it - m_models.begin());
}

int ClusterCapacity::findNode(const std::string &name) const
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].name == name)
            return static_cast<int>(i);
    return -1;
}

int ClusterCapacity::totalGpus() const
{
    return m_totalGpus;
}

int ClusterCapacity::largestNodeGpus() const
{
    return m_largestNodeGpus;
}

int ClusterCapacity::allocatedMilli() const
{
    int n = 0;
    for (const NodeCapacity &node : m_nodes)
        if (node.healthy)
            for (const GpuSlot &g : node.gpus)
                if (g.healthy)
                    n += kMilliPerGpu - g.milliFree;
    return n;
}

int ClusterCapacity::usableMilli() const
{
    int n = 0;
    for (const NodeCapacity &node : m_nodes)
        n += node.usableGpus() * kMilliPerGpu;
    return n;
}

void ClusterCapacity::apply(const Allocation &a)
{
    for (const NodeShare &p : a.parts) {
        NodeCapacity &n = m_nodes[p.node];
        n.cpuMilliFree -= p.cpuMilli;
        n.memoryBytesFree -= p.memoryBytes;
        n.touch();
        for (int g : p.gpus)
            n.gpus[g].milliFree -= p.gpuMilli;
    }
}

void ClusterCapacity::release(const Allocation &a)
{
    for (const NodeShare &p : a.parts) {
        NodeCapacity &n = m_nodes[p.node];
        n.cpuMilliFree += p.cpuMilli;
        n.memoryBytesFree += p.memoryBytes;
        n.touch();
        for (int g : p.gpus)
            n.gpus[g].milliFree += p.gpuMilli;
    }
}

} // namespace sn::sched
