#include "backend/remote/grpc/audit_log.h"

#include <sqlite3.h>

#include <memory>

namespace sn::rpc {

namespace {
Error sqliteError(sqlite3 *db, const std::string &what)
{
    return Error{ErrorCode::Unavailable, what + ": " + sqlite3_errmsg(db)};
}
} // namespace

Result<std::unique_ptr<AuditLog>> AuditLog::open(const std::string &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
        Error e = sqliteError(db, path + ": cannot open the audit database");
        sqlite3_close(db);
        return e;
    }
    std::unique_ptr<AuditLog> log(new AuditLog(db));
    const char *schema = "PRAGMA journal_mode=WAL;"
                         "PRAGMA synchronous=FULL;"
                         "CREATE TABLE IF NOT EXISTS audit ("
                         " id INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, who TEXT NOT NULL,"
                         " role TEXT NOT NULL, peer TEXT NOT NULL, rpc TEXT NOT NULL, what TEXT NOT NULL,"
                         " outcome TEXT NOT NULL);";
    if (sqlite3_exec(db, schema, nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(db, path + ": cannot create the audit table");
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO audit (time_ms, who, role, peer, rpc, what, outcome) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)",
                           -1, &log->m_insert, nullptr) != SQLITE_OK)
        return sqliteError(db, path + ": cannot prepare the audit insert");
    return log;
}

AuditLog::~AuditLog()
{
    sqlite3_finalize(m_insert);
    sqlite3_close(m_db);
}

Status AuditLog::record(const AuditRecord &r)
{
    std::lock_guard lock(m_mutex);
    sqlite3_reset(m_insert);
    sqlite3_bind_int64(m_insert, 1, r.timeMs);
    const std::string *texts[] = {&r.who, &r.role, &r.peer, &r.rpc, &r.what, &r.outcome};
    for (int i = 0; i < 6; ++i)
        sqlite3_bind_text(m_insert, i + 2, texts[i]->c_str(), static_cast<int>(texts[i]->size()), SQLITE_TRANSIENT);
    if (sqlite3_step(m_insert) != SQLITE_DONE)
        return sqliteError(m_db, "writing the audit record");
    return success();
}

Result<std::vector<AuditRecord>> AuditLog::recent(int limit) const
{
    std::lock_guard lock(m_mutex);
    sqlite3_stmt *query = nullptr;
    const std::string sql = "SELECT time_ms, who, role, peer, rpc, what, outcome FROM ("
                            "SELECT * FROM audit ORDER BY id DESC" +
                            (limit > 0 ? " LIMIT " + std::to_string(limit) : std::string()) + ") ORDER BY id ASC";
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &query, nullptr) != SQLITE_OK)
        return sqliteError(m_db, "reading the audit log");
    std::vector<AuditRecord> out;
    while (sqlite3_step(query) == SQLITE_ROW) {
        AuditRecord r;
        r.timeMs = sqlite3_column_int64(query, 0);
        std::string *texts[] = {&r.who, &r.role, &r.peer, &r.rpc, &r.what, &r.outcome};
        for (int i = 0; i < 6; ++i)
            *texts[i] = reinterpret_cast<const char *>(sqlite3_column_text(query, i + 1));
        out.push_back(std::move(r));
    }
    sqlite3_finalize(query);
    return out;
}

} // namespace sn::rpc
