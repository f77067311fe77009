// What keeps supernoded's state.db from growing without bound (issue 29, item 6): events beyond
// their retention go by id, ended jobs beyond theirs by end time (pending and running ones always
// stay), in the commit that adds new ones; a state.db from before job retention is given the end
// times of its jobs when opened. Real SQLite files in a temporary directory.
#include <QTemporaryDir>
#include <QTest>

#include "backend/remote/daemon/state_store.h"
#include "tests/support/state_commit.h"

#include <sqlite3.h>

#include <set>

using namespace sn;
using namespace sn::rpc;
using sn::test::commitNow;

namespace {

pb::Event eventNumbered(std::uint64_t id)
{
    pb::Event e;
    e.set_id(id);
    e.set_kind("gpu.xid");
    e.set_message("event " + std::to_string(id));
    return e;
}

pb::Job job(int n, pb::JobState state, std::int64_t endMs = 0)
{
    pb::Job j;
    j.set_id(std::to_string(n));
    j.set_state(state);
    j.set_end_time_ms(endMs);
    j.mutable_spec()->set_name("job " + std::to_string(n));
    return j;
}

std::set<std::string> ids(const std::vector<pb::Job> &jobs)
{
    std::set<std::string> out;
    for (const pb::Job &j : jobs)
        out.insert(j.id());
    return out;
}

} // namespace

class TestStateRetention : public QObject {
    Q_OBJECT

private slots:
    void eventsKeepTheNewestWithinTheRetention()
    {
        QTemporaryDir dir;
        StateStore::Retention retention;
        retention.eventRows = 100;
        auto store = StateStore::open(dir.filePath("state.db").toStdString(), retention);
        QVERIFY(store.ok());
        for (std::uint64_t batch = 0; batch < 30; ++batch) {
            std::vector<StateWrite> writes;
            for (std::uint64_t i = 1; i <= 17; ++i)
                writes.emplace_back(eventNumbered(batch * 17 + i));
            QVERIFY(commitNow(**store, std::move(writes)).ok());
        }
        const auto kept = (*store)->events().value();
        QCOMPARE(kept.size(), std::size_t(100));
        QCOMPARE(kept.front().id(), std::uint64_t(411)); // 510 written, the newest 100 kept
        QCOMPARE(kept.back().id(), std::uint64_t(510));
    }

    void endedJobsGoOldestFirstWhilePendingAndRunningStay()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("state.db").toStdString();
        StateStore::Retention retention;
        retention.endedJobRows = 10;
        {
            auto store = StateStore::open(path, retention);
            QVERIFY(store.ok());
            std::vector<StateWrite> writes;
            writes.emplace_back(job(1, pb::JOB_STATE_PENDING));
            writes.emplace_back(job(2, pb::JOB_STATE_RUNNING));
            for (int n = 3; n < 53; ++n) // 50 ended, in an order other than their end times'
                writes.emplace_back(
                    job(n, n % 2 ? pb::JOB_STATE_COMPLETED : pb::JOB_STATE_FAILED, 1000 + (n * 7) % 50));
            QVERIFY(commitNow(**store, std::move(writes)).ok());
            const auto kept = (*store)->jobs().value();
            QCOMPARE(kept.size(), std::size_t(12));
            QVERIFY(ids(kept).contains("1") && ids(kept).contains("2"));
            for (const pb::Job &j : kept)
                if (j.state() != pb::JOB_STATE_PENDING && j.state() != pb::JOB_STATE_RUNNING)
                    QVERIFY2(j.end_time_ms() >= 1040, j.id().c_str()); // the 10 that ended last
        }
        // The pending job ends later: it is the newest ended one, and the oldest goes (after the
        // once-a-second count, at the next open).
        auto store = StateStore::open(path, retention);
        QVERIFY(store.ok());
        QVERIFY(commitNow(**store, {job(1, pb::JOB_STATE_CANCELLED, 5000)}).ok());
        const auto kept = (*store)->jobs().value();
        QCOMPARE(kept.size(), std::size_t(11));
        QVERIFY(ids(kept).contains("1"));
        QVERIFY(ids(kept).contains("2"));
    }

    void aStateFromBeforeJobRetentionIsGivenEndTimes()
    {
        // The jobs table as it was: no ended_ms column. Opening adds it from the jobs themselves.
        QTemporaryDir dir;
        const std::string path = dir.filePath("state.db").toStdString();
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        QCOMPARE(
            sqlite3_exec(db, "CREATE TABLE jobs (id TEXT PRIMARY KEY, job BLOB NOT NULL)", nullptr, nullptr, nullptr),
            SQLITE_OK);
        sqlite3_stmt *insert = nullptr;
        sqlite3_prepare_v2(db, "INSERT INTO jobs (id, job) VALUES (?, ?)", -1, &insert, nullptr);
        for (int n = 1; n <= 30; ++n) {
            const std::string blob =
                job(n, n <= 25 ? pb::JOB_STATE_COMPLETED : pb::JOB_STATE_RUNNING, n <= 25 ? 100 + n : 0)
                    .SerializeAsString();
            const std::string id = std::to_string(n);
            sqlite3_reset(insert);
            sqlite3_bind_text(insert, 1, id.data(), int(id.size()), SQLITE_TRANSIENT);
            sqlite3_bind_blob(insert, 2, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
            QCOMPARE(sqlite3_step(insert), SQLITE_DONE);
        }
        sqlite3_finalize(insert);
        sqlite3_close(db);

        StateStore::Retention retention;
        retention.endedJobRows = 5;
        auto store = StateStore::open(path, retention);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE((*store)->jobs().value().size(), std::size_t(30)); // nothing lost on opening
        QVERIFY(commitNow(**store, {job(31, pb::JOB_STATE_FAILED, 200)}).ok());
        const auto kept = ids((*store)->jobs().value());
        QCOMPARE(kept.size(), std::size_t(10)); // 5 running, the 5 that ended last
        for (const char *id : {"26", "27", "28", "29", "30", "31", "25", "24", "23", "22"})
            QVERIFY2(kept.contains(id), id);
    }
};

QTEST_GUILESS_MAIN(TestStateRetention)
#include "tst_state_retention.moc"
