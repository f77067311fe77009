#pragma once
// A sample of one series, named and labelled as dcgm-exporter names them. A model type: telemetry
// produces samples and comms (link_live_state.h) reads them, and engine areas meet only in model/.

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
