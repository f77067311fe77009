#pragma once
// Sets power limits of this machine's GPUs through NVML (nvmlDeviceSetPowerManagementLimit, in
// milliwatts; the range from nvmlDeviceGetPowerManagementLimitConstraints and
// ...DefaultLimit). Kept beside the NVML collector, sharing its dlopen layer (nvml_library.h):
// it works where NVML works and says why where it does not (no driver, an old driver without
// the call, not root: "Insufficient Permissions").

#include "backend/power/power_limit_setter.h"
#include "backend/telemetry/collectors/nvml_library.h"

#include <memory>
#include <string>

namespace sn {

class NvmlPowerLimitSetter final : public PowerLimitSetter {
public:
    // node: the name this machine has in cluster.yaml; other nodes are not reachable through NVML.
    static Result<std::unique_ptr<NvmlPowerLimitSetter>> open(std::string node,
                                                              const std::string &path = NvmlLibrary::kDefaultPath);

    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override;
    Status setPowerLimit(const std::string &node, int gpu, double watts) override;
    std::string name() const override { return "nvml"; }
    // The limit the driver enforces now (nvmlDeviceGetEnforcedPowerLimit), which can be below the
    // one last set when another tool or the card's own limits cap it.
    Result<double> enforcedLimit(const std::string &node, int gpu);

private:
    NvmlPowerLimitSetter(std::unique_ptr<NvmlLibrary> library, std::string node);
    Result<nvml::Device> device(const std::string &node, int gpu) const;

    std::unique_ptr<NvmlLibrary> m_library;
    std::string m_node;
};

} // namespace sn
