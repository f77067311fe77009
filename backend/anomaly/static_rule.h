#pragma once
// A fixed limit an operator sets (cluster.yaml: "GPU temperature above 85 °C"), with the same
// hysteresis as the dynamic detectors: the event opens after the value has stayed beyond the
// limit for `minDurationMs` and closes once it has stayed back past `clearThreshold` for as
// long. Missing values never open or close anything.

#include "backend/anomaly/anomaly_event.h"
#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::anomaly {

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

class RuleEvaluator {
public:
    RuleEvaluator(StaticRule rule, std::string series);

    // True while the rule's event is open after this sample.
    bool add(std::int64_t timeMs, double value);
    const std::vector<AnomalyEvent> &events() const { return m_events; }
    const StaticRule &rule() const { return m_rule; }

private:
    bool beyond(double v) const;
    bool cleared(double v) const;

    StaticRule m_rule;
    std::string m_series;
    bool m_open = false;
    bool m_pending = false;
    std::int64_t m_since = 0;
    double m_firstValue = 0;
    std::vector<AnomalyEvent> m_events;
};

} // namespace sn::anomaly
