#include "backend/logs/log_pipeline.h"

#include "backend/logs/log_text_sanitizer.h"
#include "backend/logs/signature_library.h"
#include "backend/logs/template_store.h"

#include <QFileInfo>

#include <algorithm>
#include <cctype>

namespace sn::logs {

Severity severityFromText(std::string_view text)
{
    // Only the start of a line carries its level; long lines are not scanned to the end.
    char buffer[256];
    const std::size_t n = std::min(text.size(), sizeof buffer);
    for (std::size_t i = 0; i < n; ++i)
        buffer[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    const std::string_view lower(buffer, n);
    const auto word = [&](std::string_view w) {
        for (std::size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1)) {
            const bool startOk = at == 0 || !std::isalpha(static_cast<unsigned char>(lower[at - 1]));
            const std::size_t end = at + w.size();
            const bool endOk = end >= lower.size() || !std::isalpha(static_cast<unsigned char>(lower[end]));
            if (startOk && endOk)
                return true;
        }
        return false;
    };
    if (word("fatal") || word("panic") || word("critical") || word("crit") || word("emerg") || word("alert"))
        return Severity::Critical;
    if (word("error") || word("err") || word("failed") || word("failure"))
        return Severity::Error;
    if (word("warn") || word("warning"))
        return Severity::Warning;
    return Severity::Info;
}

LogPipeline::LogPipeline(LogPipelineOptions options)
    : m_options(std::move(options)), m_parser(LogFormat(), RegexMasks(), m_options.miner),
      m_anomalies(m_options.anomalies)
{
}

Status LogPipeline::load()
{
    if (m_options.templatesPath.empty() || !QFileInfo::exists(QString::fromStdString(m_options.templatesPath)))
        return success();
    return loadTemplates(m_options.templatesPath, m_parser.miner());
}

Status LogPipeline::save() const
{
    if (m_options.templatesPath.empty())
        return success();
    return saveTemplates(m_parser.miner(), m_options.templatesPath);
}

std::vector<Event> LogPipeline::process(LogRecord &line)
{
    ++m_lines;
    const SanitizedText s = sanitizeLogText(line.text, m_options.miner.limits.maxLineBytes);
    line.truncated = line.truncated || s.truncated;
    m_truncated += line.truncated;
    m_repaired += s.replaced;

    const ParsedLine &parsed = m_parser.add(line.text);
    line.truncated = line.truncated || parsed.match.truncated;
    line.templateId = parsed.match.id ? templateIdText(parsed.match.id) : std::string();

    std::vector<Event> events;
    const auto signature = SignatureLibrary::builtIn().match(line.text);
    if (signature) {
        line.signature = signature->signature->id;
        line.severity = std::max(line.severity, signature->signature->severity);
    } else {
        line.severity = std::max(line.severity, severityFromText(line.text));
    }
    // The simulator raises its own events for the faults it injects; its lines would repeat them.
    const auto repeats =
        signature && m_options.signatureEvents && !line.simulated
            ? m_repeats.raise(signature->signature->id, line.node,
                              line.gpu >= 0 ? "gpu" + std::to_string(line.gpu) : signature->pciAddress, line.timeMs)
            : std::nullopt;
    if (repeats) {
        const Signature &sig = *signature->signature;
        Event e;
        e.timeMs = line.timeMs;
        e.severity = sig.severity;
        e.kind = sig.kind;
        e.node = line.node;
        e.gpu = line.gpu;
        e.jobId = line.jobId;
        e.templateId = line.templateId;
        e.simulated = line.simulated;
        e.evidence.series = "logs:" + (line.node.empty() ? std::string("cluster") : line.node) + "/" + line.source;
        e.evidence.detector = "signature:" + sig.id;
        e.message = signatureEventMessage(sig, line.node, line.gpu);
        if (*repeats > 0)
            e.message += " (" + std::to_string(*repeats) + " more lines showed it since the last event for it)";
        events.push_back(std::move(e));
    }
    const LogTemplate *t = parsed.match.id ? m_parser.miner().find(parsed.match.id) : nullptr;
    auto anomalies = m_anomalies.add(line, parsed.match, t);
    events.insert(events.end(), std::make_move_iterator(anomalies.begin()), std::make_move_iterator(anomalies.end()));
    return events;
}

} // namespace sn::logs
