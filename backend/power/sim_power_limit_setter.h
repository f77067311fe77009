#pragma once
// The simulated super node's power limiter: a cap really lowers the model's power and so its
// temperature (backend/sim/gpu_physics.h), so thermal protection can be watched working on the
// demo cluster.

#include "backend/power/power_limit_setter.h"

#include <functional>
#include <string>

namespace sn {

namespace sim {
class SimulatedCluster;
}

class SimPowerLimitSetter final : public PowerLimitSetter {
public:
    // sim: the simulation now (null once it is gone), asked on each call.
    explicit SimPowerLimitSetter(std::function<sim::SimulatedCluster *()> sim) : m_sim(std::move(sim)) {}
    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override;
    Status setPowerLimit(const std::string &node, int gpu, double watts) override;
    std::string name() const override { return "simulator"; }

private:
    std::function<sim::SimulatedCluster *()> m_sim;
};

} // namespace sn
