// Fault injection for the simulated super node: what each fault does to the hardware model,
// the jobs, the logs and the event timeline, and how it clears.
#include "backend/sim/simulated_cluster.h"

#include "backend/sim/sim_log_lines.h"

namespace sn::sim {

Result<Event> SimulatedCluster::injectFault(const FaultRequest &request)
{
    const int n = nodeIndex(request.node);
    if (n < 0)
        return notFound("no node named '" + request.node + "' in the simulated cluster");
    const std::int64_t duration = request.durationMs > 0 ? request.durationMs : defaultFaultDurationMs(request.kind);
    const std::int64_t until = m_nowMs + duration;
    const NodeSpec &node = m_spec.nodes[n];
    const std::string where = "GPU " + std::to_string(request.index) + " on " + node.name;

    Gpu *g = nullptr;
    if (request.kind != FaultKind::NodeDown && request.kind != FaultKind::NicFlap) {
        g = gpu(request.node, request.index);
        if (!g)
            return notFound("no GPU " + std::to_string(request.index) + " on node '" + request.node + "'");
        if (isNodeDown(n))
            return failedPrecondition("node '" + request.node + "' is down");
    }
    const std::string pid = g && !g->jobId.empty() ? std::to_string(m_runtime[g->jobId].pid) : "0";
    const std::string process = g && !g->jobId.empty() ? "python" : "";
    const std::string pci = g ? node.gpus[request.index].pciBusId : std::string();

    switch (request.kind) {
    case FaultKind::GpuOverheat:
        g->cooling = 3.5; // a failed fan or blocked cold plate: even half load now settles above slowdown
        g->coolingUntilMs = until;
        break;
    case FaultKind::EccDoubleBit:
        g->eccDbe += 1;
        g->lastXid = 48;
        g->retiredUntilMs = until;
        log(n, "kernel", xid48Line(pci, std::stoi(pid), process), request.index, g->jobId);
        raise(Severity::Error, "gpu.xid", n, request.index,
              "Xid 48 (uncorrectable ECC error) on " + where + ": its job was killed; reset the GPU before reuse");
        if (!g->jobId.empty())
            failJobOn(g->jobId, cudaErrorLine("uncorrectable ECC error encountered"));
        break;
    case FaultKind::Xid79:
        g->lastXid = 79;
        g->lostUntilMs = until;
        log(n, "kernel", xid79Line(pci, std::stoi(pid), process), request.index, g->jobId);
        raise(Severity::Critical, "gpu.xid", n, request.index,
              "Xid 79 on " + where + ": the GPU has fallen off the bus; drain the node and power-cycle it");
        if (!g->jobId.empty())
            failJobOn(g->jobId, cudaErrorLine("unspecified launch failure"));
        break;
    case FaultKind::NvlinkDown:
        g->nvlinkDownUntilMs = until;
        g->lastXid = 74;
        log(n, "kernel", xid74Line(pci, std::stoi(pid), process, 3), request.index, g->jobId);
        if (!g->jobId.empty())
            log(n, "nccl", ncclWarnNvlinkLine(node.name, std::stoi(pid), request.index), request.index, g->jobId);
        raise(Severity::Error, "nvlink.down", n, request.index,
              "NVLink down on " + where + " (Xid 74): collectives fall back to PCIe and slow down");
        break;
    case FaultKind::EccSbeStorm:
        g->sbeStormUntilMs = until;
        g->lastXid = 92;
        log(n, "kernel", xid92Line(pci, std::stoi(pid), process), request.index, g->jobId);
        raise(Severity::Warning, "gpu.xid", n, request.index,
              "Xid 92 (high single-bit ECC error rate) on " + where +
                  ": the memory still corrects them; plan to drain and reset the GPU");
        break;
    case FaultKind::NodeDown: {
        if (isNodeDown(n))
            return failedPrecondition("node '" + request.node + "' is already down");
        std::vector<std::string> victims;
        for (int i = 0; i < static_cast<int>(node.gpus.size()); ++i) {
            const Gpu &gg = m_gpus[m_firstGpuOfNode[n] + i];
            if (!gg.jobId.empty())
                victims.push_back(gg.jobId);
        }
        for (const std::string &id : victims)
            failJobOn(id,
                      "slurmstepd: error: *** JOB " + id + " ON " + node.name + " CANCELLED DUE TO NODE FAILURE ***");
        m_nodes[n].downUntilMs = until;
        log(-1, "slurmctld", slurmctldNotRespondingLine(node.name));
        raise(Severity::Critical, "node.down", n, -1,
              "Node " + node.name + " is not responding; its jobs " +
                  (m_options.placer ? "were requeued from their last checkpoint" : "failed"));
        m_placementDirty = true;
        break;
    }
    case FaultKind::NicFlap: {
        if (request.index < 0 || request.index >= static_cast<int>(node.nics.size()))
            return notFound("no NIC " + std::to_string(request.index) + " on node '" + request.node + "'");
        m_nodes[n].nics[request.index].downUntilMs = until;
        log(n, "kernel", mlx5LinkLine(node.nics[request.index].name, 0x9a + request.index, false));
        for (const auto &[id, rt] : m_runtime) {
            const JobRecord &record = m_jobs[m_jobIndex.at(id)];
            bool crossesNode = false, onNode = false;
            for (const GpuRef &ref : record.gpus) {
                onNode |= ref.node == node.name;
                crossesNode |= ref.node != node.name;
            }
            if (onNode && crossesNode)
                log(n, "nccl", ncclWarnNetLine(node.name, rt.pid, 0, node.nics[request.index].name), -1, id);
        }
        raise(Severity::Warning, "nic.flap", n, -1,
              "Link down on " + node.name + " " + node.nics[request.index].name +
                  ": RDMA traffic stalls until it returns");
        break;
    }
    }

    Event injected;
    injected.timeMs = m_nowMs;
    injected.severity = Severity::Info;
    injected.kind = "sim.fault";
    injected.node = node.name;
    injected.gpu = request.kind == FaultKind::NodeDown || request.kind == FaultKind::NicFlap ? -1 : request.index;
    injected.message = std::string("Simulated fault injected: ") + faultKindName(request.kind) + " on " +
                       (injected.gpu >= 0 ? where : node.name) + " for " + std::to_string(duration / 1000) + " s";
    injected.simulated = true;
    m_out.events.push_back(injected);
    return injected;
}

void SimulatedCluster::expireFaults()
{
    for (Gpu &g : m_gpus) {
        if (g.coolingUntilMs && g.coolingUntilMs <= m_nowMs) {
            g.cooling = 1.0;
            g.coolingUntilMs = 0;
        }
        if (g.lostUntilMs && g.lostUntilMs <= m_nowMs) {
            g.lostUntilMs = 0;
            m_placementDirty = true;
        }
        if (g.retiredUntilMs && g.retiredUntilMs <= m_nowMs) {
            g.retiredUntilMs = 0;
            m_placementDirty = true;
        }
        if (g.nvlinkDownUntilMs && g.nvlinkDownUntilMs <= m_nowMs)
            g.nvlinkDownUntilMs = 0;
    }
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        Node &node = m_nodes[n];
        if (node.downUntilMs && node.downUntilMs <= m_nowMs) {
            node.downUntilMs = 0;
            log(-1, "slurmctld", "slurmctld: Node " + m_spec.nodes[n].name + " now responding");
            m_placementDirty = true;
        }
        for (std::size_t i = 0; i < node.nics.size(); ++i) {
            if (node.nics[i].downUntilMs && node.nics[i].downUntilMs <= m_nowMs) {
                node.nics[i].downUntilMs = 0;
                log(static_cast<int>(n), "kernel",
                    mlx5LinkLine(m_spec.nodes[n].nics[i].name, 0x9a + static_cast<int>(i), true));
            }
        }
    }
}

int SimulatedCluster::activeFaultCount() const
{
    int count = 0;
    for (const Gpu &g : m_gpus)
        count += (g.coolingUntilMs > m_nowMs) + (g.lostUntilMs > m_nowMs) + (g.retiredUntilMs > m_nowMs) +
                 (g.nvlinkDownUntilMs > m_nowMs) + (g.sbeStormUntilMs > m_nowMs);
    for (const Node &node : m_nodes) {
        count += node.downUntilMs > m_nowMs;
        for (const Nic &nic : node.nics)
            count += nic.downUntilMs > m_nowMs;
    }
    return count;
}

} // namespace sn::sim
