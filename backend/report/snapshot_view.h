#pragma once
// A report from a snapshot file for a scope or a range other than the one it was gathered for:
// `supernodectl report --snapshot` and the console's local copy (ui/offline_copy.h) re-scope
// and narrow the same way, so a report from a copy equals one from the engine.

#include "backend/model/result.h"
#include "backend/report/report_snapshot.pb.h"

#include <cstdint>
#include <string>

namespace sn::report {

// A cluster snapshot holds every GPU, job and event, so any narrower scope can be built from
// it; a snapshot gathered for a narrower scope holds only that (refused, saying so). An empty
// scope keeps the snapshot's.
Status applyScope(supernode::report::v1::ReportSnapshot &snapshot, const std::string &scope);

// Keeps the part of the snapshot in [startMs, endMs): series points, events, and the jobs that
// overlapped it, as gatherSnapshot selects them. The range must lie inside the snapshot's.
// The log templates cannot be split by time and stay those of the whole snapshot.
Status narrowRange(supernode::report::v1::ReportSnapshot &snapshot, std::int64_t startMs, std::int64_t endMs);

} // namespace sn::report
