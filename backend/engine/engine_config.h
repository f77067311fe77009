#pragma once
// Which cluster an embedded engine runs: the built-in demo super node, or a cluster.yaml that
// the engine can run (it has nodes or a simulation section). Shared by every program so that
// they accept and refuse the same files with the same words.

#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"

#include <string>

namespace sn {

// Checks a parsed spec; `where` names the file in the message.
Status checkRunnable(const ClusterSpec &spec, const std::string &where);
// configPath empty: the built-in demo cluster. Otherwise the file, read and checked.
Result<ClusterSpec> engineClusterSpec(const std::string &configPath);

} // namespace sn
