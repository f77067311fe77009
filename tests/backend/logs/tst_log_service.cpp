// The engine's log side as a service, on its own: lines through the pipeline and kept (the
// oldest beyond the limit go), a kernel line's GPU found from its PCI address on the cluster the
// host names, the events reaching the host, searches with their limit and window, and templates
// that keep their ids across a restart in the data directory. The engine's own tests and the
// contract's conformance suite run it behind QueryLogs/StreamLogs.
#include "backend/logs/log_service.h"

#include "tests/backend/logs/log_line.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sn;
using namespace sn::logs;

namespace {
constexpr std::int64_t kStart = 1767225600000;

using test::line;

// What the service asks of its host, recorded.
struct FakeHost {
    std::int64_t nowMs = kStart;
    ClusterSpec cluster;
    std::vector<Event> events;
    std::vector<std::vector<LogRecord>> kept;

    LogService::Host host()
    {
        LogService::Host h;
        h.nowMs = [this] { return nowMs; };
        h.record = [this](Event e) { events.push_back(std::move(e)); };
        h.cluster = [this]() -> const ClusterSpec & { return cluster; };
        h.kept = [this](const std::vector<LogRecord> &lines) { kept.push_back(lines); };
        return h;
    }
};

ClusterSpec oneNode()
{
    ClusterSpec spec;
    NodeSpec node;
    node.name = "gpu01";
    const char *buses[] = {"17", "18", "19", "1A"};
    for (int i = 0; i < 4; ++i) {
        GpuSpec g;
        g.index = i;
        g.pciBusId = std::string("00000000:") + buses[i] + ":00.0";
        node.gpus.push_back(g);
    }
    spec.nodes.push_back(node);
    return spec;
}

constexpr std::size_t kNoByteBound = std::size_t{1} << 40;

const char *kXid = "NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.";
} // namespace

class TstLogService : public QObject {
    Q_OBJECT
private slots:
    void keepsTheNewestLinesAndPublishesEachBatch()
    {
        FakeHost fake;
        LogService service(fake.host(), fake.cluster, 3, kNoByteBound);
        std::vector<LogRecord> lines;
        for (int i = 0; i < 5; ++i)
            lines.push_back(line(kStart + i, "slurmd started job " + std::to_string(i), "gpu01", "slurmd"));
        service.keep(std::move(lines));
        service.keep({});
        QCOMPARE(fake.kept.size(), size_t(1)); // an empty batch is not published
        QCOMPARE(fake.kept[0].size(), size_t(5));
        QVERIFY(!fake.kept[0][0].templateId.empty()); // published after the pipeline
        QCOMPARE(service.lines().size(), size_t(3));
        QCOMPARE(service.lines().front().text, std::string("slurmd started job 2"));
        QCOMPARE(service.lines().back().text, std::string("slurmd started job 4"));
    }

    void anAgentsBatchIsKeptOnceHoweverOftenItIsSent()
    {
        FakeHost fake;
        LogService service(fake.host(), fake.cluster, 100, kNoByteBound);
        const auto batch = [](int n) {
            std::vector<LogRecord> lines;
            for (int i = 0; i < n; ++i)
                lines.push_back(line(kStart + i, "slurmd started job " + std::to_string(i), "gpu01", "slurmd"));
            return lines;
        };
        QCOMPARE(service.keepPushed("gpu01", 77, 1, batch(2)), size_t(2));
        QCOMPARE(service.keepPushed("gpu01", 77, 1, batch(2)), size_t(0)); // its answer was lost
        QCOMPARE(service.keepPushed("gpu01", 77, 2, batch(3)), size_t(3));
        QCOMPARE(service.keepPushed("gpu02", 77, 2, batch(1)), size_t(1)); // another agent's
        // The agent restarted with an empty buffer and counts from 1 again, under a new run.
        QCOMPARE(service.keepPushed("gpu01", 78, 1, batch(1)), size_t(1));
        // An agent that does not name its runs: always kept.
        QCOMPARE(service.keepPushed("old", 0, 0, batch(1)), size_t(1));
        QCOMPARE(service.keepPushed("old", 0, 0, batch(1)), size_t(1));
        QCOMPARE(service.keepPushed("gpu01", 79, 1, {}), size_t(0));
        QCOMPARE(service.lines().size(), size_t(9));
    }

