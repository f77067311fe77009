#pragma once
// One source of telemetry: NVML, nvidia-smi, a dcgm-exporter /metrics endpoint, a Prometheus
// server, the host's /proc and /sys, or the simulator. The engine polls each collector on its
// own thread and writes what it returns into the store.

#include "backend/model/gpu_reading.h"
#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn {

// What one collection read. Sources that know GPUs fill `gpus` (each field with its validity
// bit); sources that already speak series (scraped exporters, host metrics) fill `samples`.
struct Collection {
    std::vector<GpuReading> gpus;
    std::vector<NicReading> nics;
    std::vector<MetricSample> samples;
};

class Collector {
public:
    virtual ~Collector() = default;
    // "nvml", "nvidia-smi", "dcgm-exporter", "prometheus", "host", "simulator".
    virtual std::string source() const = 0;
    // One reading of everything this source sees, stamped nowMs where the source gives no
    // time of its own. An error says what failed and where (a missing driver, an unreachable
    // endpoint, a malformed reply); a field the source does not report is simply not valid.
    virtual Result<Collection> collect(std::int64_t nowMs) = 0;
};

} // namespace sn
