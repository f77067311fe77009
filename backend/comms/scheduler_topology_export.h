#pragma once
// The switch hierarchy (switch_hierarchy.h) written for schedulers: Slurm's topology.conf for
// the topology/tree plugin, and Kubernetes node labels in the scheme NVIDIA's topograph and
// Kueue/KAI topology-aware scheduling read.

#include "backend/comms/switch_hierarchy.h"
#include "backend/model/result.h"

#include <map>
#include <string>

namespace sn::comms {

// One line per switch group, leaves first: "SwitchName=su0-leaf Nodes=node[0001-0032]", then
// "SwitchName=spine Switches=su0-leaf,su1-leaf"; a comment names the switches each group merges.
// Errors when a GPU node hangs off no switch (Slurm's tree plugin requires every node under one)
// or there are no switches at all.
Result<std::string> slurmTopologyConf(const TopologyGraph &graph);

// host -> labels: <prefix>/accelerator = the NVLink domain (the host, for HGX boards),
// <prefix>/block = its leaf group, <prefix>/spine and <prefix>/datacenter = the groups above.
// prefix "network.topology.nvidia.com" is topograph's. Errors when a host is on several leaf
// groups (a label holds one value) or a name is not a valid label value.
using NodeLabels = std::map<std::string, std::map<std::string, std::string>>;
Result<NodeLabels> kubernetesTopologyLabels(const TopologyGraph &graph,
                                            const std::string &prefix = "network.topology.nvidia.com");
// "kubectl label node NAME k=v ... --overwrite" per host.
std::string kubectlLabelCommands(const NodeLabels &labels);

} // namespace sn::comms
