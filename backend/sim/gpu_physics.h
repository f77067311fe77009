#pragma once
// Power, temperature and clocks of one GPU, stepped in time.
//
// Power follows utilization between idle and board power (H100 SXM: ~70 W to 700 W). The die
// temperature follows power through a first-order thermal model,
//     dT/dt = (T_ss - T) / tau,   T_ss = inlet + offset + R_th * P * cooling,
// where `cooling` is 1 for healthy cooling and grows when a fan or cold plate fails. Above the
// slowdown temperature the GPU lowers its clocks (and so its power) and sets the thermal
// throttle reasons, the way the firmware protects a real card; a power limit does the same
// with the SW power-cap reason.

#include <cstdint>

namespace sn::sim {

struct GpuPhysicsParams {
    double idlePowerW = 70;
    double maxPowerW = 700; // default power limit of an H100 SXM
    double minPowerLimitW = 200;
    // Fitted to a real H100 SXM (shared/data nvidia-smi capture): 41 C at 70 W idle, ~59-63 C
    // at 630 W under gpu-burn with 25 C air.
    double thermalResistanceCPerW = 0.04;
    double thermalOffsetC = 13; // die above inlet at zero power (heat from neighbours, VRMs)
    double timeConstantS = 30;  // heat sink and cold plate
    double slowdownC = 87;      // nvidia-smi "GPU Slowdown Temp"
    double shutdownC = 95;
    double throttleGainPerC = 0.1; // clock fraction lost per degree above slowdown
    double minClockFraction = 0.3;
    double idleSmClockMhz = 345;
    double maxSmClockMhz = 1980;
    double memClockMhz = 2619;
};

struct GpuPhysicsState {
    double temperatureC = 0;
    double powerW = 0;
    double powerLimitW = 0; // 0: params.maxPowerW
    double smClockMhz = 0;
    double clockFraction = 1; // 1: full boost clock
    std::uint32_t throttleReasons = 0;
    double energyMj = 0; // since boot
};

// The state of an idle GPU in thermal equilibrium at this inlet temperature.
GpuPhysicsState idleEquilibrium(const GpuPhysicsParams &params, double inletC);

// Power the GPU would draw at this utilization (0..1) with no limit or throttling.
double requestedPowerW(const GpuPhysicsParams &params, double utilization);

// Steady-state temperature for a constant power draw.
double steadyStateTemperatureC(const GpuPhysicsParams &params, double powerW, double inletC, double cooling);

// Advance one GPU by dtS seconds at the given utilization (0..1).
void stepGpuPhysics(const GpuPhysicsParams &params, GpuPhysicsState &state, double utilization, double inletC,
                    double cooling, double dtS);

} // namespace sn::sim
