// supernodectl as a user runs it: commands, --json output, documented exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "tests/support/run_supernodectl.h"

namespace {

using Run = sn::test::CtlRun;

Run ctl(const QStringList &args)
{
    return sn::test::runSupernodectl(args);
}

QJsonObject json(const Run &r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s (%s)", r.out.constData(), qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestSupernodectl : public QObject {
    Q_OBJECT
private slots:
    void statusPrintsTheSimulatedClusterNumbers()
    {
        const Run r = ctl({"--json", "status", "--after", "3"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = json(r);
        QCOMPARE(s["gpus_total"].toInt(), 16);
        QCOMPARE(s["nodes_up"].toInt(), 2);
        QVERIFY(s["simulated"].toBool());
        QVERIFY(s["gpus_busy"].toInt() > 0); // the demo starts as a cluster in use
        QVERIFY(s["power_draw_watts"].toDouble() > 16 * 70);
        const Run text = ctl({"status"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("demo-supernode  (simulated)"));
        QVERIFY(text.out.contains("of 16"));
    }

    void simRunInjectsFaultsAndReportsTheirEvents()
    {
        const Run r = ctl({"--json", "sim", "run", "--seconds", "60", "--inject", "xid79:node01:3@10", "--inject",
                           "nic-flap:node02:1@20"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o["summary"].toObject()["gpus_faulted"].toInt(), 1);
        QStringList kinds;
        for (const QJsonValue &e : o["events"].toObject()["events"].toArray())
            kinds << e.toObject()["kind"].toString();
        QVERIFY2(kinds.contains("gpu.xid") && kinds.contains("nic.flap"), qPrintable(kinds.join(',')));
    }

    void simRunIsDeterministic()
    {
        const QStringList args{"--json", "sim", "run", "--seconds", "120"};
        QCOMPARE(ctl(args).out, ctl(args).out);
    }

    void simFaultsListsEveryKind()
    {
        const Run r = ctl({"sim", "faults", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(json(r)["faults"].toArray().size(), 6);
    }

    void configCheckNamesLineAndColumn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("cluster.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: lab\nsimulation:\n  nodes: many\n");
        f.close();
        const Run bad = ctl({"--json", "config", "check", path});
        QCOMPARE(bad.exitCode, 3);
        const QJsonObject o = json(bad);
        QVERIFY(!o["valid"].toBool());
        QCOMPARE(o["line"].toInt(), 6);
        QVERIFY(o["column"].toInt() > 0);
        const Run text = ctl({"config", "check", path});
        QCOMPARE(text.exitCode, 3);
        QVERIFY2(text.err.contains("cluster.yaml:6:"), text.err.constData());
        const Run demo =
            ctl({"config", "check", qEnvironmentVariable("SN_SOURCE_DIR") + "/resources/demo/cluster.yaml"});
        QCOMPARE(demo.exitCode, 0);
        QVERIFY(demo.out.contains("valid"));
        QCOMPARE(ctl({"config", "check", dir.filePath("missing.yaml")}).exitCode, 3);
    }

    void usageErrorsExitTwo()
    {
        QCOMPARE(ctl({}).exitCode, 2);
        QCOMPARE(ctl({"frobnicate"}).exitCode, 2);
        QCOMPARE(ctl({"status", "--after", "soon"}).exitCode, 2);
        QCOMPARE(ctl({"sim", "run", "--inject", "meteor:node01"}).exitCode, 2);
        QCOMPARE(ctl({"--help"}).exitCode, 0);
    }

    void unknownNodeInAFaultIsInvalidInput()
    {
        const Run r = ctl({"sim", "run", "--seconds", "5", "--inject", "node-down:node99"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("node99"));
    }

    void versionIsPrinted()
    {
        const Run r = ctl({"--version"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("supernodectl 0."));
    }
};

QTEST_GUILESS_MAIN(TestSupernodectl)
#include "tst_supernodectl.moc"
