#pragma once
// A sample of one series, named and labelled as dcgm-exporter names them. A model type: telemetry
// produces samples and comms (link_live_state.h) reads them, and engine areas meet only in model/.

#include <charconv>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sn {

using Labels = std::map<std::string, std::string>;

struct MetricSample {
    std::string metric;
    Labels labels;
    std::int64_t timeMs = 0;
    double value = 0;
};

// The GPU index of a dcgm-exporter style sample (its "gpu" label); -1 without one or when it is no
// number.
inline int gpuIndexLabel(const MetricSample &sample)
{
    const auto it = sample.labels.find("gpu");
    if (it == sample.labels.end())
        return -1;
    const std::string &text = it->second;
    int gpu = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), gpu);
    return ec == std::errc() && end == text.data() + text.size() ? gpu : -1;
}

struct SeriesPoint {
    std::int64_t timeMs = 0;
    double value = 0;
};

struct SeriesData {
    std::string metric;
    Labels labels;
    std::vector<SeriesPoint> points;
};

} // namespace sn
