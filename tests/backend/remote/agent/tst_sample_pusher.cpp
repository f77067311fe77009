// The agent's pusher against a real supernoded over TLS: buffered batches reach the store in
// order and are acknowledged (the buffer empties), and a batch the daemon refuses as malformed
// (INVALID_ARGUMENT) is dropped, counted and reported with the daemon's words, while the
// batches around it are stored: it is not resent forever.
#include "backend/remote/agent/push_batch.h"
#include "backend/remote/agent/sample_pusher.h"
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/supernoded_process.h"

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>

using namespace sn;
using namespace sn::agent;

namespace {

// GPU temperatures of node "pusher-a", GPUs 0 and 1, at `t`.
std::string batchPayload(std::uint64_t sequence, std::int64_t t, bool malformed)
{
    std::vector<MetricSample> samples;
    for (int g = 0; g < 2; ++g)
        samples.push_back(
            {"DCGM_FI_DEV_GPU_TEMP", {{"Hostname", "pusher-a"}, {"gpu", std::to_string(g)}}, t, 40.0 + g});
    pb::PushSamplesRequest r = encodeBatch(sequence, "pusher-a", std::move(samples));
    if (malformed)
        r.set_refs(0, 99); // names a series the batch never registered
    return r.SerializeAsString();
}

std::vector<std::int64_t> storedTimes(rpc::RemoteEngine &engine, std::int64_t from, std::int64_t to)
{
    pb::QueryRangeRequest q;
    q.set_metric("DCGM_FI_DEV_GPU_TEMP");
    (*q.mutable_match_labels())["Hostname"] = "pusher-a";
    (*q.mutable_match_labels())["gpu"] = "1";
    q.set_start_ms(from);
    q.set_end_ms(to);
    auto r = waitFor(engine.queryRange(q));
    std::vector<std::int64_t> times;
    if (r && r->series_size() == 1)
        for (const pb::Point &p : r->series(0).points())
            times.push_back(p.time_ms());
    return times;
}

} // namespace

class TestSamplePusher : public QObject {
    Q_OBJECT

private slots:
    void malformedBatchIsDroppedNotRetriedForever()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1);
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));

        QTemporaryDir dir;
        auto buffer = DiskBuffer::open({dir.path(), 1 << 20, 1 << 16});
        QVERIFY(buffer.ok());
        const std::int64_t t0 = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 30'000;
        for (std::uint64_t s = 1; s <= 5; ++s)
            QVERIFY((*buffer)->append(s, batchPayload(s, t0 + std::int64_t(s) * 1000, s == 3)).ok());

        PusherOptions p;
        p.target = "127.0.0.1:" + std::to_string(daemon.port());
        QFile ca(daemon.path("certs/ca.pem"));
        QVERIFY(ca.open(QIODevice::ReadOnly));
        p.caPem = ca.readAll().toStdString();
        p.token = daemon.token("operator").toStdString();
        p.ackIntervalMs = 200;
        SamplePusher pusher(p, **buffer);
        std::mutex reportsMutex;
        std::vector<std::string> reports;
        pusher.onProblem([&](const std::string &why) {
            std::lock_guard lock(reportsMutex);
            reports.push_back(why);
        });
        pusher.start();
        QTRY_VERIFY_WITH_TIMEOUT(pusher.stats().acknowledged >= 5, 15000);
        QTest::qWait(600); // a few more streams: the refused batch must not come back
        pusher.stop();

        const PusherStats st = pusher.stats();
        QCOMPARE(st.refusedBatches, 1u);
        // Batches 4 and 5: a refused stream has no answer to count from (its batches 1 and 2
        // are in the store all the same, below).
        QCOMPARE(st.samplesAccepted, 4u);
        QCOMPARE((*buffer)->stats().batches, 0u);
        {
            std::lock_guard lock(reportsMutex);
            QCOMPARE(reports.size(), std::size_t{1});
            const QString said = QString::fromStdString(reports.front());
            QVERIFY2(said.startsWith("batch 3 refused by") &&
                         said.contains("PushSamples batch 3 from pusher-a: sample 0 names series ref 99"),
                     qPrintable(said));
        }
        rpc::RemoteEngine engine(daemon.client("viewer"));
        const std::vector<std::int64_t> expected{t0 + 1000, t0 + 2000, t0 + 4000, t0 + 5000};
        QCOMPARE(storedTimes(engine, t0, t0 + 10'000), expected);
    }
};

QTEST_GUILESS_MAIN(TestSamplePusher)
#include "tst_sample_pusher.moc"
