#pragma once
// Thermal protection as a service (issue 33): the policy (ThermalProtection), the executor that
// carries its power-limit changes out, what it has learnt of each GPU's power range, the changes
// in flight and the audit, in one place. The engine hands it every temperature sample and each
// new configuration; what it does reaches the engine's timeline through its Host. It lives on
// the engine's thread: a real cluster's executor runs on a PowerLimitWorker's thread and its
// replies are posted back to this object, so every member is touched on one thread.

#include "backend/anomaly/power_cap_audit.h"
#include "backend/power/power_limit_worker.h"
#include "backend/anomaly/thermal_protection.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/metric_sample.h"
#include "backend/power/power_limit_setter.h"

#include <QObject>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace sn::anomaly {

class ThermalGuard : public QObject {
    Q_OBJECT
public:
    // What the guard asks of the engine that hosts it, always on the engine's thread.
    struct Host {
        std::function<std::int64_t()> nowMs;
        // Puts an event on the timeline; its id.
        std::function<std::uint64_t(Event)> record;
        // Fills in what the engine knows of a GPU's event: simulated or not, the job on the GPU.
        std::function<void(Event &)> attribute;
        // Writes an action (its summary, its own event's id) onto the events it answers.
        std::function<void(const std::string &node, int gpu, std::int64_t timeMs, bool restore,
                           const std::string &summary, std::uint64_t actionEventId)>
            noteActionTaken;
        // The GPU's power limit as last read, standing in for its range in a dry run without an
        // executor; nullopt until a reading has it.
        std::function<std::optional<double>(const std::string &node, int gpu)> currentPowerLimitW;
    };

    // What carries a configuration's changes out: one of the two setters, or neither with why.
    struct Executor {
        std::unique_ptr<PowerLimitSetter> inPlace;   // called on the engine's thread (the simulator's)
        std::unique_ptr<PowerLimitSetter> offThread; // a real cluster's, on a worker thread
        std::string unavailable; // neither: the guard runs as a dry run and says so once
    };

    // auditPath: the JSON lines file of power-cap changes; empty keeps them in memory only.
    ThermalGuard(Host host, const std::string &auditPath, QObject *parent = nullptr);
    // Waits for a change in flight (bounded by its setter's timeout).
    ~ThermalGuard() override;

    // A new configuration: the previous executor stops first and what was in flight is forgotten
    // (its replies are stale); a disabled spec leaves the guard idle.
    void configure(const ThermalProtectionSpec &spec, Executor executor);
    // One GPU temperature sample (metric::kGpuTemp with Hostname and gpu labels).
    void observe(const MetricSample &temperature);
    // A node whose agent registered again may be cappable now: its GPUs whose range could not
    // be had are asked again at their next reading.
    void forgetRangeFailures(const std::string &node);
    // The power-limit changes (newest last), applied or dry run.
    const std::deque<PowerCapAuditRecord> &audit() const { return m_audit.records(); }

private:
    using GpuKey = std::pair<std::string, int>;

    std::optional<PowerLimitRange> powerRangeOf(const std::string &node, int gpu);
    void onReply(const PowerLimitCallResult &reply);
    void finishChange(const PowerCapDecision &decision, const std::string &executor, bool ok, const std::string &error);
    // Said once per node and reason (a node without an executor has eight GPUs saying the same).
    void rangeUnavailable(const std::string &node, int gpu, const std::string &why);

    Host m_host;
    PowerCapAuditLog m_audit;
    std::unique_ptr<ThermalProtection> m_policy;   // null: disabled
    std::unique_ptr<PowerLimitSetter> m_inPlace;   // the simulator's, called here; null: worker or dry run
    // A real cluster's setter, off the engine thread. A GPU with a request in flight is in
    // m_pending (its decision for a change, nullopt for the range query) and its policy waits
    // for the reply: one change in flight per GPU, in order.
    std::unique_ptr<PowerLimitWorker> m_worker;
    std::map<GpuKey, std::optional<PowerCapDecision>> m_pending;
    std::uint64_t m_generation = 0; // replies from a previous configuration's worker are stale
    std::map<GpuKey, std::optional<PowerLimitRange>> m_ranges;
    // (node, why) already said by rangeUnavailable: one event per node and reason, not per GPU.
    std::set<std::pair<std::string, std::string>> m_unavailableSaid;
};

} // namespace sn::anomaly
