#pragma once
// One anomaly on one series: when it started and ended, how bad, and the evidence (the value
// and the band it left), so the operator sees why it was raised. Converts to the engine's
// Event for the shared timeline.

#include "backend/model/event.h"

#include <cstdint>
#include <string>

namespace sn::anomaly {

struct AnomalyEvent {
    std::string series;   // "DCGM_FI_DEV_GPU_TEMP{Hostname=gpu07,gpu=3}", a file name, ...
    std::string detector; // "level", "rate", "sustained", "rule:<name>"
    std::int64_t startMs = 0;
    std::int64_t endMs = -1; // -1 while open
    Severity severity = Severity::Warning;
    double value = 0;   // at the start
    double bandLow = 0; // the normal band at the start
    double bandHigh = 0;
    double peakScore = 0; // the largest score while open
    double peakValue = 0;
    bool acknowledged = false;

    bool open() const { return endMs < 0; }
    std::string message() const;
    Event toEvent(const std::string &node = {}, int gpu = -1) const;
};

} // namespace sn::anomaly
