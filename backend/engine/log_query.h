#pragma once
// Which kept log lines a QueryLogs request selects: time (in the caller), node, source, GPU,
// job, minimum severity, template, signature (exact or family prefix) and text.

#include "backend/api/supernode.pb.h"
#include "backend/model/log_record.h"

namespace sn {

namespace pb = supernode::v1;

bool matchesLogQuery(const LogRecord &line, const pb::LogQueryRequest &request);

} // namespace sn
