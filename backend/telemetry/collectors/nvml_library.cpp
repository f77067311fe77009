#include "backend/telemetry/collectors/nvml_library.h"

#include <dlfcn.h>

#include <initializer_list>

namespace sn {

namespace {

// The first of `names` the library exports, or null. Newest first: NVIDIA keeps the old names
// exported for old binaries, but they may fill older struct layouts or hide newer devices
// (nvmlDeviceGetCount without _v2 skips GPUs the caller may not use).
template <typename Fn> const char *resolve(void *handle, Fn &fn, std::initializer_list<const char *> names)
{
    for (const char *name : names) {
        if (void *symbol = dlsym(handle, name)) {
            fn = reinterpret_cast<Fn>(symbol);
            return name;
        }
    }
    fn = nullptr;
    return nullptr;
}

std::string joinNames(std::initializer_list<const char *> names)
{
    std::string out;
    for (const char *name : names) {
        if (!out.empty())
            out += " or ";
        out += name;
    }
    return out;
}

} // namespace

Result<std::unique_ptr<NvmlLibrary>> NvmlLibrary::open(const std::string &path)
{
    std::unique_ptr<NvmlLibrary> lib(new NvmlLibrary);
    lib->m_path = path;
    // RTLD_LOCAL: NVML's symbols stay out of the global namespace, so a second NVML user in the
    // process (a CUDA library) cannot be confused by ours.
    lib->m_handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib->m_handle) {
        const char *why = dlerror();
        return unavailable("NVML unavailable: cannot load " + path + " (" + (why ? why : "unknown dlopen error") +
                           "); is the NVIDIA driver installed?");
    }
    NvmlEntryPoints &a = lib->m_api;
    auto &resolved = lib->m_resolved;
    auto optional = [&](const char *entry, auto &fn, std::initializer_list<const char *> names) {
        if (const char *name = resolve(lib->m_handle, fn, names))
            resolved[entry] = name;
        return fn != nullptr;
    };
    std::string missing;
    auto required = [&](const char *entry, auto &fn, std::initializer_list<const char *> names) {
        if (!optional(entry, fn, names) && missing.empty())
            missing = joinNames(names);
    };
    required("init", a.init, {"nvmlInit_v2", "nvmlInit"});
    required("shutdown", a.shutdown, {"nvmlShutdown"});
    required("errorString", a.errorString, {"nvmlErrorString"});
    required("deviceGetCount", a.deviceGetCount, {"nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"});
    required("deviceGetHandleByIndex", a.deviceGetHandleByIndex,
             {"nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"});
    if (!missing.empty())
        return unavailable("NVML unavailable: " + path + " has no " + missing + " (a driver too old or not NVML)");

