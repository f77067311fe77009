#pragma once
// A sample of one series, named and labelled as dcgm-exporter names them.

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
