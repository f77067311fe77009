// The engine's log side: every line, from the simulator or an intake, goes through the log
// pipeline (template miner, GPU failure signatures, log anomalies) before it is kept and
// streamed; the events it raises join the timeline. Templates are saved in the data directory
// every few minutes and when the engine stops, so their ids survive restarts.
#include "backend/engine/engine.h"

#include "backend/engine/log_query.h"
#include "backend/engine/log_template_summary.h"
#include "backend/api/proto_convert.h"
#include "backend/logs/signature_library.h"

#include <QSysInfo>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcLogs, "sn.logs")

namespace sn {

namespace {
constexpr std::int64_t kTemplateSaveIntervalMs = 5 * 60 * 1000;
constexpr int kDefaultLogLimit = 1000; // lines a log query returns when it names no limit
} // namespace

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
    m_logPipeline = std::make_unique<logs::LogPipeline>(options);
    if (auto loaded = m_logPipeline->load(); !loaded) {
        qCWarning(lcLogs).noquote() << "log templates not restored:" << QString::fromStdString(loaded.error().message);
        m_logPipeline = std::make_unique<logs::LogPipeline>(options);
    }
    m_templatesSavedMs = m_clock->nowMs();
    setUpLogIntake();
}

void Engine::setUpLogIntake()
{
    m_logIntake.reset();
    if (!m_options.spec.logs)
        return;
    const LogsSpec &spec = *m_options.spec.logs;
    logs::LogIntakeOptions options;
    // The sources are on the machine the engine runs on: the node without an address, if any.
    options.node = QSysInfo::machineHostName().toStdString();
    for (const NodeSpec &node : m_options.spec.nodes)
        if (node.address.empty() || node.address == "localhost" || node.address == "127.0.0.1") {
            options.node = node.name;
            break;
        }
    for (const LogFileSpec &f : spec.files)
        options.files.push_back({f.path, f.node, f.source, f.fromStart});
    if (spec.journal)
        options.journalCommand = logs::liveJournalCommand();
    if (spec.kernel)
        options.kmsgPath = "/dev/kmsg";
    const Clock *clock = m_clock.get();
    m_logIntake = std::make_unique<logs::LogIntake>(options, [clock] { return clock->nowMs(); });
    m_logIntake->start();
}

void Engine::pollLogIntake()
{
    if (!m_logIntake)
        return;
    std::vector<LogRecord> lines = m_logIntake->poll();
    for (const std::string &problem : m_logIntake->takeProblems()) {
        Event e;
        e.timeMs = m_clock->nowMs();
        e.severity = Severity::Warning;
        e.kind = "logs.source_down";
        e.message = "Log intake: " + problem;
        record(std::move(e));
    }
    keepLogs(std::move(lines));
}

namespace {
// "0000:18:00" (NVRM) and "00000000:18:00.0" (nvidia-smi) both to "18:00".
std::string busDevice(std::string pci)
{
    if (const auto colon = pci.find(':'); colon != std::string::npos && pci.find(':', colon + 1) != std::string::npos)
        pci = pci.substr(colon + 1);
    if (const auto dot = pci.find('.'); dot != std::string::npos)
        pci.resize(dot);
    for (char &c : pci)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return pci;
}
} // namespace

void Engine::correlateWithGpu(LogRecord &line) const
{
    if (line.gpu >= 0 || line.signature.empty())
        return;
    const auto match = logs::SignatureLibrary::builtIn().match(line.text);
    if (!match || match->pciAddress.empty())
        return;
    const ClusterSpec &spec = m_sim ? m_sim->spec() : m_options.spec;
    const NodeSpec *node = spec.findNode(line.node);
    if (!node)
        return;
    const std::string wanted = busDevice(match->pciAddress);
    for (const GpuSpec &g : node->gpus)
        if (!g.pciBusId.empty() && busDevice(g.pciBusId) == wanted) {
            line.gpu = g.index;
            return;
        }
}

void Engine::processLogs(std::vector<LogRecord> &lines)
{
    if (!m_logPipeline)
        setUpLogPipeline();
    std::vector<Event> raised;
    for (LogRecord &line : lines) {
        auto events = m_logPipeline->process(line);
        const int before = line.gpu;
        correlateWithGpu(line);
        if (line.gpu != before)
            for (Event &e : events)
                e.gpu = line.gpu; // a kernel line names its GPU only by PCI address
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

Result<pb::ListLogTemplatesResponse> Engine::listLogTemplates(const pb::ListLogTemplatesRequest &request)
{
    if (!m_logPipeline)
        setUpLogPipeline();
    return summarizeLogTemplates(m_logs, m_logPipeline->miner(), request, m_clock->nowMs());
}

pb::LogQueryResponse Engine::queryLogs(const pb::LogQueryRequest &request) const
{
    const std::size_t limit = request.limit() > 0 ? static_cast<std::size_t>(request.limit()) : kDefaultLogLimit;
    const std::int64_t end = request.end_ms() > 0 ? request.end_ms() : m_clock->nowMs();
    std::vector<const LogRecord *> hits;
    bool truncated = false;
    for (auto it = m_logs.rbegin(); it != m_logs.rend(); ++it) {
        if (it->timeMs > end)
            continue;
        if (it->timeMs < request.start_ms())
            break;
        if (!matchesLogQuery(*it, request))
            continue;
        if (hits.size() == limit) {
            truncated = true;
            break;
        }
        hits.push_back(&*it);
    }
    pb::LogQueryResponse response;
    for (auto it = hits.rbegin(); it != hits.rend(); ++it)
        *response.add_lines() = toProto(**it);
    response.set_truncated(truncated);
    return response;
}

} // namespace sn
