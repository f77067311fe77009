#pragma once
// The nodes table of supernoded's state.db: one row per node whose agent registered it
// (RegisterNode), keyed by node name, holding the registration as the engine keeps it (ids
// named, registered_ms set) and registered_ms again as a column, so that of two writes of one
// node the newer wins whatever order they commit in. Read back at start (StateStore::nodes)
// and by --check-state (daemon_state_check.h) through the same checks: a row that does not
// parse, names another node than its key, or fails checkRegistration is reported by key and
// not used; it stays in the table, and the node's next registration replaces it.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <string>
#include <vector>

struct sqlite3;

namespace sn::rpc {

namespace pb = supernode::v1;

// The table, for the state store's schema.
inline constexpr const char *kNodesTableSql =
    "CREATE TABLE IF NOT EXISTS nodes (name TEXT PRIMARY KEY, registered_ms INTEGER NOT NULL,"
    " registration BLOB NOT NULL);";
// An upsert that keeps the newer registration (registered_ms), bound as name, ms, blob.
inline constexpr const char *kNodesUpsertSql =
    "INSERT INTO nodes (name, registered_ms, registration) VALUES (?, ?, ?) ON CONFLICT(name) DO "
    "UPDATE SET registered_ms = excluded.registered_ms, registration = excluded.registration "
    "WHERE excluded.registered_ms >= nodes.registered_ms";

struct NodeRows {
    std::vector<pb::RegisterNodeRequest> registrations; // usable rows, by node name
    std::vector<std::string> skipped;                   // "nodes row 'NAME': why", one per bad row
};

// One row as stored: the registration, or why it cannot be used (no "nodes row" prefix).
Result<pb::RegisterNodeRequest> decodeNodeRow(const std::string &name, std::int64_t registeredMs,
                                              const std::string &blob);
// Every row of the table; none when the table is not there (a state.db from before it).
Result<NodeRows> readNodeRows(sqlite3 *db);

} // namespace sn::rpc
