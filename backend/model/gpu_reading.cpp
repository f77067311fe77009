#include "backend/model/gpu_reading.h"

#include <array>

namespace sn {

namespace {
// Names, types and help texts follow dcgm-exporter's default-counters.csv and DCP metrics.
constexpr std::array<GpuFieldInfo, kGpuFieldCount> kFields{{
    {GpuField::Utilization, "DCGM_FI_DEV_GPU_UTIL", "gauge", "%", "GPU utilization (in %)."},
    {GpuField::MemoryCopyUtil, "DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "%", "Memory utilization (in %)."},
    {GpuField::FbUsed, "DCGM_FI_DEV_FB_USED", "gauge", "MiB", "Framebuffer memory used (in MiB)."},
    {GpuField::FbFree, "DCGM_FI_DEV_FB_FREE", "gauge", "MiB", "Framebuffer memory free (in MiB)."},
    {GpuField::Temperature, "DCGM_FI_DEV_GPU_TEMP", "gauge", "C", "GPU temperature (in C)."},
    {GpuField::MemoryTemperature, "DCGM_FI_DEV_MEMORY_TEMP", "gauge", "C", "Memory temperature (in C)."},
    {GpuField::Power, "DCGM_FI_DEV_POWER_USAGE", "gauge", "W", "Power draw (in W)."},
    {GpuField::PowerLimit, "DCGM_FI_DEV_POWER_MGMT_LIMIT", "gauge", "W", "Power management limit (in W)."},
    {GpuField::Energy, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter", "mJ",
     "Total energy consumption since boot (in mJ)."},
    {GpuField::SmClock, "DCGM_FI_DEV_SM_CLOCK", "gauge", "MHz", "SM clock frequency (in MHz)."},
    {GpuField::MemClock, "DCGM_FI_DEV_MEM_CLOCK", "gauge", "MHz", "Memory clock frequency (in MHz)."},
    {GpuField::ThrottleReasons, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "gauge", "",
     "Current clock throttle reasons (NVML bitmask)."},
    {GpuField::PcieTxBytes, "DCGM_FI_PROF_PCIE_TX_BYTES", "gauge", "B/s",
     "The rate of data transmitted over the PCIe bus - including both protocol headers and data payloads - in bytes "
     "per second."},
    {GpuField::PcieRxBytes, "DCGM_FI_PROF_PCIE_RX_BYTES", "gauge", "B/s",
     "The rate of data received over the PCIe bus - including both protocol headers and data payloads - in bytes per "
     "second."},
    {GpuField::NvlinkTxBytes, "DCGM_FI_PROF_NVLINK_TX_BYTES", "gauge", "B/s",
     "The rate of data transmitted over NVLink, not including protocol headers, in bytes per second."},
    {GpuField::NvlinkRxBytes, "DCGM_FI_PROF_NVLINK_RX_BYTES", "gauge", "B/s",
     "The rate of data received over NVLink, not including protocol headers, in bytes per second."},
    {GpuField::XidLast, "DCGM_FI_DEV_XID_ERRORS", "gauge", "", "Value of the last XID error encountered."},
    {GpuField::EccSbeVolatile, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "counter", "",
     "Total number of single-bit volatile ECC errors."},
    {GpuField::EccDbeVolatile, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "counter", "",
     "Total number of double-bit volatile ECC errors."},
    {GpuField::RetiredSbe, "DCGM_FI_DEV_RETIRED_SBE", "counter", "",
     "Total number of retired pages due to single-bit errors."},
    {GpuField::RetiredDbe, "DCGM_FI_DEV_RETIRED_DBE", "counter", "",
     "Total number of retired pages due to double-bit errors."},
    {GpuField::RetiredPending, "DCGM_FI_DEV_RETIRED_PENDING", "counter", "",
     "Total number of pages pending retirement."},
    {GpuField::RemappedCorrectable, "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "counter", "",
     "Number of remapped rows for correctable errors"},
    {GpuField::RemappedUncorrectable, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "counter", "",
     "Number of remapped rows for uncorrectable errors"},
    {GpuField::RowRemapFailure, "DCGM_FI_DEV_ROW_REMAP_FAILURE", "gauge", "", "Whether remapping of rows has failed"},
    {GpuField::PcieReplay, "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "", "Total number of PCIe retries."},
    {GpuField::FanSpeed, "DCGM_FI_DEV_FAN_SPEED", "gauge", "%", "Fan speed (in 0-100%)."},
    {GpuField::FbTotal, "DCGM_FI_DEV_FB_TOTAL", "gauge", "MiB", "Framebuffer memory total (in MiB)."},
}};
} // namespace

const GpuFieldInfo &gpuFieldInfo(GpuField field)
{
    return kFields[static_cast<std::size_t>(field)];
}

const GpuFieldInfo *gpuFieldByMetric(const std::string &metric)
{
    for (const auto &info : kFields)
        if (metric == info.metric)
            return &info;
    return nullptr;
}

} // namespace sn
