#pragma once
// A fixed limit an operator sets in cluster.yaml and its text form,
//   DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error
// Parsed here, beside cluster.yaml IO, so a wrong rule is reported at its line and column; the
// anomaly area evaluates it (backend/anomaly/static_rule.h).

#include "backend/model/event.h"
#include "backend/model/result.h"

#include <cstdint>
#include <string>

namespace sn {

struct StaticRule {
    enum class Op { Above, Below };
    std::string name;   // "gpu_temperature_high"
    std::string metric; // "DCGM_FI_DEV_GPU_TEMP"
    Op op = Op::Above;
    double threshold = 0;
    double clearThreshold = 0; // hysteresis: Above clears below this, Below clears above it
    std::int64_t minDurationMs = 0;
    Severity severity = Severity::Warning;
};

// "DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error": the rule text of cluster.yaml.
// Errors name the word that is wrong.
Result<StaticRule> parseStaticRule(const std::string &name, const std::string &text);

} // namespace sn
