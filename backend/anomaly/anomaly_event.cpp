#include "backend/anomaly/anomaly_event.h"

#include <cstdio>

namespace sn::anomaly {

std::string AnomalyEvent::message() const
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: %g outside its normal band [%g, %g] (%s detector; worst %g, score %.1f)",
                  series.c_str(), value, bandLow, bandHigh, detector.c_str(), peakValue, peakScore);
    return buf;
}

Event AnomalyEvent::toEvent(const std::string &node, int gpu) const
{
    Event e;
    e.timeMs = startMs;
    e.severity = severity;
    e.kind = "anomaly." + (detector.rfind("rule:", 0) == 0 ? std::string("rule") : detector);
    e.node = node;
    e.gpu = gpu;
    e.message = message();
    e.acknowledged = acknowledged;
    return e;
}

} // namespace sn::anomaly
