#pragma once
// A simulated super node with thermal protection on (85 °C limit, clear below 80 °C, 50 W steps
// held 15 s, 60 s cool-down) and a static "too hot" rule, no job arrivals of its own: what the
// thermal protection tests and the events' translations run a GPU overheat on.

#include "backend/sim/super_node_topology.h"

namespace sn::test {

inline ClusterSpec thermallyProtectedCluster(int nodes, bool dryRun)
{
    ClusterSpec spec = sim::defaultSimulatedSpec(nodes);
    spec.simulation.jobArrivalsPerHour = 0;
    AnomalySpec anomaly;
    anomaly.rules.push_back({"gpu_too_hot", "DCGM_FI_DEV_GPU_TEMP > 85 for 10s clear 82 severity error"});
    anomaly.thermalProtection.enabled = true;
    anomaly.thermalProtection.limitC = 85;
    anomaly.thermalProtection.clearC = 80;
    anomaly.thermalProtection.stepW = 50;
    anomaly.thermalProtection.holdMs = 15000;
    anomaly.thermalProtection.coolDownMs = 60000;
    anomaly.thermalProtection.dryRun = dryRun;
    spec.anomaly = anomaly;
    return spec;
}

} // namespace sn::test
