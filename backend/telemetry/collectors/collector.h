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
    // True when `samples` already hold the GPUs' series with the source's own labels (a scraped
    // exporter, a Prometheus server): `gpus` then only describe the GPUs, and the engine must
    // not write their series a second time.
    bool gpusInSamples = false;
};

class Collector {
public:
    virtual ~Collector() = default;
    // "nvml", "nvidia-smi", "dcgm-exporter", "prometheus", "host", "simulator".
    virtual std::string source() const = 0;
    // What it reads, for status and messages: a node name, "http://node01:9400/metrics", a URL.
    virtual std::string target() const { return source(); }
    // The cluster node whose GPUs it reads; empty for a source that covers many (Prometheus).
    virtual std::string node() const { return {}; }
    // One reading of everything this source sees, stamped nowMs where the source gives no
    // time of its own. An error says what failed and where (a missing driver, an unreachable
    // endpoint, a malformed reply); a field the source does not report is simply not valid.
    virtual Result<Collection> collect(std::int64_t nowMs) = 0;
};

} // namespace sn
