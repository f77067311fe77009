#pragma once
// Topology graphs of whole clusters: from a ClusterSpec (the configured or simulated super node),
// or generated from a few numbers (rail-optimised leaf/spine fabrics, for what-ifs and the
// optimizer benchmark). Servers are wired the way HGX boards are (backend/model/hgx_board.h).

#include "backend/comms/topology_graph.h"
#include "backend/model/cluster_spec.h"

namespace sn::comms {

struct FabricShape {
    int nodes = 2;
    int gpusPerNode = 8;
    int nvswitchesPerNode = 4;
    int nicsPerNode = 8; // one rail per NIC
    double nicGbps = 400;
    LinkKind net = LinkKind::InfiniBand;
    int nodesPerLeaf = 32; // a scalable unit: one leaf per rail for this many nodes
    int spines = 16;       // every leaf connects to every spine; 0: a single tier
    std::string gpuModel = "NVIDIA H100 80GB HBM3";
};

// Per node: 2 CPUs (NUMA 0/1), one PCIe switch per GPU pair with its share of the NICs, GPUs on
// the NVSwitches with the HGX H100 link counts, NIC k on the leaf of rail k of its scalable unit.
TopologyGraph buildFabric(const FabricShape &shape);

// The graph of a ClusterSpec whose links are known (spec.network.links, as the simulated super
// node derives them): devices from the nodes, switches from the network; a link naming an
// unknown endpoint is skipped, since cluster.yaml validation already reports those.
TopologyGraph graphFromClusterSpec(const ClusterSpec &spec);

// Latency to use for a link: its own when known, otherwise a typical figure for its kind
// (NVLink 0.7 us, PCIe 1.0, CPU interconnect 1.2, RoCE/InfiniBand 1.5 per switch hop, Ethernet 5).
double linkLatencyUs(const Link &link);

} // namespace sn::comms
