// supernodectl anomaly scan on a real NAB series and on malformed CSVs, as a user runs it.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using sn::test::ctl;

class TestSupernodectlAnomaly : public QObject {
    Q_OBJECT
private slots:
    void printsOneObjectPerRow()
    {
        if (!sn::test::requireSharedData("nab/data/realAWSCloudwatch"))
            return;
        const QString path = sn::test::sharedDataPath("nab/data/realAWSCloudwatch/rds_cpu_utilization_e47b3b.csv");
        const auto r = ctl({"anomaly", "scan", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> csv = f.readAll().trimmed().split('\n');
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), csv.size() - 1); // one object per data row
        int events = 0;
        for (int i = 0; i < lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(o["timestamp"].toString().toUtf8(), csv[i + 1].split(',').first().trimmed());
            QVERIFY(o["score"].isDouble());
            QVERIFY(o["event"].isBool());
            events += o["event"].toBool();
        }
        QVERIFY(events > 0);
        QVERIFY(events < lines.size() / 4);
        const auto text = ctl({"anomaly", "scan", path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("event(s)"));
    }

    void rejectsMalformedCsv()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("bad.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("timestamp,value\n2014-02-14 14:30:00,1\n2014-02-14 14:35:00,oops\n");
        f.close();
        const auto r = ctl({"anomaly", "scan", f.fileName(), "--json"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("line 3, column 21"), r.err.constData());
        QCOMPARE(ctl({"anomaly", "scan", dir.filePath("missing.csv")}).exitCode, 3);
        QCOMPARE(ctl({"anomaly", "scan"}).exitCode, 2);
        QCOMPARE(ctl({"anomaly", "nope"}).exitCode, 2);
    }

    void missingValuesHaveNoScore()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("gaps.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("timestamp,value\n2014-02-14 14:30:00,1\n2014-02-14 14:35:00,[N/A]\n2014-02-14 14:40:00,1\n");
        f.close();
        const auto r = ctl({"--json", "anomaly", "scan", f.fileName()});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(QJsonDocument::fromJson(lines[1]).object()["score"].isNull());
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlAnomaly)
#include "tst_supernodectl_anomaly.moc"
