#include "backend/sim/gpu_physics.h"

#include "backend/model/gpu_reading.h"

#include <algorithm>
#include <cmath>

namespace sn::sim {

double requestedPowerW(const GpuPhysicsParams &p, double utilization)
{
    const double u = std::clamp(utilization, 0.0, 1.0);
    return p.idlePowerW + (p.maxPowerW - p.idlePowerW) * u;
}

double steadyStateTemperatureC(const GpuPhysicsParams &p, double powerW, double inletC, double cooling)
{
    return inletC + p.thermalOffsetC + p.thermalResistanceCPerW * powerW * cooling;
}

GpuPhysicsState idleEquilibrium(const GpuPhysicsParams &p, double inletC)
{
    GpuPhysicsState s;
    s.powerW = p.idlePowerW;
    s.powerLimitW = p.maxPowerW;
    s.temperatureC = steadyStateTemperatureC(p, p.idlePowerW, inletC, 1.0);
    s.smClockMhz = p.idleSmClockMhz;
    s.throttleReasons = throttle::kGpuIdle;
    return s;
}

void stepGpuPhysics(const GpuPhysicsParams &p, GpuPhysicsState &s, double utilization, double inletC, double cooling,
                    double dtS)
{
    const double limit = s.powerLimitW > 0 ? std::clamp(s.powerLimitW, p.minPowerLimitW, p.maxPowerW) : p.maxPowerW;
    const double u = std::clamp(utilization, 0.0, 1.0);

    // Thermal protection acts on the clock: the hotter above slowdown, the lower the clock.
    double clock = 1.0;
    std::uint32_t reasons = 0;
    if (s.temperatureC > p.slowdownC) {
        clock = std::max(p.minClockFraction, 1.0 - p.throttleGainPerC * (s.temperatureC - p.slowdownC));
        reasons |= throttle::kSwThermalSlowdown | throttle::kHwThermalSlowdown;
    }
    // Dynamic power scales with clock at a given utilization.
    double power = p.idlePowerW + (requestedPowerW(p, u) - p.idlePowerW) * clock;
    if (power > limit) {
        // The power limiter lowers clocks further until the draw fits under the limit.
        const double dynamicAtFullClock = requestedPowerW(p, u) - p.idlePowerW;
        clock =
            dynamicAtFullClock > 0 ? std::max(p.minClockFraction, (limit - p.idlePowerW) / dynamicAtFullClock) : clock;
        power = std::min(limit, p.idlePowerW + dynamicAtFullClock * clock);
        reasons |= throttle::kSwPowerCap;
    }
    if (u < 0.01)
        reasons |= throttle::kGpuIdle;

    const double target = steadyStateTemperatureC(p, power, inletC, cooling);
    const double alpha = 1.0 - std::exp(-dtS / p.timeConstantS);
    s.temperatureC += (target - s.temperatureC) * alpha;
    s.powerW = power;
    s.powerLimitW = limit;
    s.clockFraction = clock;
    s.throttleReasons = reasons;
    s.smClockMhz = u < 0.01 ? p.idleSmClockMhz : std::max(p.idleSmClockMhz, p.maxSmClockMhz * clock);
    s.energyMj += power * dtS * 1000.0;
}

} // namespace sn::sim
