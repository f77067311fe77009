#include "backend/setup/cluster_spec_builder.h"

#include <cmath>

namespace sn::setup {

SchedulingPolicy defaultSchedulingPolicy()
{
    SchedulingPolicy p;
    p.priorityClasses = {{"modelTraining", 100}, {"dataPreprocessing", 50}};
    const ResourceQuota quota{4, 16, 512LL << 30};
    p.resourceQuota = quota;
    p.queues = {{"default", quota, 1}};
    return p;
}

ClusterSpec buildClusterSpec(const std::string &clusterName, const std::vector<DiscoveredNode> &nodes,
                             const SchedulingPolicy &policy, const std::string &jobBackend)
{
    ClusterSpec spec;
    spec.name = clusterName;
    spec.schedulingPolicy = policy;
    TelemetrySpec telemetry;
    telemetry.source = TelemetrySource::NvidiaSmi;
    spec.telemetry = telemetry;
    bool infiniband = false;
    for (const DiscoveredNode &d : nodes) {
        const NodeInventory &inv = d.inventory;
        NodeSpec n;
        n.name = inv.name;
        n.address = d.address;
        n.cpuCores = inv.cpu ? (inv.cpu->cores() > 0 ? inv.cpu->cores() : inv.cpu->threads) : 0;
        n.memoryBytes = inv.memoryBytes;
        for (const NvidiaSmiDevice &g : inv.gpus.gpus) {
            GpuSpec gs;
            gs.index = g.reading.gpu;
            gs.model = g.reading.model;
            if (g.reading.has(GpuField::FbTotal))
                gs.memoryBytes = static_cast<std::int64_t>(std::llround(g.reading.get(GpuField::FbTotal))) << 20;
            gs.uuid = g.reading.uuid;
            gs.pciBusId = g.reading.pciBusId;
            const int dev = inv.topology.find(inv.name + "/gpu" + std::to_string(gs.index));
            if (dev >= 0)
                gs.numaNode = inv.topology.device(dev).numaNode;
            n.gpus.push_back(gs);
        }
        for (const comms::Device &dev : inv.topology.devices())
            if (dev.kind == comms::DeviceKind::NvSwitch)
                n.nvswitches.push_back(
                    {static_cast<int>(n.nvswitches.size()), dev.model.empty() ? "NVSwitch" : dev.model});
        for (const NetPort &p : inv.ports) {
            if (p.fabric == "ethernet")
                continue; // management and bootstrap interfaces are not part of the fabric
            NicSpec nic;
            nic.name = p.name;
            nic.type = p.fabric == "infiniband" ? LinkType::InfiniBand : LinkType::Roce;
            infiniband = infiniband || nic.type == LinkType::InfiniBand;
            nic.speedGbps = p.speedGbps;
            n.nics.push_back(nic);
        }
        spec.nodes.push_back(n);
    }
    spec.network.fabric = infiniband ? LinkType::InfiniBand : LinkType::Roce;
    if (jobBackend == "slurm" || jobBackend == "kubernetes") {
        JobBackendsSpec backends;
        backends.defaultBackend = jobBackend;
        if (jobBackend == "slurm")
            backends.slurm = SlurmBackendSpec{};
        else
            backends.kubernetes = KubernetesBackendSpec{};
        spec.jobBackends = backends;
    }
    return spec;
}

} // namespace sn::setup
