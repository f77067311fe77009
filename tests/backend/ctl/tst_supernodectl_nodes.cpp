// supernodectl nodes, the real binary: against a real supernoded over TLS with a viewer's token
// (a real cluster: a node configured and registered by its agent and pushing, one configured
// only, one only its agent knows; and a simulated one), --json for scripts and the human table
// in English and Chinese; embedded on the demo cluster; bad arguments and an unreachable
// daemon refused with their exit codes.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/register_node.h"
#include "tests/support/sample_pusher.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace sn;
using sn::test::ctl;

namespace {

QStringList remoteAs(const test::SupernodedProcess &daemon, const QString &role)
{
    QFile token(daemon.path(role + ".token"));
    token.open(QIODevice::WriteOnly);
    token.write(daemon.token(role).toUtf8() + "\n");
    return {"--remote",     QStringLiteral("grpcs://127.0.0.1:%1").arg(daemon.port()),
            "--token-file", token.fileName(),
            "--ca",         daemon.path("certs/ca.pem")};
}

QJsonObject nodeNamed(const QJsonObject &listing, const QString &name)
{
    for (const QJsonValue &v : listing.value("nodes").toArray())
        if (v.toObject().value("name").toString() == name)
            return v.toObject();
    return {};
}

// The line of the human table that starts with the node's name.
QString rowOf(const QByteArray &out, const QString &name)
{
    for (const QString &line : QString::fromUtf8(out).split('\n'))
        if (line.startsWith(name + ' '))
            return line;
    return {};
}

} // namespace

class TestSupernodectlNodes : public QObject {
    Q_OBJECT

private slots:
    void realClusterOverTheRemoteEngine()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(test::realClusterDaemonOptions(), &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        for (const auto &r : {test::agentRegistration("gpu-a", 8), test::agentRegistration("lone-node", 2, "")}) {
            const grpc::Status s = test::registerNode(daemon, r, &answer);
            QVERIFY2(s.ok(), s.error_message().c_str());
        }
        test::SamplePusher agent("gpu-a", 8, QDateTime::currentMSecsSinceEpoch());
        const auto pushed = agent.push(daemon, 1);
        QVERIFY2(pushed.status.ok(), pushed.status.error_message().c_str());
        const QStringList viewer = remoteAs(daemon, "viewer");

        const auto listed = ctl(viewer + QStringList{"nodes", "--json"});
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        const QJsonObject json = test::json(listed);
        QCOMPARE(json.value("cluster").toString(), QStringLiteral("lab"));
        QCOMPARE(json.value("simulated").toBool(), false);
        QCOMPARE(json.value("nodes").toArray().size(), 3);
        const QJsonObject a = nodeNamed(json, "gpu-a"), b = nodeNamed(json, "gpu-b"),
                          lone = nodeNamed(json, "lone-node");
        QCOMPARE(a.value("source").toString(), QStringLiteral("registered"));
        QCOMPARE(a.value("address").toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(a.value("gpus").toInt(), 8);
        QCOMPARE(a.value("gpu_models").toArray(), QJsonArray{"NVIDIA H100 80GB HBM3"});
        QCOMPARE(a.value("reporting").toBool(), true); // its agent pushes
        QCOMPARE(a.value("state").toString(), QStringLiteral("NODE_STATE_UP"));
        QVERIFY(a.value("registered_ms").toInteger() > 0);
        QCOMPARE(b.value("source").toString(), QStringLiteral("configured"));
        QCOMPARE(b.value("gpus").toInt(), 1);
        QCOMPARE(b.value("gpu_models").toArray(), QJsonArray{"NVIDIA A100-SXM4-80GB"});
        QCOMPARE(b.value("reporting").toBool(), false); // no poller answers, no agent
        QCOMPARE(b.value("registered_ms").toInteger(), 0);
        QCOMPARE(lone.value("source").toString(), QStringLiteral("unconfigured"));
        QCOMPARE(lone.value("address").toString(), QString());
        QCOMPARE(lone.value("reporting").toBool(), false);

        const auto table = ctl(viewer + QStringList{"nodes"});
        QVERIFY2(table.exitCode == 0, table.err.constData());
        const QString header = QString::fromUtf8(table.out).section('\n', 0, 0);
        for (const char *column : {"NAME", "ADDRESS", "GPUS", "REPORTING", "KNOWN FROM", "REGISTERED (UTC)"})
            QVERIFY2(header.contains(column), qPrintable(header));
        const QString rowA = rowOf(table.out, "gpu-a");
        const QString registered =
            QDateTime::fromMSecsSinceEpoch(a.value("registered_ms").toInteger(), Qt::UTC).toString(Qt::ISODate);
        for (const QString &cell : {QStringLiteral("127.0.0.1"), QStringLiteral("8 x NVIDIA H100 80GB HBM3"),
                                    QStringLiteral(" yes "), QStringLiteral(" registered "), registered})
            QVERIFY2(rowA.contains(cell), qPrintable(rowA + " / " + cell));
        QVERIFY2(rowOf(table.out, "gpu-b").contains(" no ") && rowOf(table.out, "gpu-b").contains(" configured ") &&
                     rowOf(table.out, "gpu-b").endsWith(" -"),
                 table.out.constData());
        QVERIFY2(rowOf(table.out, "lone-node").contains("2 x unknown model") &&
                     rowOf(table.out, "lone-node").contains(" unconfigured "),
                 table.out.constData());
        // The columns line up: each row's third column starts where the header's does.
        const int gpusAt = header.indexOf("GPUS");
        QCOMPARE(rowA.indexOf("8 x "), gpusAt);

        const auto zh = ctl(QStringList{"--lang", "zh_CN"} + viewer + QStringList{"nodes"});
        QVERIFY2(zh.exitCode == 0, zh.err.constData());
        const QString zhText = QString::fromUtf8(zh.out);
        for (const char *word : {"名称", "地址", "上报", "已注册", "是"})
            QVERIFY2(zhText.contains(QString::fromUtf8(word)), qPrintable(zhText));
        QVERIFY2(!zhText.contains("REPORTING"), qPrintable(zhText));
        const auto zhJson = ctl(QStringList{"--lang", "zh_CN"} + viewer + QStringList{"nodes", "--json"});
        QCOMPARE(nodeNamed(test::json(zhJson), "gpu-a").value("source").toString(), QStringLiteral("registered"));
    }

    void simulatedDaemonAndEmbedded()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(test::quietDaemonOptions(), &why), qPrintable(why));
        pb::RegisterNodeResponse answer;
        const grpc::Status s = test::registerNode(daemon, test::agentRegistration("agent-node", 4), &answer);
        QVERIFY2(s.ok(), s.error_message().c_str());
        const auto remote = ctl(remoteAs(daemon, "viewer") + QStringList{"--json", "nodes"});
        QVERIFY2(remote.exitCode == 0, remote.err.constData());
        const QJsonObject json = test::json(remote);
        QCOMPARE(json.value("simulated").toBool(), true);
        const QJsonArray nodes = json.value("nodes").toArray();
        QCOMPARE(nodes.size(), 2);
        QCOMPARE(nodes[0].toObject().value("source").toString(), QStringLiteral("simulated"));
        QCOMPARE(nodes[0].toObject().value("reporting").toBool(), true);
        QCOMPARE(nodeNamed(json, "agent-node").value("source").toString(), QStringLiteral("unconfigured"));

