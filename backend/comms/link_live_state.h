#pragma once
// Telemetry samples (dcgm-exporter names, backend/telemetry/readings_to_samples.h) become live
// utilization, errors and health on the graph's links, for the topology view:
// - DCGM_FI_PROF_NVLINK_L<n>_TX_BYTES / _RX_BYTES (per link), else DCGM_FI_PROF_NVLINK_TX/RX_BYTES
//   (the GPU's total): the GPU's NVLink links, at the busier direction's share of their
//   bandwidth. Counters do not say which NVSwitch a link number reaches, so every bonded link of
//   the GPU shows the GPU's NVLink utilization.
// - DCGM_FI_PROF_PCIE_TX_BYTES / _RX_BYTES: the GPU's PCIe uplink; DCGM_FI_DEV_PCIE_REPLAY_COUNTER
//   its errors.
// - supernode_nic_transmit/receive_bytes_per_second: the NIC's network links;
//   supernode_nic_link_up: their health (0 down, 1 up).
// Samples are matched by their Hostname and gpu / device labels; the latest sample of a series
// counts. Links whose bandwidth is unknown get no utilization (it stays NaN, never 0).

#include "backend/comms/topology_graph.h"
#include "backend/model/metric_sample.h"

#include <string>
#include <vector>

namespace sn::comms {

struct LiveStateUpdate {
    int linksUpdated = 0;
    std::vector<std::string> unmatched; // "node09/gpu3: no such device" once per device
};

LiveStateUpdate applyTelemetry(TopologyGraph &graph, const std::vector<MetricSample> &samples);

} // namespace sn::comms
