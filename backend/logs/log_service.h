#pragma once
// The engine's log side as a service (issue 33): every line, from the simulator, an intake
// (files, journal, kernel) or a node agent, goes through the log pipeline (template miner, GPU
// failure signatures, log anomalies) before it is kept; the events the pipeline and the intake
// raise reach the engine's timeline through its Host. The newest lines are kept for search and
// the template table. Templates are saved in the data directory every few minutes, at each new
// configuration and when the service goes, so their ids survive restarts. It lives on the
// engine's thread.

#include "backend/logs/intake/log_intake.h"
#include "backend/logs/log_pipeline.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/log_query.h"
#include "backend/model/log_record.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sn::logs {

inline constexpr std::size_t kDefaultLogQueryLimit = 1000; // lines a search returns when it names no limit

class LogService {
public:
    // What the service asks of the engine that hosts it, always on the engine's thread.
    struct Host {
        std::function<std::int64_t()> nowMs;
        // Puts an event on the timeline.
        std::function<void(Event)> record;
        // The cluster the lines' nodes belong to (the simulator's or cluster.yaml's): a kernel
        // line names its GPU only by PCI address.
        std::function<const ClusterSpec &()> cluster;
        // Lines just kept, oldest first, for the live streams.
        std::function<void(const std::vector<LogRecord> &)> kept;
    };

    struct QueryResult {
        std::vector<const LogRecord *> lines; // oldest first; valid until the next keep()
        bool truncated = false;               // more lines matched than the limit
    };

    // spec: the configuration in force (configure()). maxLines, maxBytes: how many lines are kept,
    // and how much memory they may take together (keptBytes): a count alone let 200,000 lines
    // of 16 KiB each (3 GB) pile up from one agent flooding long lines.
    LogService(Host host, const ClusterSpec &spec, std::size_t maxLines, std::size_t maxBytes);
    ~LogService(); // saves the templates

    // A new configuration: the templates saved, then loaded from its data directory (memory only
    // without one); the intake of its `logs:` section restarted.
    void configure(const ClusterSpec &spec);
    // What the intake read since the last poll, kept; a source that failed raises an event.
    void pollIntake();
    // Lines through the pipeline (each raised event recorded), then kept; the oldest beyond
    // maxLines or maxBytes go.
    void keep(std::vector<LogRecord> lines);
    // A node agent's batch of lines (its samples' companion), named at the agent by its run and
    // sequence: kept once, however often the agent sends it (it resends when an answer is lost).
    // Run 0 is an agent that does not name its batches: always kept. Returns the lines kept.
    std::size_t keepPushed(const std::string &agent, std::uint64_t run, std::uint64_t sequence,
                           std::vector<LogRecord> lines);

    // Newest first up to the limit, returned oldest first; the window ends at now when the query
    // names no end.
    QueryResult query(const LogQuery &query) const;
    const std::deque<LogRecord> &lines() const { return m_lines; } // oldest first
    std::size_t keptBytes() const { return m_bytes; }              // what the kept lines take
    const LogPipeline &pipeline() const { return *m_pipeline; }

private:
    void process(std::vector<LogRecord> &lines);
    void correlateWithGpu(LogRecord &line) const;
    void startIntake(const ClusterSpec &spec);
    void saveTemplates() const;
    bool firstTimePushed(const std::string &agent, std::uint64_t run, std::uint64_t sequence);

    Host m_host;
    std::size_t m_maxLines;
    std::size_t m_maxBytes;
    std::deque<LogRecord> m_lines;
    std::size_t m_bytes = 0; // of m_lines (keptBytes)
    std::unique_ptr<LogPipeline> m_pipeline;
    std::int64_t m_templatesSavedMs = 0;
    std::unique_ptr<LogIntake> m_intake; // cluster.yaml `logs:`; null when none
    // (agent, run) -> the newest pushed batch whose lines were kept; the oldest runs go first.
    std::map<std::pair<std::string, std::uint64_t>, std::uint64_t> m_pushedBatch;
    std::deque<std::pair<std::string, std::uint64_t>> m_pushedRuns;
};

} // namespace sn::logs
