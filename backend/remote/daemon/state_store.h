#pragma once
// supernoded's state on disk: jobs, events, the audit log and the nodes agents registered
// (node_rows.h) in one SQLite database
// (STATE_DIR/state.db, WAL, synchronous=FULL). A call is answered only after what it changed is
// committed ("acknowledged = committed"), so kill -9 at any moment loses no answered call.
//
// Group commit: writes are queued and one writer thread commits everything queued in one
// transaction, then runs each write's completion. One fsync then covers many calls, which is
// what lets thousands of submissions per second be durable.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"
#include "backend/remote/daemon/audit_log.h"
#include "backend/remote/daemon/node_rows.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

struct sqlite3;

namespace sn::rpc {

namespace pb = supernode::v1;

// Jobs and events: upsert by id. A RegisterNodeRequest is a node's registration as the engine
// keeps it (LocalEngine::Registration::kept): upsert by node name, the newer registered_ms wins.
using StateWrite = std::variant<pb::Job, pb::Event, AuditRecord, pb::RegisterNodeRequest>;

class StateStore {
public:
    // How much history is kept: the oldest rows beyond go in the commit that adds new ones.
    // Jobs still pending or running are always kept; events by id (the engine keeps as many in
    // memory, Engine::Options::maxEvents), ended jobs by end time.
    struct Retention {
        std::int64_t auditRows = 200000;   // ~100 MB; supernoded --audit-rows
        std::int64_t eventRows = 20000;    // supernoded --event-rows
        std::int64_t endedJobRows = 50000; // ~50 MB; supernoded --ended-jobs
    };
    static Result<std::unique_ptr<StateStore>> open(const std::string &path, Retention retention);
    static Result<std::unique_ptr<StateStore>> open(const std::string &path) { return open(path, Retention{}); }
    ~StateStore(); // commits what is queued, then stops the writer
    StateStore(const StateStore &) = delete;
    StateStore &operator=(const StateStore &) = delete;

    // Queues the writes; done(status) runs on the writer thread once they are committed (or
    // failed). done may be empty.
    void commit(std::vector<StateWrite> writes, std::function<void(const Status &)> done);

    // Read at start-up (not while writing).
    Result<std::vector<pb::Job>> jobs() const;               // in id order (numeric ids numerically)
    Result<std::vector<pb::Event>> events() const;           // in id order
    Result<std::vector<AuditRecord>> audit(int limit) const; // newest last; 0: all
    // Registrations by node name, and the rows that cannot be used (kept in the table).
    Result<NodeRows> nodes() const;
    // This state's epoch: made on first open, the same on every later one (event ids continue).
    std::string epoch() const { return m_epoch; }

private:
    StateStore(sqlite3 *db, Retention retention) : m_db(db), m_retention(retention) {}
    void writerLoop();
    Status writeBatch(const std::vector<StateWrite> &writes);
    // Inside writeBatch's transaction.
    bool pruneAudit();
    bool pruneEvents();
    bool pruneEndedJobs();

    sqlite3 *m_db = nullptr;
    Retention m_retention;
    std::string m_epoch;
    std::chrono::steady_clock::time_point m_jobsPruned; // ended jobs are counted at most once a second
    std::mutex m_mutex;
    std::condition_variable m_wake;
    struct Pending {
        std::vector<StateWrite> writes;
        std::function<void(const Status &)> done;
    };
    std::deque<Pending> m_queue;
    bool m_stopping = false;
    std::thread m_writer;
};

} // namespace sn::rpc
