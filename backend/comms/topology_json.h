#pragma once
// The topology as JSON, for `supernodectl inspect topo --json` and the API: devices, links and,
// for a graph read from nvidia-smi, the link type of every device pair and each NIC's affinity.

#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/topology_graph.h"

#include <QJsonObject>

namespace sn::comms {

QJsonObject graphToJson(const TopologyGraph &graph);

// {"devices":[...], "pairs":[{"a","b","connection":"NV12","link_type":"nvlink","nvlinks":12}],
//  "nics":[{"name","numa_node","nearest_gpus":[..],"nearest_path":"PIX"}], "graph":{...}}
QJsonObject topoMatrixToJson(const TopoMatrix &matrix, const TopologyGraph &graph);

} // namespace sn::comms
