#pragma once
// libnvidia-ml.so.1 opened at run time: dlopen, every entry point resolved once (the newest
// versioned symbol first, then older names), nvmlInit. The program thus builds and starts on
// machines without an NVIDIA driver; there NVML is simply unavailable, with a message saying why.

#include "backend/model/result.h"
#include "backend/telemetry/collectors/nvml_api.h"

#include <map>
#include <memory>
#include <string>

namespace sn {

// The entry points. The first group is required (open() fails without them); any other may be
// null on an old driver, and the field it reads is then simply not valid.
struct NvmlEntryPoints {
    nvml::InitFn init = nullptr;
    nvml::ShutdownFn shutdown = nullptr;
    nvml::ErrorStringFn errorString = nullptr;
    nvml::DeviceGetCountFn deviceGetCount = nullptr;
    nvml::DeviceGetHandleByIndexFn deviceGetHandleByIndex = nullptr;

    nvml::SystemGetDriverVersionFn systemGetDriverVersion = nullptr;
    nvml::DeviceGetStringFn deviceGetName = nullptr;
    nvml::DeviceGetStringFn deviceGetUuid = nullptr;
    nvml::DeviceGetPciInfoFn deviceGetPciInfo = nullptr; // any version: see pciBusIdFromInfo
    nvml::DeviceGetMemoryInfoFn deviceGetMemoryInfo = nullptr;
    bool memoryInfoV2 = false; // nvmlDeviceGetMemoryInfo_v2 takes MemoryV2 with its version word
    nvml::DeviceGetUtilizationRatesFn deviceGetUtilizationRates = nullptr;
    nvml::DeviceGetTemperatureFn deviceGetTemperature = nullptr;
    nvml::DeviceGetUintFn deviceGetPowerUsage = nullptr;
    nvml::DeviceGetUintFn deviceGetEnforcedPowerLimit = nullptr;
    nvml::DeviceGetUllFn deviceGetTotalEnergyConsumption = nullptr;
    nvml::DeviceGetClockInfoFn deviceGetClockInfo = nullptr;
    nvml::DeviceGetUllFn deviceGetClocksEventReasons = nullptr;
    nvml::DeviceGetPcieThroughputFn deviceGetPcieThroughput = nullptr;
    nvml::DeviceGetUintFn deviceGetPcieReplayCounter = nullptr;
    nvml::DeviceGetFieldValuesFn deviceGetFieldValues = nullptr;
    nvml::DeviceGetNvLinkStateFn deviceGetNvLinkState = nullptr;
    // The interconnect (nvml_interconnect_reader.h).
    nvml::DeviceGetNvLinkUintFn deviceGetNvLinkVersion = nullptr;
    nvml::DeviceGetNvLinkRemotePciInfoFn deviceGetNvLinkRemotePciInfo = nullptr; // any version
    nvml::DeviceGetNvLinkUintFn deviceGetNvLinkRemoteDeviceType = nullptr;       // driver 510 and later
    nvml::DeviceGetTopologyCommonAncestorFn deviceGetTopologyCommonAncestor = nullptr;
    nvml::DeviceGetTotalEccErrorsFn deviceGetTotalEccErrors = nullptr;
    nvml::DeviceGetRetiredPagesFn deviceGetRetiredPages = nullptr;
    nvml::DeviceGetRetiredPagesPendingStatusFn deviceGetRetiredPagesPendingStatus = nullptr;
    nvml::DeviceGetRemappedRowsFn deviceGetRemappedRows = nullptr;
    nvml::DeviceGetUintFn deviceGetFanSpeed = nullptr;
    nvml::EventSetCreateFn eventSetCreate = nullptr;
    nvml::DeviceRegisterEventsFn deviceRegisterEvents = nullptr;
    nvml::EventSetWaitFn eventSetWait = nullptr;
    nvml::EventSetFreeFn eventSetFree = nullptr;
    // Power-limit control (thermal protection); setting needs root.
    nvml::DeviceGetUintPairFn deviceGetPowerManagementLimitConstraints = nullptr;
    nvml::DeviceGetUintFn deviceGetPowerManagementDefaultLimit = nullptr;
    nvml::DeviceSetUintFn deviceSetPowerManagementLimit = nullptr;
};

class NvmlLibrary {
public:
    static constexpr const char *kDefaultPath = "libnvidia-ml.so.1";

    // dlopen(path), resolve, nvmlInit. An error (Unavailable) names the library, the missing
    // symbol or the failed call with nvmlErrorString's text.
    static Result<std::unique_ptr<NvmlLibrary>> open(const std::string &path = kDefaultPath);
    ~NvmlLibrary(); // nvmlShutdown, dlclose
    NvmlLibrary(const NvmlLibrary &) = delete;
    NvmlLibrary &operator=(const NvmlLibrary &) = delete;

    const NvmlEntryPoints &api() const { return m_api; }
    const std::string &path() const { return m_path; }
    // "Driver Not Loaded (9)": nvmlErrorString's text and the code.
    std::string describe(nvml::Return r) const;
    // Which symbol each entry point resolved to ("init" -> "nvmlInit_v2"), for diagnostics and
    // the tests that prove the fallbacks.
    const std::map<std::string, std::string> &resolvedSymbols() const { return m_resolved; }

private:
    NvmlLibrary() = default;
    void *m_handle = nullptr;
    bool m_initialized = false;
    std::string m_path;
    NvmlEntryPoints m_api;
    std::map<std::string, std::string> m_resolved;
};

} // namespace sn
