#include "backend/telemetry/samples_to_readings.h"

#include "backend/api/metric_catalogue.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <tuple>

namespace sn {

namespace {

const std::string *label(const Labels &labels, const char *name)
{
    const auto it = labels.find(name);
    return it == labels.end() || it->second.empty() ? nullptr : &it->second;
}

} // namespace

std::vector<GpuReading> gpuReadingsFromSamples(const std::vector<MetricSample> &samples,
                                               const SamplesToReadingsOptions &options)
{
    // Keyed so that the output order is Hostname, gpu index, UUID.
    std::map<std::tuple<std::string, int, std::string>, GpuReading> gpus;
    for (const MetricSample &s : samples) {
        if (label(s.labels, "GPU_I_ID"))
            continue;
        const metric::Info *info = metric::byName(s.metric);
        const auto perLink = info ? std::nullopt : metric::parseNvlinkLinkMetric(s.metric);
        if (!info && !perLink)
            continue;
        const std::string *uuid = label(s.labels, "UUID");
        const std::string *gpuText = label(s.labels, "gpu");
        int gpu = -1;
        if (gpuText) {
            const auto [ptr, ec] = std::from_chars(gpuText->data(), gpuText->data() + gpuText->size(), gpu);
            if (ec != std::errc() || ptr != gpuText->data() + gpuText->size())
                gpu = -1;
        }
        if (!uuid && gpu < 0)
            continue;
        const std::string *host = label(s.labels, "Hostname");
        const std::string node = host ? *host : options.defaultHostname;
        GpuReading &r = gpus[{node, gpu, uuid ? *uuid : std::string()}];
        if (r.timeMs == 0) {
            r.node = node;
            r.gpu = std::max(gpu, 0);
            r.uuid = uuid ? *uuid : std::string();
            if (const std::string *v = label(s.labels, "modelName"))
                r.model = *v;
            if (const std::string *v = label(s.labels, "pci_bus_id"))
                r.pciBusId = *v;
            if (const std::string *v = label(s.labels, options.jobLabel.c_str()))
                r.job = *v;
        }
        r.timeMs = std::max(r.timeMs, s.timeMs);
        if (std::isnan(s.value))
            continue;
        if (info) {
            r.set(info->field, s.value);
            continue;
        }
        const int link = perLink->link;
        auto it = std::find_if(r.nvlinks.begin(), r.nvlinks.end(), [&](const auto &l) { return l.link == link; });
        if (it == r.nvlinks.end()) {
            r.nvlinks.push_back({link, 0, 0});
            it = r.nvlinks.end() - 1;
        }
        (perLink->tx ? it->txBytesPerSecond : it->rxBytesPerSecond) = s.value;
    }
    std::vector<GpuReading> out;
    out.reserve(gpus.size());
    for (auto &[key, reading] : gpus) {
        std::sort(reading.nvlinks.begin(), reading.nvlinks.end(),
                  [](const auto &a, const auto &b) { return a.link < b.link; });
        out.push_back(std::move(reading));
    }
    return out;
}

} // namespace sn
