#pragma once
// cluster.yaml: read and write a ClusterSpec with yaml-cpp.
//
// Errors name the file, line and column (1-based) and what was expected, e.g.
//   cluster.yaml:12:9: 'memory.limit' expects a quantity like 512Gi, got "lots"
// A file with any error yields no ClusterSpec at all: nothing is half-applied.
// Unknown keys are errors too, since a misspelt key silently ignored is a policy not applied.

#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"

#include <string>

namespace sn {

inline constexpr const char *kClusterApiVersion = "supernode/v1";
// The model NVSwitches get when a node gives only their count ("nvswitches: 4").
inline constexpr const char *kDefaultNvSwitchModel = "NVSwitch";

Result<ClusterSpec> parseClusterYaml(const std::string &text, const std::string &fileName = "cluster.yaml");
Result<ClusterSpec> loadClusterYaml(const std::string &path);
std::string writeClusterYaml(const ClusterSpec &spec);

} // namespace sn
