#pragma once
// Something an operator should know about: an anomaly, a fault, an action the engine took.
// All of them share one timeline with telemetry and jobs.

#include <cstdint>
#include <string>

namespace sn {

enum class Severity { Info, Warning, Error, Critical };
const char *severityName(Severity severity);

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
};

} // namespace sn
