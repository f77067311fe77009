// The engine's log side: every line, from the simulator or an intake, goes through the log
// pipeline (template miner, GPU failure signatures, log anomalies) before it is kept and
// streamed; the events it raises join the timeline. Templates are saved in the data directory
// every few minutes and when the engine stops, so their ids survive restarts.
#include "backend/api/engine.h"

#include "backend/api/proto_convert.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcLogs, "sn.logs")

namespace sn {

namespace {
constexpr std::int64_t kTemplateSaveIntervalMs = 5 * 60 * 1000;
}

void Engine::setUpLogPipeline()
{
    if (m_logPipeline) {
        if (auto saved = m_logPipeline->save(); !saved)
            qCWarning(lcLogs).noquote() << QString::fromStdString(saved.error().message);
    }
    logs::LogPipelineOptions options;
    const std::string dataDir = m_options.spec.effectiveTelemetry().dataDir;
    if (!dataDir.empty())
        options.templatesPath = dataDir + "/log-templates.txt";
    // The simulator raises its own events for the faults it injects.
    options.signatureEvents = m_options.spec.effectiveTelemetry().source != TelemetrySource::Simulator;
    m_logPipeline = std::make_unique<logs::LogPipeline>(options);
    if (auto loaded = m_logPipeline->load(); !loaded) {
        qCWarning(lcLogs).noquote() << "log templates not restored:" << QString::fromStdString(loaded.error().message);
        m_logPipeline = std::make_unique<logs::LogPipeline>(options);
    }
    m_templatesSavedMs = m_clock->nowMs();
}

void Engine::processLogs(std::vector<LogRecord> &lines)
{
    if (!m_logPipeline)
        setUpLogPipeline();
    std::vector<Event> raised;
    for (LogRecord &line : lines) {
        auto events = m_logPipeline->process(line);
        raised.insert(raised.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
    }
    for (Event &e : raised)
        record(std::move(e));
    const std::int64_t now = m_clock->nowMs();
    if (now - m_templatesSavedMs >= kTemplateSaveIntervalMs || now < m_templatesSavedMs) {
        m_templatesSavedMs = now;
        if (auto saved = m_logPipeline->save(); !saved)
            qCWarning(lcLogs).noquote() << QString::fromStdString(saved.error().message);
    }
}

void Engine::keepLogs(std::vector<LogRecord> lines)
{
    if (lines.empty())
        return;
    processLogs(lines);
    pb::LogBatch batch;
    for (LogRecord &line : lines) {
        *batch.add_lines() = toProto(line);
        m_logs.push_back(std::move(line));
    }
    while (m_logs.size() > m_options.maxLogLines)
        m_logs.pop_front();
    emit logLines(batch);
}

void Engine::ingestLogs(std::vector<LogRecord> lines)
{
    keepLogs(std::move(lines));
}

} // namespace sn