        // Embedded: the demo super node, 2 nodes x 8 H100, simulated.
        const auto embedded = ctl({"nodes", "--json"});
        QVERIFY2(embedded.exitCode == 0, embedded.err.constData());
        const QJsonArray demo = test::json(embedded).value("nodes").toArray();
        QCOMPARE(demo.size(), 2);
        for (const QJsonValue &n : demo) {
            QCOMPARE(n.toObject().value("gpus").toInt(), 8);
            QCOMPARE(n.toObject().value("source").toString(), QStringLiteral("simulated"));
        }
        const auto human = ctl({"nodes"});
        QCOMPARE(human.exitCode, 0);
        QVERIFY2(human.out.contains(" simulated "), human.out.constData());
    }

    void badArgumentsAndUnreachableDaemon()
    {
        const auto extra = ctl({"nodes", "gpu-a"});
        QCOMPARE(extra.exitCode, 2);
        QVERIFY2(extra.err.contains("nodes takes no argument 'gpu-a'"), extra.err.constData());
        QCOMPARE(ctl({"nodes", "--all"}).exitCode, 2);
        // Nothing listens there: the engine is unavailable (4), and nothing reaches stdout.
        test::SupernodedProcess certs; // for a CA file only
        QString why;
        QVERIFY2(certs.start(test::quietDaemonOptions(), &why), qPrintable(why));
        const QStringList remote = remoteAs(certs, "viewer");
        certs.stop();
        const auto down = ctl(remote + QStringList{"nodes", "--json"});
        QCOMPARE(down.exitCode, 4);
        QVERIFY(down.out.isEmpty());
        QVERIFY2(down.err.startsWith("supernodectl: "), down.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlNodes)
#include "tst_supernodectl_nodes.moc"
