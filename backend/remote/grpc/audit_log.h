#pragma once
// The audit log: every mutating call (who, what, when, outcome) in SQLite in the state directory.
// A record is committed (WAL, synchronous=FULL) before the call is answered, so an answered call
// is on disk even if the daemon is killed right after.

#include "backend/model/result.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace sn::rpc {

struct AuditRecord {
    std::int64_t timeMs = 0; // wall clock, not the engine's (virtual) clock
    std::string who;         // token name, or "local"
    std::string role;
    std::string peer;    // "ipv4:127.0.0.1:53422"
    std::string rpc;     // "SubmitJob"
    std::string what;    // the request, as short text
    std::string outcome; // "ok", or the gRPC code name and message
};

class AuditLog {
public:
    static Result<std::unique_ptr<AuditLog>> open(const std::string &path);
    ~AuditLog();
    AuditLog(const AuditLog &) = delete;
    AuditLog &operator=(const AuditLog &) = delete;

    Status record(const AuditRecord &record);
    // Newest last; limit 0: all.
    Result<std::vector<AuditRecord>> recent(int limit) const;

private:
    explicit AuditLog(sqlite3 *db) : m_db(db) {}
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_insert = nullptr;
    mutable std::mutex m_mutex;
};

} // namespace sn::rpc
