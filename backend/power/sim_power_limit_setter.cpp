#include "backend/power/sim_power_limit_setter.h"

#include "backend/sim/simulated_cluster.h"

namespace sn {

Result<PowerLimitRange> SimPowerLimitSetter::powerRange(const std::string &node, int gpu)
{
    sim::SimulatedCluster *s = m_sim();
    if (!s || !s->gpuPhysics(node, gpu))
        return notFound("no GPU " + std::to_string(gpu) + " on simulated node '" + node + "'");
    return PowerLimitRange{s->physics().minPowerLimitW, s->physics().maxPowerW};
}

Status SimPowerLimitSetter::setPowerLimit(const std::string &node, int gpu, double watts)
{
    sim::SimulatedCluster *s = m_sim();
    if (!s)
        return failedPrecondition("the simulated super node is gone");
    return s->setPowerLimit(node, gpu, watts);
}

} // namespace sn
