#pragma once
// One log line with where it came from; every source (files, journal, simulator) yields these.

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
};

} // namespace sn
