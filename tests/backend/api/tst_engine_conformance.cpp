// The EngineApi conformance suite, first half: the cluster, telemetry and jobs, on every engine
// (engine_conformance.h says which and how). The second half is tst_engine_conformance_events.
#include "tests/backend/api/engine_conformance.h"

#include <QSignalSpy>

#include <limits>
#include <map>
#include <numeric>

using namespace sn;
using namespace sn::conformance;

class TestEngineConformance : public QObject {
    Q_OBJECT
public:
    TestEngineConformance(QString name, EngineFactory factory) : m_name(std::move(name)), m_factory(std::move(factory))
    {
        setObjectName(m_name);
    }

private:
    QString m_name;
    EngineFactory m_factory;
    std::unique_ptr<EngineApi> m_engine;

private slots:
    void init() { m_engine = m_factory(quietCluster()); }
    void cleanup() { m_engine.reset(); }

    void clusterListsNodesGpusSwitchesAndLinks()
    {
        const pb::Cluster c = must(m_engine->getCluster());
        QVERIFY(c.simulated());
        QCOMPARE(c.nodes_size(), 2);
        QCOMPARE(c.nodes(0).gpus_size(), 8);
        QCOMPARE(c.nodes(0).nvswitches_size(), 4);
        QCOMPARE(c.nodes(0).nics_size(), 4);
        QCOMPARE(c.nodes(0).state(), pb::NODE_STATE_UP);
        QCOMPARE(c.nodes(0).gpus(3).id(), std::string("node01/gpu3"));
        QCOMPARE(c.switches_size(), 1);
        int nvlink = 0, roce = 0;
        for (const pb::Link &l : c.links()) {
            nvlink += l.type() == pb::LINK_TYPE_NVLINK;
            roce += l.type() == pb::LINK_TYPE_ROCE;
            QVERIFY(l.bandwidth_bytes_per_second() > 0);
        }
        QCOMPARE(nvlink, 2 * 8 * 4);
        QCOMPARE(roce, 8);
    }

    void summaryCountsTheClusterAndSaysSimulated()
    {
        must(m_engine->advanceTime(3000));
        const pb::ClusterSummary s = must(m_engine->getSummary());
        QVERIFY(s.simulated());
        QCOMPARE(s.gpus_total(), 16);
        QCOMPARE(s.nodes_up(), 2);
        QCOMPARE(s.gpus_busy(), 0);
        QCOMPARE(s.jobs_running(), 0);
        QVERIFY(s.power_draw_watts() > 16 * 60 && s.power_draw_watts() < 16 * 80); // all idle
        QCOMPARE(s.gpu_memory_total_bytes(), 16 * 81559.0 * (1ull << 20));
    }

    void telemetryStreamDeliversFilteredDcgmBatches()
    {
        pb::SubscribeTelemetryRequest request;
        request.add_metrics("DCGM_FI_DEV_GPU_UTIL");
        request.add_nodes("node01");
        auto stream = m_engine->subscribeTelemetry(request);
        QSignalSpy spy(stream.get(), &TelemetryStream::batch);
        must(m_engine->advanceTime(3000));
        QTRY_VERIFY(spy.count() >= 3);
        const auto batch = spy.first().first().value<pb::SampleBatch>();
        QVERIFY(batch.simulated());
        QCOMPARE(batch.samples_size(), 8);
        for (const pb::Sample &s : batch.samples()) {
            QCOMPARE(s.metric(), std::string("DCGM_FI_DEV_GPU_UTIL"));
            QCOMPARE(s.labels().at("Hostname"), std::string("node01"));
            QVERIFY(s.labels().contains("gpu") && s.labels().contains("UUID") && s.labels().contains("modelName"));
            QCOMPARE(s.time_ms(), batch.time_ms());
        }
    }

