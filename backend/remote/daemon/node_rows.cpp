#include "backend/remote/daemon/node_rows.h"

#include "backend/engine/node_registry.h"

#include <sqlite3.h>

namespace sn::rpc {

Result<pb::RegisterNodeRequest> decodeNodeRow(const std::string &name, std::int64_t registeredMs,
                                              const std::string &blob)
{
    pb::RegisterNodeRequest r;
    if (!r.ParseFromString(blob))
        return invalidArgument("the registration does not parse (" + std::to_string(blob.size()) + " bytes)");
    if (r.node().name() != name)
        return invalidArgument("the registration is of node '" + r.node().name() + "', not of its key");
    if (r.node().registered_ms() != registeredMs)
        return invalidArgument("registered_ms " + std::to_string(registeredMs) + " but the registration says " +
                               std::to_string(r.node().registered_ms()));
    if (Status ok = checkRegistration(r); !ok)
        return ok.error();
    return r;
}

Result<NodeRows> readNodeRows(sqlite3 *db)
{
    NodeRows rows;
    sqlite3_stmt *stmt = nullptr;
    // A state.db from before the table: nothing to read (a read-only check cannot create it).
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'nodes'", -1, &stmt,
                           nullptr) != SQLITE_OK)
        return Error{ErrorCode::Unavailable, std::string("reading the nodes table: ") + sqlite3_errmsg(db)};
    const bool exists = sqlite3_step(stmt) == SQLITE_ROW;
    sqlite3_finalize(stmt);
    if (!exists)
        return rows;
    if (sqlite3_prepare_v2(db, "SELECT name, registered_ms, registration FROM nodes ORDER BY name", -1, &stmt,
                           nullptr) != SQLITE_OK)
        return Error{ErrorCode::Unavailable, std::string("reading the nodes table: ") + sqlite3_errmsg(db)};
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0));
        const std::string name = text ? std::string(text, std::size_t(sqlite3_column_bytes(stmt, 0))) : std::string();
        const auto *bytes = static_cast<const char *>(sqlite3_column_blob(stmt, 2));
        const std::string blob = bytes ? std::string(bytes, std::size_t(sqlite3_column_bytes(stmt, 2))) : std::string();
        auto r = decodeNodeRow(name, sqlite3_column_int64(stmt, 1), blob);
        if (r)
            rows.registrations.push_back(std::move(*r));
        else
            rows.skipped.push_back("nodes row '" + name + "': " + r.error().message);
    }
    Error failed{ErrorCode::Unavailable, std::string("reading the nodes table: ") + sqlite3_errmsg(db)};
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return failed;
    return rows;
}

} // namespace sn::rpc
