#pragma once
// Which kept log lines a search selects (the contract's QueryLogs, converted at the boundary):
// a time window, node, source, GPU, job, minimum severity, template, signature and text.

#include "backend/model/event.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace sn {

struct LogQuery {
    std::int64_t startMs = 0;
    std::int64_t endMs = 0;            // 0: up to the engine's now
    std::size_t limit = 0;             // 0: the engine's default; the newest lines are kept
    std::string node;                  // empty: all
    std::string source;                // empty: all
    std::optional<int> gpu;            // unset: all
    std::string jobId;                 // empty: all
    std::optional<Severity> minSeverity; // unset: all
    std::string templateId;            // empty: all
    std::string signature;             // empty: all; a family prefix ("nvrm.xid") selects its members
    std::string contains;              // plain substring; empty: all
    bool ignoreCase = false;           // for contains
};

} // namespace sn
