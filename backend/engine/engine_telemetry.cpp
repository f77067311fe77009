// What the telemetry service (backend/telemetry/ingest) asks of the engine, and the agents'
// pushes handed to it: the live streams get their wire form here, at the boundary, one
// SampleBatch per sample time and only when someone listens; the watch is the anomaly side's
// (engine_anomaly.cpp). A pushed batch's log lines go to the log service, kept once per batch
// however often it is sent.
#include "backend/engine/engine.h"

#include "backend/api/proto_convert.h"

#include <QMetaMethod>

namespace sn {

TelemetryIngest::Host Engine::telemetryIngestHost()
{
    TelemetryIngest::Host host;
    host.nowMs = [this] { return m_clock->nowMs(); };
    host.live = [this] {
        static const QMetaMethod telemetrySignal = QMetaMethod::fromSignal(&Engine::telemetry);
        return isSignalConnected(telemetrySignal);
    };
    host.publish = [this](std::span<const MetricSample> sameTime, bool simulated) {
        auto batch = std::make_shared<pb::SampleBatch>();
        batch->set_simulated(simulated);
        batch->set_time_ms(sameTime.front().timeMs);
        for (const MetricSample &s : sameTime)
            toProto(s, *batch->add_samples());
        emit telemetry(std::move(batch));
    };
    host.publishPushed = [this](const PushStreamTable &table, std::span<const tsdb::RefSample> sameTime) {
        auto batch = std::make_shared<pb::SampleBatch>();
        batch->set_time_ms(sameTime.front().timeMs);
        for (const tsdb::RefSample &s : sameTime) {
            const PushedSeries &series = table.series[s.ref];
            pb::Sample *out = batch->add_samples();
            out->set_metric(series.metric);
            out->mutable_labels()->insert(series.labels.begin(), series.labels.end());
            out->set_time_ms(s.timeMs);
            out->set_value(s.value);
        }
        emit telemetry(std::move(batch));
    };
    host.watches = [this](const std::string &metric) { return m_watch && m_watch->watches(metric); };
    host.watch = [this](const MetricSample &s) { watchSample(s); };
    return host;
}

void Engine::noteSeriesRefused()
{
    const std::uint64_t refused = m_telemetry->store().seriesRefused();
    if (refused == m_seriesRefusedSeen)
        return;
    const std::int64_t now = m_clock->nowMs();
    if (m_seriesLimitEventMs && now - *m_seriesLimitEventMs < 3600 * 1000 && now >= *m_seriesLimitEventMs)
        return; // said within the hour; the count goes on and the next event says it
    Event e;
    e.timeMs = now;
    e.severity = Severity::Warning;
    e.kind = "telemetry.series_limit";
    e.message = "The telemetry store holds " + std::to_string(m_telemetry->store().options().maxSeries) +
                " series, the most it keeps: " + std::to_string(refused - m_seriesRefusedSeen) +
                " samples of new series were not stored. A label with a new value in every sample (a process or "
                "request id) makes a series each; the series already stored go on";
    m_seriesRefusedSeen = refused;
    m_seriesLimitEventMs = now;
    record(std::move(e));
}

Result<PushedResult> Engine::ingestPushed(PushStreamTable &table, PushedBatch batch)
{
    // Acknowledged means stored durably: an agent deletes what the daemon acknowledged.
    if (!m_telemetryStoreUnavailable.empty())
        return Error{ErrorCode::Unavailable, m_telemetryStoreUnavailable + "; the samples are not acknowledged"};
    auto stored = m_telemetry->ingestPushed(table, batch);
    noteSeriesRefused();
    if (!stored)
        return stored.error(); // not acknowledged: the agent sends the batch, lines too, again
    PushedResult result{*stored, 0};
    result.logLinesKept = m_logs->keepPushed(batch.agent, batch.run, batch.sequence, std::move(batch.logLines));
    return result;
}

} // namespace sn
