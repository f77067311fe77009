#pragma once
// What every log line goes through in the engine, whatever its intake (simulator, files,
// journal, kernel, import): sanitized (byte limit, UTF-8), mined into a template, checked
// against the GPU failure signatures, given a severity, and watched for log anomalies. The
// line comes out annotated (template id, severity, signature, truncated) and with the events
// it raises. Templates persist in `templatesPath` (template_store.h) so ids survive restarts.

#include "backend/logs/log_anomaly_detector.h"
#include "backend/logs/log_parser.h"
#include "backend/logs/signature_repeats.h"
#include "backend/model/event.h"
#include "backend/model/log_record.h"
#include "backend/model/result.h"

#include <string>
#include <vector>

namespace sn::logs {

struct LogPipelineOptions {
    MinerConfig miner;
    LogAnomalyConfig anomalies;
    // An event for a line that shows a known failure, except lines of the simulator, which
    // raises its own events for the faults it injects (the same failure would show twice). The
    // same failure on the same GPU again within 10 minutes raises none (signature_repeats.h).
    bool signatureEvents = true;
    std::string templatesPath; // empty: templates live in memory only
};

class LogPipeline {
public:
    explicit LogPipeline(LogPipelineOptions options = {});

    // Loads saved templates; an error names the file and line (the pipeline then starts empty).
    Status load();
    Status save() const;

    std::vector<Event> process(LogRecord &line);

    const TemplateMiner &miner() const { return m_parser.miner(); }
    const LogAnomalyDetector &anomalies() const { return m_anomalies; }
    std::uint64_t linesSeen() const { return m_lines; }
    std::uint64_t linesTruncated() const { return m_truncated; }
    std::uint64_t linesRepaired() const { return m_repaired; }

private:
    LogPipelineOptions m_options;
    LogParser m_parser;
    LogAnomalyDetector m_anomalies;
    SignatureRepeats m_repeats;
    std::uint64_t m_lines = 0;
    std::uint64_t m_truncated = 0;
    std::uint64_t m_repaired = 0;
};

// Error, warning or info from the words a line uses ("error", "fatal", "WARN", ...), for lines
// that show no known signature.
Severity severityFromText(std::string_view text);

} // namespace sn::logs
