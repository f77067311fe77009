#pragma once
// Graphs the NCCL advice tests share (tst_nccl_env, tst_nccl_advice_text).

#include "backend/comms/fabric_builder.h"
#include "backend/model/cluster_spec.h"

#include <QList>

#include <string>

namespace sn::test {

// Two HGX nodes on a 100G RoCE fabric; `gids`, when given, is node0001's RoCE v2 GID index per
// NIC (-1: unknown).
inline comms::TopologyGraph roceCluster(const QList<int> &gids = {})
{
    comms::FabricShape f;
    f.nodes = 2;
    f.net = comms::LinkKind::Roce;
    f.nicGbps = 100;
    comms::TopologyGraph g = comms::buildFabric(f);
    if (!gids.isEmpty())
        for (int n : g.devicesOfKind(comms::DeviceKind::Nic))
            if (g.device(n).host == "node0001")
                g.device(n).roceV2GidIndex = gids[g.device(n).index];
    return g;
}

inline GpuSpec gpuSpec(int index, const std::string &model)
{
    GpuSpec g;
    g.index = index;
    g.model = model;
    return g;
}

inline void addEthernet(comms::TopologyGraph &g, const std::string &host, const std::string &name,
                        comms::LinkHealth health)
{
    comms::Device d{host + "/" + name, comms::DeviceKind::Nic, host};
    d.netdev = name;
    d.fabric = comms::LinkKind::Ethernet;
    d.health = health;
    g.addDevice(d);
}

} // namespace sn::test
