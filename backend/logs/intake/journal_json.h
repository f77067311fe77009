#pragma once
// One entry of `journalctl -o json` (one JSON object per line, every value a string; a value
// that is not valid UTF-8 or holds control bytes comes as an array of byte values; a field
// written several times in one entry comes as an array of those). Becomes a LogRecord: time
// from __REALTIME_TIMESTAMP (microseconds), node from _HOSTNAME, source from
// SYSLOG_IDENTIFIER (else _COMM, else "kernel" for _TRANSPORT=kernel), severity from PRIORITY
// (syslog levels 0-7). Errors name what is missing or wrong and the column of a JSON error.

#include "backend/model/log_record.h"
#include "backend/model/result.h"

#include <string_view>

namespace sn::logs {

// defaultNode: for entries without _HOSTNAME.
Result<LogRecord> parseJournalJson(std::string_view line, const std::string &defaultNode = {});

// syslog level (0 emerg .. 7 debug) to the engine's severities.
Severity severityFromSyslogLevel(int level);

} // namespace sn::logs
