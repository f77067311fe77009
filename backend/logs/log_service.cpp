#include "backend/logs/log_service.h"

#include "backend/logs/log_query.h"
#include "backend/logs/signature_library.h"
#include "backend/model/ascii_text.h"

#include <QLoggingCategory>
#include <QSysInfo>

#include <algorithm>
#include <iterator>

Q_LOGGING_CATEGORY(lcLogs, "sn.logs")

namespace sn::logs {

namespace {
constexpr std::int64_t kTemplateSaveIntervalMs = 5 * 60 * 1000;

// "0000:18:00" (NVRM) and "00000000:18:00.0" (nvidia-smi) both to "18:00".
std::string busDevice(std::string pci)
{
    if (const auto colon = pci.find(':'); colon != std::string::npos && pci.find(':', colon + 1) != std::string::npos)
        pci = pci.substr(colon + 1);
    if (const auto dot = pci.find('.'); dot != std::string::npos)
        pci.resize(dot);
    return asciiLower(std::move(pci));
}

// What a kept line takes: its strings' bytes and the record itself (allocation overhead aside).
std::size_t recordBytes(const LogRecord &line)
{
    return sizeof(LogRecord) + line.node.size() + line.source.size() + line.text.size() + line.jobId.size() +
           line.templateId.size() + line.signature.size();
}
} // namespace

LogService::LogService(Host host, const ClusterSpec &spec, std::size_t maxLines, std::size_t maxBytes)
    : m_host(std::move(host)), m_maxLines(maxLines), m_maxBytes(maxBytes)
{
    configure(spec);
}

LogService::~LogService()
{
    m_intake.reset();
    saveTemplates(); // ids stay stable across restarts
}

void LogService::saveTemplates() const
{
    if (!m_pipeline)
        return;
    if (auto saved = m_pipeline->save(); !saved)
        qCWarning(lcLogs).noquote() << QString::fromStdString(saved.error().message);
}

void LogService::configure(const ClusterSpec &spec)
{
    saveTemplates();
    LogPipelineOptions options;
    const std::string dataDir = spec.effectiveTelemetry().dataDir;
    if (!dataDir.empty())
        options.templatesPath = dataDir + "/log-templates.txt";
    m_pipeline = std::make_unique<LogPipeline>(options);
    if (auto loaded = m_pipeline->load(); !loaded) {
        qCWarning(lcLogs).noquote() << "log templates not restored:" << QString::fromStdString(loaded.error().message);
        m_pipeline = std::make_unique<LogPipeline>(options);
    }
    m_templatesSavedMs = m_host.nowMs();
    startIntake(spec);
}

void LogService::startIntake(const ClusterSpec &spec)
{
    m_intake.reset();
    if (!spec.logs)
        return;
    const LogsSpec &logsSpec = *spec.logs;
    LogIntakeOptions options;
    // The sources are on the machine the engine runs on: the node without an address, if any.
    options.node = QSysInfo::machineHostName().toStdString();
    for (const NodeSpec &node : spec.nodes)
        if (node.address.empty() || node.address == "localhost" || node.address == "127.0.0.1") {
            options.node = node.name;
            break;
        }
    for (const LogFileSpec &f : logsSpec.files)
        options.files.push_back({f.path, f.node, f.source, f.fromStart});
    if (logsSpec.journal)
        options.journalCommand = liveJournalCommand();
    if (logsSpec.kernel)
        options.kmsgPath = "/dev/kmsg";
    m_intake = std::make_unique<LogIntake>(options, m_host.nowMs);
    m_intake->start();
}

void LogService::pollIntake()
{
    if (!m_intake)
        return;
    std::vector<LogRecord> lines = m_intake->poll();
    for (const std::string &problem : m_intake->takeProblems()) {
        Event e;
        e.timeMs = m_host.nowMs();
        e.severity = Severity::Warning;
        e.kind = "logs.source_down";
        e.message = "Log intake: " + problem;
        m_host.record(std::move(e));
    }
    keep(std::move(lines));
}

void LogService::correlateWithGpu(LogRecord &line) const
{
    if (line.gpu >= 0 || line.signature.empty())
        return;
    const auto match = SignatureLibrary::builtIn().match(line.text);
    if (!match || match->pciAddress.empty())
        return;
    const NodeSpec *node = m_host.cluster().findNode(line.node);
    if (!node)
        return;
    const std::string wanted = busDevice(match->pciAddress);
    for (const GpuSpec &g : node->gpus)
        if (!g.pciBusId.empty() && busDevice(g.pciBusId) == wanted) {
            line.gpu = g.index;
            return;
        }
}

void LogService::process(std::vector<LogRecord> &lines)
{
    std::vector<Event> raised;
    for (LogRecord &line : lines) {
        auto events = m_pipeline->process(line);
        const int before = line.gpu;
        correlateWithGpu(line);
        if (line.gpu != before)
            for (Event &e : events)
                e.gpu = line.gpu; // a kernel line names its GPU only by PCI address
        raised.insert(raised.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
    }
    for (Event &e : raised)
        m_host.record(std::move(e));
    const std::int64_t now = m_host.nowMs();
    if (now - m_templatesSavedMs >= kTemplateSaveIntervalMs || now < m_templatesSavedMs) {
        m_templatesSavedMs = now;
        saveTemplates();
    }
}

void LogService::keep(std::vector<LogRecord> lines)
{
    if (lines.empty())
        return;
    process(lines);
    m_host.kept(lines);
    for (LogRecord &line : lines) {
        m_bytes += recordBytes(line);
        m_lines.push_back(std::move(line));
    }
    while (m_lines.size() > m_maxLines || (m_bytes > m_maxBytes && !m_lines.empty())) {
        m_bytes -= recordBytes(m_lines.front());
        m_lines.pop_front();
    }
}

std::size_t LogService::keepPushed(const std::string &agent, std::uint64_t run, std::uint64_t sequence,
                                  std::vector<LogRecord> lines)
{
    if (lines.empty() || !firstTimePushed(agent, run, sequence))
        return 0;
    const std::size_t count = lines.size();
    keep(std::move(lines));
    return count;
}

bool LogService::firstTimePushed(const std::string &agent, std::uint64_t run, std::uint64_t sequence)
{
    if (run == 0)
        return true;
    auto key = std::make_pair(agent, run);
    auto [it, added] = m_pushedBatch.try_emplace(key, 0);
    if (added) {
        m_pushedRuns.push_back(std::move(key));
        constexpr std::size_t kRunsRemembered = 4096; // agent restarts the daemon lives through
        if (m_pushedRuns.size() > kRunsRemembered) {
            m_pushedBatch.erase(m_pushedRuns.front());
            m_pushedRuns.pop_front();
        }
    }
    if (sequence <= it->second)
        return false;
    it->second = sequence;
    return true;
}

LogService::QueryResult LogService::query(const LogQuery &q) const
{
    const std::size_t limit = q.limit > 0 ? q.limit : kDefaultLogQueryLimit;
    const std::int64_t end = q.endMs > 0 ? q.endMs : m_host.nowMs();
    QueryResult result;
    for (auto it = m_lines.rbegin(); it != m_lines.rend(); ++it) {
        if (it->timeMs > end)
            continue;
        if (it->timeMs < q.startMs)
            break;
        if (!matchesLogQuery(*it, q))
            continue;
        if (result.lines.size() == limit) {
            result.truncated = true;
            break;
        }
        result.lines.push_back(&*it);
    }
    std::reverse(result.lines.begin(), result.lines.end());
    return result;
}

} // namespace sn::logs
