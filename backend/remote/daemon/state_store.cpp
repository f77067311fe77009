#include "backend/remote/daemon/state_store.h"

#include <sqlite3.h>

#include <QUuid>

#include <algorithm>

namespace sn::rpc {

namespace {

Error sqliteError(sqlite3 *db, const std::string &what)
{
    return Error{ErrorCode::Unavailable, what + ": " + sqlite3_errmsg(db)};
}

// One prepared statement for the length of a call.
class Statement {
public:
    Statement(sqlite3 *db, const char *sql) { sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr); }
    ~Statement() { sqlite3_finalize(m_stmt); }
    sqlite3_stmt *get() const { return m_stmt; }
    explicit operator bool() const { return m_stmt != nullptr; }

private:
    sqlite3_stmt *m_stmt = nullptr;
};

void bindText(sqlite3_stmt *s, int i, const std::string &text)
{
    sqlite3_bind_text(s, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void bindBlob(sqlite3_stmt *s, int i, const std::string &bytes)
{
    sqlite3_bind_blob(s, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
}

std::string columnText(sqlite3_stmt *s, int i)
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(s, i));
    return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

template <typename Message> Result<std::vector<Message>> readBlobs(sqlite3 *db, const char *sql, const char *what)
{
    Statement s(db, sql);
    if (!s)
        return sqliteError(db, std::string("reading ") + what);
    std::vector<Message> out;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
        Message m;
        if (!m.ParseFromArray(sqlite3_column_blob(s.get(), 0), sqlite3_column_bytes(s.get(), 0)))
            return Error{ErrorCode::Internal, std::string("a stored ") + what + " record does not parse"};
        out.push_back(std::move(m));
    }
    return out;
}

bool ended(const pb::Job &job)
{
    return job.state() == pb::JOB_STATE_COMPLETED || job.state() == pb::JOB_STATE_FAILED ||
           job.state() == pb::JOB_STATE_CANCELLED;
}

// When an ended job ended, for retention (0: still pending or running). A job that ended
// without an end time counts as ended at 1, the first to go.
std::int64_t endedMs(const pb::Job &job)
{
    return ended(job) ? std::max<std::int64_t>(job.end_time_ms(), 1) : 0;
}

// A state.db from before job retention: the column added and filled from the jobs themselves.
Status addJobEndTimes(sqlite3 *db)
{
    bool has = false;
    {
        Statement columns(db, "PRAGMA table_info(jobs)");
        while (columns && sqlite3_step(columns.get()) == SQLITE_ROW)
            has = has || columnText(columns.get(), 1) == "ended_ms";
    }
    if (has)
        return sqlite3_exec(db, "CREATE INDEX IF NOT EXISTS jobs_ended ON jobs (ended_ms)", nullptr, nullptr,
                            nullptr) == SQLITE_OK
                   ? success()
                   : Status(sqliteError(db, "indexing the jobs' end times"));
    if (sqlite3_exec(db, "BEGIN IMMEDIATE; ALTER TABLE jobs ADD COLUMN ended_ms INTEGER NOT NULL DEFAULT 0", nullptr,
                     nullptr, nullptr) != SQLITE_OK) {
        Error e = sqliteError(db, "adding the jobs' end times");
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        return e;
    }
    Statement read(db, "SELECT id, job FROM jobs");
    Statement write(db, "UPDATE jobs SET ended_ms = ? WHERE id = ?");
    while (read && write && sqlite3_step(read.get()) == SQLITE_ROW) {
        pb::Job job;
        if (!job.ParseFromArray(sqlite3_column_blob(read.get(), 1), sqlite3_column_bytes(read.get(), 1)))
            continue; // jobs() reports it
        sqlite3_reset(write.get());
        sqlite3_bind_int64(write.get(), 1, endedMs(job));
        bindText(write.get(), 2, columnText(read.get(), 0));
        if (sqlite3_step(write.get()) != SQLITE_DONE)
            break;
    }
    if (sqlite3_exec(db, "CREATE INDEX jobs_ended ON jobs (ended_ms); COMMIT", nullptr, nullptr, nullptr) !=
        SQLITE_OK) {
        Error e = sqliteError(db, "filling the jobs' end times");
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        return e;
    }
    return success();
}

} // namespace

Result<std::unique_ptr<StateStore>> StateStore::open(const std::string &path, Retention retention)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
        Error e = sqliteError(db, path + ": cannot open the state database");
        sqlite3_close(db);
        return e;
    }
    std::unique_ptr<StateStore> store(new StateStore(db, retention));
    const char *schema = "PRAGMA journal_mode=WAL;"
                         "PRAGMA synchronous=FULL;"
                         "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                         "CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, job BLOB NOT NULL,"
                         " ended_ms INTEGER NOT NULL DEFAULT 0);"
                         "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, acknowledged INTEGER NOT NULL,"
                         " event BLOB NOT NULL);"
                         "CREATE TABLE IF NOT EXISTS audit ("
                         " id INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, who TEXT NOT NULL,"
                         " role TEXT NOT NULL, peer TEXT NOT NULL, rpc TEXT NOT NULL, what TEXT NOT NULL,"
                         " outcome TEXT NOT NULL);";
    if (sqlite3_exec(db, schema, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_exec(db, kNodesTableSql, nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(db, path + ": cannot create the state tables");
    if (Status ok = addJobEndTimes(db); !ok)
        return Error{ok.error().code, path + ": " + ok.error().message};
    const std::string fresh = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    {
        Statement insert(db, "INSERT OR IGNORE INTO meta (key, value) VALUES ('epoch', ?)");
        bindText(insert.get(), 1, fresh);
        if (!insert || sqlite3_step(insert.get()) != SQLITE_DONE)
            return sqliteError(db, path + ": cannot record the epoch");
        Statement read(db, "SELECT value FROM meta WHERE key = 'epoch'");
        if (!read || sqlite3_step(read.get()) != SQLITE_ROW)
            return sqliteError(db, path + ": cannot read the epoch");
        store->m_epoch = columnText(read.get(), 0);
    }
    store->m_writer = std::thread([s = store.get()] { s->writerLoop(); });
    return store;
}

StateStore::~StateStore()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_writer.joinable())
        m_writer.join();
    sqlite3_close(m_db);
}

