#pragma once
// A log line as an intake or an agent hands it over, for the log tests.

#include "backend/model/log_record.h"

#include <cstdint>
#include <string>

namespace sn::test {

inline LogRecord line(std::int64_t timeMs, std::string text, std::string node = "gpu01", std::string source = "kernel")
{
    LogRecord r;
    r.timeMs = timeMs;
    r.node = std::move(node);
    r.source = std::move(source);
    r.text = std::move(text);
    return r;
}

} // namespace sn::test
