#pragma once
// The management and collective overlay over a topology: the minimum-latency spanning tree (Prim
// on link latencies), plus redundant links until every device stays connected after any `r` link
// failures wherever the hardware itself allows it, and the physical links that are single points
// of failure.
//
// Redundancy uses the sparse certificate of Nagamochi and Ibaraki: the union of r+1 successive
// maximal spanning forests (each of the links the previous ones left) has, across every cut, at
// least min(r+1, the cut's links in the full graph) links. So after any r failures the overlay
// is disconnected only where the full graph is too, and it is found in O((r+1) E log E). Each
// forest after the first is built by Kruskal in latency order, so redundancy prefers fast links.

#include "backend/comms/topology_graph.h"

#include <vector>

namespace sn::comms {

struct Overlay {
    std::vector<int> treeLinks;             // the min-latency spanning tree (forest, if the graph is split)
    std::vector<int> redundantLinks;        // added for r-failure tolerance
    std::vector<int> singlePointsOfFailure; // links whose loss alone disconnects devices (bridges)
    double treeLatencyUs = 0;               // sum of the tree's link latencies
    int components = 0;                     // connected pieces of the usable graph (1 when whole)
    int redundancy = 0;
};

// Links that are down are not used. Latencies: linkLatencyUs() (fabric_builder.h).
Overlay optimizeOverlay(const TopologyGraph &graph, int redundancy = 2);

} // namespace sn::comms
