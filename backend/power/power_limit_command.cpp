#include "backend/power/power_limit_command.h"

#include <QString>

#include <charconv>
#include <cmath>
#include <thread>

namespace sn {

namespace {

Error badRequest(std::string_view text, const std::string &why)
{
    return invalidArgument("--power-limit '" + std::string(text) + "': " + why +
                           " (say GPU=WATTS, e.g. 0=450, or GPU=default)");
}

std::string watts(double w)
{
    return QString::number(w).toStdString() + " W";
}

} // namespace

Result<PowerLimitRequest> parsePowerLimitRequest(std::string_view text)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        return badRequest(text, "no '='");
    const std::string_view gpuText = text.substr(0, eq);
    const std::string_view wattsText = text.substr(eq + 1);
    PowerLimitRequest request;
    const auto [gpuEnd, gpuError] = std::from_chars(gpuText.data(), gpuText.data() + gpuText.size(), request.gpu);
    if (gpuText.empty() || gpuError != std::errc{} || gpuEnd != gpuText.data() + gpuText.size() || request.gpu < 0)
        return badRequest(text, "'" + std::string(gpuText) + "' is not a GPU index");
    if (wattsText == "default")
        return request;
    double w = 0;
    const auto [wEnd, wError] = std::from_chars(wattsText.data(), wattsText.data() + wattsText.size(), w);
    if (wattsText.empty() || wError != std::errc{} || wEnd != wattsText.data() + wattsText.size() ||
        !std::isfinite(w) || w <= 0)
        return badRequest(text, "'" + std::string(wattsText) + "' is not a positive number of watts");
    request.watts = w;
    return request;
}

Result<PowerLimitChange> applyPowerLimit(NvmlPowerLimitSetter &setter, const std::string &node,
                                         const PowerLimitRequest &request, PowerLimitWait wait)
{
    PowerLimitChange change;
    change.gpu = request.gpu;
    auto range = setter.powerRange(node, request.gpu);
    if (!range)
        return range.error();
    change.range = *range;
    auto before = setter.enforcedLimit(node, request.gpu);
    if (!before)
        return before.error();
    change.beforeW = *before;
    change.requestedW = request.watts.value_or(range->defaultW);
    if (change.requestedW < range->minW)
        return invalidArgument("GPU " + std::to_string(request.gpu) + " on " + node + ": " + watts(change.requestedW) +
                               " is below the card's minimum power limit of " + watts(range->minW));
    using Clock = std::chrono::steady_clock;
    const Clock::time_point setAt = Clock::now();
    if (Status set = setter.setPowerLimit(node, request.gpu, change.requestedW); !set)
        return set.error();
    // NVML keeps milliwatts: within half a watt is the limit that was set.
    constexpr double kSameW = 0.5;
    while (true) {
        auto after = setter.enforcedLimit(node, request.gpu);
        if (!after)
            return after.error();
        change.enforcedW = *after;
        change.enforcedAfterMs = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - setAt).count();
        if (std::fabs(*after - change.requestedW) < kSameW)
            return change;
        if (Clock::now() - setAt >= wait.timeout)
            break;
        std::this_thread::sleep_for(wait.poll);
    }
    if (change.enforcedW < change.requestedW)
        return change; // set, and a lower cap is in force besides
    return Error{ErrorCode::Unavailable, "GPU " + std::to_string(request.gpu) + " on " + node + ": the driver took " +
                                             watts(change.requestedW) + " but still enforces " +
                                             watts(change.enforcedW) + " after " +
                                             std::to_string(change.enforcedAfterMs) + " ms"};
}

QJsonObject powerLimitChangeToJson(const PowerLimitChange &change)
{
    return QJsonObject{{"gpu", change.gpu},
                       {"min_w", change.range.minW},
                       {"default_w", change.range.defaultW},
                       {"before_w", change.beforeW},
                       {"requested_w", change.requestedW},
                       {"enforced_w", change.enforcedW},
                       {"enforced_after_ms", qint64(change.enforcedAfterMs)}};
}

std::string powerLimitChangeToText(const PowerLimitChange &change)
{
    return "GPU " + std::to_string(change.gpu) + ": power limit " + watts(change.beforeW) + " -> " +
           watts(change.requestedW) + ", enforced " + watts(change.enforcedW) + " after " +
           std::to_string(change.enforcedAfterMs) + " ms (range from " + watts(change.range.minW) + ", default " +
           watts(change.range.defaultW) + ")";
}

} // namespace sn
