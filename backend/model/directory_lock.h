#pragma once
// One process at a time in a data directory (the telemetry store, supernoded's state): a second
// daemon, or `supernodectl --config` on a cluster.yaml that names the live daemon's
// telemetry.dataDir, would replay and checkpoint the live WAL and delete its segments.
// Qt's QLockFile in DIR/LOCK: the holder's pid, host and program are written in it and named in
// the refusal; a lock whose process is gone is taken over (QLockFile checks the pid), never one
// that is merely old (no stale time).

#include "backend/model/result.h"

#include <QLockFile>
#include <QString>

#include <memory>

namespace sn {

// Held while the returned lock lives. FailedPrecondition naming the holder when another process
// has it; Unavailable when DIR/LOCK cannot be written. `what` starts the message ("store").
Result<std::unique_ptr<QLockFile>> lockDirectory(const QString &dir, const std::string &what);

} // namespace sn
