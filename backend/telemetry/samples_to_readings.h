#pragma once
// The way back from dcgm-exporter series to GpuReadings, for sources that speak series (a
// scraped dcgm-exporter, a Prometheus server that stores its scrapes): samples are grouped per
// GPU by their Hostname and UUID labels (gpu when there is no UUID), every catalogue metric sets
// its field, DCGM_FI_PROF_NVLINK_L<n>_TX/RX_BYTES fill the per-link list. A NaN value leaves the
// field invalid (missing, not 0). Samples of MIG instances (a GPU_I_ID label) and samples
// without a gpu or UUID label stay series only: a GpuReading describes a whole GPU.

#include "backend/model/gpu_reading.h"
#include "backend/telemetry/metric_sample.h"

#include <string>
#include <vector>

namespace sn {

struct SamplesToReadingsOptions {
    // The label that names the job owning the GPU. Our /metrics and a direct scrape say `job`;
    // through a Prometheus server `job` is the scrape job and the exporter's own becomes
    // `exported_job`.
    std::string jobLabel = "job";
    // Used when a sample has no Hostname label (dcgm-exporter run without it).
    std::string defaultHostname;
};

// Readings ordered by Hostname, then gpu index.
std::vector<GpuReading> gpuReadingsFromSamples(const std::vector<MetricSample> &samples,
                                               const SamplesToReadingsOptions &options = {});

} // namespace sn
