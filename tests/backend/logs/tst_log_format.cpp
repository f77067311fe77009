// Header formats in Loghub's notation: the real formats of drain_benchmark_settings.json on
// real lines, optional parts, lines that do not fit, bad format strings and hostile lines.
#include "backend/logs/log_format.h"
#include "backend/logs/log_source_settings.h"
#include "tests/support/shared_data.h"

#include <QElapsedTimer>
#include <QTest>

using namespace sn::logs;

class TestLogFormat : public QObject {
    Q_OBJECT
private slots:
    void splitsRealLines_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("content");
        QTest::newRow("HDFS") << "<Date> <Time> <Pid> <Level> <Component>: <Content>"
                              << "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 for block "
                                 "blk_38865049064139660 terminating"
                              << "Component"
                              << "dfs.DataNode$PacketResponder"
                              << "PacketResponder 1 for block blk_38865049064139660 terminating";
        QTest::newRow("Zookeeper two spaces and brackets")
            << "<Date> <Time> - <Level>  \\[<Node>:<Component>@<Id>\\] - <Content>"
            << "2015-07-29 19:04:12,394 - INFO  [/10.10.34.11:3888:QuorumCnxManager$Listener@493] - Received "
               "connection request /10.10.34.11:45307"
            << "Id"
            << "493"
            << "Received connection request /10.10.34.11:45307";
        QTest::newRow("Thunderbird with pid")
            << "<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\\[<PID>\\])?: <Content>"
            << "- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond[2916]: (root) CMD (run-parts "
               "/etc/cron.hourly)"
            << "PID"
            << "2916"
            << "(root) CMD (run-parts /etc/cron.hourly)";
        QTest::newRow("Thunderbird without pid")
            << "<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\\[<PID>\\])?: <Content>"
            << "- 1131566501 2005.11.09 aadmin1 Nov 9 12:01:41 src@aadmin1 dhcpd: DHCPDISCOVER from "
               "00:11:43:e3:ba:c3 via eth1"
            << "Component"
            << "dhcpd"
            << "DHCPDISCOVER from 00:11:43:e3:ba:c3 via eth1";
        QTest::newRow("kernel") << "<Month> <Day> <Time> <Node> kernel: \\[<Uptime>\\] <Content>"
                                << "Mar  3 10:12:01 gpu07 kernel: [ 8123.441] NVRM: Xid (PCI:0000:18:00): 79, pid=0, "
                                   "name=python, GPU has fallen off the bus."
                                << "Uptime"
                                << " 8123.441"
                                << "NVRM: Xid (PCI:0000:18:00): 79, pid=0, name=python, GPU has fallen off the bus.";
    }
    void splitsRealLines()
    {
        QFETCH(QString, format);
        QFETCH(QString, line);
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, content);
        auto f = LogFormat::parse(format.toStdString());
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
        const std::string l = line.toStdString();
        HeaderFields h;
        f->split(l, h);
        QVERIFY(h.matched);
        const int i = f->fieldIndex(field.toStdString());
        QVERIFY(i >= 0);
        QCOMPARE(QString::fromStdString(std::string(h.values[i])), value);
        QCOMPARE(QString::fromStdString(std::string(h.content)), content);
    }

    void keepsALineThatDoesNotFit()
    {
        auto f = LogFormat::parse("<Date> <Time> <Level> <Component>: <Content>");
        QVERIFY(f.ok());
        HeaderFields h;
        f->split("garbage without the colon", h);
        QVERIFY(!h.matched);
        QCOMPARE(std::string(h.content), std::string("garbage without the colon"));
        f->split("", h);
        QVERIFY(!h.matched);
    }

    void rejectsBadFormats_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("error");
        QTest::newRow("unclosed field") << "<Date <Content>"
                                        << "column 1";
        QTest::newRow("no content") << "<Date> <Time>"
                                    << "no <Content>";
        QTest::newRow("duplicate") << "<A> <A> <Content>"
                                   << "appears twice";
        QTest::newRow("adjacent fields") << "<A><Content>"
                                         << "separator";
        QTest::newRow("group not optional") << "<A>(x) <Content>"
                                            << "optional";
        QTest::newRow("unclosed group") << "<A>(x <Content>"
                                        << "without ')'";
        QTest::newRow("stray paren") << "<A>) <Content>"
                                     << "column 4";
        QTest::newRow("trailing backslash") << "<Content> \\"
                                            << "end of the format";
    }
    void rejectsBadFormats()
    {
        QFETCH(QString, format);
        QFETCH(QString, error);
        auto f = LogFormat::parse(format.toStdString());
        QVERIFY(!f.ok());
        QVERIFY2(QString::fromStdString(f.error().message).contains(error), f.error().message.c_str());
    }

    void hostileLinesEndQuickly()
    {
        // Ten lazy fields and a line of 16 KB of spaced words without the final ": ": an
        // unbounded backtracking matcher takes exponential time here.
        auto f = LogFormat::parse("<A> <B> <C> <D> <E> <F> <G> <H> <I> <J>: <Content>");
        QVERIFY(f.ok());
        std::string line;
        while (line.size() < 16 * 1024)
            line += "ab ";
        HeaderFields h;
        f->split(line, h);
        QVERIFY(!h.matched);
        QCOMPARE(h.content.size(), line.size());
    }

    void readsTheBenchmarkSettings()
    {
        if (!sn::test::requireSharedData("loghub-2k/drain_benchmark_settings.json"))
            return;
        auto s =
            readLogSourceSettings(sn::test::sharedDataPath("loghub-2k/drain_benchmark_settings.json").toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QVERIFY(s->count("HDFS") && s->count("OpenStack"));
        QCOMPARE(s->at("OpenStack").depth, 5);
        QCOMPARE(s->at("HDFS").masks.size(), std::size_t(2));
        QCOMPARE(s->at("HDFS").format, std::string("<Date> <Time> <Pid> <Level> <Component>: <Content>"));
    }

    void rejectsBadSettings_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << "{"
                                  << "byte";
        QTest::newRow("no format") << R"({"A": {"st": 0.5}})"
                                   << "'A', field 'log_format'";
        QTest::newRow("bad format") << R"({"A": {"log_format": "<Date>"}})"
                                    << "no <Content>";
        QTest::newRow("bad st") << R"({"A": {"log_format": "<Content>", "st": 2}})"
                                << "field 'st'";
        QTest::newRow("bad regex list") << R"({"A": {"log_format": "<Content>", "regex": [1]}})"
                                        << "field 'regex'";
        QTest::newRow("bad depth") << R"({"A": {"log_format": "<Content>", "depth": "4"}})"
                                   << "field 'depth'";
    }
    void rejectsBadSettings()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        auto s = parseLogSourceSettings(json.toStdString());
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error().message).contains(error), s.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestLogFormat)
#include "tst_log_format.moc"