    optional("systemGetDriverVersion", a.systemGetDriverVersion, {"nvmlSystemGetDriverVersion"});
    optional("deviceGetName", a.deviceGetName, {"nvmlDeviceGetName"});
    optional("deviceGetUuid", a.deviceGetUuid, {"nvmlDeviceGetUUID"});
    optional("deviceGetPciInfo", a.deviceGetPciInfo,
             {"nvmlDeviceGetPciInfo_v3", "nvmlDeviceGetPciInfo_v2", "nvmlDeviceGetPciInfo"});
    if (optional("deviceGetMemoryInfo", a.deviceGetMemoryInfo,
                 {"nvmlDeviceGetMemoryInfo_v2", "nvmlDeviceGetMemoryInfo"}))
        a.memoryInfoV2 = resolved["deviceGetMemoryInfo"] == std::string("nvmlDeviceGetMemoryInfo_v2");
    optional("deviceGetUtilizationRates", a.deviceGetUtilizationRates, {"nvmlDeviceGetUtilizationRates"});
    optional("deviceGetTemperature", a.deviceGetTemperature, {"nvmlDeviceGetTemperature"});
    optional("deviceGetPowerUsage", a.deviceGetPowerUsage, {"nvmlDeviceGetPowerUsage"});
    optional("deviceGetEnforcedPowerLimit", a.deviceGetEnforcedPowerLimit, {"nvmlDeviceGetEnforcedPowerLimit"});
    optional("deviceGetTotalEnergyConsumption", a.deviceGetTotalEnergyConsumption,
             {"nvmlDeviceGetTotalEnergyConsumption"});
    optional("deviceGetClockInfo", a.deviceGetClockInfo, {"nvmlDeviceGetClockInfo"});
    // Renamed in driver 535 ("throttle" became "event"); the bitmask is the same.
    optional("deviceGetClocksEventReasons", a.deviceGetClocksEventReasons,
             {"nvmlDeviceGetCurrentClocksEventReasons", "nvmlDeviceGetCurrentClocksThrottleReasons"});
    optional("deviceGetPcieThroughput", a.deviceGetPcieThroughput, {"nvmlDeviceGetPcieThroughput"});
    optional("deviceGetPcieReplayCounter", a.deviceGetPcieReplayCounter, {"nvmlDeviceGetPcieReplayCounter"});
    optional("deviceGetFieldValues", a.deviceGetFieldValues, {"nvmlDeviceGetFieldValues"});
    optional("deviceGetNvLinkState", a.deviceGetNvLinkState, {"nvmlDeviceGetNvLinkState"});
    optional("deviceGetNvLinkVersion", a.deviceGetNvLinkVersion, {"nvmlDeviceGetNvLinkVersion"});
    optional("deviceGetNvLinkRemotePciInfo", a.deviceGetNvLinkRemotePciInfo,
             {"nvmlDeviceGetNvLinkRemotePciInfo_v2", "nvmlDeviceGetNvLinkRemotePciInfo"});
    optional("deviceGetNvLinkRemoteDeviceType", a.deviceGetNvLinkRemoteDeviceType,
             {"nvmlDeviceGetNvLinkRemoteDeviceType"});
    optional("deviceGetTopologyCommonAncestor", a.deviceGetTopologyCommonAncestor,
             {"nvmlDeviceGetTopologyCommonAncestor"});
    optional("deviceGetTotalEccErrors", a.deviceGetTotalEccErrors, {"nvmlDeviceGetTotalEccErrors"});
    optional("deviceGetRetiredPages", a.deviceGetRetiredPages, {"nvmlDeviceGetRetiredPages"});
    optional("deviceGetRetiredPagesPendingStatus", a.deviceGetRetiredPagesPendingStatus,
             {"nvmlDeviceGetRetiredPagesPendingStatus"});
    optional("deviceGetRemappedRows", a.deviceGetRemappedRows, {"nvmlDeviceGetRemappedRows"});
    optional("deviceGetFanSpeed", a.deviceGetFanSpeed, {"nvmlDeviceGetFanSpeed"});
    optional("eventSetCreate", a.eventSetCreate, {"nvmlEventSetCreate"});
    optional("deviceRegisterEvents", a.deviceRegisterEvents, {"nvmlDeviceRegisterEvents"});
    optional("eventSetWait", a.eventSetWait, {"nvmlEventSetWait_v2", "nvmlEventSetWait"});
    optional("eventSetFree", a.eventSetFree, {"nvmlEventSetFree"});
    optional("deviceGetPowerManagementLimitConstraints", a.deviceGetPowerManagementLimitConstraints,
             {"nvmlDeviceGetPowerManagementLimitConstraints"});
    optional("deviceGetPowerManagementDefaultLimit", a.deviceGetPowerManagementDefaultLimit,
             {"nvmlDeviceGetPowerManagementDefaultLimit"});
    optional("deviceSetPowerManagementLimit", a.deviceSetPowerManagementLimit, {"nvmlDeviceSetPowerManagementLimit"});

    const nvml::Return r = a.init();
    if (r != nvml::kSuccess)
        return unavailable("NVML unavailable: " + resolved["init"] + " in " + path + " failed: " + lib->describe(r));
    lib->m_initialized = true;
    return lib;
}

NvmlLibrary::~NvmlLibrary()
{
    if (m_initialized && m_api.shutdown)
        m_api.shutdown();
    if (m_handle)
        dlclose(m_handle);
}

std::string NvmlLibrary::describe(nvml::Return r) const
{
    const char *text = m_api.errorString ? m_api.errorString(r) : nullptr;
    return std::string(text && *text ? text : "NVML error") + " (" + std::to_string(r) + ")";
}

} // namespace sn
