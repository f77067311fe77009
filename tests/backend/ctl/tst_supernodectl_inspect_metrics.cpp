// supernodectl inspect metrics as a user runs it: the real binary on the real T4 capture and
// the nvidia-smi exporter captures, --json, and the documented exit code 3 with FILE:LINE:COL.
#include "tests/support/shared_data.h"

#include "tests/backend/ctl/ctl_process.h"
#include <QDir>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = sn::test::CtlRun;
using sn::test::ctl;
using sn::test::json;

QJsonObject family(const QJsonObject &o, const QString &name)
{
    for (const QJsonValue &f : o["families"].toArray())
        if (f.toObject()["name"].toString() == name)
            return f.toObject();
    return {};
}

const char *kT4 = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";

} // namespace

class TestSupernodectlInspectMetrics : public QObject {
    Q_OBJECT
private slots:
    void printsWhatTheParserReadAsJson()
    {
        if (!sn::test::requireSharedData(kT4))
            return;
        const Run r = ctl({"inspect", "metrics", sn::test::sharedDataPath(kT4), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QVERIFY(o["valid"].toBool());
        QCOMPARE(o["samples"].toInt(), 23);
        QCOMPARE(o["families"].toArray().size(), 23);
        const QJsonObject power = family(o, "DCGM_FI_DEV_POWER_USAGE");
        QCOMPARE(power["type"].toString(), QStringLiteral("gauge"));
        QCOMPARE(power["help"].toString(), QStringLiteral("Power draw (in W)."));
        const QJsonObject sample = power["samples"].toArray()[0].toObject();
        QCOMPARE(sample["value"].toDouble(), 8.969);
        QCOMPARE(sample["labels"].toObject()["modelName"].toString(), QStringLiteral("Tesla T4"));
        QCOMPARE(sample["line"].toInt(), 12);
        QCOMPARE(family(o, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")["type"].toString(), QStringLiteral("counter"));
        QCOMPARE(family(o, "DCGM_FI_DEV_SM_CLOCK")["samples"].toArray()[0].toObject()["value"].toDouble(), 300.0);
    }

    void printsText()
    {
        if (!sn::test::requireSharedData(kT4))
            return;
        const Run r = ctl({"inspect", "metrics", sn::test::sharedDataPath(kT4)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(": 23 samples in 23 metric families\n"), r.out.constData());
        QVERIFY(r.out.contains("DCGM_FI_DEV_SM_CLOCK  gauge, 1 sample  SM clock frequency (in MHz).\n"));
        QVERIFY(r.out.contains("modelName=\"Tesla T4\"} 8.969\n"));
    }

    void readsEveryNvidiaSmiExporterCapture()
    {
        const QString dir = "nvidia-smi/exporter-metrics";
        if (!sn::test::requireSharedData(dir))
            return;
        const QStringList files = QDir(sn::test::sharedDataPath(dir)).entryList({"*.metrics"}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString &f : files) {
            const Run r = ctl({"--json", "inspect", "metrics", sn::test::sharedDataPath(dir + "/" + f)});
            QVERIFY2(r.exitCode == 0, qPrintable(f + ": " + r.err));
            QFile file(sn::test::sharedDataPath(dir + "/" + f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            int samples = 0;
            for (const QByteArray &line : file.readAll().split('\n'))
                samples += !line.isEmpty() && !line.startsWith('#');
            QCOMPARE(json(r)["samples"].toInt(), samples);
        }
    }

    void writesNanAndInfinitiesAsStrings()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("special.prom");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# TYPE h histogram\nh_bucket{le=\"+Inf\"} 3 1700000000000\nh_sum NaN\nh_count 3\nx -Inf\n");
        f.close();
        const Run r = ctl({"--json", "inspect", "metrics", path});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonObject h = family(o, "h");
        QCOMPARE(h["type"].toString(), QStringLiteral("histogram"));
        const QJsonArray samples = h["samples"].toArray();
        QCOMPARE(samples.size(), 3);
        QCOMPARE(samples[0].toObject()["timestamp_ms"].toDouble(), 1700000000000.0);
        QCOMPARE(samples[1].toObject()["value"].toString(), QStringLiteral("NaN"));
        QCOMPARE(family(o, "x")["samples"].toArray()[0].toObject()["value"].toString(), QStringLiteral("-Inf"));
    }

    void malformedTextExitsThreeWithFileLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("unquoted label value") << QByteArray("x{a=\"1\"} 1\ny{b=c} 2\n") << 2 << 5;
        QTest::newRow("[N/A] value") << QByteArray("# TYPE x gauge\nx [N/A]\n") << 2 << 3;
        QTest::newRow("truncated") << QByteArray("x{gpu=\"0\",UUID=\"GPU-") << 1 << 21;
        QTest::newRow("duplicate series") << QByteArray("x 1\nx 2\n") << 2 << 1;
    }
    void malformedTextExitsThreeWithFileLineAndColumn()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.prom");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const Run r = ctl({"inspect", "metrics", path});
        QCOMPARE(r.exitCode, 3);
        const QString where = QStringLiteral("%1:%2:%3: ").arg(path).arg(line).arg(column);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(where), r.err.constData());
        const Run j = ctl({"--json", "inspect", "metrics", path});
        QCOMPARE(j.exitCode, 3);
        const QJsonObject o = json(j);
        QVERIFY(!o["valid"].toBool());
        QCOMPARE(o["line"].toInt(), line);
        QCOMPARE(o["column"].toInt(), column);
    }

    void missingFileAndUsage()
    {
        QCOMPARE(ctl({"inspect", "metrics", "/nonexistent/x.prom"}).exitCode, 3);
        QCOMPARE(ctl({"inspect", "metrics"}).exitCode, 2);
        QCOMPARE(ctl({"inspect", "metrics", "a", "b"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlInspectMetrics)
#include "tst_supernodectl_inspect_metrics.moc"
