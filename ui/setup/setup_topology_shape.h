#pragma once
// The discovered nodes as TopologyView's plain values: each node's GPUs, NVSwitches and NICs
// from its comms::TopologyGraph, with the NVLink and PCIe links between them ("NVLink x18").

#include "backend/setup/node_inventory.h"
#include "widgets/topology_types.h"

#include <vector>

namespace sn {

TopologyShape setupTopologyShape(const std::vector<setup::NodeInventory> &nodes);

} // namespace sn
