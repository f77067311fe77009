#pragma once
// Quantities as operators write them in YAML: memory like Kubernetes ("512Gi", "80G", "1024"),
// link speeds like network gear ("100G", "400Gbps", "200Gb/s" are gigabits per second).

#include "backend/model/result.h"

#include <cstdint>
#include <string>

namespace sn {

Result<std::int64_t> parseBytes(const std::string &text); // "512Gi" -> 549755813888
std::string formatBytes(std::int64_t bytes);              // exact, largest binary unit: "512Gi"
Result<double> parseGbps(const std::string &text);        // "100G" -> 100.0
std::string formatGbps(double gbps);                      // "100G"

} // namespace sn
