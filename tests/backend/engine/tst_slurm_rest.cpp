// SlurmRestBackend against the real slurmrestd 22.05 (v0.0.38, JWT, `-u slurm`,
// SLURM_JWT=daemon) of tests/support/slurm_cluster, over the project's HTTP client: submit a
// 2-GPU job that completes with CUDA_VISIBLE_DEVICES=0,1, a hostile name byte for byte, a gang
// job that cancels, nodes and partitions; then cluster.yaml `via: rest` through the engine, and
// a bad token refused as such.
#include "backend/engine/engine.h"
#include "backend/engine/engine_backends.h"
#include "backend/model/cluster_yaml.h"
#include "backend/scheduler/backends/slurm_rest_backend.h"

#include "tests/support/in_language.h"
#include "tests/support/slurm_cluster.h"
#include "translations/engine_message.h"

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

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TstSlurmRest : public QObject {
    Q_OBJECT

    test::SlurmCluster m_slurm;
    QString m_tokenFile;
    std::unique_ptr<SlurmRestBackend> m_backend;

    pb::JobSpec spec(const std::string &name, int gpus, const std::string &command) const
    {
        pb::JobSpec s;
        s.set_name(name);
        s.set_gpus_min(gpus);
        s.set_gpus_max(gpus);
        s.set_command(command);
        s.set_working_directory(m_slurm.workDir().toStdString());
        return s;
    }

    pb::Job waitFor(const std::string &id, const std::function<bool(const pb::Job &)> &done)
    {
        QElapsedTimer timer;
        timer.start();
        pb::Job last;
        while (timer.elapsed() < 30000) {
            if (auto job = m_backend->job(id)) {
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
        o.rest = true;
        if (!test::requireSlurm(o))
            return;
        QString why;
        QVERIFY2(m_slurm.start(o, &why), qPrintable(why));
        const QString token = m_slurm.token(3600, &why);
        QVERIFY2(!token.isEmpty(), qPrintable(why));
        m_tokenFile = m_slurm.dir() + "/etc/root.jwt";
        QFile f(m_tokenFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SLURM_JWT=" + token.toUtf8() + "\n");
        f.close();
        auto transport = httpTransportTo(m_slurm.restUrl().toStdString());
        QVERIFY(transport.ok());
        SlurmRestOptions options;
        options.baseUrl = m_slurm.restUrl().toStdString();
        options.userName = "root";
        const std::string jwt = token.toStdString();
        options.token = [jwt] { return Result<std::string>(jwt); };
        m_backend = std::make_unique<SlurmRestBackend>(*transport, options);
    }
    void cleanupTestCase() { m_slurm.stop(); }

    void nodesAndPartitions()
    {
        auto nodes = m_backend->nodes();
        QVERIFY2(nodes.ok(), nodes.ok() ? "" : nodes.error().message.c_str());
        QCOMPARE(nodes->size(), std::size_t{4});
        QCOMPARE(nodes->front().gpus, 8);
        QCOMPARE(q(nodes->front().gpuModel), QString("h200"));
        auto queues = m_backend->queues();
        QVERIFY2(queues.ok(), queues.ok() ? "" : queues.error().message.c_str());
        QCOMPARE(queues->size(), std::size_t{2});
        QVERIFY(queues->front().isDefault);
        QCOMPARE((*queues)[1].maxTimeS, 3600);
    }

    void twoGpuJobCompletesWithItsGpus()
    {
        const QString work = m_slurm.workDir() + "/rest";
        QVERIFY(QDir().mkpath(work));
        const std::string name = "rest 'q' \"$(touch pwned)\" `touch pwned2`;\nx";
        pb::JobSpec s =
            spec(name, 2, "echo \"$CUDA_VISIBLE_DEVICES\" > cvd.txt; printf '%s' \"$SLURM_JOB_NAME\" > name.txt");
        s.set_working_directory(work.toStdString());
        auto rendered = m_backend->render(s);
        QVERIFY(rendered.ok());
        QCOMPARE(q(rendered->mediaType), QString("application/json"));
        QCOMPARE(q(rendered->command.at(0)), QString("POST"));
        QVERIFY(q(rendered->text).contains("\"gres\": \"gpu:2\""));
        auto job = m_backend->submit(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const pb::Job done = waitFor(job->backend_job_id(), [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(readFile(work + "/cvd.txt").trimmed(), QByteArray("0,1"));
        QCOMPARE(readFile(work + "/name.txt"), QByteArray::fromStdString(name));
        QVERIFY(QDir(work).entryList({"pwned*"}).isEmpty());
    }

    void gangJobRunsAndCancels()
    {
        pb::JobSpec s = spec("rest-gang", 16, "sleep 120");
        s.set_node_count(2);
        s.set_time_limit_s(600);
        s.set_checkpoint_interval_s(120);
        auto job = m_backend->submit(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const pb::Job running =
            waitFor(job->backend_job_id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.backend_nodes_size(), 2);
        QCOMPARE(running.gpus_size(), 16);
        auto cancelled = m_backend->cancel(job->backend_job_id());
        QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : cancelled.error().message.c_str());
        QCOMPARE(waitFor(job->backend_job_id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_CANCELLED; })
                     .state(),
                 pb::JOB_STATE_CANCELLED);
    }

    void refusalsAndABadToken()
    {
        auto tooBig = m_backend->submit(spec("too-big", 9, "true"));
        QVERIFY(!tooBig.ok());
        QCOMPARE(tooBig.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(q(tooBig.error().message).contains("Slurm refused the job"), tooBig.error().message.c_str());
        // In Chinese: our frames translated, Slurm's own description and error name kept.
        const QString tooBigZh = test::inChinese([&] { return errorText(tooBig.error()); });
        QVERIFY2(tooBigZh.startsWith(QString::fromUtf8("Slurm 拒绝了该作业：slurmrestd job/submit：Slurm 报告错误")),
                 qPrintable(tooBigZh));
        const QString slurmWords = q(tooBig.error().message).mid(q(tooBig.error().message).lastIndexOf(": ") + 2);
        QVERIFY2(tooBigZh.endsWith(QString::fromUtf8("：") + slurmWords), qPrintable(tooBigZh));

        auto transport = httpTransportTo(m_slurm.restUrl().toStdString());
        SlurmRestOptions options;
        options.baseUrl = m_slurm.restUrl().toStdString();
        options.userName = "root";
        options.token = [] { return Result<std::string>(std::string("not-a-token")); };
        SlurmRestBackend badToken(*transport, options);
        auto jobs = badToken.listJobs();
        QVERIFY(!jobs.ok());
        QVERIFY2(jobs.error().code == ErrorCode::PermissionDenied || jobs.error().code == ErrorCode::Unavailable,
                 jobs.error().message.c_str());
        if (jobs.error().code == ErrorCode::PermissionDenied) {
            const QString zh = test::inChinese([&] { return errorText(jobs.error()); });
            QVERIFY2(zh.contains(QString::fromUtf8("（该令牌对用户 'root' 是否有效？）")), qPrintable(zh));
        }

        auto requeued = m_backend->requeue("1");
        QVERIFY(!requeued.ok());
        QCOMPARE(test::inChinese([&] { return errorText(requeued.error()); }),
                 QString::fromUtf8("slurmrestd 不支持重新排队（jobBackends.slurm.via: cli 支持，通过 scontrol）：请取消"
                                   "作业 1 后重新提交"));
    }

    // This client speaks plain HTTP and every call carries the JWT: only to this machine.
    void theTokenIsNotSentInPlainTextOffLoopback()
    {
        for (const char *url : {"http://10.0.0.5:6820", "http://head01:6820", "http://[fe80::1]:6820"}) {
            auto transport = httpTransportTo(url);
            QVERIFY2(!transport.ok(), url);
            QVERIFY2(q(transport.error().message).contains("plain text"), transport.error().message.c_str());
            QVERIFY2(q(transport.error().message).contains("127.0.0.1"), transport.error().message.c_str());
        }
        for (const char *url : {"http://127.0.0.1:6820", "http://localhost:6820/", "http://[::1]:6820"})
            QVERIFY2(httpTransportTo(url).ok(), url);
    }

    std::unique_ptr<Engine> engineOnThisSlurm()
    {
        const std::string yaml = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                                 "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                                 "jobBackends:\n  slurm:\n    via: rest\n    restUrl: " +
                                 m_slurm.restUrl().toStdString() + "\n    tokenFile: " + m_tokenFile.toStdString() +
                                 "\n    user: root\n";
        auto cluster = parseClusterYaml(yaml);
        if (!cluster)
            qFatal("%s", cluster.error().message.c_str());
        Engine::Options options;
        options.spec = *cluster;
        options.virtualTime = true;
        options.backendRefreshMs = 300;
        return std::make_unique<Engine>(std::move(options));
    }

    pb::Job waitUntilEnded(Engine &engine, const std::string &id)
    {
        QElapsedTimer timer;
        timer.start();
        pb::Job seen;
        while (timer.elapsed() < 30000) {
            if (auto j = engine.getJob(id); j.ok() && (seen = *j).end_time_ms() > 0)
                break;
            QThread::msleep(200);
        }
        return seen;
    }

    void throughTheEngineFromClusterYaml()
    {
        auto owned = engineOnThisSlurm();
        Engine &engine = *owned;
        QVERIFY(engine.jobBackends() != nullptr);
        pb::JobSpec s = spec("engine-rest", 1, "true");
        s.set_backend("slurm");
        auto rendered = engine.renderJob(s);
        QVERIFY2(rendered.ok(), rendered.ok() ? "" : rendered.error().message.c_str());
        QCOMPARE(q(rendered->media_type()), QString("application/json"));
        auto job = engine.submitJob(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QCOMPARE(waitUntilEnded(engine, job->id()).state(), pb::JOB_STATE_COMPLETED);
    }

    // A secret environment value reaches the job Slurm runs (the job fails without it) and is
    // "<secret>" in everything the engine answers after the submission.
    void secretValuesReachTheJobAndNothingElse()
    {
        auto engine = engineOnThisSlurm();
        pb::JobSpec s = spec("engine-secret", 1,
                             // The values reversed, so that the command itself holds neither.
                             "test \"$(echo \"$HF_TOKEN\" | rev)\" = 321cba_fh && "
                             "test \"$(echo \"$RUN_LABEL\" | rev)\" = 654fed_fh && test \"$PLAIN\" = 1");
        s.set_backend("slurm");
        (*s.mutable_environment())["HF_TOKEN"] = "hf_abc123";  // secret by its name
        (*s.mutable_environment())["RUN_LABEL"] = "hf_def456"; // secret because listed
        (*s.mutable_environment())["PLAIN"] = "1";
        s.add_secret_environment("RUN_LABEL");
        auto job = engine->submitJob(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const pb::Job ended = waitUntilEnded(*engine, job->id());
        QCOMPARE(ended.state(), pb::JOB_STATE_COMPLETED);
        engine->jobBackends()->refresh();
        std::vector<pb::Job> seen{*job, ended, engine->getJob(job->id()).value()};
        const pb::ListJobsResponse listed = engine->listJobs({}); // kept: jobs() refers into it
        for (const pb::Job &j : listed.jobs())
            if (j.id() == job->id())
                seen.push_back(j);
        QCOMPARE(seen.size(), std::size_t(4));
        for (const pb::Job &j : seen) {
            QCOMPARE(q(j.spec().environment().at("HF_TOKEN")), QString("<secret>"));
            QCOMPARE(q(j.spec().environment().at("RUN_LABEL")), QString("<secret>"));
            QCOMPARE(q(j.spec().environment().at("PLAIN")), QString("1"));
            QVERIFY(!q(j.DebugString()).contains("hf_abc123") && !q(j.DebugString()).contains("hf_def456"));
        }
    }
};

QTEST_GUILESS_MAIN(TstSlurmRest)
#include "tst_slurm_rest.moc"
