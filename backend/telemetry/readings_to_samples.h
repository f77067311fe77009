#pragma once
// GPU and NIC readings to dcgm-exporter series: every valid field becomes one sample labelled
// gpu, UUID, device, modelName, Hostname and pci_bus_id (plus job while a job owns the GPU), so
// existing Grafana dashboards work. Per-link NVLink traffic becomes DCGM_FI_PROF_NVLINK_L<n>_*.

#include "backend/api/metric_catalogue.h"
#include "backend/model/gpu_reading.h"
#include "backend/telemetry/metric_sample.h"

#include <vector>

namespace sn {

Labels gpuLabels(const GpuReading &reading);
void appendGpuSamples(const GpuReading &reading, std::vector<MetricSample> &out);
// NIC traffic and link state as metric::kNicTx, kNicRx and kNicUp.
void appendNicSamples(const NicReading &reading, std::vector<MetricSample> &out);

} // namespace sn
