#pragma once
// Anomalies in the log stream itself, on top of the template miner:
//  - a new template: a kind of line never seen before, once the stream is past its warm-up
//    (the first lines of a stream are its vocabulary, not news); at most a few per node and
//    window, so a flood of novel junk raises a handful of events and not thousands;
//  - a rate spike: a template's count in a window far above its learned per-window baseline
//    (EWMA over past windows, after a warm-up of windows);
//  - an error burst: many lines of severity error or worse from one node within a window.
// Each event names the node, GPU and job of the line that raised it and the template.
// Memory is bounded: at most `maxTrackedTemplates` rate trackers and `maxTrackedNodes` per-node
// states (the least recently seen go), so lines with made-up hostnames cannot grow it.

#include "backend/logs/template_miner.h"
#include "backend/model/event.h"
#include "backend/model/log_record.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace sn::logs {

struct LogAnomalyConfig {
    std::int64_t warmUpMs = 10 * 60 * 1000;
    std::int64_t windowMs = 60 * 1000;
    std::size_t newTemplateEventsPerWindow = 5; // per node
    double rateFactor = 10;                     // a window over rateFactor x baseline ...
    std::size_t rateMinCount = 30;              // ... and at least this many lines
    std::size_t rateWarmUpWindows = 5;
    std::size_t burstErrors = 20; // error lines from one node within windowMs
    std::size_t maxTrackedTemplates = 5000;
    std::size_t maxTrackedNodes = 4096;
};

class LogAnomalyDetector {
public:
    explicit LogAnomalyDetector(LogAnomalyConfig config = {});

    // One mined line; the events it raises (usually none).
    // tmpl: the line's template (its text is built only when an event names it).
    std::vector<Event> add(const LogRecord &line, const MatchResult &match, const LogTemplate *tmpl);

    std::size_t trackedTemplates() const { return m_rates.size(); }
    std::size_t trackedNodes() const { return m_nodes.size(); }
    const LogAnomalyConfig &config() const { return m_config; }

private:
    struct Rate {
        std::int64_t windowStartMs = 0;
        std::size_t count = 0;
        double baseline = 0;
        std::size_t windows = 0;
        bool alerted = false;
        std::uint64_t lastSeen = 0;
    };
    struct NodeState {
        std::int64_t newWindowStartMs = 0;
        std::size_t newInWindow = 0;
        std::deque<std::int64_t> errorTimes;
        bool inBurst = false;
        std::uint64_t lastSeen = 0;
    };

    Event eventFor(const LogRecord &line, const MatchResult &match, const char *detector) const;
    void evictRates();
    void evictNodes();

    LogAnomalyConfig m_config;
    bool m_started = false;
    std::int64_t m_firstMs = 0;
    std::uint64_t m_sequence = 0;
    std::unordered_map<std::uint32_t, Rate> m_rates;
    std::map<std::string, NodeState> m_nodes;
};

} // namespace sn::logs
