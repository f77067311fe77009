#pragma once
// Something an operator should know about: an anomaly, a fault, an action the engine took.
// All of them share one timeline with telemetry and jobs.

#include <cstdint>
#include <string>

namespace sn {

enum class Severity { Info, Warning, Error, Critical };
const char *severityName(Severity severity);

// Why an anomaly was raised (empty series: not an anomaly on a series).
struct EventEvidence {
    std::string series;
    std::string detector;
    double value = 0;
    double bandLow = 0;
    double bandHigh = 0;
    double peakValue = 0;
    double peakScore = 0;
};

struct Event {
    std::uint64_t id = 0;
    std::int64_t timeMs = 0; // engine clock, milliseconds since the Unix epoch
    Severity severity = Severity::Info;
    std::string kind;       // stable machine name: "gpu.xid", "gpu.thermal", "node.down", ...
    std::string node;       // empty: cluster-wide
    int gpu = -1;           // -1: not about one GPU
    std::string message;    // one line a user can act on
    bool simulated = false; // produced by the simulated super node
    bool acknowledged = false;
    // Anomalies are spans: ongoing until they end at endMs (0 for a moment or while ongoing).
    std::int64_t endMs = 0;
    bool ongoing = false;
    EventEvidence evidence;
    std::string acknowledgedBy;
    std::int64_t acknowledgedMs = 0;
    std::string jobId;
    std::string templateId;
    // An operator closed it (ResolveEvent); resolving acknowledges too.
    bool resolved = false;
    std::string resolvedBy;
    std::int64_t resolvedMs = 0;
};

} // namespace sn
