#pragma once
// One GPU read through NVML: identity (NVML index, name, UUID, PCI bus id) and every
// catalogue field NVML offers, each call on its own, so a field whose call fails
// (NOT_SUPPORTED on this GPU, NO_PERMISSION, a symbol this driver lacks) is simply not valid
// and the other fields still are.

#include "backend/model/gpu_reading.h"
#include "backend/telemetry/collectors/nvlink_counter_rates.h"
#include "backend/telemetry/collectors/nvml_library.h"

#include <optional>
#include <string>
#include <vector>

namespace sn {

inline constexpr int kNvlinkAllLinks = -1;

struct NvmlDeviceSample {
    GpuReading reading; // NVLink rate fields not yet set: they need two samples
    // Cumulative counters of the active links, and last, where the driver gives it, the sum over
    // all links as link kNvlinkAllLinks; absent when the GPU reports none.
    std::optional<std::vector<NvlinkCounters>> nvlink;
};

NvmlDeviceSample readNvmlDevice(const NvmlLibrary &lib, nvml::Device device, unsigned index);

// The PCI bus id ("00000000:18:00.0") from what nvmlDeviceGetPciInfo* wrote into `info` (at
// least 68 bytes); empty when no known layout holds one.
std::string pciBusIdFromInfo(const unsigned char *info);

// A field value as a double, by its valueType; nothing for an unknown type.
std::optional<double> nvmlFieldValueAsDouble(const nvml::FieldValue &value);

} // namespace sn
