// The engine's job backend routing against a real Slurm 22.05 with accounting (the harness of
// tests/support/slurm_cluster): cluster.yaml `jobBackends` builds the Slurm backend; submit,
// get, list and cancel through EngineApi route by JobSpec.backend; states come back from Slurm
// on the router's own thread; RenderJob shows the sbatch script; Slurm's nodes and GPUs join a
// real cluster's node list.
#include "backend/engine/engine.h"
#include "backend/engine/local_engine.h"
#include "backend/model/cluster_yaml.h"

#include "tests/support/slurm_cluster.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <QThread>

#include <functional>

using namespace sn;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

template <typename T> T must(Reply<T> reply)
{
    Result<T> r = waitFor(std::move(reply));
    if (!r.ok())
        qFatal("engine call failed: %s", r.error().message.c_str());
    return r.value();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const char *kClusterYaml = "apiVersion: supernode/v1\n"
                           "kind: Cluster\n"
                           "metadata: {name: lab}\n"
                           "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                           "jobBackends:\n"
                           "  default: embedded\n"
                           "  slurm:\n"
                           "    via: cli\n"
                           "    partition: gpu\n"
                           "    qos: {urgent: high, batch: low}\n";

} // namespace

class TstEngineSlurm : public QObject {
    Q_OBJECT

    test::SlurmCluster m_slurm;
    std::unique_ptr<LocalEngine> m_engine;

    pb::JobSpec spec(const std::string &name, int gpus, const std::string &command) const
    {
        pb::JobSpec s;
        s.set_backend("slurm");
        s.set_name(name);
        s.set_gpus_min(gpus);
        s.set_gpus_max(gpus);
        s.set_command(command);
        s.set_queue("mlteam");
        s.set_working_directory(m_slurm.workDir().toStdString());
        return s;
    }

    pb::Job waitUntil(const std::string &id, const std::function<bool(const pb::Job &)> &done)
    {
        QElapsedTimer timer;
        timer.start();
        pb::Job last;
        while (timer.elapsed() < 30000) {
            auto job = waitFor(m_engine->getJob(id));
            if (job.ok()) {
                last = *job;
                if (done(last))
                    break;
            }
            QThread::msleep(200);
        }
        return last;
    }

private slots:
    void initTestCase()
    {
        test::SlurmCluster::Options o;
        o.accounting = true;
        if (!test::requireSlurm(o))
            return;
        QString why;
        QVERIFY2(m_slurm.start(o, &why), qPrintable(why));
        QVERIFY2(m_slurm.run("sacctmgr", {"-i", "modify", "qos", "high", "set", "MaxTRESPerUser=gres/gpu=16"}, &why),
                 qPrintable(why));
        auto spec = parseClusterYaml(kClusterYaml);
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        LocalEngine::Options options;
        options.engine.spec = *spec;
        options.engine.virtualTime = true;
        options.engine.backendRefreshMs = 300;
        m_engine = std::make_unique<LocalEngine>(std::move(options));
    }
    void cleanupTestCase()
    {
        m_engine.reset();
        m_slurm.stop();
    }

    void renderJobShowsTheSbatchScript()
    {
        pb::JobSpec s = spec("preview", 2, "python train.py");
        s.set_priority_class("urgent");
        const pb::RenderJobResponse shown = must(m_engine->renderJob(s));
        QCOMPARE(q(shown.backend()), QString("slurm"));
        QCOMPARE(q(shown.media_type()), QString("text/x-shellscript"));
        QVERIFY(shown.text().rfind("#!/bin/bash\n", 0) == 0);
        QVERIFY(shown.text().find("python train.py") != std::string::npos);
        const QStringList command = [&] {
            QStringList c;
            for (const std::string &w : shown.command())
                c << q(w);
            return c;
        }();
        QCOMPARE(command.value(0), QString("sbatch"));
        QVERIFY2(command.contains("--gres=gpu:2"), qPrintable(command.join(' ')));
        QVERIFY2(command.contains("--qos=high"), qPrintable(command.join(' ')));
        QVERIFY2(command.contains("--partition=gpu"), qPrintable(command.join(' ')));
        s.set_backend("kubernetes"); // not configured here
        const auto unknown = waitFor(m_engine->renderJob(s));
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
    }

