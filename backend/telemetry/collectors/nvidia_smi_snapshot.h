#pragma once
// What one `nvidia-smi` run says about this machine's GPUs, whichever format it printed
// (`-q -x` XML or `--query-gpu` CSV): the catalogue readings of each GPU (GpuReading, a validity
// bit per field) plus the device facts a support case or the setup wizard needs. Strings are
// empty and optionals unset where nvidia-smi did not report the value ("N/A", "[Not Supported]").

#include "backend/model/gpu_reading.h"

#include <optional>
#include <string>
#include <vector>

namespace sn {

// One MIG instance of a GPU in MIG mode, as `-q -x` lists it under <mig_devices>.
struct NvidiaSmiMigDevice {
    int index = 0;
    std::optional<int> gpuInstanceId;
    std::optional<int> computeInstanceId;
    std::optional<int> multiprocessorCount;
    std::optional<double> fbTotalMiB;
    std::optional<double> fbUsedMiB;
    std::optional<double> fbFreeMiB;
    std::optional<double> fbReservedMiB;
    std::optional<double> sramUncorrectable; // volatile ECC count of this instance
};

struct NvidiaSmiDevice {
    // Catalogue fields. reading.gpu is nvidia-smi's index (the NVML index, which dcgm-exporter's
    // `gpu` label uses); reading.node and timeMs are set by the collector, not by the parsers.
    GpuReading reading;
    std::optional<int> minorNumber; // /dev/nvidiaN; usually, not always, the index
    std::string serial;
    std::string vbiosVersion;
    std::string architecture;   // "Ampere", "Hopper" (XML v12 and later)
    std::string pstate;         // "P0".."P12"
    std::string computeMode;    // "Default", "Exclusive_Process", ...
    std::string migModeCurrent; // "Enabled", "Disabled"; empty where the GPU has no MIG
    std::string migModePending;
    std::optional<int> pcieGenCurrent;
    std::optional<int> pcieGenMax;
    std::optional<int> pcieWidthCurrent;
    std::optional<int> pcieWidthMax;
    // Ampere and later report both; GpuField::Power holds the 1 s average (NVML's power usage,
    // which dcgm-exporter and `power.draw` report), older GPUs only an instant reading.
    std::optional<double> powerDrawAverageW;
    std::optional<double> powerDrawInstantW;
    std::optional<double> enforcedPowerLimitW;
    // What the setup wizard's checks read (persistence, ECC, limits, pending row remaps).
    std::string persistenceMode; // "Enabled", "Disabled"
    std::string eccModeCurrent;  // "Enabled", "Disabled"; empty where the GPU has no ECC
    std::string eccModePending;
    std::optional<double> defaultPowerLimitW;
    std::optional<double> maxPowerLimitW;
    std::optional<double> slowdownTemperatureC; // -q -x only: gpu_temp_slow_threshold
    std::optional<bool> remappedRowsPending;    // a remap waits for a GPU reset
    std::vector<NvidiaSmiMigDevice> migDevices;
};

struct NvidiaSmiSnapshot {
    std::string timestamp; // as nvidia-smi printed it ("Thu Aug  6 01:03:40 2026")
    std::string driverVersion;
    std::string cudaVersion;
    std::vector<NvidiaSmiDevice> gpus;
};

} // namespace sn