    void keptLinesAreBoundedByBytesToo()
    {
        // An agent flooding 16 KiB lines: before the byte bound, 200,000 of them (3 GB) were kept.
        FakeHost fake;
        constexpr std::size_t kBytes = 1 << 20;
        LogService service(fake.host(), fake.cluster, 200000, kBytes);
        for (int batch = 0; batch < 20; ++batch) {
            std::vector<LogRecord> lines;
            for (int i = 0; i < 50; ++i)
                lines.push_back(line(kStart + batch * 50 + i, std::to_string(batch * 50 + i) + std::string(16000, 'x'),
                                     "gpu01", "app"));
            service.keep(std::move(lines));
            QVERIFY2(service.keptBytes() <= kBytes, QByteArray::number(qulonglong(service.keptBytes())));
        }
        QVERIFY(service.lines().size() >= 60 && service.lines().size() <= 65); // ~1 MiB of 16 KB lines
        QVERIFY(service.lines().back().text.starts_with("999x"));              // the newest kept, the oldest gone
        // Short lines fill it by count, as before.
        LogService counted(fake.host(), fake.cluster, 3, kBytes);
        counted.keep({line(kStart, "a"), line(kStart, "b"), line(kStart, "c"), line(kStart, "d")});
        QCOMPARE(counted.lines().size(), size_t(3));
        QVERIFY(counted.keptBytes() < 1000);
    }

    void aFailureRepeatedOnOneGpuRaisesOneEventAWindow()
    {
        // An Xid storm: before, one event per line (and one state.db row per line in supernoded).
        FakeHost fake;
        fake.cluster = oneNode();
        LogService service(fake.host(), fake.cluster, 100000, kNoByteBound);
        const auto xidEvents = [&] {
            std::vector<Event> out;
            for (const Event &e : fake.events)
                if (e.evidence.detector == "signature:nvrm.xid.79")
                    out.push_back(e);
            return out;
        };
        std::vector<LogRecord> storm;
        for (int i = 0; i < 5000; ++i)
            storm.push_back(line(kStart + i * 10, kXid)); // GPU 1, 50 s of it
        service.keep(std::move(storm));
        QCOMPARE(service.lines().size(), size_t(5000)); // every line is kept and searchable
        QCOMPARE(xidEvents().size(), size_t(1));
        // Another GPU of the same node (PCI 19: GPU 2), and the same GPU on another node: their own.
        std::string other = kXid;
        other.replace(other.find("18:00"), 5, "19:00");
        service.keep({line(kStart + 60000, other), line(kStart + 60000, kXid, "gpu02")});
        QCOMPARE(xidEvents().size(), size_t(3));
        QCOMPARE(xidEvents()[1].gpu, 2);
        // After the window, GPU 1 again: an event that says how many lines it folded.
        service.keep({line(kStart + SignatureRepeats::kWindowMs + 1, kXid)});
        QCOMPARE(xidEvents().size(), size_t(4));
        QVERIFY2(xidEvents()[3].message.find("(4999 more lines showed it since the last event for it)") !=
                     std::string::npos,
                 xidEvents()[3].message.c_str());
        // A writer whose clock goes back is still within the window.
        service.keep({line(kStart + SignatureRepeats::kWindowMs / 2, kXid)});
        QCOMPARE(xidEvents().size(), size_t(4));
    }

    void repeatsRememberABoundedNumberOfKeys()
    {
        SignatureRepeats repeats;
        const std::int64_t n = 3 * SignatureRepeats::kMaxKeys; // a millisecond apart, all within the window
        for (std::int64_t i = 0; i < n; ++i)
            QVERIFY(repeats.raise("nvrm.xid.79", "n" + std::to_string(i), "gpu0", kStart + i).has_value());
        // The keys full within the window: the oldest were let go (raise again), the newest kept.
        QVERIFY(repeats.raise("nvrm.xid.79", "n0", "gpu0", kStart + n).has_value());
        QVERIFY(!repeats.raise("nvrm.xid.79", "n" + std::to_string(n - 1), "gpu0", kStart + n).has_value());
    }

