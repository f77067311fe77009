// The simulated super node's controls: its status, fault injection and, in virtual time,
// advancing the clock; and the refusal a real cluster's engine gives to what only the
// simulation's scheduler can do.
#include "backend/engine/engine.h"

#include "backend/api/proto_convert.h"

namespace sn {

Status Engine::requireSimulation(const char *what) const
{
    if (m_sim)
        return success();
    return failedPrecondition(
        std::string(what) + " needs the simulated super node; this engine reads a real cluster's " + "telemetry from " +
        telemetrySourceName(m_options.spec.effectiveTelemetry().source) + " and has no scheduler backend for it yet");
}

pb::SimulationStatus Engine::simulation() const
{
    pb::SimulationStatus s;
    s.set_virtual_time(m_options.virtualTime);
    if (!m_sim) {
        s.set_simulated(false);
        s.set_time_ms(m_clock->nowMs());
        return s;
    }
    s.set_simulated(true);
    s.set_seed(m_sim->seed());
    s.set_time_ms(m_sim->timeMs());
    s.set_active_faults(m_sim->activeFaultCount());
    return s;
}

Result<pb::Event> Engine::injectFault(const pb::InjectFaultRequest &request)
{
    if (auto ok = requireSimulation("Injecting faults"); !ok)
        return ok.error();
    std::optional<sim::FaultKind> kind;
    switch (request.kind()) {
    case pb::FAULT_KIND_GPU_OVERHEAT:
        kind = sim::FaultKind::GpuOverheat;
        break;
    case pb::FAULT_KIND_ECC_DOUBLE_BIT:
        kind = sim::FaultKind::EccDoubleBit;
        break;
    case pb::FAULT_KIND_XID_79:
        kind = sim::FaultKind::Xid79;
        break;
    case pb::FAULT_KIND_NVLINK_DOWN:
        kind = sim::FaultKind::NvlinkDown;
        break;
    case pb::FAULT_KIND_NODE_DOWN:
        kind = sim::FaultKind::NodeDown;
        break;
    case pb::FAULT_KIND_NIC_FLAP:
        kind = sim::FaultKind::NicFlap;
        break;
    case pb::FAULT_KIND_ECC_SBE_STORM:
        kind = sim::FaultKind::EccSbeStorm;
        break;
    default:
        return invalidArgument("unknown fault kind " + std::to_string(request.kind()));
    }
    auto event = m_sim->injectFault({*kind, request.node(), request.gpu(), request.duration_ms()});
    if (!event)
        return event.error();
    ingest(m_sim->takeOutputs());
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it)
        if (it->kind == "sim.fault")
            return toProto(*it);
    return toProto(*event);
}

Result<pb::SimulationStatus> Engine::advanceTime(std::int64_t milliseconds)
{
    if (!m_virtualClock)
        return failedPrecondition("the engine runs in real time; only a virtual-time engine can be advanced");
    if (milliseconds < 0)
        return invalidArgument("cannot advance time by a negative amount");
    // The simulator steps through all of it before the engine answers anything else: a bound
    // keeps one request from holding the engine for hours (or overflowing the clock). 30 days is
    // what supernodectl sim run asks for at most.
    constexpr std::int64_t kMaxAdvanceMs = std::int64_t{30} * 24 * 3600 * 1000;
    if (milliseconds > kMaxAdvanceMs)
        return invalidArgument("cannot advance time by more than 30 days (" + std::to_string(kMaxAdvanceMs) +
                               " ms) in one call; advance in steps");
    m_virtualClock->advanceMs(milliseconds);
    tick();
    return simulation();
}

} // namespace sn
