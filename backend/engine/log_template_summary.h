#pragma once
// ListLogTemplates: the kept log lines grouped by their miner template over a window, with
// how many lines each had, when it was first and last seen, its worst severity, its nodes and
// its rate per bucket (the console's sparkline). Counted from the lines the engine keeps (the
// newest Engine::Options::maxLogLines), so "first seen" is the first kept line; the miner's
// own lifetime count is total_count.

#include "backend/api/supernode.pb.h"
#include "backend/logs/template_miner.h"
#include "backend/model/log_record.h"
#include "backend/model/result.h"

#include <deque>

namespace sn {

namespace pb = supernode::v1;

inline constexpr int kDefaultTemplateBuckets = 30;
inline constexpr int kMaxTemplateBuckets = 240;
inline constexpr int kDefaultTemplateLimit = 500;

// lines: oldest first. nowMs: the engine's clock, the window's end when the request has none.
Result<pb::ListLogTemplatesResponse> summarizeLogTemplates(const std::deque<LogRecord> &lines,
                                                           const logs::TemplateMiner &miner,
                                                           const pb::ListLogTemplatesRequest &request,
                                                           std::int64_t nowMs);

} // namespace sn
