// SlurmCliBackend on a real Slurm with accounting (slurmdbd on a private MariaDB): priority
// classes map to QOS, a job over its QOS's GPU limit pends with Slurm's reason shown in words,
// AllocTRES carries the GPUs, an unknown QOS is refused with Slurm's message, and sacct's live
// JSON reads back.
#include "backend/model/command_runner.h"
#include "backend/scheduler/backends/slurm_cli_backend.h"
#include "backend/scheduler/backends/slurm_job_json.h"

#include "tests/support/slurm_cluster.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <functional>

using namespace sn;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TstSlurmAccounting : public QObject {
    Q_OBJECT

    test::SlurmCluster m_slurm;
    std::unique_ptr<SlurmCliBackend> m_backend;

    pb::JobSpec spec(const std::string &name, int gpus, const std::string &priorityClass) const
    {
        pb::JobSpec s;
        s.set_name(name);
        s.set_gpus_min(gpus);
        s.set_gpus_max(gpus);
        s.set_command("sleep 120");
        s.set_queue("mlteam");
        s.set_priority_class(priorityClass);
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
        o.accounting = true;
        if (!test::requireSlurm(o))
            return;
        QString why;
        QVERIFY2(m_slurm.start(o, &why), qPrintable(why));
        // gres/gpu limits can be set only once slurmctld has registered with slurmdbd (it has:
        // start() waited for the nodes).
        QVERIFY2(m_slurm.run("sacctmgr", {"-i", "modify", "qos", "high", "set", "MaxTRESPerUser=gres/gpu=16"}, &why),
                 qPrintable(why));
        SlurmCliOptions options;
        options.submit.qosByPriorityClass = {{"urgent", "high"}, {"batch", "low"}};
        m_backend = std::make_unique<SlurmCliBackend>(std::make_shared<LocalCommandRunner>(), options);
    }
    void cleanupTestCase() { m_slurm.stop(); }

    void jobOverItsQosLimitPendsWithSlurmsReason()
    {
        std::vector<std::string> ids;
        for (const char *name : {"first-8", "second-8"}) {
            auto job = m_backend->submit(spec(name, 8, "urgent"));
            QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
            ids.push_back(job->backend_job_id());
        }
        for (const std::string &id : ids) {
            const pb::Job running = waitFor(id, [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
            QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
            QVERIFY2(q(running.backend_allocation()).contains("gres/gpu=8"), running.backend_allocation().c_str());
        }
        auto over = m_backend->submit(spec("over-limit", 8, "urgent"));
        QVERIFY2(over.ok(), over.ok() ? "" : over.error().message.c_str());
        const pb::Job pending = waitFor(over->backend_job_id(), [](const pb::Job &j) {
            return q(j.pending_reason()).contains("QOSMaxGRESPerUser");
        });
        QCOMPARE(pending.state(), pb::JOB_STATE_PENDING);
        QVERIFY2(q(pending.pending_reason()).contains("QOSMaxGRESPerUser"), pending.pending_reason().c_str());
        QVERIFY2(q(pending.pending_reason()).contains("per user"), pending.pending_reason().c_str());

        // A class mapped to another QOS is not held by that limit.
        auto low = m_backend->submit(spec("low-8", 8, "batch"));
        QVERIFY2(low.ok(), low.ok() ? "" : low.error().message.c_str());
        const pb::Job lowRunning =
            waitFor(low->backend_job_id(), [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(lowRunning.state(), pb::JOB_STATE_RUNNING);

        // sacct's live JSON (the accounting database) lists them all.
        // slurmctld hands records to slurmdbd asynchronously: wait for all four.
        Result<std::vector<SlurmJobInfo>> accounted;
        QElapsedTimer timer;
        timer.start();
        do {
            QString out, why;
            QVERIFY2(m_slurm.run("sacct", {"--json", "--allusers"}, &why, &out), qPrintable(why));
            accounted = parseSacctJson(out.toStdString());
            QVERIFY2(accounted.ok(), accounted.ok() ? "" : accounted.error().message.c_str());
        } while (accounted->size() < 4 && timer.elapsed() < 20000 && (QThread::msleep(300), true));
        QVERIFY2(accounted->size() >= 4, qPrintable(QString::number(accounted->size())));

        for (const std::string &id : ids)
            QVERIFY(m_backend->cancel(id).ok());
        QVERIFY(m_backend->cancel(over->backend_job_id()).ok());
        QVERIFY(m_backend->cancel(low->backend_job_id()).ok());
    }

    void unknownQosIsRefusedWithSlurmsMessage()
    {
        auto job = m_backend->submit(spec("bad-qos", 1, "no-such-class"));
        QVERIFY(!job.ok());
        QCOMPARE(job.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(q(job.error().message).contains("Invalid qos specification"), job.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TstSlurmAccounting)
#include "tst_slurm_accounting.moc"
