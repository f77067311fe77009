#pragma once
// The engine's Cluster as TopologyView's plain values: nodes in natural name order (node2
// before node10), their GPUs, NVSwitches and NICs, the switches, and every link with a label
// users know ("NVLink x4", "PCIe x16", "RoCE 100G"). Also what is down right now: nodes that do
// not answer and NICs whose port is down.

#include "backend/api/engine_api.h"
#include "widgets/topology_types.h"

#include <QSet>

namespace sn {

TopologyShape topologyShape(const pb::Cluster &cluster);
QSet<QString> downDevices(const pb::Cluster &cluster); // node names and device ids

// "node01/gpu3" for node01's GPU 3, as the engine names topology ids.
QString gpuId(const QString &node, int index);

} // namespace sn
