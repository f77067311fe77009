// The "the agent streams log lines", with real programs: a real supernoded over TLS
// with tokens and a real `supernode-agent --daemon --log-file F` (GPUs through the test-only
// fake NVML). Lines written to F are searchable on the daemon (QueryLogs) under the agent's
// node and mined like any line (an Xid 79 line carries its signature and raises its event).
// The daemon is then SIGKILLed; lines written while it is down wait in the agent's disk buffer
// and arrive after the restart, each once and in order.
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/streaming_agent.h"
#include "tests/support/supernoded_process.h"

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

bool appendLines(const QString &path, const QStringList &lines)
{
    QFile f(path);
    if (!f.open(QIODevice::Append))
        return false;
    for (const QString &l : lines)
        f.write(l.toUtf8() + "\n");
    return true;
}

QStringList keptTexts(rpc::RemoteEngine &engine, std::int64_t since)
{
    pb::LogQueryRequest q;
    q.set_node("log-node");
    q.set_source("node.log"); // a file's lines carry its base name
    q.set_start_ms(since);
    q.set_end_ms(since + 3'600'000); // the daemon's clock is virtual: name the end
    auto r = waitFor(engine.queryLogs(q));
    QStringList texts;
    if (r)
        for (const pb::LogLine &l : r->lines())
            texts << QString::fromStdString(l.text());
    return texts;
}

} // namespace

class TestAgentLogLines : public QObject {
    Q_OBJECT

private slots:
    void linesReachTheDaemonOnceAcrossItsRestart()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1); // virtual time: the simulator writes no lines by itself
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        o.port = daemon.port(); // the agent keeps its address across the restart

        QTemporaryDir logDir;
        const QString logFile = logDir.filePath("node.log");
        QVERIFY(appendLines(logFile, {"written before the agent started: not sent"}));
        test::StreamingAgentOptions ao;
        ao.node = QStringLiteral("log-node");
        ao.nvml = QStringLiteral(FAKE_NVML_MODERN);
        ao.intervalMs = 500;
        ao.args = QStringList{"--no-register", "--log-file", logFile};
        test::StreamingAgent agent(daemon, ao);
        QVERIFY(agent.started());
        QTRY_VERIFY_WITH_TIMEOUT(agent.output().contains("streaming"), 10000);
        QVERIFY2(agent.output().contains("+ logs (" + logFile + ")"), qPrintable(agent.output()));
        QTest::qWait(1500); // the agent's first polls: the file is followed from its end

        const std::int64_t since = QDateTime::currentMSecsSinceEpoch() - 60'000;
        const QStringList before{"NVRM: Xid (PCI:0000:18:00): 79, pid=4242, name=python, GPU has fallen off the bus.",
                                 "slurmd[811]: launch task 77.0 request from UID 1000",
                                 "slurmd[811]: launch task 78.0 request from UID 1000"};
        QVERIFY(appendLines(logFile, before));
        {
            rpc::RemoteEngine engine(daemon.client("viewer"));
            QTRY_COMPARE_WITH_TIMEOUT(keptTexts(engine, since), before, 15000);
            pb::LogQueryRequest q;
            q.set_node("log-node");
            q.set_signature("nvrm.xid.79");
            q.set_start_ms(since);
            q.set_end_ms(since + 3'600'000);
            auto xid = waitFor(engine.queryLogs(q));
            QVERIFY(xid.ok());
            QCOMPARE(xid->lines_size(), 1);
            auto events = waitFor(engine.listEvents({}));
            QVERIFY(events.ok());
            const bool raised = std::any_of(events->events().begin(), events->events().end(), [](const pb::Event &e) {
                return e.kind() == "gpu.lost" && e.node() == "log-node";
            });
            QVERIFY2(raised, "no gpu.lost event for log-node");
        }

        daemon.kill9();
        QStringList during;
        for (int i = 0; i < 4; ++i)
            during << QStringLiteral("written while the daemon was down: line %1").arg(i);
        QVERIFY(appendLines(logFile, during.mid(0, 2)));
        QTest::qWait(2000);
        QVERIFY(appendLines(logFile, during.mid(2)));
        QTest::qWait(1500);
        QVERIFY2(agent.running(), qPrintable(agent.output()));
        QVERIFY2(daemon.start(o, &why), qPrintable(why));

        // The daemon keeps log lines in memory: the ones from before the kill went with it;
        // the ones buffered at the agent come, once each, in order. The agent learns what was
        // stored when its stream ends: if the kill came before the stream that carried the
        // first lines ended, it sends them again too, which gives them back to the new daemon
        // (still once each, and before the later ones).
        rpc::RemoteEngine engine(daemon.client("viewer"));
        QTRY_VERIFY_WITH_TIMEOUT(keptTexts(engine, since).size() >= during.size(), 30000);
        QTest::qWait(2000); // streams closed and resent meanwhile must not add copies
        const QStringList kept = keptTexts(engine, since);
        QVERIFY2(kept == during || kept == before + during, qPrintable(kept.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestAgentLogLines)
#include "tst_agent_log_lines.moc"
