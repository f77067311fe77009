#pragma once
// The executor thermal protection uses on a real cluster, chosen by cluster.yaml's telemetry
// source: NVML on this machine for `nvml` (nvidia-smi there when NVML cannot set limits), and
// `nvidia-smi -i N -pl W` on each node for `nvidia-smi` (locally or over SSH, as the nvidia-smi
// collectors reach the nodes). The simulated super node has its own (engine_anomaly.cpp). Sources that only
// read (dcgm-exporter, Prometheus) have no way to change a limit: the error says so, and the
// engine then runs thermal protection as a dry run.

#include "backend/model/cluster_spec.h"
#include "backend/power/power_limit_setter.h"
#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"

#include <memory>

namespace sn {

Result<std::unique_ptr<PowerLimitSetter>> makeRealPowerLimitSetter(const ClusterSpec &spec, const SshOptions &ssh = {});

} // namespace sn
