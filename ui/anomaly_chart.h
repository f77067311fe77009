#pragma once
// Which GPU metric the Logs page charts beside a selected anomaly: the metric of its evidence
// series when the charts know it ("DCGM_FI_DEV_GPU_TEMP{Hostname=gpu01,gpu=3}"), else
// temperature for a thermal or power kind and utilization for any other anomaly about a GPU;
// none for an anomaly about no GPU (a node, a link, the cluster).

#include "ui/gpu_chart_data.h"

namespace sn {

const GpuChartMetric *anomalyChartMetric(const pb::Event &event);

} // namespace sn
