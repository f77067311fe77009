#include "backend/api/metric_catalogue.h"

#include <array>
#include <charconv>

namespace sn::metric {

namespace {

constexpr std::string_view kNvlinkLinkPrefix = "DCGM_FI_PROF_NVLINK_L";
constexpr std::string_view kTxSuffix = "_TX_BYTES";
constexpr std::string_view kRxSuffix = "_RX_BYTES";

// Kinds, units and help texts follow dcgm-exporter's default-counters.csv and DCP metrics.
constexpr std::array<Info, kGpuFieldCount> kCatalogue{{
    {GpuField::Utilization, kGpuUtil, Kind::Gauge, "%", "GPU utilization (in %)."},
    {GpuField::MemoryCopyUtil, kMemCopyUtil, Kind::Gauge, "%", "Memory utilization (in %)."},
    {GpuField::FbUsed, kFbUsed, Kind::Gauge, "MiB", "Framebuffer memory used (in MiB)."},
    {GpuField::FbFree, kFbFree, Kind::Gauge, "MiB", "Framebuffer memory free (in MiB)."},
    {GpuField::Temperature, kGpuTemp, Kind::Gauge, "C", "GPU temperature (in C)."},
    {GpuField::MemoryTemperature, kMemoryTemp, Kind::Gauge, "C", "Memory temperature (in C)."},
    {GpuField::Power, kPower, Kind::Gauge, "W", "Power draw (in W)."},
    {GpuField::PowerLimit, kPowerLimit, Kind::Gauge, "W", "Power management limit (in W)."},
    {GpuField::Energy, kEnergy, Kind::Counter, "mJ", "Total energy consumption since boot (in mJ)."},
    {GpuField::SmClock, kSmClock, Kind::Gauge, "MHz", "SM clock frequency (in MHz)."},
    {GpuField::MemClock, kMemClock, Kind::Gauge, "MHz", "Memory clock frequency (in MHz)."},
    {GpuField::ThrottleReasons, kThrottleReasons, Kind::Gauge, "", "Current clock throttle reasons (NVML bitmask)."},
    {GpuField::PcieTxBytes, kPcieTx, Kind::Gauge, "B/s",
     "The rate of data transmitted over the PCIe bus - including both protocol headers and data payloads - in bytes "
     "per second."},
    {GpuField::PcieRxBytes, kPcieRx, Kind::Gauge, "B/s",
     "The rate of data received over the PCIe bus - including both protocol headers and data payloads - in bytes per "
     "second."},
    {GpuField::NvlinkTxBytes, kNvlinkTx, Kind::Gauge, "B/s",
     "The rate of data transmitted over NVLink, not including protocol headers, in bytes per second."},
    {GpuField::NvlinkRxBytes, kNvlinkRx, Kind::Gauge, "B/s",
     "The rate of data received over NVLink, not including protocol headers, in bytes per second."},
    {GpuField::XidLast, kXid, Kind::Gauge, "", "Value of the last XID error encountered."},
    {GpuField::EccSbeVolatile, kEccSbeVolatile, Kind::Counter, "", "Total number of single-bit volatile ECC errors."},
    {GpuField::EccDbeVolatile, kEccDbeVolatile, Kind::Counter, "", "Total number of double-bit volatile ECC errors."},
    {GpuField::RetiredSbe, kRetiredSbe, Kind::Counter, "", "Total number of retired pages due to single-bit errors."},
    {GpuField::RetiredDbe, kRetiredDbe, Kind::Counter, "", "Total number of retired pages due to double-bit errors."},
    {GpuField::RetiredPending, kRetiredPending, Kind::Counter, "", "Total number of pages pending retirement."},
    {GpuField::RemappedCorrectable, kRemappedCorrectable, Kind::Counter, "",
     "Number of remapped rows for correctable errors"},
    {GpuField::RemappedUncorrectable, kRemappedUncorrectable, Kind::Counter, "",
     "Number of remapped rows for uncorrectable errors"},
    {GpuField::RowRemapFailure, kRowRemapFailure, Kind::Gauge, "", "Whether remapping of rows has failed"},
    {GpuField::PcieReplay, kPcieReplay, Kind::Counter, "", "Total number of PCIe retries."},
    {GpuField::FanSpeed, kFanSpeed, Kind::Gauge, "%", "Fan speed (in 0-100%)."},
    {GpuField::FbTotal, kFbTotal, Kind::Gauge, "MiB", "Framebuffer memory total (in MiB)."},
}};

// The table is indexed by GpuField: a field added to the enum without its row fails here.
constexpr bool inFieldOrder()
{
    for (std::size_t i = 0; i < kCatalogue.size(); ++i)
        if (static_cast<std::size_t>(kCatalogue[i].field) != i)
            return false;
    return true;
}
static_assert(inFieldOrder(), "kCatalogue must list every GpuField once, in the enum's order");

} // namespace

const Info &info(GpuField field)
{
    return kCatalogue[static_cast<std::size_t>(field)];
}

const Info *byName(std::string_view name)
{
    for (const Info &entry : kCatalogue)
        if (name == entry.name)
            return &entry;
    return nullptr;
}

const char *typeText(Kind kind)
{
    return kind == Kind::Counter ? "counter" : "gauge";
}

std::string nvlinkLinkMetric(int link, bool tx)
{
    std::string name(kNvlinkLinkPrefix);
    name += std::to_string(link);
    name += tx ? kTxSuffix : kRxSuffix;
    return name;
}

std::optional<NvlinkLinkSeries> parseNvlinkLinkMetric(std::string_view name)
{
    if (!name.starts_with(kNvlinkLinkPrefix))
        return std::nullopt;
    const char *begin = name.data() + kNvlinkLinkPrefix.size();
    const char *end = name.data() + name.size();
    NvlinkLinkSeries series;
    const auto [ptr, ec] = std::from_chars(begin, end, series.link);
    if (ec != std::errc() || ptr == begin || series.link < 0)
        return std::nullopt;
    const std::string_view rest(ptr, static_cast<std::size_t>(end - ptr));
    if (rest == kTxSuffix)
        series.tx = true;
    else if (rest != kRxSuffix)
        return std::nullopt;
    return series;
}

} // namespace sn::metric
