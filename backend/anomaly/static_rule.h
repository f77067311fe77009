#pragma once
// A fixed limit an operator sets (cluster.yaml: "GPU temperature above 85 °C"), with the same
// hysteresis as the dynamic detectors: the event opens after the value has stayed beyond the
// limit for `minDurationMs` and closes once it has stayed back past `clearThreshold` for as
// long. Missing values never open or close anything.

#include "backend/anomaly/anomaly_event.h"
#include "backend/model/static_rule_text.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::anomaly {

// The rule and its text form live in model/ so cluster.yaml can check rules where they are written.
using sn::parseStaticRule;
using sn::StaticRule;

class RuleEvaluator {
public:
    RuleEvaluator(StaticRule rule, std::string series);

    // True while the rule's event is open after this sample.
    bool add(std::int64_t timeMs, double value);
    const std::vector<AnomalyEvent> &events() const { return m_events; }
    const StaticRule &rule() const { return m_rule; }
    // Drops the events already ended (the engine has taken them): bounded memory over months.
    void forgetEnded();

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
