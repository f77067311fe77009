#include "backend/telemetry/readings_to_samples.h"

namespace sn {

Labels gpuLabels(const GpuReading &r)
{
    return {{"gpu", std::to_string(r.gpu)}, {"UUID", r.uuid},     {"device", "nvidia" + std::to_string(r.gpu)},
            {"modelName", r.model},         {"Hostname", r.node}, {"pci_bus_id", r.pciBusId}};
}

void appendGpuSamples(const GpuReading &r, std::vector<MetricSample> &out)
{
    const Labels labels = gpuLabels(r);
    for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
        if (!r.valid.test(i))
            continue;
        const auto field = static_cast<GpuField>(i);
        out.push_back({gpuFieldInfo(field).metric, labels, r.timeMs, r.get(field)});
    }
}

void appendNicSamples(const NicReading &r, std::vector<MetricSample> &out)
{
    const Labels labels{{"Hostname", r.node}, {"device", r.device}};
    out.push_back({kNicTxMetric, labels, r.timeMs, r.txBytesPerSecond});
    out.push_back({kNicRxMetric, labels, r.timeMs, r.rxBytesPerSecond});
    out.push_back({kNicUpMetric, labels, r.timeMs, r.linkUp ? 1.0 : 0.0});
}

} // namespace sn
