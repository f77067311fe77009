#pragma once
// `supernode-agent --power-limit GPU=WATTS|default`: sets one local GPU's power limit through
// NVML, as thermal protection caps a hot GPU, and reads back what the driver then enforces. An
// administrator runs it once on a new node to learn whether the agent may cap power there (root,
// a driver and a board that allow it) before relying on thermal protection, and restores the
// card's default with `GPU=default`.

#include "backend/model/result.h"
#include "backend/power/nvml_power_limit_setter.h"

#include <QJsonObject>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sn {

struct PowerLimitRequest {
    int gpu = 0;
    std::optional<double> watts; // none: the card's default limit
};

// "0=450", "3=450.5", "1=default"; anything else is an InvalidArgument that quotes the text.
Result<PowerLimitRequest> parsePowerLimitRequest(std::string_view text);

struct PowerLimitChange {
    int gpu = 0;
    PowerLimitRange range; // the card's minimum and default
    double beforeW = 0;    // enforced before the change
    double requestedW = 0;
    double enforcedW = 0;             // enforced after it, read back
    std::int64_t enforcedAfterMs = 0; // how long the driver took to enforce it
};

struct PowerLimitWait {
    // A real H200 (driver 580) still enforced the old limit when read right after the set call
    // (tests/data/nvidia-h200), so the enforced limit is read again until it is the new one.
    std::chrono::milliseconds timeout{3000};
    std::chrono::milliseconds poll{20};
};

// A limit below the card's minimum is refused before NVML is asked; NVML's own refusals (above
// the maximum, not root: PermissionDenied) come back in its words. A limit the driver has not
// enforced within the wait is an Unavailable error that says what it enforces instead; one it
// enforces lower (another cap in force) is a change, with the lower figure.
Result<PowerLimitChange> applyPowerLimit(NvmlPowerLimitSetter &setter, const std::string &node,
                                         const PowerLimitRequest &request, PowerLimitWait wait = {});

// {"gpu","min_w","default_w","before_w","requested_w","enforced_w","enforced_after_ms"}
QJsonObject powerLimitChangeToJson(const PowerLimitChange &change);
// "GPU 0: power limit 700 W -> 450 W, enforced 450 W after 120 ms (range from 200 W, default 700 W)"
std::string powerLimitChangeToText(const PowerLimitChange &change);

} // namespace sn
