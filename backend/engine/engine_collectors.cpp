// The engine's side of real telemetry sources (cluster.yaml `telemetry.source` other than the
// simulator): building the collectors, polling them on their own threads, and turning each
// poll's outcome into stored samples, source status and one down/up event per outage.
#include "backend/engine/engine.h"

#include "backend/engine/telemetry_sources.h"
#include "backend/telemetry/readings_to_samples.h"

namespace sn {

Result<std::vector<std::unique_ptr<Collector>>> Engine::makeCollectors(const ClusterSpec &spec) const
{
    return m_options.makeCollectors ? m_options.makeCollectors(spec) : makeTelemetryCollectors(spec);
}

void Engine::recordTelemetryFailure(const std::string &message)
{
    Event e;
    e.timeMs = m_clock->nowMs();
    e.severity = Severity::Error;
    e.kind = "telemetry.unavailable";
    e.message = "No telemetry: " + message;
    record(std::move(e));
}

void Engine::recordTelemetryStoreUnavailable()
{
    Event e;
    e.timeMs = m_clock->nowMs();
    e.severity = Severity::Critical;
    e.kind = "telemetry.store_unavailable";
    e.message = "Telemetry is kept in memory only: " + m_telemetryStoreUnavailable +
                ". Agents' pushes are refused, so they keep their samples buffered; fix the directory (space, "
                "permissions, another daemon holding it) and restart supernoded";
    record(std::move(e));
}

void Engine::startCollectors(std::vector<std::unique_ptr<Collector>> collectors)
{
    m_sources.clear();
    for (const auto &c : collectors) {
        SourceState state;
        state.status.set_source(c->source());
        state.status.set_target(c->target());
        state.status.set_node(c->node());
        m_sources.push_back(state);
    }
    const std::int64_t intervalMs = m_options.spec.effectiveTelemetry().intervalMs;
    const Clock *clock = m_clock.get();
    m_poller = std::make_unique<CollectorPoller>(
        std::move(collectors), std::chrono::milliseconds(intervalMs), [clock] { return clock->nowMs(); },
        [this](std::size_t index, Result<Collection> result) {
            // On the collector's thread: hand the result to the engine thread.
            QMetaObject::invokeMethod(
                this, [this, index, result = std::move(result)]() mutable { onCollected(index, std::move(result)); },
                Qt::QueuedConnection);
        });
    m_poller->start();
}

void Engine::onCollected(std::size_t index, Result<Collection> result)
{
    if (index >= m_sources.size())
        return; // from collectors replaced by a new configuration
    SourceState &state = m_sources[index];
    pb::TelemetrySourceStatus &status = state.status;
    status.set_polls(status.polls() + 1);
    const std::string what = status.source() + " " + status.target();
    if (!result) {
        status.set_ok(false);
        status.set_failures(status.failures() + 1);
        status.set_last_error(result.error().message);
        if (!state.reported) {
            // Once per outage, not once per poll.
            Event e;
            e.timeMs = m_clock->nowMs();
            e.severity = Severity::Warning;
            e.kind = "telemetry.source_down";
            e.node = status.node();
            e.message = "Cannot read " + what + ": " + result.error().message;
            record(std::move(e));
            state.reported = true;
        }
        return;
    }
    if (state.reported) {
        Event e;
        e.timeMs = m_clock->nowMs();
        e.kind = "telemetry.source_up";
        e.node = status.node();
        e.message = "Reading " + what + " again";
        record(std::move(e));
        state.reported = false;
    }
    status.set_ok(true);
    status.clear_last_error();
    status.set_last_success_ms(m_clock->nowMs());

    std::vector<MetricSample> samples = std::move(result->samples);
    for (const GpuReading &r : result->gpus) {
        if (!result->gpusInSamples)
            appendGpuSamples(r, samples);
        m_latestReal[{r.node, r.uuid.empty() ? "gpu" + std::to_string(r.gpu) : r.uuid}] = r;
    }
    for (const NicReading &r : result->nics)
        appendNicSamples(r, samples);
    m_telemetry->ingest(std::move(samples), false);
    noteSeriesRefused();
}

} // namespace sn
