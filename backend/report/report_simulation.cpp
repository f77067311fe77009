#include "backend/report/report_simulation.h"

#include <algorithm>

namespace sn::report {

LocalEngine::Options simulationOptions(ClusterSpec spec, std::int64_t startMs, std::int64_t sampleIntervalMs,
                                       std::int64_t physicsStepMs)
{
    LocalEngine::Options options;
    options.engine.spec = std::move(spec);
    options.engine.virtualTime = true;
    options.engine.virtualStartMs = startMs;
    options.engine.sim.sampleIntervalMs = sampleIntervalMs;
    options.engine.sim.physicsStepMs = std::min(physicsStepMs, sampleIntervalMs);
    return options;
}

Status simulateUntil(EngineApi &engine, std::int64_t startMs, std::int64_t endMs,
                     const std::function<void(int percent)> &progress, const std::atomic_bool *cancel)
{
    constexpr std::int64_t kHourMs = 3600 * 1000;
    if (endMs <= startMs)
        return invalidArgument("the range to simulate is empty: --to must be after --from");
    for (std::int64_t t = startMs; t < endMs; t += kHourMs) {
        if (cancel && cancel->load())
            return Error{ErrorCode::FailedPrecondition, "cancelled"};
        if (auto advanced = waitFor(engine.advanceTime(std::min(kHourMs, endMs - t))); !advanced)
            return advanced.error();
        if (progress)
            progress(int(100 * (std::min(t + kHourMs, endMs) - startMs) / (endMs - startMs)));
    }
    return success();
}

} // namespace sn::report
