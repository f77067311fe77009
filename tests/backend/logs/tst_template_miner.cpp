// The streaming template miner: grouping, stable ids, persistence, and bad input (binary junk,
// 1 MB lines, invalid UTF-8, floods of distinct lines) with bounded templates and memory.
#include "backend/logs/template_miner.h"
#include "backend/logs/template_store.h"

#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace sn::logs;

class TestTemplateMiner : public QObject {
    Q_OBJECT
private slots:
    void groupsLinesThatDifferInParameters()
    {
        TemplateMiner m;
        const MatchResult a = m.add("PacketResponder 1 for block blk_38865049064139660 terminating");
        const MatchResult b = m.add("PacketResponder 0 for block blk_-6952295868487656571 terminating");
        QVERIFY(a.created);
        QVERIFY(!b.created);
        QCOMPARE(a.id, b.id);
        QCOMPARE(m.find(a.id)->text(), std::string("PacketResponder <*> for block <*> terminating"));
        QCOMPARE(m.find(a.id)->count, std::uint64_t(2));
        const MatchResult c = m.add("Received block blk_1 of size 67108864 from /10.251.42.84");
        QVERIFY(c.created);
        QVERIFY(c.id != a.id);
        QCOMPARE(m.size(), std::size_t(2));
    }

    void generalizesAWordThatVaries()
    {
        TemplateMiner m;
        const MatchResult a = m.add("Verification succeeded for blk_1");
        const MatchResult b = m.add("Verification failed for blk_2");
        QCOMPARE(a.id, b.id);
        QVERIFY(b.changed);
        QCOMPARE(m.find(a.id)->text(), std::string("Verification <*> for <*>"));
        const auto params = m.parameters(a.id, "Verification failed for blk_2");
        QCOMPARE(params.size(), std::size_t(2));
        QCOMPARE(params[0], std::string("failed"));
    }

    void keepsDifferentMessagesApart()
    {
        TemplateMiner m;
        const MatchResult a = m.add("NVRM: GPU at PCI:0000:18:00: GPU has fallen off the bus.");
        const MatchResult b = m.add("mlx5_core 0000:3b:00.0 mlx5_0: Link down");
        const MatchResult c = m.add("mlx5_core 0000:3b:00.0 mlx5_0: Link up");
        QVERIFY(a.id != b.id);
        // Parameters do not count as similar (Drain's rule): one equal word of five is too little.
        QVERIFY(b.id != c.id);
        QCOMPARE(m.add("mlx5_core 0000:5e:00.0 mlx5_1: Link down").id, b.id);
        MinerConfig loose;
        loose.similarity = 0.2;
        TemplateMiner l(loose);
        QCOMPARE(l.add("mlx5_core 0000:3b:00.0 mlx5_0: Link down").id,
                 l.add("mlx5_core 0000:3b:00.0 mlx5_0: Link up").id);
    }

    void matchDoesNotLearn()
    {
        TemplateMiner m;
        QCOMPARE(m.match("never seen").id, std::uint32_t(0));
        const std::uint32_t id = m.add("session opened for user root by (uid=0)").id;
        QCOMPARE(m.match("session opened for user slurm by (uid=64030)").id, id);
        QCOMPARE(m.find(id)->count, std::uint64_t(1));
        QCOMPARE(m.size(), std::size_t(1));
    }

    void idsAreStableAcrossRunsAndGeneralization()
    {
        TemplateMiner a, b;
        const std::uint32_t first = a.add("Starting thread to transfer block blk_1 to 10.0.0.1:50010").id;
        (void)b.add("some other line first");
        QCOMPARE(b.add("Starting thread to transfer block blk_9 to 10.0.0.2:50010").id, first);
        QCOMPARE(templateIdText(0x0a1b2c3d), std::string("0a1b2c3d"));
    }

