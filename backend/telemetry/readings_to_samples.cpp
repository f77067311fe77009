#include "backend/telemetry/readings_to_samples.h"

namespace sn {

Labels gpuLabels(const GpuReading &r)
{
    Labels labels{{"gpu", std::to_string(r.gpu)}, {"UUID", r.uuid},     {"device", "nvidia" + std::to_string(r.gpu)},
                  {"modelName", r.model},         {"Hostname", r.node}, {"pci_bus_id", r.pciBusId}};
    if (!r.job.empty())
        labels.emplace("job", r.job);
    return labels;
}

void appendGpuSamples(const GpuReading &r, std::vector<MetricSample> &out)
{
    const Labels labels = gpuLabels(r);
    for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
        if (!r.valid.test(i))
            continue;
        const auto field = static_cast<GpuField>(i);
        out.push_back({metric::name(field), labels, r.timeMs, r.get(field)});
    }
    for (const NvlinkLinkReading &link : r.nvlinks) {
        out.push_back({metric::nvlinkLinkMetric(link.link, true), labels, r.timeMs, link.txBytesPerSecond});
        out.push_back({metric::nvlinkLinkMetric(link.link, false), labels, r.timeMs, link.rxBytesPerSecond});
    }
}

void appendNicSamples(const NicReading &r, std::vector<MetricSample> &out)
{
    const Labels labels{{"Hostname", r.node}, {"device", r.device}};
    out.push_back({metric::kNicTx, labels, r.timeMs, r.txBytesPerSecond});
    out.push_back({metric::kNicRx, labels, r.timeMs, r.rxBytesPerSecond});
    out.push_back({metric::kNicUp, labels, r.timeMs, r.linkUp ? 1.0 : 0.0});
}

} // namespace sn