void StateStore::commit(std::vector<StateWrite> writes, std::function<void(const Status &)> done)
{
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back({std::move(writes), std::move(done)});
    }
    m_wake.notify_one();
}

void StateStore::writerLoop()
{
    for (;;) {
        std::deque<Pending> batch;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping, and everything is committed
            batch.swap(m_queue);
        }
        std::vector<StateWrite> writes;
        for (Pending &p : batch)
            for (StateWrite &w : p.writes)
                writes.push_back(std::move(w));
        const Status status = writeBatch(writes);
        for (Pending &p : batch)
            if (p.done)
                p.done(status);
    }
}

Status StateStore::writeBatch(const std::vector<StateWrite> &writes)
{
    if (sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(m_db, "starting a state transaction");
    Statement job(m_db, "INSERT OR REPLACE INTO jobs (id, job, ended_ms) VALUES (?, ?, ?)");
    // An event is written when raised and again when acknowledged, from different threads: the
    // older, unacknowledged copy must never overwrite the acknowledgement.
    Statement event(m_db, "INSERT INTO events (id, acknowledged, event) VALUES (?, ?, ?) ON CONFLICT(id) DO "
                          "UPDATE SET acknowledged = excluded.acknowledged, event = excluded.event "
                          "WHERE excluded.acknowledged >= events.acknowledged");
    Statement audit(m_db, "INSERT INTO audit (time_ms, who, role, peer, rpc, what, outcome) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)");
    Statement node(m_db, kNodesUpsertSql);
    bool audited = false, evented = false, jobEnded = false;
    for (const StateWrite &w : writes) {
        sqlite3_stmt *s = nullptr;
        if (const auto *j = std::get_if<pb::Job>(&w)) {
            s = job.get();
            sqlite3_reset(s);
            bindText(s, 1, j->id());
            bindBlob(s, 2, j->SerializeAsString());
            sqlite3_bind_int64(s, 3, endedMs(*j));
            jobEnded = jobEnded || ended(*j);
        } else if (const auto *e = std::get_if<pb::Event>(&w)) {
            evented = true;
            s = event.get();
            sqlite3_reset(s);
            sqlite3_bind_int64(s, 1, static_cast<sqlite3_int64>(e->id()));
            sqlite3_bind_int(s, 2, e->acknowledged() ? 1 : 0);
            bindBlob(s, 3, e->SerializeAsString());
        } else if (const auto *n = std::get_if<pb::RegisterNodeRequest>(&w)) {
            s = node.get();
            sqlite3_reset(s);
            bindText(s, 1, n->node().name());
            sqlite3_bind_int64(s, 2, n->node().registered_ms());
            bindBlob(s, 3, n->SerializeAsString());
        } else {
            const auto &r = std::get<AuditRecord>(w);
            audited = true;
            s = audit.get();
            sqlite3_reset(s);
            sqlite3_bind_int64(s, 1, r.timeMs);
            const std::string *texts[] = {&r.who, &r.role, &r.peer, &r.rpc, &r.what, &r.outcome};
            for (int i = 0; i < 6; ++i)
                bindText(s, i + 2, *texts[i]);
        }
        if (sqlite3_step(s) != SQLITE_DONE) {
            Error e = sqliteError(m_db, "writing the state");
            sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
            return e;
        }
    }
    const auto now = std::chrono::steady_clock::now();
    const bool countJobs = jobEnded && now - m_jobsPruned >= std::chrono::seconds(1);
    if ((audited && !pruneAudit()) || (evented && !pruneEvents()) || (countJobs && !pruneEndedJobs())) {
        Error e = sqliteError(m_db, "pruning the state to its retention");
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return e;
    }
    if (countJobs)
        m_jobsPruned = now;
    if (sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(m_db, "committing the state");
    return success();
}

bool StateStore::pruneAudit()
{
    // Ids only grow (AUTOINCREMENT): the newest auditRows rows are those above max(id) - auditRows.
    Statement prune(m_db, "DELETE FROM audit WHERE id <= (SELECT MAX(id) FROM audit) - ?");
    if (!prune)
        return false;
    sqlite3_bind_int64(prune.get(), 1, m_retention.auditRows);
    return sqlite3_step(prune.get()) == SQLITE_DONE;
}

bool StateStore::pruneEvents()
{
    // Event ids are the engine's, one after another: the newest eventRows are above max - eventRows.
    Statement prune(m_db, "DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - ?");
    if (!prune)
        return false;
    sqlite3_bind_int64(prune.get(), 1, m_retention.eventRows);
    return sqlite3_step(prune.get()) == SQLITE_DONE;
}

bool StateStore::pruneEndedJobs()
{
    // The end time of the newest ended job beyond the retention; it and older ones go (jobs that
    // ended in the same millisecond as it go together).
    Statement cutoff(m_db, "SELECT ended_ms FROM jobs WHERE ended_ms > 0 ORDER BY ended_ms DESC LIMIT 1 OFFSET ?");
    if (!cutoff)
        return false;
    sqlite3_bind_int64(cutoff.get(), 1, m_retention.endedJobRows);
    const int step = sqlite3_step(cutoff.get());
    if (step == SQLITE_DONE)
        return true; // no more than endedJobRows
    if (step != SQLITE_ROW)
        return false;
    Statement prune(m_db, "DELETE FROM jobs WHERE ended_ms > 0 AND ended_ms <= ?");
    if (!prune)
        return false;
    sqlite3_bind_int64(prune.get(), 1, sqlite3_column_int64(cutoff.get(), 0));
    return sqlite3_step(prune.get()) == SQLITE_DONE;
}

Result<std::vector<pb::Job>> StateStore::jobs() const
{
    return readBlobs<pb::Job>(m_db, "SELECT job FROM jobs ORDER BY length(id), id", "job");
}

Result<std::vector<pb::Event>> StateStore::events() const
{
    return readBlobs<pb::Event>(m_db, "SELECT event FROM events ORDER BY id", "event");
}

Result<NodeRows> StateStore::nodes() const
{
    return readNodeRows(m_db);
}

Result<std::vector<AuditRecord>> StateStore::audit(int limit) const
{
    const std::string sql = "SELECT time_ms, who, role, peer, rpc, what, outcome FROM ("
                            "SELECT * FROM audit ORDER BY id DESC" +
                            (limit > 0 ? " LIMIT " + std::to_string(limit) : std::string()) + ") ORDER BY id ASC";
    Statement s(m_db, sql.c_str());
    if (!s)
        return sqliteError(m_db, "reading the audit log");
    std::vector<AuditRecord> out;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
        AuditRecord r;
        r.timeMs = sqlite3_column_int64(s.get(), 0);
        std::string *texts[] = {&r.who, &r.role, &r.peer, &r.rpc, &r.what, &r.outcome};
        for (int i = 0; i < 6; ++i)
            *texts[i] = columnText(s.get(), i + 1);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace sn::rpc
