// supernodectl logs templates on real Loghub logs and on junk, as a user runs it.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using sn::test::ctl;

namespace {
QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : out.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError e;
        const QJsonDocument d = QJsonDocument::fromJson(line, &e);
        if (e.error != QJsonParseError::NoError)
            qWarning("not JSON: %s", line.constData());
        objects.append(d.object());
    }
    return objects;
}
} // namespace

class TestSupernodectlLogs : public QObject {
    Q_OBJECT
private slots:
    void printsOneObjectPerLineThenASummary()
    {
        if (!sn::test::requireSharedData("loghub-2k/HDFS"))
            return;
        const auto r = ctl({"logs", "templates", sn::test::sharedDataPath("loghub-2k/HDFS/HDFS_2k.log"), "--format",
                            "<Date> <Time> <Pid> <Level> <Component>: <Content>", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QList<QJsonObject> objects = jsonLines(r.out);
        QCOMPARE(objects.size(), 2001);
        QHash<QString, QString> templateOf;
        for (int i = 0; i < 2000; ++i) {
            const QJsonObject &o = objects[i];
            QCOMPARE(o["line"].toInt(), i + 1);
            const QString id = o["template_id"].toString();
            QCOMPARE(id.size(), 8);
            // One id, one template, all through the output.
            QVERIFY(!templateOf.contains(id) || templateOf[id] == o["template"].toString());
            templateOf[id] = o["template"].toString();
        }
        QCOMPARE(objects[0]["template"].toString(), "PacketResponder <*> for block <*> terminating");
        const QJsonObject summary = objects.last()["summary"].toObject();
        QCOMPARE(summary["lines"].toInt(), 2000);
        QCOMPARE(summary["templates"].toInt(), templateOf.size());
        QCOMPARE(summary["header_mismatches"].toInt(), 0);
        // The header is not part of the template: the raw line has the date in front.
        QVERIFY(!objects[0]["template"].toString().contains("081109"));
    }

    void usesPublishedSettings()
    {
        if (!sn::test::requireSharedData("loghub-2k/OpenStack"))
            return;
        const QString dir = sn::test::sharedDataPath("loghub-2k");
        const auto r = ctl({"logs", "templates", dir + "/OpenStack/OpenStack_2k.log", "--settings",
                            dir + "/drain_benchmark_settings.json", "--source", "OpenStack", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject summary = jsonLines(r.out).last()["summary"].toObject();
        QCOMPARE(summary["header_mismatches"].toInt(), 0);
        QVERIFY2(summary["templates"].toInt() < 60, qPrintable(QString::number(summary["templates"].toInt())));
        const auto bad = ctl({"logs", "templates", dir + "/OpenStack/OpenStack_2k.log", "--settings",
                              dir + "/drain_benchmark_settings.json", "--source", "Nope"});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY(bad.err.contains("no source 'Nope'"));
    }

    void handlesJunkAndBadArguments()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("junk.log"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray junk;
        for (int i = 0; i < 5000; ++i)
            junk.append(char((i * 7919) % 256));
        junk.append('\n');
        junk.append(QByteArray(2 * 1024 * 1024, 'x')); // one 2 MB line
        junk.append("\nGPU \xff\xfe broken\n");
        f.write(junk);
        f.close();
        const auto r = ctl({"--json", "logs", "templates", f.fileName()});
        QCOMPARE(r.exitCode, 0);
        const QList<QJsonObject> objects = jsonLines(r.out);
        const QJsonObject summary = objects.last()["summary"].toObject();
        QCOMPARE(summary["lines"].toInt(), objects.size() - 1);
        QVERIFY(summary["truncated_lines"].toInt() >= 1);
        QVERIFY(objects[objects.size() - 2]["template"].toString().contains(QChar(0xfffd)));

        QCOMPARE(ctl({"logs", "templates", dir.filePath("missing.log")}).exitCode, 3);
        const auto badFormat = ctl({"logs", "templates", f.fileName(), "--format", "<Date> <Time>"});
        QCOMPARE(badFormat.exitCode, 3);
        QVERIFY(badFormat.err.contains("no <Content>"));
        QCOMPARE(ctl({"logs", "templates"}).exitCode, 2);
        QCOMPARE(ctl({"logs", "nope"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlLogs)
#include "tst_supernodectl_logs.moc"
