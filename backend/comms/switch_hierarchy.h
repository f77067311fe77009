#pragma once
// The network switch tree of a cluster graph as schedulers want it: Slurm's topology/tree plugin
// (slurm_topology_conf.h) and Kubernetes topology labels (kubernetes_topology_labels.h).
// Rail-optimised fabrics wire every node to one leaf per rail; to a scheduler those leaves are
// one block (the same nodes below them), so switches of a tier that serve exactly the same
// nodes (leaves) or the same switch groups (spines) merge into one group.

#include "backend/comms/topology_graph.h"
#include "backend/model/result.h"

#include <map>
#include <string>
#include <vector>

namespace sn::comms {

struct SwitchGroup {
    std::string name;                 // the switches' common name ("su0-leaf"), or the one switch's
    int tier = 1;                     // 1 leaf, 2 spine, 3 core
    std::vector<std::string> members; // switch ids it stands for
    std::vector<std::string> hosts;   // tier 1: the nodes wired to it, sorted
    std::vector<int> children;        // tier > 1: indices of the groups one tier below
};

struct SwitchHierarchy {
    std::vector<SwitchGroup> groups;                    // by tier, then name
    std::map<std::string, std::vector<int>> leafGroups; // host -> its tier-1 groups (several: multi-homed)
    std::vector<std::string> hostsWithoutSwitch;        // GPU hosts no switch reaches
    int topTier() const;
    int parentOf(int group) const; // the group one tier up holding it; -1 none (or several)
};

// Tiers come from Device::tier where set, else from the wiring: a switch with NICs is a leaf,
// one linked to tier-t groups is tier t+1.
SwitchHierarchy switchHierarchy(const TopologyGraph &graph);

// "node[0001-0032],gpu-a" — Slurm's hostlist expression for a set of names (numeric suffixes of
// one width and prefix become ranges).
std::string compressHostlist(std::vector<std::string> names);

} // namespace sn::comms
