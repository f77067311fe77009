#pragma once
// GPUs read through NVML, loaded at run time (nvml_library.h). Setup (load the library,
// resolve, nvmlInit, enumerate) happens once; when it fails the collector keeps that one error
// and every collect() returns it at once, without retrying dlopen each poll (one failure exit
// with the last error kept). NVLink rates come from counter deltas between polls, so a GPU's
// first collect() has no NVLink rate.

#include "backend/telemetry/collectors/collector.h"
#include "backend/telemetry/collectors/nvlink_counter_rates.h"
#include "backend/telemetry/collectors/nvml_library.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sn {

struct NvmlCollectorOptions {
    // dlopen()ed as given: a bare name goes through the loader's search path.
    std::string libraryPath = NvmlLibrary::kDefaultPath;
    std::string hostname; // Hostname label; empty: this machine's name
};

class NvmlCollector final : public Collector {
public:
    explicit NvmlCollector(NvmlCollectorOptions options = {});
    ~NvmlCollector() override;

    std::string source() const override { return "nvml"; }
    Result<Collection> collect(std::int64_t nowMs) override;

    bool available() const { return m_lib != nullptr; }
    // The setup error, or the last collect() error; empty when the last collect() worked.
    const std::optional<Error> &lastError() const { return m_lastError; }
    std::string driverVersion() const { return m_driverVersion; } // empty where unknown
    const NvmlLibrary *library() const { return m_lib.get(); }

private:
    void watchXids();
    void drainXidEvents();

    NvmlCollectorOptions m_options;
    std::unique_ptr<NvmlLibrary> m_lib;
    std::optional<Error> m_lastError;
    std::string m_driverVersion;
    std::vector<nvml::Device> m_devices;
    std::vector<NvlinkCounterRates> m_nvlinkRates;
    // XIDs arrive as NVML events; the last one per GPU is the DCGM_FI_DEV_XID_ERRORS value. A
    // GPU whose registration failed reports no XID field rather than a reassuring 0.
    nvml::EventSet m_events = nullptr;
    std::vector<bool> m_xidWatched;
    std::vector<double> m_lastXid;
};

} // namespace sn
