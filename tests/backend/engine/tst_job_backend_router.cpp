// The job backends' router remembers what its backends list; ended jobs beyond the retention go,
// those that ended first first, while pending and running ones stay however many (issue 29,
// item 6: before, every job a backend ever listed stayed in memory). The backend here is a
// stand-in that lists what the test gives it: the router's bookkeeping is the unit under test;
// the real Slurm and Kubernetes backends behind it are tested in tst_engine_slurm and
// tst_engine_kubernetes.
#include "backend/engine/ended_job_retention.h"
#include "backend/engine/job_backend_router.h"

#include <QTest>

using namespace sn;

namespace {

class ListingBackend final : public JobBackend {
public:
    std::vector<pb::Job> listing;

    std::string kind() const override { return "slurm"; }
    Result<RenderedJob> render(const pb::JobSpec &) const override { return invalidArgument("not here"); }
    Result<pb::Job> submit(const pb::JobSpec &) override { return invalidArgument("not here"); }
    Result<pb::Job> cancel(const std::string &) override { return invalidArgument("not here"); }
    Result<std::vector<pb::Job>> listJobs() override { return listing; }
    Result<std::vector<BackendNode>> nodes() override { return std::vector<BackendNode>{}; }
    Result<std::vector<BackendQueue>> queues() override { return std::vector<BackendQueue>{}; }
};

pb::Job job(std::size_t n, pb::JobState state, std::int64_t endMs)
{
    pb::Job j;
    j.set_id("slurm-" + std::to_string(n));
    j.set_state(state);
    j.set_end_time_ms(endMs);
    j.set_backend("slurm");
    return j;
}

} // namespace

class TestJobBackendRouter : public QObject {
    Q_OBJECT

private slots:
    void endedJobsBeyondTheRetentionAreForgottenOldestFirst()
    {
        auto backend = std::make_shared<ListingBackend>();
        JobBackendRouter router({{"slurm", backend}}, std::chrono::hours(1));
        // Slurm lists each ended job for a while (MinJobAge), then no more: batch after batch.
        const std::size_t batches = 4, perBatch = kEndedJobsKept / 2;
        for (std::size_t b = 0; b < batches; ++b) {
            backend->listing.clear();
            for (std::size_t i = 0; i < perBatch; ++i) {
                const std::size_t n = b * perBatch + i;
                backend->listing.push_back(job(n, pb::JOB_STATE_COMPLETED, 1000 + std::int64_t(n)));
            }
            backend->listing.push_back(job(1000000 + b, pb::JOB_STATE_RUNNING, 0));
            router.refresh();
        }
        const auto jobs = router.jobs();
        std::size_t endedCount = 0, running = 0;
        std::int64_t oldestEnd = INT64_MAX;
        for (const pb::Job &j : jobs) {
            if (j.state() == pb::JOB_STATE_RUNNING) {
                ++running;
            } else {
                ++endedCount;
                oldestEnd = std::min(oldestEnd, j.end_time_ms());
            }
        }
        QCOMPARE(endedCount, kEndedJobsKept);
        QCOMPARE(running, batches);
        QCOMPARE(oldestEnd, std::int64_t(1000 + batches * perBatch - kEndedJobsKept)); // the newest kept
        QVERIFY(!router.find("slurm-0"));
        QVERIFY(router.find("slurm-" + std::to_string(batches * perBatch - 1)));
    }
};

QTEST_GUILESS_MAIN(TestJobBackendRouter)
#include "tst_job_backend_router.moc"
