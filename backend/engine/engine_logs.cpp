// The engine's side of its log service (backend/logs/log_service.h): what the service asks of
// the engine, and the contract's log requests answered from what it keeps.
#include "backend/engine/engine.h"

#include "backend/engine/log_template_summary.h"
#include "backend/api/proto_convert.h"

#include <QMetaMethod>

namespace sn {

logs::LogService::Host Engine::logServiceHost()
{
    logs::LogService::Host host;
    host.nowMs = [this] { return m_clock->nowMs(); };
    host.record = [this](Event e) { record(std::move(e)); };
    host.cluster = [this]() -> const ClusterSpec & { return m_sim ? m_sim->spec() : m_options.spec; };
    host.kept = [this](const std::vector<LogRecord> &lines) {
        // The wire form only for someone who listens, as the live telemetry's (a report's
        // simulated week, a daemon without consoles, a fuzz input have nobody).
        static const QMetaMethod logLinesSignal = QMetaMethod::fromSignal(&Engine::logLines);
        if (!isSignalConnected(logLinesSignal))
            return;
        pb::LogBatch batch;
        for (const LogRecord &line : lines)
            *batch.add_lines() = toProto(line);
        emit logLines(batch);
    };
    return host;
}

void Engine::ingestLogs(std::vector<LogRecord> lines)
{
    m_logs->keep(std::move(lines));
}

Result<pb::ListLogTemplatesResponse> Engine::listLogTemplates(const pb::ListLogTemplatesRequest &request)
{
    return summarizeLogTemplates(m_logs->lines(), m_logs->pipeline().miner(), request, m_clock->nowMs());
}

pb::LogQueryResponse Engine::queryLogs(const pb::LogQueryRequest &request) const
{
    const logs::LogService::QueryResult hits = m_logs->query(fromProto(request));
    pb::LogQueryResponse response;
    for (const LogRecord *line : hits.lines)
        *response.add_lines() = toProto(*line);
    response.set_truncated(hits.truncated);
    return response;
}

} // namespace sn
