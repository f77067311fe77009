#pragma once
// Quantities as operators write them in YAML: memory like Kubernetes ("512Gi", "80G", "1024"),
// link speeds like network gear ("100G", "400Gbps", "200Gb/s" are gigabits per second),
// durations like Prometheus ("500ms", "15s", "1h30m", "15d").

#include "backend/model/result.h"

#include <cstdint>
#include <string>

namespace sn {

Result<std::int64_t> parseBytes(const std::string &text); // "512Gi" -> 549755813888
std::string formatBytes(std::int64_t bytes);              // exact, largest binary unit: "512Gi"
Result<double> parseGbps(const std::string &text);        // "100G" -> 100.0
std::string formatGbps(double gbps);                      // "100G"
Result<std::int64_t> parseDurationMs(const std::string &text); // "1h30m" -> 5400000
std::string formatDurationMs(std::int64_t ms);                 // exact, largest units first: "1h30m"

} // namespace sn
