// Node registrations survive a supernoded restart, against a real daemon over TLS with tokens:
// - a node registered (RegisterNode) is in GetCluster after a clean stop and after kill -9, with
//   its GPUs, NVLinks, host facts and registration time, and the timeline has its
//   node.registered event once; the agent reconnecting with the same hardware raises nothing,
//   a changed one is stored as the newer row;
// - a configured node (cluster.yaml names it) keeps its address and takes the registered GPUs,
//   and counts as reporting while its agent pushes samples;
// - nodes rows that cannot be used (bytes that do not parse, a row naming another node, a
//   registration checkRegistration refuses), written with the sqlite3 library into the stopped
//   daemon's state.db, are skipped at start with a message naming the row, left in the table,
//   and reported by --check-state; the node's next registration replaces its row;
// - a malformed registration, or one with a viewer's token, is refused and never stored.
#include "backend/remote/daemon/daemon_options.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/register_node.h"
#include "tests/support/sample_pusher.h"

#include <QDateTime>
#include <QTest>

#include <sqlite3.h>

using namespace sn;
using sn::test::SupernodedProcess;

namespace {

int eventCount(rpc::RemoteEngine &engine, const std::string &kind, const std::string &node)
{
    int count = 0;
    if (auto r = waitFor(engine.listEvents({})))
        for (const pb::Event &e : r->events())
            count += e.kind() == kind && e.node() == node;
    return count;
}

// Runs SQL on a stopped daemon's state.db; empty, or sqlite's error.
QString execSql(const QString &db, const std::string &sql)
{
    sqlite3 *handle = nullptr;
    if (sqlite3_open(db.toLocal8Bit().constData(), &handle) != SQLITE_OK)
        return QStringLiteral("cannot open %1").arg(db);
    char *error = nullptr;
    const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
    const QString why = rc == SQLITE_OK ? QString() : QString::fromUtf8(error ? error : "?");
    sqlite3_free(error);
    sqlite3_close(handle);
    return why;
}

// Inserts or replaces a nodes row with the given registration bytes.
QString putRow(const QString &db, const std::string &name, std::int64_t registeredMs, const std::string &blob)
{
    sqlite3 *handle = nullptr;
    if (sqlite3_open(db.toLocal8Bit().constData(), &handle) != SQLITE_OK)
        return QStringLiteral("cannot open %1").arg(db);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(handle, "INSERT OR REPLACE INTO nodes (name, registered_ms, registration) VALUES (?, ?, ?)", -1,
                       &s, nullptr);
    sqlite3_bind_text(s, 1, name.data(), int(name.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 2, registeredMs);
    sqlite3_bind_blob(s, 3, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
    const int rc = sqlite3_step(s);
    const QString why = rc == SQLITE_DONE ? QString() : QString::fromUtf8(sqlite3_errmsg(handle));
    sqlite3_finalize(s);
    sqlite3_close(handle);
    return why;
}

// The names in the nodes table, in order.
QStringList rowNames(const QString &db)
{
    QStringList names;
    sqlite3 *handle = nullptr;
    if (sqlite3_open_v2(db.toLocal8Bit().constData(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(handle, "SELECT name FROM nodes ORDER BY name", -1, &s, nullptr) == SQLITE_OK)
            while (sqlite3_step(s) == SQLITE_ROW)
                names << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
        sqlite3_finalize(s);
    }
    sqlite3_close(handle);
    return names;
}

} // namespace

class TestSupernodedNodes : public QObject {
    Q_OBJECT

private slots:
    void registrationSurvivesRestart_data()
    {
        QTest::addColumn<bool>("crash");
        QTest::newRow("clean stop") << false;
        QTest::newRow("kill -9") << true;
    }

    void registrationSurvivesRestart()
    {
        QFETCH(bool, crash);
        SupernodedProcess daemon;
        const SupernodedProcess::Options o = test::quietDaemonOptions();
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        grpc::Status s = test::registerNode(daemon, test::agentRegistration("agent-node", 4), &answer);
        QVERIFY2(s.ok(), s.error_message().c_str());
        QVERIFY(!answer.configured());
        QVERIFY(answer.event_id() > 0);
        std::int64_t registeredMs = 0;
        {
            rpc::RemoteEngine viewer(daemon.client("viewer"));
            const auto c = waitFor(viewer.getCluster());
            QVERIFY(c.ok() && test::findNode(*c, "agent-node"));
            registeredMs = test::findNode(*c, "agent-node")->registered_ms();
            QVERIFY(registeredMs > 0);
        }
        // Answered means committed: killed at once, the registration is still there.
        crash ? daemon.kill9() : daemon.stop();
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        rpc::RemoteEngine viewer(daemon.client("viewer"));
        const auto c = waitFor(viewer.getCluster());
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        const pb::Node *n = test::findNode(*c, "agent-node");
        QVERIFY2(n, qPrintable(daemon.output()));
        QVERIFY(n->registered());
        QVERIFY(n->unconfigured());
        QCOMPARE(n->registered_ms(), registeredMs);
        QCOMPARE(n->gpus_size(), 4);
        QCOMPARE(n->gpus(2).id(), std::string("agent-node/gpu2"));
        QCOMPARE(n->gpus(2).uuid(), std::string("GPU-agent-node-2"));
        QCOMPARE(n->gpus(2).model(), std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(n->host_facts().at("agent_version"), std::string("test"));
        QCOMPARE(n->state(), pb::NODE_STATE_DOWN); // known from disk; its agent has not pushed since
        int nvlinks = 0;
        for (const pb::Link &l : c->links())
            nvlinks += l.b() == "agent-node/nvswitch0" && l.type() == pb::LINK_TYPE_NVLINK;
        QCOMPARE(nvlinks, 4);
        QCOMPARE(eventCount(viewer, "node.registered", "agent-node"), 1); // the first run's, restored

        // The agent reconnects with the same hardware: nothing new, no event.
        s = test::registerNode(daemon, test::agentRegistration("agent-node", 4), &answer);
        QVERIFY2(s.ok(), s.error_message().c_str());
        QVERIFY(!answer.changed());
        QCOMPARE(answer.event_id(), std::uint64_t(0));
        QCOMPARE(eventCount(viewer, "node.registered", "agent-node"), 1);
        // A board swapped: the newer registration is the row a restart reads.
        s = test::registerNode(daemon, test::agentRegistration("agent-node", 8), &answer);
        QVERIFY2(s.ok() && answer.changed(), s.error_message().c_str());
        crash ? daemon.kill9() : daemon.stop();
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        rpc::RemoteEngine again(daemon.client("viewer"));
        const auto after = waitFor(again.getCluster());
        QVERIFY(after.ok() && test::findNode(*after, "agent-node"));
        QCOMPARE(test::findNode(*after, "agent-node")->gpus_size(), 8);
        QCOMPARE(eventCount(again, "node.registered", "agent-node"), 1);
        QCOMPARE(eventCount(again, "node.hardware_changed", "agent-node"), 1);
        daemon.stop();
        QString report;
        QVERIFY2(daemon.checkState(&report) == rpc::kDaemonOk, qPrintable(report));
    }

    void configuredNodeIsRegisteredAndReportsWhilePushing()
    {
        SupernodedProcess daemon;
        const SupernodedProcess::Options o = test::realClusterDaemonOptions();
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        grpc::Status s = test::registerNode(daemon, test::agentRegistration("gpu-a", 2), &answer);
        QVERIFY2(s.ok(), s.error_message().c_str());
        QVERIFY(answer.configured());
        daemon.kill9();
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        rpc::RemoteEngine viewer(daemon.client("viewer"));
        const auto nodeNow = [&viewer]() -> pb::Node {
            const auto c = waitFor(viewer.getCluster());
            const pb::Node *n = c.ok() ? test::findNode(*c, "gpu-a") : nullptr;
            return n ? *n : pb::Node{};
        };
        pb::Node n = nodeNow();
        QVERIFY(n.registered());
        QVERIFY(!n.unconfigured());
        QCOMPARE(n.address(), std::string("127.0.0.1")); // cluster.yaml's
        QCOMPARE(n.gpus_size(), 2);                      // the agent's, not cluster.yaml's one A100
        QCOMPARE(n.gpus(1).model(), std::string("NVIDIA H100 80GB HBM3"));
        QTRY_COMPARE_WITH_TIMEOUT(nodeNow().state(), pb::NODE_STATE_DOWN, 10000); // its poller fails
        test::SamplePusher agent("gpu-a", 2, QDateTime::currentMSecsSinceEpoch());
        const auto pushed = agent.push(daemon, 2);
        QVERIFY2(pushed.status.ok(), pushed.status.error_message().c_str());
        QCOMPARE(nodeNow().state(), pb::NODE_STATE_UP);
        QCOMPARE(eventCount(viewer, "node.registered", "gpu-a"), 1);
    }

    void unusableRowsAreSkippedNamedAndReported()
    {
        SupernodedProcess daemon;
        const SupernodedProcess::Options o = test::quietDaemonOptions();
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        for (const char *name : {"good-node", "bad-node"}) {
            const grpc::Status s = test::registerNode(daemon, test::agentRegistration(name, 2), &answer);
            QVERIFY2(s.ok(), s.error_message().c_str());
        }
        daemon.stop();
        const QString db = daemon.stateDir() + "/state.db";
        QCOMPARE(rowNames(db), (QStringList{"bad-node", "good-node"}));
        pb::RegisterNodeRequest good = test::agentRegistration("good-node", 2);
        good.mutable_node()->set_registered_ms(1000);
        pb::RegisterNodeRequest repeated = test::agentRegistration("dup-gpus", 2);
        repeated.mutable_node()->set_registered_ms(1000);
        repeated.mutable_node()->mutable_gpus(1)->set_index(0);
        QCOMPARE(execSql(db, "UPDATE nodes SET registration = X'ffffffff0a' WHERE name = 'bad-node'"), QString());
        QCOMPARE(putRow(db, "other-name", 1000, good.SerializeAsString()), QString());
        QCOMPARE(putRow(db, "dup-gpus", 1000, repeated.SerializeAsString()), QString());

        QString report;
        QCOMPARE(daemon.checkState(&report), int(rpc::kDaemonStateDamaged));
        for (const char *says : {"nodes row 'bad-node': the registration does not parse",
                                 "nodes row 'other-name': the registration is of node 'good-node'",
                                 "nodes row 'dup-gpus': node.gpus[1].index: repeats GPU 0"})
            QVERIFY2(report.contains(says), qPrintable(report));

        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        const QString started = daemon.output();
        for (const char *says : {"nodes row 'bad-node'", "nodes row 'other-name'", "nodes row 'dup-gpus'"})
            QVERIFY2(started.contains(says) && started.contains("skipped"), qPrintable(started));
        {
            rpc::RemoteEngine viewer(daemon.client("viewer"));
            const auto c = waitFor(viewer.getCluster());
            QVERIFY(c.ok());
            QVERIFY(test::findNode(*c, "good-node"));
            for (const char *skipped : {"bad-node", "other-name", "dup-gpus", "good-node/"})
                QVERIFY2(!test::findNode(*c, skipped), skipped);
        }
        // Nothing is lost: the rows are still there, and bad-node's agent registering replaces its row.
        const grpc::Status s = test::registerNode(daemon, test::agentRegistration("bad-node", 2), &answer);
        QVERIFY2(s.ok(), s.error_message().c_str());
        daemon.stop();
        QCOMPARE(rowNames(db), (QStringList{"bad-node", "dup-gpus", "good-node", "other-name"}));
        QCOMPARE(daemon.checkState(&report), int(rpc::kDaemonStateDamaged));
        QVERIFY2(!report.contains("'bad-node'"), qPrintable(report));
        QVERIFY2(report.contains("'dup-gpus'"), qPrintable(report));
    }

    void malformedOrUnauthorizedRegistrationIsNotStored()
    {
        SupernodedProcess daemon;
        const SupernodedProcess::Options o = test::quietDaemonOptions();
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        pb::RegisterNodeRequest bad = test::agentRegistration("neg-node", 2);
        bad.mutable_node()->mutable_gpus(0)->set_index(-1);
        grpc::Status s = test::registerNode(daemon, bad, &answer);
        QCOMPARE(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY2(QString::fromStdString(s.error_message()).contains("node.gpus[0].index"), s.error_message().c_str());
        s = test::registerNode(daemon, test::agentRegistration("viewer-node", 2), &answer, "viewer");
        QCOMPARE(s.error_code(), grpc::StatusCode::PERMISSION_DENIED);
        // A simulated node's name is the simulator's.
        std::string simulated;
        {
            rpc::RemoteEngine viewer(daemon.client("viewer"));
            const auto c = waitFor(viewer.getCluster());
            QVERIFY(c.ok() && c->nodes_size() > 0);
            simulated = c->nodes(0).name();
        }
        s = test::registerNode(daemon, test::agentRegistration(simulated, 1), &answer);
        QCOMPARE(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
        daemon.kill9();
        QCOMPARE(rowNames(daemon.stateDir() + "/state.db"), QStringList());
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        rpc::RemoteEngine viewer(daemon.client("viewer"));
        const auto c = waitFor(viewer.getCluster());
        QVERIFY(c.ok());
        for (const pb::Node &n : c->nodes())
            QVERIFY2(!n.registered(), n.name().c_str());
    }
};

QTEST_GUILESS_MAIN(TestSupernodedNodes)
#include "tst_supernoded_nodes.moc"
