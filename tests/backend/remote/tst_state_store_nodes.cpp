// The state store's nodes table (node_rows.h): a registration committed is read back whole by
// the next open; of two writes of one node the newer registered_ms wins in whatever order they
// commit; rows that cannot be used are named (by their key) and left out, the good ones kept;
// a state.db from before the table reads as no nodes; the check reads the same rows.
#include "backend/remote/daemon/daemon_state_check.h"
#include "backend/remote/daemon/state_store.h"
#include "tests/support/state_commit.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sn;
using namespace sn::rpc;
using sn::test::commitNow;

namespace {

pb::RegisterNodeRequest kept(const std::string &name, int gpus, std::int64_t registeredMs)
{
    pb::RegisterNodeRequest r;
    pb::Node &n = *r.mutable_node();
    n.set_name(name);
    n.set_registered(true);
    n.set_registered_ms(registeredMs);
    for (int i = 0; i < gpus; ++i) {
        pb::Gpu *g = n.add_gpus();
        g->set_index(i);
        g->set_id(name + "/gpu" + std::to_string(i));
        g->set_model("NVIDIA H100 80GB HBM3");
    }
    (*n.mutable_host_facts())["kernel"] = "6.1.0";
    r.add_notes("ibstat: not found");
    return r;
}

void exec(const QString &db, const char *sql)
{
    sqlite3 *h = nullptr;
    QCOMPARE(sqlite3_open(db.toLocal8Bit().constData(), &h), SQLITE_OK);
    char *error = nullptr;
    const int rc = sqlite3_exec(h, sql, nullptr, nullptr, &error);
    QVERIFY2(rc == SQLITE_OK, error);
    sqlite3_close(h);
}

} // namespace

class TestStateStoreNodes : public QObject {
    Q_OBJECT

private slots:
    void registrationRoundTrips()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("state.db").toStdString();
        const pb::RegisterNodeRequest a = kept("node-a", 8, 1000), b = kept("node-b", 2, 2000);
        {
            auto store = StateStore::open(path);
            QVERIFY(store.ok());
            QVERIFY(commitNow(**store, {StateWrite(b), StateWrite(a)}).ok());
        }
        auto store = StateStore::open(path);
        QVERIFY(store.ok());
        const auto rows = (*store)->nodes();
        QVERIFY(rows.ok());
        QVERIFY(rows->skipped.empty());
        QCOMPARE(rows->registrations.size(), std::size_t(2));
        QCOMPARE(rows->registrations[0].SerializeAsString(), a.SerializeAsString()); // by name
        QCOMPARE(rows->registrations[1].SerializeAsString(), b.SerializeAsString());
    }

    void newerRegistrationWinsWhateverTheOrder()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("state.db").toStdString();
        auto store = StateStore::open(path);
        QVERIFY(store.ok());
        QVERIFY(commitNow(**store, {StateWrite(kept("node-a", 8, 5000))}).ok());
        // An older write that commits later (another gRPC thread's) must not undo the newer one.
        QVERIFY(commitNow(**store, {StateWrite(kept("node-a", 4, 4000))}).ok());
        auto rows = (*store)->nodes();
        QCOMPARE(rows->registrations.at(0).node().gpus_size(), 8);
        QVERIFY(commitNow(**store, {StateWrite(kept("node-a", 2, 6000))}).ok());
        rows = (*store)->nodes();
        QCOMPARE(rows->registrations.size(), std::size_t(1));
        QCOMPARE(rows->registrations.at(0).node().gpus_size(), 2);
        QCOMPARE(rows->registrations.at(0).node().registered_ms(), std::int64_t(6000));
    }

    void unusableRowsAreNamedAndLeftOut_data()
    {
        QTest::addColumn<QByteArray>("sql");
        QTest::addColumn<QString>("says");
        QTest::newRow("bytes that do not parse")
            << QByteArray("UPDATE nodes SET registration = X'ffff01' WHERE name = 'node-b'")
            << "nodes row 'node-b': the registration does not parse (3 bytes)";
        QTest::newRow("key names another node")
            << QByteArray("UPDATE nodes SET name = 'node-x' WHERE name = 'node-b'")
            << "nodes row 'node-x': the registration is of node 'node-b', not of its key";
        QTest::newRow("time column disagrees") << QByteArray("UPDATE nodes SET registered_ms = 7 WHERE name = 'node-b'")
                                               << "nodes row 'node-b': registered_ms 7 but the registration says 2000";
        QTest::newRow("empty registration") << QByteArray("UPDATE nodes SET registration = X'' WHERE name = 'node-b'")
                                            << "nodes row 'node-b': the registration is of node ''";
    }

    void unusableRowsAreNamedAndLeftOut()
    {
        QFETCH(QByteArray, sql);
        QFETCH(QString, says);
        QTemporaryDir dir;
        const QString path = dir.filePath("state.db");
        {
            auto store = StateStore::open(path.toStdString());
            QVERIFY(
                commitNow(**store, {StateWrite(kept("node-a", 8, 1000)), StateWrite(kept("node-b", 2, 2000))}).ok());
        }
        exec(path, sql.constData());
        QVERIFY(checkStateDatabase(path.toStdString()).size() == 1);
        QVERIFY2(QString::fromStdString(checkStateDatabase(path.toStdString()).at(0)).contains(says),
                 checkStateDatabase(path.toStdString()).at(0).c_str());
        auto store = StateStore::open(path.toStdString());
        const auto rows = (*store)->nodes();
        QVERIFY(rows.ok());
        QCOMPARE(rows->registrations.size(), std::size_t(1));
        QCOMPARE(rows->registrations[0].node().name(), std::string("node-a"));
        QCOMPARE(rows->skipped.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(rows->skipped[0]).startsWith(says), rows->skipped[0].c_str());
    }

    void stateFromBeforeTheTableHasNoNodes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("state.db");
        {
            auto store = StateStore::open(path.toStdString());
            QVERIFY(store.ok());
        }
        exec(path, "DROP TABLE nodes");
        QVERIFY(checkStateDatabase(path.toStdString()).empty()); // read-only: nothing to create
        auto store = StateStore::open(path.toStdString());       // the writer makes the table
        QVERIFY(store.ok());
        const auto rows = (*store)->nodes();
        QVERIFY(rows.ok() && rows->registrations.empty() && rows->skipped.empty());
        QVERIFY(commitNow(**store, {StateWrite(kept("node-a", 1, 1))}).ok());
        QCOMPARE((*store)->nodes()->registrations.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestStateStoreNodes)
#include "tst_state_store_nodes.moc"
