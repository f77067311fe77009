#pragma once
// The thermal protection policy: when a GPU runs hotter than its limit, lower its power limit
// one step at a time (waiting `holdMs` between steps so the temperature can answer), never
// below the card's minimum; once it has stayed under `clearC` for `coolDownMs`, raise the
// limit again one step per `coolDownMs`, never above the card's default. Between `clearC` and
// `limitC` (the hysteresis band) nothing changes. The policy only decides; the caller applies
// a decision through a PowerLimitSetter and reports back with applied(), so a failed change is
// retried after `holdMs` and not counted as done. In dry-run mode decisions are recorded as if
// applied (the audit shows what would have happened) and nothing is changed on the GPU.

#include "backend/power/power_limit_setter.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace sn::anomaly {

struct ThermalProtectionConfig {
    bool enabled = true;
    double limitC = 85; // cap above this GPU temperature
    double clearC = 80; // cool again below this
    double stepW = 50;
    std::int64_t holdMs = 15000;     // between two steps down
    std::int64_t coolDownMs = 60000; // cool this long before each step up
    bool dryRun = false;
};

using PowerRange = PowerLimitRange;

struct PowerCapDecision {
    std::string node;
    int gpu = -1;
    std::int64_t timeMs = 0;
    double fromW = 0;
    double toW = 0;
    double temperatureC = 0;
    bool restore = false;       // a step up after cooling down; false: a step down
    bool backToDefault = false; // this step restores the card's default limit
    bool dryRun = false;
    std::string reason() const; // "GPU at 91.2 °C above its 85 °C limit"
};

class ThermalProtection {
public:
    explicit ThermalProtection(ThermalProtectionConfig config = {});

    // One temperature reading; a decision when the limit should change now.
    std::optional<PowerCapDecision> observe(const std::string &node, int gpu, std::int64_t timeMs, double temperatureC,
                                            PowerRange range);
    // The outcome of a decision. A failure leaves the limit where it was; the next step waits holdMs.
    void applied(const PowerCapDecision &decision, bool ok);

    // The limit this policy has set (or, in dry run, would have set); nullopt when it never acted
    // on this GPU or has restored it to its default.
    std::optional<double> commandedLimitW(const std::string &node, int gpu) const;
    const ThermalProtectionConfig &config() const { return m_config; }

private:
    struct GpuState {
        double limitW = 0; // 0: at the card's default, untouched
        std::int64_t lastChangeMs = 0;
        bool changed = false;
        std::optional<std::int64_t> coolSinceMs;
    };

    ThermalProtectionConfig m_config;
    std::map<std::pair<std::string, int>, GpuState> m_gpus;
};

} // namespace sn::anomaly
