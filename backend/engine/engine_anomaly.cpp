// The engine's anomaly side: cluster.yaml's static rules and learned bands run over every
// sample the engine stores, their events put on the timeline and closed when they end; and the
// engine's half of thermal protection (backend/anomaly/thermal_guard.h, which lowers and later
// restores the power limit of a GPU that runs hot): which executor a configuration gets (the
// simulator's, nvidia-smi's or NVML's, or none: a dry run) and the guard's way onto the timeline.
#include "backend/engine/engine.h"

#include "backend/api/metric_catalogue.h"
#include "backend/api/proto_convert.h"
#include "backend/power/power_limit_setters.h"
#include "backend/power/sim_power_limit_setter.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAnomaly, "sn.anomaly")

namespace sn {

namespace {

// The job running on a GPU, so an anomaly names who was affected.
std::string jobOn(const sim::SimulatedCluster *sim, const std::string &node, int gpu)
{
    if (!sim || gpu < 0)
        return {};
    for (const JobRecord &j : sim->jobs())
        if (j.state == JobState::Running)
            for (const GpuRef &ref : j.gpus)
                if (ref.node == node && ref.gpu == gpu)
                    return j.id;
    return {};
}

void fillEvidence(const anomaly::AnomalyEvent &a, Event &e)
{
    e.evidence.series = a.series;
    e.evidence.detector = a.detector;
    e.evidence.value = a.value;
    e.evidence.bandLow = a.bandLow;
    e.evidence.bandHigh = a.bandHigh;
    e.evidence.peakValue = a.peakValue;
    e.evidence.peakScore = a.peakScore;
}

} // namespace

void Engine::setUpAnomalyWatch()
{
    const std::int64_t now = m_clock->nowMs();
    // Anomalies of the previous configuration end with it.
    for (const auto &[key, id] : m_openAnomalies) {
        if (Event *e = findEvent(id)) {
            e->ongoing = false;
            e->endMs = now;
            emit eventRaised(toProto(*e));
        }
    }
    m_openAnomalies.clear();

    const AnomalySpec spec = m_options.spec.anomaly.value_or(AnomalySpec{});
    std::vector<anomaly::StaticRule> rules;
    for (const RuleSpec &r : spec.rules) {
        auto parsed = parseStaticRule(r.name, r.rule); // checked when cluster.yaml was read
        if (parsed)
            rules.push_back(*parsed);
        else
            qCWarning(lcAnomaly).noquote() << QString::fromStdString(parsed.error().message);
    }
    std::optional<anomaly::LoadAwareConfig> loadAware;
    if (spec.defaultDetectors)
        loadAware = anomaly::LoadAwareConfig{};
    m_watch = std::make_unique<anomaly::TelemetryWatch>(std::move(rules), spec.detectors, anomaly::DetectorConfig{},
                                                        50000, std::move(loadAware));

    if (!m_thermalGuard) {
        const std::string dataDir = m_options.spec.effectiveTelemetry().dataDir;
        m_thermalGuard = std::make_unique<anomaly::ThermalGuard>(
            thermalGuardHost(), dataDir.empty() ? "" : dataDir + "/power-cap-audit.jsonl");
    }
    // The previous executor stops before the next one is made (one nvidia-smi or NVML user).
    ThermalProtectionSpec off = spec.thermalProtection;
    off.enabled = false;
    m_thermalGuard->configure(off, {});
    if (spec.thermalProtection.enabled)
        m_thermalGuard->configure(spec.thermalProtection, powerLimitExecutor());
}

anomaly::ThermalGuard::Executor Engine::powerLimitExecutor()
{
    anomaly::ThermalGuard::Executor executor;
    if (m_options.spec.effectiveTelemetry().source == TelemetrySource::Simulator) {
        executor.inPlace = std::make_unique<SimPowerLimitSetter>([this] { return m_sim.get(); });
        return executor;
    }
    auto made = m_options.makePowerLimitSetter ? m_options.makePowerLimitSetter(m_options.spec)
                                               : makeRealPowerLimitSetter(m_options.spec);
    if (made)
        executor.offThread = std::move(*made);
    else
        executor.unavailable = made.error().message;
    return executor;
}

anomaly::ThermalGuard::Host Engine::thermalGuardHost()
{
    anomaly::ThermalGuard::Host host;
    host.nowMs = [this] { return m_clock->nowMs(); };
    host.record = [this](Event e) {
        record(std::move(e));
        return m_nextEventId - 1;
    };
    host.attribute = [this](Event &e) {
        e.simulated = simulated();
        e.jobId = jobOn(m_sim.get(), e.node, e.gpu);
    };
    host.noteActionTaken = [this](const std::string &node, int gpu, std::int64_t timeMs, bool restore,
                                  const std::string &summary, std::uint64_t actionEventId) {
        noteActionTaken(node, gpu, timeMs, restore, summary, actionEventId);
    };
    host.currentPowerLimitW = [this](const std::string &node, int gpu) {
        std::optional<double> limit;
        for (const auto &[key, r] : m_latestReal)
            if (key.first == node && r.gpu == gpu && r.has(GpuField::PowerLimit))
                limit = r.get(GpuField::PowerLimit);
        return limit;
    };
    return host;
}

Event *Engine::findEvent(std::uint64_t id)
{
    // Events are numbered in order: a binary search over the kept window.
    auto it = std::lower_bound(m_events.begin(), m_events.end(), id,
                               [](const Event &e, std::uint64_t wanted) { return e.id < wanted; });
    return it != m_events.end() && it->id == id ? &*it : nullptr;
}

void Engine::watchSample(const MetricSample &s)
{
    if (!m_watch)
        return;
    for (const anomaly::WatchChange &change : m_watch->add(s))
        applyWatchChange(change);
    if (s.metric == metric::kGpuTemp)
        m_thermalGuard->observe(s);
}


void Engine::applyWatchChange(const anomaly::WatchChange &change)
{
    const anomaly::AnomalyEvent &a = change.event;
    if (change.opened) {
        Event e = a.toEvent(change.node, change.gpu);
        fillEvidence(a, e);
        e.simulated = simulated();
        e.jobId = jobOn(m_sim.get(), change.node, change.gpu);
        e.ongoing = a.open();
        e.endMs = a.open() ? 0 : a.endMs;
        record(std::move(e));
        if (a.open())
            m_openAnomalies[change.key] = m_nextEventId - 1;
        return;
    }
    if (!change.ended)
        return;
    const auto it = m_openAnomalies.find(change.key);
    if (it == m_openAnomalies.end())
        return;
    if (Event *e = findEvent(it->second)) {
        e->ongoing = false;
        e->endMs = a.endMs;
        e->message = a.message();
        fillEvidence(a, *e);
        emit eventRaised(toProto(*e)); // the same id again: an update of the event's span
    }
    m_openAnomalies.erase(it);
}

void Engine::noteActionTaken(const std::string &node, int gpu, std::int64_t timeMs, bool restore,
                             const std::string &summary, std::uint64_t actionEventId)
{
    // The events a power cap answers: those about the same GPU that are still going on or began
    // shortly before (the simulator's gpu.thermal, a rule's or a detector's anomaly), not other
    // actions and not ones an operator already closed; the newest step replaces the text, so it
    // says where the limit is now. Raising the limit again answers only an anomaly still going
    // on that was capped: for one that is over, the cap stays the action taken. Newest first;
    // only the recent tail.
    constexpr std::int64_t kAnswersWithinMs = 10 * 60 * 1000;
    int looked = 0;
    for (auto it = m_events.rbegin(); it != m_events.rend() && looked < 500; ++it, ++looked) {
        Event &e = *it;
        if (e.node != node || e.gpu != gpu || e.kind.starts_with("action.") || e.resolved)
            continue;
        if (!e.ongoing && e.timeMs < timeMs - kAnswersWithinMs)
            continue;
        if (restore && (!e.ongoing || e.actionEventId == 0))
            continue;
        e.actionTaken = summary;
        e.actionEventId = actionEventId;
        emit eventRaised(toProto(e)); // the same id again: an update
    }
}

} // namespace sn
