#pragma once
// Whether a kept log line is one a search selects (everything but the time window, which the
// caller walks): node, source, GPU, job, minimum severity, template, signature (exact or family
// prefix) and text.

#include "backend/model/log_query.h"
#include "backend/model/log_record.h"

namespace sn::logs {

bool matchesLogQuery(const LogRecord &line, const LogQuery &query);

} // namespace sn::logs
