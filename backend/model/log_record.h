#pragma once
// One log line with where it came from; every source (files, journal, simulator) yields these.

#include "backend/model/event.h"

#include <cstdint>
#include <string>

namespace sn {

struct LogRecord {
    std::int64_t timeMs = 0;
    std::string node;
    std::string source; // "kernel", "slurmd", "nccl", "job/1234", ...
    std::string text;   // as written, no trailing newline
    int gpu = -1;
    std::string jobId;
    bool simulated = false;
    // Filled in by the engine's log pipeline (template miner, signature library).
    std::string templateId;
    Severity severity = Severity::Info;
    std::string signature;  // "nvrm.xid.79"; empty: none
    bool truncated = false; // cut at the intake's line limit
};

} // namespace sn
