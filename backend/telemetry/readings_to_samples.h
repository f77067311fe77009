#pragma once
// GPU and NIC readings to dcgm-exporter series: every valid field becomes one sample labelled
// gpu, UUID, device, modelName, Hostname and pci_bus_id (plus job while a job owns the GPU), so
// existing Grafana dashboards work. Per-link NVLink traffic becomes DCGM_FI_PROF_NVLINK_L<n>_*.

#include "backend/model/gpu_reading.h"
#include "backend/telemetry/metric_sample.h"

#include <vector>

namespace sn {

Labels gpuLabels(const GpuReading &reading);
std::string nvlinkLinkMetric(int link, bool tx);
void appendGpuSamples(const GpuReading &reading, std::vector<MetricSample> &out);

// NIC traffic; names follow node_exporter's infiniband collector where one exists.
inline constexpr const char *kNicTxMetric = "supernode_nic_transmit_bytes_per_second";
inline constexpr const char *kNicRxMetric = "supernode_nic_receive_bytes_per_second";
inline constexpr const char *kNicUpMetric = "supernode_nic_link_up";
void appendNicSamples(const NicReading &reading, std::vector<MetricSample> &out);

} // namespace sn