    void aKernelLineFindsItsGpuByPciAddress()
    {
        FakeHost fake;
        fake.cluster = oneNode(); // 0000:18:00 is GPU 1
        LogService service(fake.host(), fake.cluster, 100, kNoByteBound);
        service.keep({line(kStart, kXid)});
        QCOMPARE(service.lines().back().gpu, 1);
        QCOMPARE(service.lines().back().signature, std::string("nvrm.xid.79"));
        QVERIFY(!fake.events.empty());
        for (const Event &e : fake.events)
            QCOMPARE(e.gpu, 1);

        // A node the cluster does not have, or a line that names its GPU already: left alone.
        service.keep({line(kStart + 1, kXid, "elsewhere")});
        QCOMPARE(service.lines().back().gpu, -1);
        LogRecord named = line(kStart + 2, kXid);
        named.gpu = 3;
        service.keep({named});
        QCOMPARE(service.lines().back().gpu, 3);
    }

    void searchesNewestFirstUpToTheLimitAndReturnsOldestFirst()
    {
        FakeHost fake;
        fake.nowMs = kStart + 100;
        LogService service(fake.host(), fake.cluster, 100, kNoByteBound);
        std::vector<LogRecord> lines;
        for (int i = 0; i < 10; ++i)
            lines.push_back(line(kStart + i * 10, "step " + std::to_string(i), i % 2 ? "gpu02" : "gpu01", "job/7"));
        lines.push_back(line(kStart + 200, "from the future")); // after now: outside a query without an end
        service.keep(std::move(lines));

        LogQuery q;
        q.node = "gpu02";
        q.limit = 3;
        LogService::QueryResult r = service.query(q);
        QCOMPARE(r.lines.size(), size_t(3));
        QVERIFY(r.truncated);
        QCOMPARE(r.lines[0]->text, std::string("step 5"));
        QCOMPARE(r.lines[2]->text, std::string("step 9"));

        q = {};
        q.startMs = kStart + 30;
        q.endMs = kStart + 60;
        r = service.query(q);
        QCOMPARE(r.lines.size(), size_t(4)); // steps 3 to 6
        QVERIFY(!r.truncated);
        QCOMPARE(r.lines.front()->text, std::string("step 3"));

        q = {};
        q.contains = "STEP 1";
        q.ignoreCase = true;
        r = service.query(q);
        QCOMPARE(r.lines.size(), size_t(1));
        q.ignoreCase = false;
        QVERIFY(service.query(q).lines.empty());

        q = {};
        r = service.query(q); // the default window ends now
        QCOMPARE(r.lines.size(), size_t(10));
    }

    void templatesKeepTheirIdsAcrossARestart()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FakeHost fake;
        fake.cluster = oneNode();
        fake.cluster.telemetry = TelemetrySpec{};
        fake.cluster.telemetry->dataDir = dir.path().toStdString();
        std::string id;
        {
            LogService service(fake.host(), fake.cluster, 100, kNoByteBound);
            service.keep({line(kStart, "nccl ring 0 connected to rank 17", "gpu01", "nccl")});
            id = service.lines().back().templateId;
            QVERIFY(!id.empty());
        } // saved as it goes
        QVERIFY(QFile::exists(dir.filePath("log-templates.txt")));
        LogService again(fake.host(), fake.cluster, 100, kNoByteBound);
        QVERIFY(again.pipeline().miner().size() >= 1);
        again.keep({line(kStart + 1, "nccl ring 3 connected to rank 5", "gpu01", "nccl")});
        QCOMPARE(again.lines().back().templateId, id);
    }
};

QTEST_GUILESS_MAIN(TstLogService)
#include "tst_log_service.moc"
