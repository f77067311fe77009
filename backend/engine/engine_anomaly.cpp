// The engine's anomaly side: cluster.yaml's static rules and learned bands run over every
// sample the engine stores, their events put on the timeline and closed when they end, and
// thermal protection lowering (and later restoring) the power limit of a GPU that runs hot,
// through the simulator, nvidia-smi or nothing (dry run), each change audited.
#include "backend/api/metric_catalogue.h"
#include "backend/engine/engine.h"

#include "backend/api/proto_convert.h"
#include "backend/engine/power_limit_setters.h"

#include <QLoggingCategory>

#include <charconv>

Q_LOGGING_CATEGORY(lcAnomaly, "sn.anomaly")

namespace sn {

namespace {

// The simulated super node's power limiter: the cap really lowers the model's power and so its
// temperature (gpu_physics.h).
class SimPowerLimitSetter final : public PowerLimitSetter {
public:
    explicit SimPowerLimitSetter(std::function<sim::SimulatedCluster *()> sim) : m_sim(std::move(sim)) {}
    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override
    {
        sim::SimulatedCluster *s = m_sim();
        if (!s || !s->gpuPhysics(node, gpu))
            return notFound("no GPU " + std::to_string(gpu) + " on simulated node '" + node + "'");
        return PowerLimitRange{s->physics().minPowerLimitW, s->physics().maxPowerW};
    }
    Status setPowerLimit(const std::string &node, int gpu, double watts) override
    {
        sim::SimulatedCluster *s = m_sim();
        if (!s)
            return failedPrecondition("the simulated super node is gone");
        return s->setPowerLimit(node, gpu, watts);
    }
    std::string name() const override { return "simulator"; }

private:
    std::function<sim::SimulatedCluster *()> m_sim;
};

anomaly::ThermalProtectionConfig toConfig(const ThermalProtectionSpec &t)
{
    anomaly::ThermalProtectionConfig c;
    c.enabled = t.enabled;
    c.limitC = t.limitC;
    c.clearC = t.clearC;
    c.stepW = t.stepW;
    c.holdMs = t.holdMs;
    c.coolDownMs = t.coolDownMs;
    c.dryRun = t.dryRun;
    return c;
}

int gpuLabel(const MetricSample &s)
{
    const auto it = s.labels.find("gpu");
    int gpu = -1;
    if (it == s.labels.end() ||
        std::from_chars(it->second.data(), it->second.data() + it->second.size(), gpu).ec != std::errc())
        return -1;
    return gpu;
}

std::string hostLabel(const MetricSample &s)
{
    const auto it = s.labels.find("Hostname");
    return it == s.labels.end() ? std::string() : it->second;
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

    m_powerRanges.clear();
    m_powerUnavailableSaid.clear();
    m_powerLimitWorker.reset(); // waits for a call in flight (bounded by the setter's timeout)
    m_powerPending.clear();
    ++m_powerGeneration;
    m_powerLimitSetter.reset();
    m_thermal.reset();
    const std::string dataDir = m_options.spec.effectiveTelemetry().dataDir;
    if (!m_powerCapAudit)
        m_powerCapAudit =
            std::make_unique<anomaly::PowerCapAuditLog>(dataDir.empty() ? "" : dataDir + "/power-cap-audit.jsonl");
    if (!spec.thermalProtection.enabled)
        return;
    anomaly::ThermalProtectionConfig config = toConfig(spec.thermalProtection);
    if (m_options.spec.effectiveTelemetry().source == TelemetrySource::Simulator) {
        m_powerLimitSetter = std::make_unique<SimPowerLimitSetter>([this] { return m_sim.get(); });
    } else {
        auto made = m_options.makePowerLimitSetter ? m_options.makePowerLimitSetter(m_options.spec)
                                                   : makeRealPowerLimitSetter(m_options.spec);
        if (made) {
            // Replies come back on the engine thread; `this` as the context drops them if the
            // engine is gone first.
            m_powerLimitWorker =
                std::make_unique<anomaly::PowerLimitWorker>(std::move(*made), [this](anomaly::PowerLimitReply reply) {
                    QMetaObject::invokeMethod(
                        this, [this, reply = std::move(reply)] { onPowerLimitReply(reply); }, Qt::QueuedConnection);
                });
        } else {
            config.dryRun = true;
            Event e;
            e.timeMs = now;
            e.severity = Severity::Warning;
            e.kind = "action.power_cap_unavailable";
            e.message = "Thermal protection runs as a dry run: " + made.error().message;
            record(std::move(e));
        }
    }
    m_thermal = std::make_unique<anomaly::ThermalProtection>(config);
}

Event *Engine::findEvent(std::uint64_t id)
{
    // Events are numbered in order: a binary search over the kept window.
    auto it = std::lower_bound(m_events.begin(), m_events.end(), id,
                               [](const Event &e, std::uint64_t wanted) { return e.id < wanted; });
    return it != m_events.end() && it->id == id ? &*it : nullptr;
}

void Engine::watchTelemetry(const std::vector<MetricSample> &samples)
{
    for (const MetricSample &s : samples)
        watchSample(s);
}

void Engine::watchSample(const MetricSample &s)
{
    if (!m_watch)
        return;
    for (const anomaly::WatchChange &change : m_watch->add(s))
        applyWatchChange(change);
    if (m_thermal && s.metric == metric::kGpuTemp)
        protectFromHeat(s);
}

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

std::optional<PowerLimitRange> Engine::powerRangeOf(const std::string &node, int gpu)
{
    const auto key = std::make_pair(node, gpu);
    if (const auto it = m_powerRanges.find(key); it != m_powerRanges.end())
        return it->second;
    std::optional<PowerLimitRange> range;
    if (m_powerLimitWorker) {
        // Asked off the engine thread; the GPU waits for the answer (onPowerLimitReply).
        if (!m_powerPending.contains(key) &&
            m_powerLimitWorker->submit({anomaly::PowerLimitRequest::Kind::Range, node, gpu, 0, m_powerGeneration}))
            m_powerPending.emplace(key, std::nullopt);
        return std::nullopt;
    }
    if (m_powerLimitSetter) {
        auto asked = m_powerLimitSetter->powerRange(node, gpu);
        if (asked)
            range = *asked;
        else
            powerRangeUnavailable(node, gpu, asked.error().message);
    } else {
        // Dry run without an executor: the card's range is unknown; its current limit stands for
        // the default and half of it for the floor, which only shapes what the audit says.
        for (const auto &[k, r] : m_latestReal)
            if (k.first == node && r.gpu == gpu && r.has(GpuField::PowerLimit))
                range = PowerLimitRange{r.get(GpuField::PowerLimit) / 2, r.get(GpuField::PowerLimit)};
        if (!range)
            return std::nullopt; // ask again once a reading has the limit
    }
    m_powerRanges[key] = range;
    return range;
}

void Engine::powerRangeUnavailable(const std::string &node, int gpu, const std::string &why)
{
    if (!m_powerUnavailableSaid.emplace(node, why).second)
        return;
    Event e;
    e.timeMs = m_clock->nowMs();
    e.severity = Severity::Warning;
    e.kind = "action.power_cap_unavailable";
    e.node = node;
    e.gpu = gpu;
    e.message = "Thermal protection cannot cap GPU " + std::to_string(gpu) + " on " + node + ": " + why;
    record(std::move(e));
}

void Engine::forgetPowerRangeFailures(const std::string &node)
{
    std::erase_if(m_powerRanges, [&](const auto &entry) { return entry.first.first == node && !entry.second; });
    std::erase_if(m_powerUnavailableSaid, [&](const auto &said) { return said.first == node; });
}

void Engine::protectFromHeat(const MetricSample &temperature)
{
    const std::string node = hostLabel(temperature);
    const int gpu = gpuLabel(temperature);
    if (node.empty() || gpu < 0)
        return;
    if (m_powerPending.contains({node, gpu}))
        return; // its change (or range query) is in flight: the policy waits for the outcome
    const auto range = powerRangeOf(node, gpu);
    if (!range)
        return;
    const auto decision = m_thermal->observe(node, gpu, temperature.timeMs, temperature.value, *range);
    if (!decision)
        return;
    if (!decision->dryRun && m_powerLimitWorker) {
        anomaly::PowerLimitRequest request{anomaly::PowerLimitRequest::Kind::Set, node, gpu, decision->toW,
                                           m_powerGeneration};
        if (m_powerLimitWorker->submit(std::move(request)))
            m_powerPending.emplace(std::make_pair(node, gpu), *decision);
        else
            finishPowerChange(*decision, m_powerLimitWorker->name(), false,
                              "the power-limit executor's queue is full (too many changes waiting)");
        return;
    }
    bool ok = true;
    std::string error;
    if (!decision->dryRun && m_powerLimitSetter) {
        if (auto applied = m_powerLimitSetter->setPowerLimit(node, gpu, decision->toW); !applied) {
            ok = false;
            error = applied.error().message;
        }
    }
    finishPowerChange(*decision, decision->dryRun || !m_powerLimitSetter ? "dry run" : m_powerLimitSetter->name(), ok,
                      error);
}

void Engine::onPowerLimitReply(const anomaly::PowerLimitReply &reply)
{
    const anomaly::PowerLimitRequest &r = reply.request;
    if (r.token != m_powerGeneration || !m_thermal)
        return; // the configuration changed while it ran; the new policy starts afresh
    const auto key = std::make_pair(r.node, r.gpu);
    const auto it = m_powerPending.find(key);
    if (it == m_powerPending.end())
        return;
    const std::optional<anomaly::PowerCapDecision> decision = std::move(it->second);
    m_powerPending.erase(it);
    if (r.kind == anomaly::PowerLimitRequest::Kind::Range) {
        if (reply.ok)
            m_powerRanges[key] = reply.range;
        else {
            m_powerRanges[key] = std::nullopt;
            powerRangeUnavailable(r.node, r.gpu, reply.error);
        }
        return;
    }
    if (decision)
        finishPowerChange(*decision, m_powerLimitWorker ? m_powerLimitWorker->name() : "", reply.ok, reply.error);
}

void Engine::finishPowerChange(const anomaly::PowerCapDecision &decision, const std::string &executor, bool ok,
                               const std::string &error)
{
    const std::string &node = decision.node;
    const int gpu = decision.gpu;
    anomaly::PowerCapAuditRecord audit;
    audit.decision = decision;
    audit.executor = executor;
    audit.ok = ok;
    audit.error = error;
    m_thermal->applied(decision, audit.ok);
    if (auto written = m_powerCapAudit->append(audit); !written)
        qCWarning(lcAnomaly).noquote() << QString::fromStdString(written.error().message);
    qCInfo(lcAnomaly).noquote() << "power cap:" << QString::fromStdString(anomaly::toJsonLine(audit));
    Event e = anomaly::toEvent(audit);
    e.simulated = simulated();
    e.jobId = jobOn(m_sim.get(), node, gpu);
    record(std::move(e));
    noteActionTaken(node, gpu, decision.timeMs, decision.restore, anomaly::actionSummary(audit), m_nextEventId - 1);
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
