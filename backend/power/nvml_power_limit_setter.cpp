#include "backend/power/nvml_power_limit_setter.h"

#include <cmath>

namespace sn {

Result<std::unique_ptr<NvmlPowerLimitSetter>> NvmlPowerLimitSetter::open(std::string node, const std::string &path)
{
    auto library = NvmlLibrary::open(path);
    if (!library)
        return library.error();
    const NvmlEntryPoints &api = (*library)->api();
    if (!api.deviceSetPowerManagementLimit || !api.deviceGetPowerManagementLimitConstraints)
        return Error{ErrorCode::Unavailable, "NVML in " + path +
                                                 " has no nvmlDeviceSetPowerManagementLimit or its constraints "
                                                 "(a driver too old to set power limits)"};
    return std::unique_ptr<NvmlPowerLimitSetter>(new NvmlPowerLimitSetter(std::move(*library), std::move(node)));
}

NvmlPowerLimitSetter::NvmlPowerLimitSetter(std::unique_ptr<NvmlLibrary> library, std::string node)
    : m_library(std::move(library)), m_node(std::move(node))
{
}

Result<nvml::Device> NvmlPowerLimitSetter::device(const std::string &node, int gpu) const
{
    if (node != m_node)
        return notFound("NVML sets power limits on " + m_node + " only, not on " + node);
    nvml::Device d = nullptr;
    const nvml::Return r = m_library->api().deviceGetHandleByIndex(static_cast<unsigned>(gpu), &d);
    if (gpu < 0 || r != nvml::kSuccess)
        return notFound("no GPU " + std::to_string(gpu) + " on " + m_node + " (NVML: " + m_library->describe(r) + ")");
    return d;
}

Result<PowerLimitRange> NvmlPowerLimitSetter::powerRange(const std::string &node, int gpu)
{
    auto d = device(node, gpu);
    if (!d)
        return d.error();
    const NvmlEntryPoints &api = m_library->api();
    unsigned minMw = 0, maxMw = 0, defaultMw = 0;
    if (const nvml::Return r = api.deviceGetPowerManagementLimitConstraints(*d, &minMw, &maxMw); r != nvml::kSuccess)
        return Error{ErrorCode::FailedPrecondition, "GPU " + std::to_string(gpu) + " on " + m_node +
                                                        ": no power limit range: " + m_library->describe(r)};
    // The default limit; a driver without the call: the largest allowed, which it usually is.
    if (!api.deviceGetPowerManagementDefaultLimit ||
        api.deviceGetPowerManagementDefaultLimit(*d, &defaultMw) != nvml::kSuccess)
        defaultMw = maxMw;
    return PowerLimitRange{minMw / 1000.0, defaultMw / 1000.0};
}

Result<double> NvmlPowerLimitSetter::enforcedLimit(const std::string &node, int gpu)
{
    auto d = device(node, gpu);
    if (!d)
        return d.error();
    const NvmlEntryPoints &api = m_library->api();
    unsigned mw = 0;
    const nvml::Return r =
        api.deviceGetEnforcedPowerLimit ? api.deviceGetEnforcedPowerLimit(*d, &mw) : nvml::kErrorFunctionNotFound;
    if (r != nvml::kSuccess)
        return Error{ErrorCode::FailedPrecondition, "GPU " + std::to_string(gpu) + " on " + m_node +
                                                        ": no enforced power limit: " + m_library->describe(r)};
    return mw / 1000.0;
}

Status NvmlPowerLimitSetter::setPowerLimit(const std::string &node, int gpu, double watts)
{
    if (!std::isfinite(watts) || watts <= 0)
        return invalidArgument("power limit " + std::to_string(watts) + " W is not a positive number");
    auto d = device(node, gpu);
    if (!d)
        return d.error();
    const auto mw = static_cast<unsigned>(std::lround(watts * 1000));
    if (const nvml::Return r = m_library->api().deviceSetPowerManagementLimit(*d, mw); r != nvml::kSuccess)
        return Error{r == nvml::kErrorNoPermission      ? ErrorCode::PermissionDenied
                     : r == nvml::kErrorInvalidArgument ? ErrorCode::InvalidArgument // outside the card's range
                                                        : ErrorCode::FailedPrecondition,
                     "nvmlDeviceSetPowerManagementLimit(GPU " + std::to_string(gpu) + ", " + std::to_string(mw) +
                         " mW) on " + m_node + ": " + m_library->describe(r)};
    return success();
}

} // namespace sn