    void rangeQueryReturnsStoredPointsAndSteps()
    {
        const pb::SimulationStatus start = must(m_engine->getSimulation());
        must(m_engine->advanceTime(10000));
        pb::QueryRangeRequest q;
        q.set_metric("DCGM_FI_DEV_GPU_TEMP");
        (*q.mutable_match_labels())["Hostname"] = "node01";
        (*q.mutable_match_labels())["gpu"] = "0";
        q.set_start_ms(start.time_ms());
        const pb::QueryRangeResponse raw = must(m_engine->queryRange(q));
        QCOMPARE(raw.series_size(), 1);
        QVERIFY(raw.series(0).points_size() >= 10);
        q.set_step_ms(5000);
        const pb::QueryRangeResponse stepped = must(m_engine->queryRange(q));
        QVERIFY(stepped.series(0).points_size() <= 3);
        q.set_metric("NO_SUCH_METRIC");
        QCOMPARE(must(m_engine->queryRange(q)).series_size(), 0);
    }

    // A viewer's query that would build ~10^9 points (a 1 ms step over a week) or overflow the
    // range (start at INT64_MIN) is refused with what to change; the engine answers the next one.
    void rangeQueryRefusesWhatItCannotAnswer()
    {
        const pb::SimulationStatus now = must(m_engine->getSimulation());
        pb::QueryRangeRequest q;
        q.set_metric("DCGM_FI_DEV_GPU_TEMP");
        q.set_start_ms(now.time_ms() - 7 * 86'400'000LL);
        q.set_end_ms(now.time_ms());
        q.set_step_ms(1);
        const auto fine = waitFor(m_engine->queryRange(q));
        QVERIFY(!fine);
        QCOMPARE(fine.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(fine.error().message.find("larger step") != std::string::npos, fine.error().message.c_str());
        q.set_step_ms(0);
        q.set_start_ms(std::numeric_limits<std::int64_t>::min());
        const auto overflowing = waitFor(m_engine->queryRange(q));
        QVERIFY(!overflowing);
        QCOMPARE(overflowing.error().code, ErrorCode::InvalidArgument);
        q.set_start_ms(now.time_ms() - 60'000);
        q.set_step_ms(10'000);
        QVERIFY(must(m_engine->queryRange(q)).series_size() > 0);
    }

    void rangeQueryAggregatesAcrossSeries_data()
    {
        QTest::addColumn<int>("aggregation");
        QTest::addColumn<QStringList>("groupBy");
        QTest::addColumn<int>("expectedSeries");
        QTest::newRow("avg by Hostname") << int(pb::AGGREGATION_AVG) << QStringList{"Hostname"} << 2;
        QTest::newRow("max") << int(pb::AGGREGATION_MAX) << QStringList{} << 1;
        QTest::newRow("min by Hostname") << int(pb::AGGREGATION_MIN) << QStringList{"Hostname"} << 2;
        QTest::newRow("sum by gpu") << int(pb::AGGREGATION_SUM) << QStringList{"gpu"} << 8;
        QTest::newRow("p95") << int(pb::AGGREGATION_P95) << QStringList{} << 1;
    }
    void rangeQueryAggregatesAcrossSeries()
    {
        QFETCH(int, aggregation);
        QFETCH(QStringList, groupBy);
        QFETCH(int, expectedSeries);
        const pb::SimulationStatus start = must(m_engine->getSimulation());
        must(m_engine->advanceTime(20000));
        pb::QueryRangeRequest q;
        q.set_metric("DCGM_FI_DEV_POWER_USAGE");
        q.set_start_ms(start.time_ms());
        q.set_end_ms(start.time_ms() + 20000);
        q.set_step_ms(5000);
        // The expected answer, computed here from the per-series stepped values.
        std::map<std::pair<std::string, std::int64_t>, std::vector<double>> groups;
        const pb::QueryRangeResponse perSeries = must(m_engine->queryRange(q));
        for (const pb::Series &s : perSeries.series()) {
            std::string key;
            for (const QString &l : groupBy)
                key += s.labels().at(l.toStdString()) + ",";
            for (const pb::Point &p : s.points())
                groups[{key, p.time_ms()}].push_back(p.value());
        }
        q.set_aggregation(static_cast<pb::Aggregation>(aggregation));
        for (const QString &l : groupBy)
            q.add_group_by(l.toStdString());
        const pb::QueryRangeResponse r = must(m_engine->queryRange(q));
        QCOMPARE(r.series_size(), expectedSeries);
        int checked = 0;
        for (const pb::Series &s : r.series()) {
            QCOMPARE(s.labels_size(), static_cast<int>(groupBy.size()));
            std::string key;
            for (const QString &l : groupBy)
                key += s.labels().at(l.toStdString()) + ",";
            QCOMPARE(s.points_size(), 5);
            for (const pb::Point &p : s.points()) {
                std::vector<double> v = groups.at({key, p.time_ms()});
                std::sort(v.begin(), v.end());
                double expected = 0;
                switch (aggregation) {
                case pb::AGGREGATION_AVG:
                    expected = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
                    break;
                case pb::AGGREGATION_SUM:
                    expected = std::accumulate(v.begin(), v.end(), 0.0);
                    break;
                case pb::AGGREGATION_MIN:
                    expected = v.front();
                    break;
                case pb::AGGREGATION_MAX:
                    expected = v.back();
                    break;
                case pb::AGGREGATION_P95: {
                    const double rank = 0.95 * (v.size() - 1);
                    const auto lo = static_cast<std::size_t>(rank);
                    expected = v[lo] + (v[std::min(lo + 1, v.size() - 1)] - v[lo]) * (rank - lo);
                    break;
                }
                }
                QVERIFY2(std::abs(p.value() - expected) <= 1e-9 * std::max(1.0, std::abs(expected)),
                         qPrintable(QStringLiteral("%1 vs %2").arg(p.value()).arg(expected)));
                ++checked;
            }
        }
        QCOMPARE(checked, expectedSeries * 5);
        q.set_step_ms(0); // an aggregation needs a step or pixel columns
        QCOMPARE(waitFor(m_engine->queryRange(q)).error().code, ErrorCode::InvalidArgument);
    }

    void rangeQueryDownsamplesPerPixelColumnKeepingExtremes()
    {
        const pb::SimulationStatus start = must(m_engine->getSimulation());
        must(m_engine->submitJob(job(8)));
        must(m_engine->advanceTime(60000));
        pb::QueryRangeRequest q;
        q.set_metric("DCGM_FI_DEV_POWER_USAGE");
        q.set_start_ms(start.time_ms());
        q.set_end_ms(start.time_ms() + 59999);
        const pb::QueryRangeResponse raw = must(m_engine->queryRange(q));
        QVERIFY(raw.series_size() >= 16); // the job's GPUs get a series with a job label too
        constexpr int kColumns = 6;
        q.set_pixel_columns(kColumns);
        const pb::QueryRangeResponse m4 = must(m_engine->queryRange(q));
        QCOMPARE(m4.series_size(), raw.series_size());
        int dense = 0;
        for (int i = 0; i < raw.series_size(); ++i) {
            QCOMPARE(m4.series(i).labels_size(), raw.series(i).labels_size());
            dense += raw.series(i).points_size() > 4 * kColumns;
            QVERIFY(m4.series(i).points_size() <= 4 * kColumns);
            QVERIFY(m4.series(i).points_size() <= raw.series(i).points_size());
            for (int col = 0; col < kColumns; ++col) {
                const std::int64_t from = start.time_ms() + col * 10000, to = from + 10000;
                double rawMin = 1e300, rawMax = -1e300, m4Min = 1e300, m4Max = -1e300;
                for (const pb::Point &p : raw.series(i).points())
                    if (p.time_ms() >= from && p.time_ms() < to) {
                        rawMin = std::min(rawMin, p.value());
                        rawMax = std::max(rawMax, p.value());
                    }
                for (const pb::Point &p : m4.series(i).points())
                    if (p.time_ms() >= from && p.time_ms() < to) {
                        m4Min = std::min(m4Min, p.value());
                        m4Max = std::max(m4Max, p.value());
                    }
                QCOMPARE(m4Min, rawMin);
                QCOMPARE(m4Max, rawMax);
            }
        }
        QVERIFY(dense >= 8); // the idle GPUs report all minute long: the columns did thin them
    }

    void jobsSubmitRunListGetAndCancel()
    {
        const pb::Job submitted = must(m_engine->submitJob(job(2)));
        QVERIFY(!submitted.id().empty());
        QCOMPARE(submitted.state(), pb::JOB_STATE_PENDING);
        QVERIFY(submitted.simulated());
        must(m_engine->advanceTime(1000));
        const pb::Job running = must(m_engine->getJob(submitted.id()));
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.gpus_size(), 2);
        QVERIFY(running.start_time_ms() > 0);
        pb::ListJobsRequest onlyRunning;
        onlyRunning.add_states(pb::JOB_STATE_RUNNING);
        QCOMPARE(must(m_engine->listJobs(onlyRunning)).jobs_size(), 1);
        const pb::Job cancelled = must(m_engine->cancelJob(submitted.id()));
        QCOMPARE(cancelled.state(), pb::JOB_STATE_CANCELLED);
        QCOMPARE(waitFor(m_engine->cancelJob(submitted.id())).error().code, ErrorCode::FailedPrecondition);
        QCOMPARE(waitFor(m_engine->getJob("no-such-job")).error().code, ErrorCode::NotFound);
        QCOMPARE(waitFor(m_engine->submitJob(job(0))).error().code, ErrorCode::InvalidArgument);
        QCOMPARE(waitFor(m_engine->submitJob(job(17))).error().code, ErrorCode::InvalidArgument);
    }

    void runningJobIsRequeuedUnderItsId()
    {
        const pb::Job submitted = must(m_engine->submitJob(job(2, 3600)));
        QCOMPARE(waitFor(m_engine->requeueJob(submitted.id())).error().code, ErrorCode::FailedPrecondition); // waits
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(submitted.id())).state(), pb::JOB_STATE_RUNNING);
        const pb::Job requeued = must(m_engine->requeueJob(submitted.id()));
        QCOMPARE(requeued.id(), submitted.id());
        QCOMPARE(requeued.state(), pb::JOB_STATE_PENDING);
        QCOMPARE(requeued.gpus_size(), 0);
        QCOMPARE(requeued.requeues(), 1);
        QVERIFY2(QString::fromStdString(requeued.pending_reason()).contains("requeued"), requeued.pending_reason().c_str());
        must(m_engine->advanceTime(1000)); // the scheduler places it again
        const pb::Job again = must(m_engine->getJob(submitted.id()));
        QCOMPARE(again.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(again.requeues(), 1);
        must(m_engine->cancelJob(submitted.id()));
        const Result<pb::Job> ended = waitFor(m_engine->requeueJob(submitted.id()));
        QCOMPARE(ended.error().code, ErrorCode::FailedPrecondition);
        QVERIFY2(QString::fromStdString(ended.error().message).contains("submit it again"),
                 ended.error().message.c_str());
        QCOMPARE(waitFor(m_engine->requeueJob("no-such-job")).error().code, ErrorCode::NotFound);
    }

    // PlanJob on the cluster's own GPUs (the quiet super node's H100 SXM) and links.
    void planJobUsesTheClustersGpusAndTopology()
    {
        pb::PlanJobRequest request;
        request.mutable_model()->set_parameters(13e9);
        request.mutable_model()->set_zero_stage(2);
        request.mutable_model()->set_seq(4096);
        request.set_gpus(16);
        const pb::PlanJobResponse plan = must(m_engine->planJob(request));
        QCOMPARE(plan.gpu_model(), std::string("H100-SXM"));
        QCOMPARE(plan.topology(), std::string("cluster"));
        QCOMPARE(plan.nodes(), 2);
        QCOMPARE(plan.memory().params_bytes(), 26e9);
        QVERIFY(plan.fits());
        QVERIFY(plan.time().dp_comm_ms() > 0);
        QVERIFY(plan.candidates_size() > 0);
        request.mutable_model()->set_tensor_parallel(3);
        const auto bad = waitFor(m_engine->planJob(request));
        QCOMPARE(bad.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(bad.error().message).contains("not divisible by TP x PP"),
                 bad.error().message.c_str());
    }

    // The submitter's preview: the embedded backend shows the spec itself; a backend the cluster
    // does not configure is NotFound, named.
    void renderJobShowsWhatTheBackendWouldBeSent()
    {
        pb::JobSpec spec = job(2);
        spec.set_name("preview \"quoted\" $(id)");
        const pb::RenderJobResponse shown = must(m_engine->renderJob(spec));
        QCOMPARE(shown.backend(), std::string("embedded"));
        QCOMPARE(shown.media_type(), std::string("application/json"));
        QVERIFY2(shown.text().find("\"gpus_min\": 2") != std::string::npos, shown.text().c_str());
        QVERIFY2(shown.text().find("preview \\\"quoted\\\" $(id)") != std::string::npos, shown.text().c_str());
        spec.set_backend("no-such-backend");
        const auto unknown = waitFor(m_engine->renderJob(spec));
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
        QVERIFY2(QString::fromStdString(unknown.error().message).contains("no-such-backend"),
                 unknown.error().message.c_str());
    }

    // Half a megabyte in one field of a viewer's RenderJob (or anyone's SubmitJob, PlanJob) is
    // refused at the contract's bound, named, and the engine answers the next call (issue 29: a
    // long environment name overflowed the engine thread's stack in the renderers' validation).
    void oversizedJobFieldsAreRefusedNamingTheField()
    {
        pb::JobSpec spec = job(2);
        (*spec.mutable_environment())[std::string(500 * 1000, 'A')] = "x";
        const auto rendered = waitFor(m_engine->renderJob(spec));
        QVERIFY(!rendered);
        QCOMPARE(rendered.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(rendered.error().message.find("environment name") != std::string::npos,
                 rendered.error().message.c_str());
        spec = job(2);
        spec.set_command(std::string(500 * 1000, 'c'));
        const auto submitted = waitFor(m_engine->submitJob(spec));
        QVERIFY(!submitted);
        QCOMPARE(submitted.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(submitted.error().message.find("command") != std::string::npos, submitted.error().message.c_str());
        pb::PlanJobRequest plan;
        plan.set_gpu_model(std::string(500 * 1000, 'H'));
        QCOMPARE(waitFor(m_engine->planJob(plan)).error().code, ErrorCode::InvalidArgument);
        QCOMPARE(must(m_engine->renderJob(job(2))).backend(), std::string("embedded"));
    }

    // A job whose declared model cannot fit on the GPUs it asks for: refused with the reason and
    // the nearest fitting configuration, or accepted with a warning; a fitting one passes clean.
    void submitChecksTheDeclaredModel()
    {
        pb::JobSpec tooBig = job(1);
        pb::DeclaredModel &m = *tooBig.mutable_declared_model();
        m.set_parameters(13e9); // 208 GB of model states on one 80 GB GPU
        m.set_refuse_if_no_fit(true);
        const auto refused = waitFor(m_engine->submitJob(tooBig));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        const QString why = QString::fromStdString(refused.error().message);
        QVERIFY2(why.contains("does not fit on 1 x H100-SXM") && why.contains("needs at least"), qPrintable(why));

        pb::JobSpec eight = job(8);
        *eight.mutable_declared_model() = m;
        eight.mutable_declared_model()->set_micro_batch(64);
        const auto refusedWithNearest = waitFor(m_engine->submitJob(eight));
        QVERIFY(!refusedWithNearest.ok());
        QVERIFY2(QString::fromStdString(refusedWithNearest.error().message).contains("nearest configuration that fits"),
                 refusedWithNearest.error().message.c_str());

        eight.mutable_declared_model()->set_refuse_if_no_fit(false);
        const pb::Job warned = must(m_engine->submitJob(eight));
        QVERIFY2(QString::fromStdString(warned.plan_warning()).contains("nearest configuration"),
                 warned.plan_warning().c_str());
        const pb::Job listed = must(m_engine->getJob(warned.id()));
        QCOMPARE(listed.plan_warning(), warned.plan_warning());
        QCOMPARE(listed.spec().declared_model().parameters(), 13e9); // the declared model comes back

        pb::JobSpec fits = job(8);
        fits.mutable_declared_model()->set_parameters(7e9);
        fits.mutable_declared_model()->set_zero_stage(1);
        fits.mutable_declared_model()->set_refuse_if_no_fit(true);
        QVERIFY(must(m_engine->submitJob(fits)).plan_warning().empty());

        pb::JobSpec malformed = job(8);
        malformed.mutable_declared_model()->set_parameters(-1);
        const auto rejected = waitFor(m_engine->submitJob(malformed));
        QCOMPARE(rejected.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(rejected.error().message).contains("declared model"),
                 rejected.error().message.c_str());
    }

    void pendingJobSaysWhyItWaits()
    {
        must(m_engine->submitJob(job(16)));
        const pb::Job waiting = must(m_engine->submitJob(job(1, 600, "product"))); // research is at its max
        must(m_engine->advanceTime(1000));
        const pb::Job j = must(m_engine->getJob(waiting.id()));
        QCOMPARE(j.state(), pb::JOB_STATE_PENDING);
        QVERIFY2(QString::fromStdString(j.pending_reason()).startsWith("waiting for 1 GPU on one node"),
                 j.pending_reason().c_str());
        QVERIFY2(QString::fromStdString(j.pending_reason()).endsWith("; position 1"), j.pending_reason().c_str());
        QCOMPARE(j.queue_position(), 1);
        QCOMPARE(must(m_engine->getSummary()).jobs_pending(), 1);
    }

    void pendingJobsHaveQueuePositionsInSchedulingOrder()
    {
        must(m_engine->submitJob(job(8, 600, "product")));
        must(m_engine->submitJob(job(8, 600, "product")));
        must(m_engine->advanceTime(1000)); // the cluster is full
        std::vector<std::string> waiting;
        for (int i = 0; i < 3; ++i)
            waiting.push_back(must(m_engine->submitJob(job(8, 600, "research", "dataPreprocessing"))).id());
        // Higher priority goes first whatever the submit order (and preempts nothing of its own class).
        const std::string urgent = must(m_engine->submitJob(job(8, 600, "research", "modelTraining"))).id();
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(urgent)).queue_position(), 1);
        for (std::size_t i = 0; i < waiting.size(); ++i) {
            const pb::Job j = must(m_engine->getJob(waiting[i]));
            QCOMPARE(j.state(), pb::JOB_STATE_PENDING);
            QCOMPARE(j.queue_position(), static_cast<int>(i + 2));
            QVERIFY2(QString::fromStdString(j.pending_reason()).startsWith("waiting for 8 GPUs on one NVSwitch node"),
                     j.pending_reason().c_str());
            QVERIFY2(QString::fromStdString(j.pending_reason()).endsWith("; position " + QString::number(i + 2)),
                     j.pending_reason().c_str());
        }
        QCOMPARE(must(m_engine->getSummary()).jobs_pending(), 4);
    }

    void queueQuotasHoldJobsAndRefuseWhatCanNeverRun()
    {
        ClusterSpec spec = quietCluster();
        spec.schedulingPolicy.queues = {{"research", ResourceQuota{0, 8, 0}, 1}, {"product", ResourceQuota{}, 1}};
        m_engine = m_factory(spec);
        const pb::Job first = must(m_engine->submitJob(job(4)));
        const pb::Job second = must(m_engine->submitJob(job(4)));
        const pb::Job over = must(m_engine->submitJob(job(4)));
        const pb::Job other = must(m_engine->submitJob(job(4, 600, "product")));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(first.id())).state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(must(m_engine->getJob(second.id())).state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(must(m_engine->getJob(other.id())).state(), pb::JOB_STATE_RUNNING); // its own queue's room
        const pb::Job held = must(m_engine->getJob(over.id()));
        QCOMPARE(held.state(), pb::JOB_STATE_PENDING);
        QVERIFY2(QString::fromStdString(held.pending_reason()).startsWith("queue research is at its max of 8 GPUs"),
                 held.pending_reason().c_str());
        // Refused at submit, nothing queued: over the queue's max, an unknown queue or class.
        const int before = must(m_engine->listJobs({})).jobs_size();
        const auto tooBig = waitFor(m_engine->submitJob(job(16)));
        QCOMPARE(tooBig.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(tooBig.error().message).contains("research"), tooBig.error().message.c_str());
        const auto nowhere = waitFor(m_engine->submitJob(job(1, 600, "marketing")));
        QCOMPARE(nowhere.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(nowhere.error().message).contains("marketing"),
                 nowhere.error().message.c_str());
        QCOMPARE(waitFor(m_engine->submitJob(job(1, 600, "research", "vip"))).error().code, ErrorCode::InvalidArgument);
        QCOMPARE(must(m_engine->listJobs({})).jobs_size(), before);
        // When a research job ends, the held one starts.
        must(m_engine->cancelJob(first.id()));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(over.id())).state(), pb::JOB_STATE_RUNNING);
    }

    void higherPriorityPreemptsAndTheVictimResumes()
    {
        const pb::Job low1 = must(m_engine->submitJob(job(8, 3600, "research", "dataPreprocessing")));
        const pb::Job low2 = must(m_engine->submitJob(job(8, 3600, "research", "dataPreprocessing")));
        must(m_engine->advanceTime(1000));
        const pb::Job high = must(m_engine->submitJob(job(8, 600, "product", "modelTraining")));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(high.id())).state(), pb::JOB_STATE_RUNNING);
        const pb::Job a = must(m_engine->getJob(low1.id())), b = must(m_engine->getJob(low2.id()));
        const pb::Job &victim = a.state() == pb::JOB_STATE_PENDING ? a : b;
        QCOMPARE(victim.state(), pb::JOB_STATE_PENDING);
        QCOMPARE(victim.preemptions(), 1);
        QVERIFY2(QString::fromStdString(victim.pending_reason())
                     .contains(QString::fromStdString("preempted for job " + high.id())),
                 victim.pending_reason().c_str());
        QCOMPARE((a.state() == pb::JOB_STATE_RUNNING) + (b.state() == pb::JOB_STATE_RUNNING), 1);
    }

    void elasticJobsShrinkForWaitingWorkAndGrowBack()
    {
        pb::JobSpec spec = job(4, 3600, "research", "dataPreprocessing");
        spec.set_gpus_max(16);
        const pb::Job elastic = must(m_engine->submitJob(spec));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(elastic.id())).gpus_size(), 16); // idle GPUs: it takes them all
        const pb::Job high = must(m_engine->submitJob(job(8, 600, "product", "modelTraining")));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(high.id())).state(), pb::JOB_STATE_RUNNING);
        const pb::Job shrunk = must(m_engine->getJob(elastic.id()));
        QCOMPARE(shrunk.state(), pb::JOB_STATE_RUNNING); // shrunk, not preempted: no work lost
        QVERIFY(shrunk.gpus_size() >= 4 && shrunk.gpus_size() <= 8);
        QCOMPARE(shrunk.preemptions(), 0);
        must(m_engine->cancelJob(high.id()));
        must(m_engine->advanceTime(1000));
        QCOMPARE(must(m_engine->getJob(elastic.id())).gpus_size(), 16);
    }

    void nodeFailureRequeuesItsJobsFromCheckpointElsewhere()
    {
        const pb::Job j = must(m_engine->submitJob(job(8)));
        must(m_engine->advanceTime(1000));
        const pb::Job running = must(m_engine->getJob(j.id()));
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        const std::string node = running.gpus(0).node();
        pb::InjectFaultRequest down;
        down.set_kind(pb::FAULT_KIND_NODE_DOWN);
        down.set_node(node);
        down.set_duration_ms(600000);
        must(m_engine->injectFault(down));
        must(m_engine->advanceTime(1000));
        const pb::Job moved = must(m_engine->getJob(j.id()));
        QCOMPARE(moved.state(), pb::JOB_STATE_RUNNING); // not failed: requeued and restarted
        QCOMPARE(moved.requeues(), 1);
        QCOMPARE(moved.gpus_size(), 8);
        for (const pb::GpuRef &g : moved.gpus())
            QVERIFY(g.node() != node);
    }
};

int main(int argc, char **argv)
{
    return runOnEveryEngine<TestEngineConformance>(argc, argv);
}

#include "tst_engine_conformance.moc"
