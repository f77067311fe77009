#pragma once
// The latest readings of every GPU and link of the topology, from telemetry batches
// (dcgm-exporter names; labels Hostname, gpu, job, device). It only stores: the Topology page
// hands what changed to the view on its repaint timer.
//
// Link load is the busier direction over the link's bandwidth: NVLink from the GPU's NVLink
// traffic spread over all of its NVLinks, PCIe from its PCIe traffic, a fabric link from its
// NIC's traffic. A NIC whose port reports down makes its fabric link unhealthy; so does the
// Cluster saying the link is unhealthy. A GPU is faulted when its node is down or when it
// reports an XID but no utilization (fallen off the bus), as on the Overview.

#include "backend/api/engine_api.h"
#include "widgets/topology_types.h"

#include <QHash>
#include <QSet>

namespace sn {

class TopologyLiveTable {
public:
    static pb::SubscribeTelemetryRequest subscription();

    // The links and GPUs to track, and what the Cluster says is healthy or down.
    void setTopology(const pb::Cluster &cluster);
    // Returns whether anything changed.
    bool apply(const pb::SampleBatch &batch);

    const QHash<QString, TopoGpuLive> &gpus() const { return m_gpus; }
    const QHash<QString, TopoLinkLive> &links() const { return m_links; }
    // What changed since the last take (and forget it).
    QHash<QString, TopoGpuLive> takeChangedGpus();
    QHash<QString, TopoLinkLive> takeChangedLinks();

private:
    struct GpuLinks {
        QStringList nvlinks, pcie; // link keys
        double nvlinkBandwidth = 0, pcieBandwidth = 0;
    };
    struct NicLinks {
        QStringList fabric;
        double bandwidth = 0;
        bool up = true;
    };
    void setLinkLoad(const QString &key, double load);

    QHash<QString, TopoGpuLive> m_gpus;
    QHash<QString, TopoLinkLive> m_links;
    QHash<QString, bool> m_clusterHealthy; // link key -> healthy as the Cluster says
    QHash<QString, GpuLinks> m_gpuLinks;   // GPU id
    QHash<QString, NicLinks> m_nicLinks;   // NIC id
    QSet<QString> m_downNodes;
    QSet<QString> m_changedGpus, m_changedLinks;
};

} // namespace sn
