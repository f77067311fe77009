#pragma once
// The collectors of a real cluster, as its cluster.yaml `telemetry` section names them: one
// nvidia-smi or dcgm-exporter collector per node, or one NVML or Prometheus collector for all.
// nvidia-smi on a node with an address runs over SSH (backend/ssh, docs/ssh.md).

#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"
#include "backend/telemetry/collectors/collector.h"

#include <memory>
#include <vector>

namespace sn {

// ssh: the options of every SSH connection (target aside, which is each node's `address`,
// `[user@]host[:port]`). The default reads ~/.ssh/config, ~/.ssh/known_hosts and ssh-agent and
// refuses unknown host keys: the engine cannot ask, so `ssh` to each node once first (or accept
// the key in the console's setup wizard). Nothing connects here; each collector connects on its
// first poll and again after a drop, and a refused host key is that poll's error.
Result<std::vector<std::unique_ptr<Collector>>> makeTelemetryCollectors(const ClusterSpec &spec,
                                                                        const SshOptions &ssh = {});

} // namespace sn
