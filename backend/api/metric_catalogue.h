#pragma once
// The metric catalogue: every series name the engine writes and the contract's QueryRange and
// StreamTelemetry answer, with its kind, unit and help text. Names follow dcgm-exporter
// (default-counters.csv and the DCP metrics), so a Prometheus or Grafana already scraping
// dcgm-exporter reads ours unchanged. The one place a name is spelled: everything else (engine
// areas, the console, supernodectl, reports) names a metric through these constants.

#include "backend/model/gpu_reading.h"

#include <optional>
#include <string>
#include <string_view>

namespace sn::metric {

// One per GpuField (backend/model/gpu_reading.h), in that order.
inline constexpr char kGpuUtil[] = "DCGM_FI_DEV_GPU_UTIL";
inline constexpr char kMemCopyUtil[] = "DCGM_FI_DEV_MEM_COPY_UTIL";
inline constexpr char kFbUsed[] = "DCGM_FI_DEV_FB_USED";
inline constexpr char kFbFree[] = "DCGM_FI_DEV_FB_FREE";
inline constexpr char kGpuTemp[] = "DCGM_FI_DEV_GPU_TEMP";
inline constexpr char kMemoryTemp[] = "DCGM_FI_DEV_MEMORY_TEMP";
inline constexpr char kPower[] = "DCGM_FI_DEV_POWER_USAGE";
inline constexpr char kPowerLimit[] = "DCGM_FI_DEV_POWER_MGMT_LIMIT";
inline constexpr char kEnergy[] = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";
inline constexpr char kSmClock[] = "DCGM_FI_DEV_SM_CLOCK";
inline constexpr char kMemClock[] = "DCGM_FI_DEV_MEM_CLOCK";
inline constexpr char kThrottleReasons[] = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS";
inline constexpr char kPcieTx[] = "DCGM_FI_PROF_PCIE_TX_BYTES";
inline constexpr char kPcieRx[] = "DCGM_FI_PROF_PCIE_RX_BYTES";
inline constexpr char kNvlinkTx[] = "DCGM_FI_PROF_NVLINK_TX_BYTES";
inline constexpr char kNvlinkRx[] = "DCGM_FI_PROF_NVLINK_RX_BYTES";
inline constexpr char kXid[] = "DCGM_FI_DEV_XID_ERRORS";
inline constexpr char kEccSbeVolatile[] = "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL";
inline constexpr char kEccDbeVolatile[] = "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL";
inline constexpr char kRetiredSbe[] = "DCGM_FI_DEV_RETIRED_SBE";
inline constexpr char kRetiredDbe[] = "DCGM_FI_DEV_RETIRED_DBE";
inline constexpr char kRetiredPending[] = "DCGM_FI_DEV_RETIRED_PENDING";
inline constexpr char kRemappedCorrectable[] = "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS";
inline constexpr char kRemappedUncorrectable[] = "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS";
inline constexpr char kRowRemapFailure[] = "DCGM_FI_DEV_ROW_REMAP_FAILURE";
inline constexpr char kPcieReplay[] = "DCGM_FI_DEV_PCIE_REPLAY_COUNTER";
inline constexpr char kFanSpeed[] = "DCGM_FI_DEV_FAN_SPEED";
inline constexpr char kFbTotal[] = "DCGM_FI_DEV_FB_TOTAL";

// NVLink error counters dcgm-exporter publishes; no collector of ours reads them into a
// GpuReading, but rules and detectors watch them when a dcgm-exporter source sends them.
inline constexpr char kNvlinkCrcFlitErrors[] = "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL";
inline constexpr char kNvlinkCrcDataErrors[] = "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL";
inline constexpr char kNvlinkReplayErrors[] = "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL";
inline constexpr char kNvlinkRecoveryErrors[] = "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL";

// Every dcgm-exporter name starts so (a Prometheus selector for "all GPU series").
inline constexpr char kDcgmPrefix[] = "DCGM_FI_";

// NIC traffic and link state per device (label `device`), from the host collector; names follow
// node_exporter's infiniband collector where one exists. Host metrics (CPU, memory, disks) keep
// node_exporter's names, each written once where the host collector reads it.
inline constexpr char kNicPrefix[] = "supernode_nic_";
inline constexpr char kNicTx[] = "supernode_nic_transmit_bytes_per_second";
inline constexpr char kNicRx[] = "supernode_nic_receive_bytes_per_second";
inline constexpr char kNicUp[] = "supernode_nic_link_up";

enum class Kind { Gauge, Counter };

struct Info {
    GpuField field;
    const char *name;
    Kind kind;
    const char *unit; // "%", "MiB", "C", "W", "mJ", "MHz", "B/s", "" (a count or a bitmask)
    const char *help; // as dcgm-exporter's HELP line
};

// The GpuField's entry; every field has one.
const Info &info(GpuField field);
// The entry named so; null for a name that is not a GpuField's (per-link NVLink series, NIC
// and host metrics, anything a Prometheus source brings).
const Info *byName(std::string_view name);
inline const char *name(GpuField field)
{
    return info(field).name;
}
// "gauge" or "counter", as the Prometheus exposition format's TYPE line says.
const char *typeText(Kind kind);

// Per-link NVLink throughput: DCGM_FI_PROF_NVLINK_L<link>_TX_BYTES / _RX_BYTES, bytes/s.
struct NvlinkLinkSeries {
    int link = -1;
    bool tx = false;
};
std::string nvlinkLinkMetric(int link, bool tx);
// The link and direction of a per-link name; nullopt for any other name (a link number that is
// not a non-negative decimal, another suffix).
std::optional<NvlinkLinkSeries> parseNvlinkLinkMetric(std::string_view name);

} // namespace sn::metric
