#pragma once
// One GPU's readings at one time, from any source (simulator, NVML, nvidia-smi, dcgm-exporter).
// Not every GPU reports every field, so each carries a validity bit (as nvtop does); the
// telemetry area turns valid fields into series named as dcgm-exporter names them.

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sn {

enum class GpuField : std::size_t {
    Utilization,       // DCGM_FI_DEV_GPU_UTIL, %
    MemoryCopyUtil,    // DCGM_FI_DEV_MEM_COPY_UTIL, %
    FbUsed,            // DCGM_FI_DEV_FB_USED, MiB
    FbFree,            // DCGM_FI_DEV_FB_FREE, MiB
    Temperature,       // DCGM_FI_DEV_GPU_TEMP, C
    MemoryTemperature, // DCGM_FI_DEV_MEMORY_TEMP, C
    Power,             // DCGM_FI_DEV_POWER_USAGE, W
    PowerLimit,        // DCGM_FI_DEV_POWER_MGMT_LIMIT, W
    Energy,            // DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION, mJ since boot
    SmClock,           // DCGM_FI_DEV_SM_CLOCK, MHz
    MemClock,          // DCGM_FI_DEV_MEM_CLOCK, MHz
    ThrottleReasons,   // DCGM_FI_DEV_CLOCK_THROTTLE_REASONS, NVML bitmask
    PcieTxBytes,       // DCGM_FI_PROF_PCIE_TX_BYTES, bytes/s
    PcieRxBytes,       // DCGM_FI_PROF_PCIE_RX_BYTES, bytes/s
    NvlinkTxBytes,     // DCGM_FI_PROF_NVLINK_TX_BYTES, bytes/s
    NvlinkRxBytes,     // DCGM_FI_PROF_NVLINK_RX_BYTES, bytes/s
    XidLast,           // DCGM_FI_DEV_XID_ERRORS, value of the last XID
    EccSbeVolatile,    // DCGM_FI_DEV_ECC_SBE_VOL_TOTAL, count
    EccDbeVolatile,    // DCGM_FI_DEV_ECC_DBE_VOL_TOTAL, count
    RetiredSbe,        // DCGM_FI_DEV_RETIRED_SBE, pages retired for single-bit errors (pre-Ampere)
    RetiredDbe,        // DCGM_FI_DEV_RETIRED_DBE, pages retired for double-bit errors (pre-Ampere)
    RetiredPending,    // DCGM_FI_DEV_RETIRED_PENDING, 1 when a retirement waits for a reset
    RemappedCorrectable,   // DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS, count (Ampere and later)
    RemappedUncorrectable, // DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS, count
    RowRemapFailure,   // DCGM_FI_DEV_ROW_REMAP_FAILURE, 1 when remapping has failed
    PcieReplay,        // DCGM_FI_DEV_PCIE_REPLAY_COUNTER, count
    FanSpeed,          // DCGM_FI_DEV_FAN_SPEED, % (absent on passively cooled data-centre GPUs)
    FbTotal,           // DCGM_FI_DEV_FB_TOTAL, MiB
    Count
};
inline constexpr std::size_t kGpuFieldCount = static_cast<std::size_t>(GpuField::Count);

// Each field's series name, kind, unit and help: the metric catalogue (backend/api/metric_catalogue.h).

// NVML clock throttle reasons (nvmlClocksThrottleReason*), as DCGM reports them.
namespace throttle {
inline constexpr std::uint32_t kGpuIdle = 0x1;
inline constexpr std::uint32_t kSwPowerCap = 0x4;
inline constexpr std::uint32_t kHwSlowdown = 0x8;
inline constexpr std::uint32_t kSwThermalSlowdown = 0x20;
inline constexpr std::uint32_t kHwThermalSlowdown = 0x40;
} // namespace throttle

// Traffic of one NVLink link, as DCGM's per-link profiling fields report it
// (DCGM_FI_PROF_NVLINK_L<n>_TX_BYTES / _RX_BYTES, bytes per second).
struct NvlinkLinkReading {
    int link = 0;
    double txBytesPerSecond = 0;
    double rxBytesPerSecond = 0;
};

struct GpuReading {
    std::string node;  // Hostname label
    int gpu = 0;       // gpu label: the NVML / nvidia-smi index, as dcgm-exporter labels it
    std::string uuid;  // UUID label
    std::string model; // modelName label
    std::string pciBusId;
    std::string job; // job label: the job that owns the GPU, empty when idle
    std::int64_t timeMs = 0;
    std::array<double, kGpuFieldCount> values{};
    std::bitset<kGpuFieldCount> valid;
    std::vector<NvlinkLinkReading> nvlinks; // empty where the source has no per-link counters

    void set(GpuField f, double v)
    {
        values[idx(f)] = v;
        valid.set(idx(f));
    }
    bool has(GpuField f) const { return valid.test(idx(f)); }
    double get(GpuField f) const { return values[idx(f)]; }

private:
    static constexpr std::size_t idx(GpuField f) { return static_cast<std::size_t>(f); }
};

// One NIC port's traffic at one time.
struct NicReading {
    std::string node;
    std::string device; // "mlx5_0"
    std::int64_t timeMs = 0;
    double txBytesPerSecond = 0;
    double rxBytesPerSecond = 0;
    bool linkUp = true;
};

} // namespace sn
