// The engine's path for every log line: sanitizing (byte limit, UTF-8, control bytes), mining,
// signatures and severity, and the log anomalies (new template, rate spike, error burst), with
// the bad input the intake will meet: binary junk, 1 MB lines, invalid UTF-8, clock jumps and a
// flood of distinct lines. Templates saved by one pipeline keep their ids in the next.
#include "backend/logs/log_pipeline.h"
#include "backend/logs/log_text_sanitizer.h"

#include "tests/backend/logs/log_line.h"

#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace sn;
using namespace sn::logs;

namespace {
constexpr std::int64_t kStart = 1767225600000;

using test::line;

bool validUtf8(const std::string &s)
{
    std::string copy = s;
    return !sanitizeLogText(copy, s.size() + 1).replaced;
}

std::vector<Event> ofKind(const std::vector<Event> &events, const std::string &kind)
{
    std::vector<Event> out;
    for (const Event &e : events)
        if (e.kind == kind)
            out.push_back(e);
    return out;
}
} // namespace

class TestLogPipeline : public QObject {
    Q_OBJECT
private slots:
    void sanitizer_data()
    {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<bool>("replaced");
        QTest::newRow("plain") << QByteArray("NCCL WARN timeout") << QByteArray("NCCL WARN timeout") << false;
        QTest::newRow("valid utf-8 kept") << QByteArray("温度 85 °C") << QByteArray("温度 85 °C") << false;
        QTest::newRow("tab kept, newline cut") << QByteArray("a\tb\r\n") << QByteArray("a\tb") << false;
        QTest::newRow("invalid byte") << QByteArray("bad \xff byte") << QByteArray("bad \xef\xbf\xbd byte") << true;
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd") << true;
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80x") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdx")
                                   << true;
        QTest::newRow("truncated sequence")
            << QByteArray("ab\xe6\xb8") << QByteArray("ab\xef\xbf\xbd\xef\xbf\xbd") << true;
        QTest::newRow("terminal escape") << QByteArray("\x1b[2Jcleared") << QByteArray("\xef\xbf\xbd[2Jcleared")
                                         << true;
        QTest::newRow("nul") << QByteArray("a\0b", 3)
                             << QByteArray("a\xef\xbf\xbd"
                                           "b")
                             << true;
    }
    void sanitizer()
    {
        QFETCH(QByteArray, in);
        QFETCH(QByteArray, out);
        QFETCH(bool, replaced);
        std::string text = in.toStdString();
        const SanitizedText s = sanitizeLogText(text);
        QCOMPARE(QByteArray::fromStdString(text), out);
        QCOMPARE(s.replaced, replaced);
        QVERIFY(!s.truncated);
    }

    void cutsLongLinesWithoutSplittingACharacter()
    {
        std::string text = "ab";
        for (int i = 0; i < 10; ++i)
            text += "温"; // 3 bytes each
        std::string cut = text;
        const SanitizedText s = sanitizeLogText(cut, 6); // "ab" + one char + 1 byte of the next
        QVERIFY(s.truncated);
        QCOMPARE(cut, std::string("ab温"));
        QVERIFY(validUtf8(cut));
    }

    void megabyteLineIsCutAndFlagged()
    {
        LogPipeline p;
        LogRecord r = line(kStart, "NVRM: Xid (PCI:0000:18:00): 79, pid=1, name=python, GPU has fallen off the bus. " +
                                       std::string(1 << 20, 'x'));
        (void)p.process(r);
        QVERIFY(r.truncated);
        QVERIFY(r.text.size() <= 16 * 1024);
        QCOMPARE(r.signature, std::string("nvrm.xid.79")); // the start of the line still tells
        QCOMPARE(p.linesTruncated(), std::uint64_t(1));
    }

    void binaryJunkIsKeptAsValidText()
    {
        LogPipeline p;
        std::mt19937 rng(7);
        for (int i = 0; i < 2000; ++i) {
            std::string junk(1 + rng() % 300, '\0');
            for (char &c : junk)
                c = static_cast<char>(rng() & 0xff);
            LogRecord r = line(kStart + i, junk);
            (void)p.process(r);
            QVERIFY(validUtf8(r.text));
            QVERIFY(r.text.find('\0') == std::string::npos);
        }
        QVERIFY(p.linesRepaired() > 1900);
        QVERIFY(p.miner().size() <= p.miner().config().maxTemplates);
    }

    void annotatesSignatureSeverityAndTemplate()
    {
        LogPipelineOptions o;
        LogPipeline p(o);
        LogRecord xid =
            line(kStart, "NVRM: Xid (PCI:0000:18:00): 79, pid=4242, name=python, GPU has fallen off the bus.");
        xid.gpu = 3;
        xid.jobId = "1001";
        const auto events = p.process(xid);
        QCOMPARE(xid.signature, std::string("nvrm.xid.79"));
        QCOMPARE(xid.severity, Severity::Critical);
        QCOMPARE(xid.templateId.size(), std::size_t(8));
        QCOMPARE(events.size(), std::size_t(1)); // the signature's event, correlated with GPU and job
        QCOMPARE(events[0].gpu, 3);
        QCOMPARE(events[0].jobId, std::string("1001"));
        QCOMPARE(events[0].node, std::string("gpu01"));
        QCOMPARE(events[0].templateId, xid.templateId);
        QCOMPARE(events[0].evidence.detector, std::string("signature:nvrm.xid.79"));

        LogRecord same =
            line(kStart + 1, "NVRM: Xid (PCI:0000:3b:00): 79, pid=77, name=torchrun, GPU has fallen off the bus.");
        (void)p.process(same);
        QCOMPARE(same.templateId, xid.templateId);

        LogRecord err = line(kStart + 2, "slurmstepd: error: task 0 launch failed", "gpu01", "slurmd");
        (void)p.process(err);
        QVERIFY(err.severity >= Severity::Error);
        LogRecord info = line(kStart + 3, "NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P/CUMEM");
        (void)p.process(info);
        QCOMPARE(info.severity, Severity::Info);

        LogPipeline q;
        LogRecord again = xid;
        again.simulated = true; // the simulator raises its own events for its faults
        QVERIFY(q.process(again).empty());
        QCOMPARE(again.signature, std::string("nvrm.xid.79"));
    }

    void severityFromWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("severity");
        QTest::newRow("error") << "slurmd: error: Node configuration differs" << int(Severity::Error);
        QTest::newRow("ERROR upper") << "2026-01-01 ERROR worker died" << int(Severity::Error);
        QTest::newRow("warn") << "NCCL WARN Call to ibv_modify_qp failed" << int(Severity::Error);
        QTest::newRow("warning") << "kubelet: warning: eviction soon" << int(Severity::Warning);
        QTest::newRow("fatal") << "slurmd: fatal: Unable to bind" << int(Severity::Critical);
        QTest::newRow("word inside another") << "terrors of the deep; mirror" << int(Severity::Info);
        QTest::newRow("plain") << "Accepted publickey for admin" << int(Severity::Info);
    }
    void severityFromWords()
    {
        QFETCH(QString, text);
        QFETCH(int, severity);
        QCOMPARE(int(severityFromText(text.toStdString())), severity);
    }

    void newTemplateAfterWarmUpOnlyAndRateLimited()
    {
        LogAnomalyConfig c;
        c.warmUpMs = 60000;
        c.newTemplateEventsPerWindow = 3;
        LogPipelineOptions o;
        o.anomalies = c;
        LogPipeline p(o);
        std::vector<Event> events;
        const auto feed = [&](std::int64_t t, const std::string &text) {
            LogRecord r = line(t, text);
            auto e = p.process(r);
            events.insert(events.end(), e.begin(), e.end());
        };
        feed(kStart, "systemd: Started Session 1 of user admin.");
        feed(kStart + 1000, "kernel: EXT4-fs (nvme0n1p2): mounted filesystem");
        QVERIFY(ofKind(events, "log.new_template").empty());                // the warm-up is vocabulary
        feed(kStart + 120000, "systemd: Started Session 2 of user admin."); // known template
        QVERIFY(ofKind(events, "log.new_template").empty());
        feed(kStart + 121000, "mlx5_core 0000:3b:00.0: mlx5_fw_tracer: firmware event");
        auto fresh = ofKind(events, "log.new_template");
        QCOMPARE(fresh.size(), std::size_t(1));
        QCOMPARE(fresh[0].node, std::string("gpu01"));
        QVERIFY(!fresh[0].templateId.empty());
        // A flood of novel lines: a few events per window, not one per line.
        const char *words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"};
        for (int i = 0; i < 8; ++i)
            feed(kStart + 122000 + i, std::string(words[i]) + " subsystem " + words[(i + 3) % 8] + " reports state");
        QCOMPARE(ofKind(events, "log.new_template").size(), std::size_t(3));
    }

    void rateSpikeOverLearnedBaseline()
    {
        LogAnomalyConfig c;
        c.warmUpMs = 0;
        c.rateWarmUpWindows = 5;
        c.rateMinCount = 30;
        c.rateFactor = 10;
        LogPipelineOptions o;
        o.anomalies = c;
        LogPipeline p(o);
        std::vector<Event> events;
        std::int64_t t = kStart;
        // Ten quiet minutes: 3 lines a minute.
        for (int minute = 0; minute < 10; ++minute)
            for (int i = 0; i < 3; ++i) {
                LogRecord r =
                    line(kStart + minute * 60000 + i * 1000, "nvidia-persistenced: device 0000:18:00.0 polled");
                auto e = p.process(r);
                events.insert(events.end(), e.begin(), e.end());
            }
        QVERIFY(ofKind(events, "log.rate_spike").empty());
        // Then 100 in one minute.
        t = kStart + 10 * 60000;
        for (int i = 0; i < 100; ++i) {
            LogRecord r = line(t + i * 500, "nvidia-persistenced: device 0000:18:00.0 polled");
            auto e = p.process(r);
            events.insert(events.end(), e.begin(), e.end());
        }
        const auto spikes = ofKind(events, "log.rate_spike");
        QCOMPARE(spikes.size(), std::size_t(1)); // once per window, not per line
        QCOMPARE(spikes[0].evidence.value, 31.0);
        QVERIFY(spikes[0].evidence.bandHigh < 31);
    }

    void errorBurstFromOneNode()
    {
        LogAnomalyConfig c;
        c.warmUpMs = 0;
        c.burstErrors = 10;
        LogPipelineOptions o;
        o.anomalies = c;
        LogPipeline p(o);
        std::vector<Event> events;
        const auto feed = [&](std::int64_t t, const std::string &node, int job) {
            LogRecord r = line(t, "slurmstepd: error: task " + std::to_string(job) + " exited", node, "slurmd");
            r.jobId = std::to_string(job);
            auto e = p.process(r);
            events.insert(events.end(), e.begin(), e.end());
        };
        // Spread errors (one a minute) never make a burst; other nodes do not add up.
        for (int i = 0; i < 15; ++i)
            feed(kStart + i * 61000, "gpu01", 7);
        for (int i = 0; i < 9; ++i)
            feed(kStart + 2000000 + i * 100, "gpu02", 8);
        QVERIFY(ofKind(events, "log.error_burst").empty());
        for (int i = 0; i < 30; ++i)
            feed(kStart + 3000000 + i * 100, "gpu03", 9);
        const auto bursts = ofKind(events, "log.error_burst");
        QCOMPARE(bursts.size(), std::size_t(1));
        QCOMPARE(bursts[0].node, std::string("gpu03"));
        QCOMPARE(bursts[0].jobId, std::string("9"));
        QCOMPARE(bursts[0].severity, Severity::Error);
    }

    void clockJumpsRaiseNothingAndCrashNothing()
    {
        LogAnomalyConfig c;
        c.warmUpMs = 0;
        LogPipelineOptions o;
        o.anomalies = c;
        LogPipeline p(o);
        std::vector<Event> events;
        const std::int64_t times[] = {kStart, kStart - 86400000, kStart + 365LL * 86400000, 0, kStart};
        for (int round = 0; round < 20; ++round)
            for (std::int64_t t : times) {
                LogRecord r = line(t + round, "systemd: Started Session " + std::to_string(round) + " of user admin.");
                auto e = p.process(r);
                events.insert(events.end(), e.begin(), e.end());
            }
        QVERIFY(ofKind(events, "log.rate_spike").empty());
        QVERIFY(ofKind(events, "log.error_burst").empty());
    }

    void floodOfDistinctLinesKeepsTrackersBounded()
    {
        LogPipelineOptions o;
        o.miner.maxTemplates = 1000;
        o.anomalies.maxTrackedTemplates = 500;
        o.anomalies.warmUpMs = 0;
        LogPipeline p(o);
        std::mt19937 rng(11);
        std::size_t events = 0;
        for (int i = 0; i < 50000; ++i) {
            std::string text;
            for (int w = 0; w < 4; ++w) {
                std::string word(3 + rng() % 5, 'a');
                for (char &ch : word)
                    ch = static_cast<char>('a' + rng() % 26);
                text += word + ' ';
            }
            LogRecord r = line(kStart + i, text);
            events += p.process(r).size();
            QVERIFY(p.miner().size() <= 1000);
            QVERIFY(p.anomalies().trackedTemplates() <= 501);
        }
        QVERIFY(events <= 5 * (50000 / 60000 + 2)); // new-template events stay rate limited
    }

    void floodOfHostnamesKeepsNodeStatesBounded()
    {
        LogPipelineOptions o;
        o.anomalies.maxTrackedNodes = 100;
        LogPipeline p(o);
        for (int i = 0; i < 5000; ++i) {
            LogRecord r = line(kStart + i, "error: disk failure on sda");
            r.node = "host-" + std::to_string(i);
            (void)p.process(r);
            QVERIFY(p.anomalies().trackedNodes() <= 100);
        }
        // A node that keeps talking is not the one evicted: its burst is still found.
        std::size_t bursts = 0;
        for (int i = 0; i < 40; ++i) {
            LogRecord r = line(kStart + 5000 + i, "error: disk failure on sda");
            r.node = i % 2 ? "gpu01" : "host-" + std::to_string(10000 + i);
            for (const Event &e : p.process(r))
                bursts += e.kind == "log.error_burst" && e.node == "gpu01";
        }
        QCOMPARE(bursts, std::size_t(1));
    }

    void templateIdsSurviveARestart()
    {
        QTemporaryDir dir;
        LogPipelineOptions o;
        o.templatesPath = dir.filePath("log-templates.txt").toStdString();
        std::string id;
        {
            LogPipeline first(o);
            QVERIFY(first.load()); // no file yet: an empty start, not an error
            LogRecord r =
                line(kStart, "NCCL WARN NET/IB : Got completion with error 12, opcode 0, len 0, vendor err 129");
            (void)first.process(r);
            id = r.templateId;
            QVERIFY(first.save());
        }
        LogPipeline second(o);
        QVERIFY(second.load());
        LogRecord r = line(kStart, "NCCL WARN NET/IB : Got completion with error 5, opcode 1, len 8, vendor err 244");
        (void)second.process(r);
        QCOMPARE(r.templateId, id);

        QFile broken(QString::fromStdString(o.templatesPath));
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("not a template file\n");
        broken.close();
        LogPipeline third(o);
        const Status s = third.load();
        QVERIFY(!s);
        QVERIFY(s.error().message.find("1") != std::string::npos); // names the line
    }
};

QTEST_GUILESS_MAIN(TestLogPipeline)
#include "tst_log_pipeline.moc"
