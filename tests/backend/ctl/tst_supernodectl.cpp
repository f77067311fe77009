// supernodectl as a user runs it: commands, --json output, documented exit codes.
#include "tests/backend/ctl/ctl_process.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "tests/support/shared_data.h"

namespace {

using Run = sn::test::CtlRun;
using sn::test::ctl;
using sn::test::json;

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
        QCOMPARE(json(r)["faults"].toArray().size(), 7); // sim/fault.h, ecc-sbe-storm last
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

    // inspect nvidia-smi: real captures in both formats, the text table, and malformed files.
    void inspectNvidiaSmiReadsXmlAndCsvCaptures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("fbUsed");
        QTest::newRow("xml v13") << "xml/rtx-4000-sff-ada-v13.xml"
                                 << "xml"
                                 << "NVIDIA RTX 4000 SFF Ada Generation" << 3534.0;
        QTest::newRow("csv h100") << "query-csv/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__load.csv"
                                  << "csv"
                                  << "NVIDIA H100 80GB HBM3" << 19818.0;
    }
    void inspectNvidiaSmiReadsXmlAndCsvCaptures()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(QString, model);
        QFETCH(double, fbUsed);
        if (!sn::test::requireSharedData("nvidia-smi/" + file))
            return;
        const QString path = sn::test::sharedDataPath("nvidia-smi/" + file);
        const Run r = ctl({"inspect", "nvidia-smi", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o["format"].toString(), format);
        const QJsonObject gpu = o["gpus"].toArray().first().toObject();
        QCOMPARE(gpu["modelName"].toString(), model);
        QCOMPARE(gpu["metrics"].toObject()["DCGM_FI_DEV_FB_USED"].toDouble(), fbUsed);
        QVERIFY(gpu["not_reported"].toArray().contains(QJsonValue("DCGM_FI_DEV_XID_ERRORS")));
        const Run text = ctl({"inspect", "nvidia-smi", path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(model.toUtf8()) && text.out.contains("DCGM_FI_DEV_FB_USED"), text.out.constData());
        QVERIFY(text.out.contains("not reported: "));
    }

    void inspectNvidiaSmiRejectsMalformedFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("where");
        QTest::newRow("xml junk number")
            << QByteArray("<nvidia_smi_log>\n<gpu id=\"0\">\n<fan_speed>3o %</fan_speed>\n</gpu>\n</nvidia_smi_log>\n")
            << ":3:12: <nvidia_smi_log/gpu[0]/fan_speed>: '3o %' is not a number in %";
        QTest::newRow("xml truncated") << QByteArray("<nvidia_smi_log>\n<gpu id=\"0\">\n<fan_speed>3") << ":3:";
        QTest::newRow("csv wrong columns") << QByteArray("index, name\n0, A, B\n") << ":2:1: row has 3 columns";
        QTest::newRow("csv without header") << QByteArray("0, NVIDIA H100, 1024\n") << ":1:1: the first line names no";
    }
    void inspectNvidiaSmiRejectsMalformedFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, where);
        QTemporaryDir dir;
        const QString path = dir.filePath("capture.txt");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const Run r = ctl({"inspect", "nvidia-smi", path});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains((path + where).toUtf8()), r.err.constData());
        const Run j = ctl({"--json", "inspect", "nvidia-smi", path});
        QCOMPARE(j.exitCode, 3);
        QCOMPARE(json(j)["valid"].toBool(), false);
        QVERIFY(json(j)["line"].toInt() >= 1);
        QCOMPARE(ctl({"inspect", "nvidia-smi", dir.filePath("missing.xml")}).exitCode, 3);
        QCOMPARE(ctl({"inspect", "nvidia-smi"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSupernodectl)
#include "tst_supernodectl.moc"