    void twoGpuJobRunsAndCompletesThroughTheEngine()
    {
        const QString marker = m_slurm.workDir() + "/engine-cvd.txt";
        const pb::Job submitted = must(
            m_engine->submitJob(spec("engine-two", 2, "echo \"$CUDA_VISIBLE_DEVICES\" > " + marker.toStdString())));
        QCOMPARE(q(submitted.backend()), QString("slurm"));
        QVERIFY(q(submitted.id()).startsWith("slurm-"));
        const pb::Job done = waitUntil(submitted.id(), [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(readFile(marker).trimmed(), QByteArray("0,1"));
        QCOMPARE(q(done.spec().name()), QString("engine-two"));

        // The embedded scheduler still takes jobs without a backend, and one list holds both.
        pb::JobSpec embedded;
        embedded.set_name("embedded-one");
        embedded.set_gpus_min(1);
        embedded.set_gpus_max(1);
        embedded.set_estimated_runtime_s(600);
        const pb::Job local = must(m_engine->submitJob(embedded));
        QVERIFY(!q(local.id()).startsWith("slurm-"));
        const pb::ListJobsResponse all = must(m_engine->listJobs({}));
        bool sawSlurm = false, sawEmbedded = false;
        for (const pb::Job &j : all.jobs()) {
            sawSlurm = sawSlurm || j.id() == submitted.id();
            sawEmbedded = sawEmbedded || j.id() == local.id();
        }
        QVERIFY(sawSlurm);
        QVERIFY(sawEmbedded);
    }

    void gangJobRunsAndCancelsThroughTheEngine()
    {
        pb::JobSpec s = spec("engine-gang", 16, "sleep 120");
        s.set_node_count(2);
        s.set_gang(true);
        s.set_priority_class("batch");
        const pb::Job submitted = must(m_engine->submitJob(s));
        const pb::Job running =
            waitUntil(submitted.id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.backend_nodes_size(), 2);
        QCOMPARE(running.gpus_size(), 16);
        QVERIFY2(q(running.backend_allocation()).contains("gres/gpu=16"), running.backend_allocation().c_str());
        (void)must(m_engine->cancelJob(submitted.id()));
        const pb::Job after =
            waitUntil(submitted.id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_CANCELLED; });
        QCOMPARE(after.state(), pb::JOB_STATE_CANCELLED);
    }

    void runningJobIsRequeuedBySlurmUnderItsId()
    {
        const pb::Job submitted = must(m_engine->submitJob(spec("engine-requeue", 8, "sleep 120")));
        const pb::Job running =
            waitUntil(submitted.id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        const pb::Job requeued = must(m_engine->requeueJob(submitted.id())); // scontrol requeue
        QCOMPARE(requeued.id(), submitted.id());
        QCOMPARE(requeued.backend_job_id(), running.backend_job_id());
        const pb::Job pending =
            waitUntil(submitted.id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_PENDING; });
        QCOMPARE(pending.state(), pb::JOB_STATE_PENDING); // Slurm's own REQUEUED / PENDING
        (void)must(m_engine->cancelJob(submitted.id()));
        const Result<pb::Job> ended = waitFor(m_engine->requeueJob("slurm-999999"));
        QCOMPARE(ended.error().code, ErrorCode::NotFound);
    }

    // Slurm lists every job the daemon's account may see; the console changes only its own
    // (issue 29, item 16). Before: any operator could cancel a colleague's sbatch job.
    void jobsThisConsoleDidNotSubmitAreListedNotChanged()
    {
        QString why, out;
        QVERIFY2(m_slurm.run("sbatch", {"--parsable", "-p", "gpu", "-D", m_slurm.workDir(), "--wrap", "sleep 120"},
                             &why, &out),
                 qPrintable(why));
        const std::string id = "slurm-" + out.trimmed().section(';', 0, 0).toStdString();
        const pb::Job seen = waitUntil(id, [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(seen.state(), pb::JOB_STATE_RUNNING);
        for (const Result<pb::Job> &refused : {waitFor(m_engine->cancelJob(id)), waitFor(m_engine->requeueJob(id))}) {
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
            QVERIFY2(q(refused.error().message).contains("not submitted through this console"),
                     refused.error().message.c_str());
        }
        QTest::qWait(1000);
        QCOMPARE(waitFor(m_engine->getJob(id))->state(), pb::JOB_STATE_RUNNING);
        QVERIFY2(m_slurm.run("scancel", {out.trimmed().section(';', 0, 0)}, &why), qPrintable(why));
    }

    void jobOverItsQosLimitShowsSlurmsReason()
    {
        std::vector<std::string> ids;
        for (const char *name : {"qos-a", "qos-b", "qos-over"}) {
            pb::JobSpec s = spec(name, 8, "sleep 120");
            s.set_priority_class("urgent");
            ids.push_back(must(m_engine->submitJob(s)).id());
        }
        for (int i = 0; i < 2; ++i)
            QCOMPARE(waitUntil(ids[i], [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; }).state(),
                     pb::JOB_STATE_RUNNING);
        const pb::Job over =
            waitUntil(ids[2], [](const pb::Job &j) { return q(j.pending_reason()).contains("QOSMaxGRESPerUser"); });
        QCOMPARE(over.state(), pb::JOB_STATE_PENDING);
        QVERIFY2(q(over.pending_reason()).contains("QOSMaxGRESPerUser"), over.pending_reason().c_str());
        pb::ListJobsRequest pendingOnly;
        pendingOnly.add_states(pb::JOB_STATE_PENDING);
        bool listed = false;
        const pb::ListJobsResponse pending = must(m_engine->listJobs(pendingOnly));
        for (const pb::Job &j : pending.jobs())
            listed = listed || j.id() == ids[2];
        QVERIFY(listed);
        for (const std::string &id : ids)
            (void)must(m_engine->cancelJob(id));
    }

    void hostileTextArrivesByteForByteThroughTheEngine()
    {
        const QString work = m_slurm.workDir() + "/engine-hostile";
        QVERIFY(QDir().mkpath(work));
        const std::string name = "it's \"$(touch pwned-1)\" `touch pwned-2`; touch pwned-3\nsecond";
        pb::JobSpec s = spec(name, 0, "printf '%s' \"$SLURM_JOB_NAME\" > name.txt; printf '%s' '$(x);`y`' > cmd.txt");
        s.set_working_directory(work.toStdString());
        const pb::Job submitted = must(m_engine->submitJob(s));
        const pb::Job done = waitUntil(submitted.id(), [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(readFile(work + "/name.txt"), QByteArray::fromStdString(name));
        QCOMPARE(readFile(work + "/cmd.txt"), QByteArray("$(x);`y`"));
        QVERIFY2(QDir(work).entryList({"pwned*"}).isEmpty(), qPrintable(QDir(work).entryList().join(", ")));
        QCOMPARE(q(done.spec().name()), q(name));
    }

    void restoredSlurmJobsStaySlurms()
    {
        // supernoded restores every job it stored; a Slurm job must not become a simulated one.
        auto spec = parseClusterYaml(kClusterYaml);
        QVERIFY(spec.ok());
        Engine::Options options;
        options.spec = *spec;
        options.virtualTime = true;
        options.backendRefreshMs = 300;
        pb::Job slurmJob;
        slurmJob.set_id("slurm-99999");
        slurmJob.set_backend("slurm");
        slurmJob.set_backend_job_id("99999");
        slurmJob.set_state(pb::JOB_STATE_RUNNING);
        slurmJob.mutable_spec()->set_backend("slurm");
        slurmJob.mutable_spec()->set_command("python train.py");
        options.restoredJobs = {slurmJob};
        Engine engine(std::move(options));
        engine.jobBackends()->refresh(); // squeue does not know 99999: the last state stays
        auto job = engine.getJob("slurm-99999");
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QCOMPARE(job->state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(q(job->spec().command()), QString("python train.py"));
        int copies = 0;
        const pb::ListJobsResponse all = engine.listJobs({});
        for (const pb::Job &j : all.jobs())
            copies += j.id() == "slurm-99999" || j.spec().command() == "python train.py";
        QCOMPARE(copies, 1);
    }

    void slurmNodesJoinARealClustersNodeList()
    {
        // A real cluster (no simulator) whose cluster.yaml lists no nodes: Slurm's are shown.
        auto spec = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: real}\n"
                                     "jobBackends: {default: slurm, slurm: {via: cli}}\n");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        Engine::Options options;
        options.spec = *spec;
        options.backendRefreshMs = 300;
        options.makeCollectors = [](const ClusterSpec &) {
            return Result<std::vector<std::unique_ptr<Collector>>>(std::vector<std::unique_ptr<Collector>>{});
        };
        Engine engine(std::move(options));
        QVERIFY(engine.jobBackends() != nullptr);
        engine.jobBackends()->refresh();
        const pb::Cluster cluster = engine.cluster();
        QCOMPARE(cluster.nodes_size(), 4);
        QCOMPARE(q(cluster.nodes(0).name()), QString("gpu01"));
        QCOMPARE(cluster.nodes(0).gpus_size(), 8);
        QCOMPARE(q(cluster.nodes(0).gpus(7).id()), QString("gpu01/gpu7"));
        QCOMPARE(cluster.nodes(0).state(), pb::NODE_STATE_UP);
        // Its default backend is Slurm: a spec without one goes there.
        pb::JobSpec s;
        s.set_name("default-backend");
        s.set_command("true");
        s.set_working_directory(m_slurm.workDir().toStdString());
        auto job = engine.submitJob(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QCOMPARE(q(job->backend()), QString("slurm"));
        QCOMPARE(q(engine.renderJob(s)->backend()), QString("slurm"));
    }
};

QTEST_GUILESS_MAIN(TstEngineSlurm)
#include "tst_engine_slurm.moc"
