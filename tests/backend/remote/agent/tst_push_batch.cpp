// The agent's batch encoding: log lines ride in a batch as read, a stream's message keeps them
// and the run, and a burst of lines is split into batches the daemon accepts.
#include "backend/remote/agent/push_batch.h"

#include <QTest>

using namespace sn;
using namespace sn::agent;
namespace pb = supernode::v1;

namespace {
LogRecord line(std::int64_t t, const std::string &node, std::string text)
{
    LogRecord r;
    r.timeMs = t;
    r.node = node;
    r.source = "kernel";
    r.text = std::move(text);
    return r;
}
} // namespace

class TestPushBatch : public QObject {
    Q_OBJECT

private slots:
    void logLinesGoAsReadAndSurviveTheStreamEncoding()
    {
        pb::PushSamplesRequest batch =
            encodeBatch(5, "node01", {{"DCGM_FI_DEV_GPU_TEMP", {{"Hostname", "node01"}, {"gpu", "0"}}, 1000, 41}});
        batch.set_run(77);
        std::vector<LogRecord> lines{line(900, "node01", "NVRM: Xid (PCI:0000:18:00): 79"), line(950, "other", "b")};
        lines[1].gpu = 3;
        lines[1].truncated = true;
        appendLogLines(batch, lines);
        QCOMPARE(batch.log_lines_size(), 2);
        QCOMPARE(batch.log_lines(0).node(), std::string()); // the agent's own node goes without saying
        QCOMPARE(batch.log_lines(0).gpu(), -1);
        QCOMPARE(batch.log_lines(1).node(), std::string("other"));
        QCOMPARE(batch.log_lines(1).gpu(), 3);
        QVERIFY(batch.log_lines(1).truncated());

        PushStreamEncoder encoder;
        const pb::PushSamplesRequest sent = encoder.forStream(batch);
        QCOMPARE(sent.run(), 77u);
        QCOMPARE(sent.sequence(), 5u);
        QCOMPARE(sent.log_lines_size(), 2);
        QCOMPARE(sent.log_lines(0).text(), lines[0].text);
        QCOMPARE(sent.log_lines(1).time_ms(), 950);
    }

    void aBurstIsSplitIntoBoundedBatches()
    {
        QVERIFY(logBatchEnds({}).empty());
        std::vector<LogRecord> many(kMaxLogLinesPerBatch * 2 + 1, line(1, "n", "short"));
        const std::vector<std::size_t> byCount{kMaxLogLinesPerBatch, kMaxLogLinesPerBatch * 2, many.size()};
        QCOMPARE(logBatchEnds(many), byCount);

        const std::string quarter(kMaxLogBytesPerBatch / 4, 'x');
        std::vector<LogRecord> big(5, line(1, "n", quarter));
        big.insert(big.begin() + 1, line(1, "n", std::string(kMaxLogBytesPerBatch + 10, 'y'))); // alone
        const std::vector<std::size_t> byBytes{1, 2, 6};
        QCOMPARE(logBatchEnds(big), byBytes);
    }
};

QTEST_GUILESS_MAIN(TestPushBatch)
#include "tst_push_batch.moc"
