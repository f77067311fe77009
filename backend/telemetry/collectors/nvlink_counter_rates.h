#pragma once
// NVLink traffic as rates from cumulative counters. NVML reports per-link data throughput as KiB
// since the driver loaded (NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX/RX), while dcgm-exporter's
// fields are bytes per second; a rate needs two polls, so the first poll of a GPU (and any poll
// after a counter went backwards, i.e. a driver reload or link reset) yields no rate rather than
// a spike or a zero.

#include "backend/model/gpu_reading.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sn {

struct NvlinkCounters {
    int link = 0;
    std::uint64_t txKiB = 0;
    std::uint64_t rxKiB = 0;
};

class NvlinkCounterRates {
public:
    // The links' rates since the previous call, or nothing when there is no usable previous
    // reading (first call, a link set that changed, time not advancing, a counter reset).
    std::optional<std::vector<NvlinkLinkReading>> update(std::int64_t nowMs, const std::vector<NvlinkCounters> &now);

private:
    std::int64_t m_lastMs = 0;
    std::vector<NvlinkCounters> m_last;
    bool m_have = false;
};

} // namespace sn
