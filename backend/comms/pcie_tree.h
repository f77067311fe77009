#pragma once
// The PCIe tree of a graph: each GPU, NIC and PCIe switch under the switch or CPU it hangs off,
// found breadth-first from the CPUs, and the nvidia-smi-style distance between two devices
// (PIX, PXB, PHB, SYS) that NCCL's GPUDirect decisions turn on.

#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/topology_graph.h"

#include <vector>

namespace sn::comms {

struct PcieTree {
    std::vector<int> parent;     // per device: its switch or CPU; -1 a CPU or off the tree
    std::vector<int> uplink;     // per device: the link to its parent; -1 none
    int cpuOf(int device) const; // the CPU at the root of its branch; -1 off the tree
};
PcieTree pcieTreeOf(const TopologyGraph &graph);

// How two devices on one host reach each other over PCIe: Pix (the same switch), Pxb (switches
// under a common switch), Phb (the same CPU), Sys (across CPUs); nullopt when either is off
// the tree (the graph does not say).
std::optional<TopoPath> pcieDistance(const PcieTree &tree, int a, int b);

} // namespace sn::comms