    void savesAndReloadsTemplates()
    {
        TemplateMiner m;
        const std::uint32_t a = m.add("Took 1.5 seconds to build instance.").id;
        (void)m.add("Took 2.25 seconds to build instance.");
        const std::uint32_t b = m.add("Deleting instance files /var/lib/nova/instances/x_del").id;
        QTemporaryDir dir;
        const std::string path = dir.filePath("templates.txt").toStdString();
        QVERIFY(saveTemplates(m, path).ok());
        TemplateMiner reloaded;
        const auto st = loadTemplates(path, reloaded);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
        QCOMPARE(reloaded.size(), std::size_t(2));
        QCOMPARE(reloaded.find(a)->count, std::uint64_t(2));
        QCOMPARE(reloaded.find(a)->text(), m.find(a)->text());
        QCOMPARE(reloaded.add("Took 9 seconds to build instance.").id, a);
        QCOMPARE(reloaded.add("Deleting instance files /var/lib/nova/instances/y_del").id, b);
        QVERIFY(!loadTemplates(path, reloaded).ok()); // the same ids again
    }

    void rejectsBadTemplateFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("no header") << "0a1b2c3d\t1\tx\n"
                                   << "line 1";
        QTest::newRow("bad id") << "sn-log-templates 1\nzz\t1\tx\n"
                                << "line 2: template id";
        QTest::newRow("bad count") << "sn-log-templates 1\n0a1b2c3d\t-1\tx\n"
                                   << "count";
        QTest::newRow("missing tabs") << "sn-log-templates 1\n0a1b2c3d 1 x\n"
                                      << "separated by tabs";
        QTest::newRow("empty template") << "sn-log-templates 1\n0a1b2c3d\t1\t \n"
                                        << "empty template";
        QTest::newRow("duplicate") << "sn-log-templates 1\n0a1b2c3d\t1\ta b\n0a1b2c3d\t1\tc d\n"
                                   << "line 3";
    }
    void rejectsBadTemplateFiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        TemplateMiner m;
        const auto st = templatesFromText(text.toStdString(), m);
        QVERIFY(!st.ok());
        QVERIFY2(QString::fromStdString(st.error().message).contains(error), st.error().message.c_str());
    }

    void truncatesAndFlagsHugeLines()
    {
        TemplateMiner m;
        std::string huge = "start ";
        while (huge.size() < 1024 * 1024)
            huge += "word" + std::to_string(huge.size() % 97) + " ";
        const MatchResult r = m.add(huge);
        QVERIFY(r.truncated);
        QVERIFY(r.id != 0);
        QVERIFY(m.find(r.id)->tokens.size() <= m.config().limits.maxTokens);
        QVERIFY(!m.add("a normal line").truncated);
    }

    void survivesBinaryJunkAndInvalidUtf8()
    {
        TemplateMiner m;
        std::mt19937 rng(7);
        for (int i = 0; i < 2000; ++i) {
            std::string junk(1 + rng() % 300, '\0');
            for (char &c : junk)
                c = static_cast<char>(rng());
            (void)m.add(junk);
        }
        const std::string badUtf8 = "GPU \xff\xfe\xc3 failed at \xed\xa0\x80 0x1f";
        const MatchResult r = m.add(badUtf8);
        QVERIFY(r.id != 0);
        QCOMPARE(m.add(badUtf8).id, r.id);
        QVERIFY(m.add("").id == 0);
        QVERIFY(m.add(std::string("\0\0\0", 3)).id == 0); // only separators: no tokens
        QVERIFY(m.size() <= m.config().maxTemplates);
    }

    void floodOfDistinctLinesStaysBounded()
    {
        MinerConfig c;
        c.maxTemplates = 500;
        TemplateMiner m(c);
        std::mt19937 rng(1);
        auto word = [&rng] {
            std::string w;
            for (int i = 0; i < 6; ++i)
                w += static_cast<char>('a' + rng() % 26);
            return w;
        };
        for (int i = 0; i < 50000; ++i) {
            std::string line;
            for (int t = 0; t < 3 + int(rng() % 8); ++t)
                line += word() + " ";
            (void)m.add(line);
            QVERIFY(m.size() <= c.maxTemplates);
        }
        QVERIFY(m.evicted() > 0);
        // Known templates keep working after the flood.
        const std::uint32_t id = m.add("Xid 79 on GPU 3").id;
        QCOMPARE(m.add("Xid 79 on GPU 4").id, id);
    }
};

QTEST_APPLESS_MAIN(TestTemplateMiner)
#include "tst_template_miner.moc"
