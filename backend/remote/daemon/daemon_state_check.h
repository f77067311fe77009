#pragma once
// supernoded --check-state: is the state directory whole? The jobs/events/audit/nodes database
// (SQLite's PRAGMA integrity_check, and every nodes row as the daemon's start reads it,
// node_rows.h) and the telemetry store (its consistency check,
// backend/telemetry/store/store_check.h), read in place, nothing changed. For operators before
// a restart and for the crash tests after one; run it while no daemon writes the directory.

#include "backend/remote/daemon/daemon_options.h"

#include <string>
#include <vector>

namespace sn::rpc {

struct StateCheckResult {
    std::vector<std::string> findings; // "where: what"
    std::vector<std::string> notes;    // states the next start handles as designed
    std::string summary;
};

// The SQLite database at `path`, opened read-only.
std::vector<std::string> checkStateDatabase(const std::string &path);
// Both stores of the daemon these options describe (telemetry where cluster.yaml puts it,
// else <state-dir>/telemetry).
Result<StateCheckResult> checkDaemonState(const DaemonOptions &options);

} // namespace sn::rpc
