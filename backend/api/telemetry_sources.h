#pragma once
// The collectors of a real cluster, as its cluster.yaml `telemetry` section names them: one
// nvidia-smi or dcgm-exporter collector per node, or one NVML or Prometheus collector for all.

#include "backend/model/cluster_spec.h"
#include "backend/model/result.h"
#include "backend/telemetry/collectors/collector.h"

#include <memory>
#include <vector>

namespace sn {

Result<std::vector<std::unique_ptr<Collector>>> makeTelemetryCollectors(const ClusterSpec &spec);

} // namespace sn
