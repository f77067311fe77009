#pragma once
// Sets a GPU's power limit: through NVML on this machine, `nvidia-smi -i N -pl W` on a node
// (locally or over SSH), or the simulated super node's power limiter. The thermal protection
// action (backend/anomaly/thermal_protection.h) takes this interface so the same policy drives
// every cluster kind.

#include "backend/model/result.h"

#include <string>

namespace sn {

// A card's own range: nvidia-smi's "Min Power Limit" and "Default Power Limit".
struct PowerLimitRange {
    double minW = 0;
    double defaultW = 0;
};

class PowerLimitSetter {
public:
    virtual ~PowerLimitSetter() = default;
    // The range of one GPU, asked once per GPU by the caller (it does not change while running).
    virtual Result<PowerLimitRange> powerRange(const std::string &node, int gpu) = 0;
    // An error says why the limit was not applied (no permission, out of range, node unreachable).
    virtual Status setPowerLimit(const std::string &node, int gpu, double watts) = 0;
    // What carries the change out, for the audit record: "nvml", "nvidia-smi (ssh://root@gpu01)".
    virtual std::string name() const = 0;
};

} // namespace sn
