#include "backend/remote/daemon/state_store.h"

#include <sqlite3.h>

#include <QUuid>

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
                         "CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, job BLOB NOT NULL);"
                         "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, acknowledged INTEGER NOT NULL,"
                         " event BLOB NOT NULL);"
                         "CREATE TABLE IF NOT EXISTS audit ("
                         " id INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, who TEXT NOT NULL,"
                         " role TEXT NOT NULL, peer TEXT NOT NULL, rpc TEXT NOT NULL, what TEXT NOT NULL,"
                         " outcome TEXT NOT NULL);";
    if (sqlite3_exec(db, schema, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_exec(db, kNodesTableSql, nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqliteError(db, path + ": cannot create the state tables");
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
    Statement job(m_db, "INSERT OR REPLACE INTO jobs (id, job) VALUES (?, ?)");
    // An event is written when raised and again when acknowledged, from different threads: the
    // older, unacknowledged copy must never overwrite the acknowledgement.
    Statement event(m_db, "INSERT INTO events (id, acknowledged, event) VALUES (?, ?, ?) ON CONFLICT(id) DO "
                          "UPDATE SET acknowledged = excluded.acknowledged, event = excluded.event "
                          "WHERE excluded.acknowledged >= events.acknowledged");
    Statement audit(m_db, "INSERT INTO audit (time_ms, who, role, peer, rpc, what, outcome) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)");
    Statement node(m_db, kNodesUpsertSql);
    bool audited = false;
    for (const StateWrite &w : writes) {
        sqlite3_stmt *s = nullptr;
        if (const auto *j = std::get_if<pb::Job>(&w)) {
            s = job.get();
            sqlite3_reset(s);
            bindText(s, 1, j->id());
            bindBlob(s, 2, j->SerializeAsString());
        } else if (const auto *e = std::get_if<pb::Event>(&w)) {
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
    if (audited && !pruneAudit()) {
        Error e = sqliteError(m_db, "pruning the audit log");
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return e;
    }
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
