#include "backend/anomaly/thermal_protection.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace sn::anomaly {

std::string PowerCapDecision::reason() const
{
    char buf[160];
    if (restore)
        std::snprintf(buf, sizeof buf, "GPU cool at %.1f °C: raising its power limit %.0f W -> %.0f W", temperatureC,
                      fromW, toW);
    else
        std::snprintf(buf, sizeof buf, "GPU at %.1f °C: lowering its power limit %.0f W -> %.0f W", temperatureC, fromW,
                      toW);
    return buf;
}

ThermalProtection::ThermalProtection(ThermalProtectionConfig config) : m_config(config) {}

std::optional<PowerCapDecision> ThermalProtection::observe(const std::string &node, int gpu, std::int64_t timeMs,
                                                           double temperatureC, PowerRange range)
{
    if (!m_config.enabled || range.defaultW <= 0 || range.minW > range.defaultW)
        return std::nullopt;
    GpuState &s = m_gpus[{node, gpu}];
    const double current = s.limitW > 0 ? s.limitW : range.defaultW;
    // A clock that jumped back re-anchors the waits instead of stalling them until it catches up.
    if (s.changed && timeMs < s.lastChangeMs)
        s.lastChangeMs = timeMs;
    if (s.coolSinceMs && timeMs < *s.coolSinceMs)
        s.coolSinceMs = timeMs;
    const std::int64_t sinceChange = s.changed ? timeMs - s.lastChangeMs : INT64_MAX;

    PowerCapDecision d;
    d.node = node;
    d.gpu = gpu;
    d.timeMs = timeMs;
    d.fromW = current;
    d.temperatureC = temperatureC;
    d.dryRun = m_config.dryRun;

    if (temperatureC > m_config.limitC) {
        s.coolSinceMs.reset();
        if (current <= range.minW || sinceChange < m_config.holdMs)
            return std::nullopt;
        d.toW = std::max(range.minW, current - m_config.stepW);
        return d;
    }
    if (temperatureC >= m_config.clearC) { // in the hysteresis band: hold
        s.coolSinceMs.reset();
        return std::nullopt;
    }
    if (!s.coolSinceMs)
        s.coolSinceMs = timeMs;
    if (s.limitW <= 0 || current >= range.defaultW)
        return std::nullopt;
    if (timeMs - *s.coolSinceMs < m_config.coolDownMs || sinceChange < m_config.coolDownMs)
        return std::nullopt;
    d.toW = std::min(range.defaultW, current + m_config.stepW);
    d.restore = true;
    d.backToDefault = d.toW >= range.defaultW;
    return d;
}

void ThermalProtection::applied(const PowerCapDecision &d, bool ok)
{
    GpuState &s = m_gpus[{d.node, d.gpu}];
    s.changed = true;
    s.lastChangeMs = d.timeMs;
    if (!ok)
        return;
    // Back at the default: the GPU is no longer under this policy's control.
    s.limitW = d.backToDefault ? 0 : d.toW;
}

std::optional<double> ThermalProtection::commandedLimitW(const std::string &node, int gpu) const
{
    const auto it = m_gpus.find({node, gpu});
    if (it == m_gpus.end() || it->second.limitW <= 0)
        return std::nullopt;
    return it->second.limitW;
}

} // namespace sn::anomaly
