#include "backend/anomaly/thermal_guard.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPowerCap, "sn.anomaly")

namespace sn::anomaly {

namespace {

ThermalProtectionConfig toConfig(const ThermalProtectionSpec &t)
{
    ThermalProtectionConfig c;
    c.enabled = t.enabled;
    c.limitC = t.limitC;
    c.clearC = t.clearC;
    c.stepW = t.stepW;
    c.holdMs = t.holdMs;
    c.coolDownMs = t.coolDownMs;
    c.dryRun = t.dryRun;
    return c;
}

std::string hostLabel(const MetricSample &s)
{
    const auto it = s.labels.find("Hostname");
    return it == s.labels.end() ? std::string() : it->second;
}

} // namespace

ThermalGuard::ThermalGuard(Host host, const std::string &auditPath, QObject *parent)
    : QObject(parent), m_host(std::move(host)), m_audit(auditPath)
{
}

ThermalGuard::~ThermalGuard()
{
    m_worker.reset(); // its thread posts replies to this object
}

void ThermalGuard::configure(const ThermalProtectionSpec &spec, Executor executor)
{
    m_ranges.clear();
    m_unavailableSaid.clear();
    m_worker.reset(); // waits for a call in flight (bounded by the setter's timeout)
    m_pending.clear();
    ++m_generation;
    m_inPlace.reset();
    m_policy.reset();
    if (!spec.enabled)
        return;
    ThermalProtectionConfig config = toConfig(spec);
    if (executor.inPlace) {
        m_inPlace = std::move(executor.inPlace);
    } else if (executor.offThread) {
        // Replies come back on this object's thread; `this` as the context drops them if the
        // guard is gone first.
        m_worker = std::make_unique<PowerLimitWorker>(std::move(executor.offThread), [this](PowerLimitCallResult reply) {
            QMetaObject::invokeMethod(
                this, [this, reply = std::move(reply)] { onReply(reply); }, Qt::QueuedConnection);
        });
    } else {
        config.dryRun = true;
        Event e;
        e.timeMs = m_host.nowMs();
        e.severity = Severity::Warning;
        e.kind = "action.power_cap_unavailable";
        e.message = "Thermal protection runs as a dry run: " + executor.unavailable;
        m_host.record(std::move(e));
    }
    m_policy = std::make_unique<ThermalProtection>(config);
}

std::optional<PowerLimitRange> ThermalGuard::powerRangeOf(const std::string &node, int gpu)
{
    const GpuKey key{node, gpu};
    if (const auto it = m_ranges.find(key); it != m_ranges.end())
        return it->second;
    std::optional<PowerLimitRange> range;
    if (m_worker) {
        // Asked off the engine thread; the GPU waits for the answer (onReply).
        if (!m_pending.contains(key) &&
            m_worker->submit({PowerLimitCall::Kind::Range, node, gpu, 0, m_generation}))
            m_pending.emplace(key, std::nullopt);
        return std::nullopt;
    }
    if (m_inPlace) {
        auto asked = m_inPlace->powerRange(node, gpu);
        if (asked)
            range = *asked;
        else
            rangeUnavailable(node, gpu, asked.error().message);
    } else {
        // Dry run without an executor: the card's range is unknown; its current limit stands for
        // the default and half of it for the floor, which only shapes what the audit says.
        if (const auto limit = m_host.currentPowerLimitW(node, gpu))
            range = PowerLimitRange{*limit / 2, *limit};
        else
            return std::nullopt; // ask again once a reading has the limit
    }
    m_ranges[key] = range;
    return range;
}

void ThermalGuard::rangeUnavailable(const std::string &node, int gpu, const std::string &why)
{
    if (!m_unavailableSaid.emplace(node, why).second)
        return;
    Event e;
    e.timeMs = m_host.nowMs();
    e.severity = Severity::Warning;
    e.kind = "action.power_cap_unavailable";
    e.node = node;
    e.gpu = gpu;
    e.message = "Thermal protection cannot cap GPU " + std::to_string(gpu) + " on " + node + ": " + why;
    m_host.record(std::move(e));
}

void ThermalGuard::forgetRangeFailures(const std::string &node)
{
    std::erase_if(m_ranges, [&](const auto &entry) { return entry.first.first == node && !entry.second; });
    std::erase_if(m_unavailableSaid, [&](const auto &said) { return said.first == node; });
}

void ThermalGuard::observe(const MetricSample &temperature)
{
    if (!m_policy)
        return;
    const std::string node = hostLabel(temperature);
    const int gpu = gpuIndexLabel(temperature);
    if (node.empty() || gpu < 0)
        return;
    if (m_pending.contains({node, gpu}))
        return; // its change (or range query) is in flight: the policy waits for the outcome
    const auto range = powerRangeOf(node, gpu);
    if (!range)
        return;
    const auto decision = m_policy->observe(node, gpu, temperature.timeMs, temperature.value, *range);
    if (!decision)
        return;
    if (!decision->dryRun && m_worker) {
        PowerLimitCall request{PowerLimitCall::Kind::Set, node, gpu, decision->toW, m_generation};
        if (m_worker->submit(std::move(request)))
            m_pending.emplace(GpuKey{node, gpu}, *decision);
        else
            finishChange(*decision, m_worker->name(), false,
                         "the power-limit executor's queue is full (too many changes waiting)");
        return;
    }
    bool ok = true;
    std::string error;
    if (!decision->dryRun && m_inPlace) {
        if (auto applied = m_inPlace->setPowerLimit(node, gpu, decision->toW); !applied) {
            ok = false;
            error = applied.error().message;
        }
    }
    finishChange(*decision, decision->dryRun || !m_inPlace ? "dry run" : m_inPlace->name(), ok, error);
}

void ThermalGuard::onReply(const PowerLimitCallResult &reply)
{
    const PowerLimitCall &r = reply.call;
    if (r.token != m_generation || !m_policy)
        return; // the configuration changed while it ran; the new policy starts afresh
    const GpuKey key{r.node, r.gpu};
    const auto it = m_pending.find(key);
    if (it == m_pending.end())
        return;
    const std::optional<PowerCapDecision> decision = std::move(it->second);
    m_pending.erase(it);
    if (r.kind == PowerLimitCall::Kind::Range) {
        if (reply.ok)
            m_ranges[key] = reply.range;
        else {
            m_ranges[key] = std::nullopt;
            rangeUnavailable(r.node, r.gpu, reply.error);
        }
        return;
    }
    if (decision)
        finishChange(*decision, m_worker ? m_worker->name() : "", reply.ok, reply.error);
}

void ThermalGuard::finishChange(const PowerCapDecision &decision, const std::string &executor, bool ok,
                                const std::string &error)
{
    PowerCapAuditRecord audit;
    audit.decision = decision;
    audit.executor = executor;
    audit.ok = ok;
    audit.error = error;
    m_policy->applied(decision, audit.ok);
    if (auto written = m_audit.append(audit); !written)
        qCWarning(lcPowerCap).noquote() << QString::fromStdString(written.error().message);
    qCInfo(lcPowerCap).noquote() << "power cap:" << QString::fromStdString(toJsonLine(audit));
    Event e = toEvent(audit);
    m_host.attribute(e);
    const std::uint64_t id = m_host.record(std::move(e));
    m_host.noteActionTaken(decision.node, decision.gpu, decision.timeMs, decision.restore, actionSummary(audit), id);
}

} // namespace sn::anomaly
