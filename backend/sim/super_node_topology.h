#pragma once
// The hardware of a simulated super node: HGX-style servers (8 GPUs on 4 NVSwitches, a PCIe
// switch pairing two GPUs with one RDMA NIC, two NUMA domains) joined by a leaf switch.

#include "backend/model/cluster_spec.h"

#include <random>

namespace sn::sim {

// Fill in nodes, switches and derived links for a simulated cluster: when spec.nodes is empty
// they are generated from spec.simulation; explicit nodes are kept and completed (UUIDs, PCI
// bus ids) where fields are missing. Deterministic for spec.simulation.seed.
ClusterSpec expandSimulatedCluster(const ClusterSpec &spec);

// NVLink, PCIe and fabric links of a node with NVSwitches and NICs, as an HGX board wires them.
std::vector<LinkSpec> deriveNodeLinks(const NodeSpec &node, const std::string &leafSwitch);

// The built-in demo cluster (resources/demo/cluster.yaml, compiled in): demo-supernode,
// 2 x 8 H100 80GB with 4 x 100G RoCE each; `nodes` overrides its node count.
ClusterSpec defaultSimulatedSpec(int nodes = 2);

} // namespace sn::sim
