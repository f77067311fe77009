// SlurmCliBackend against a real Slurm 22.05 (tests/support/slurm_cluster: munged, slurmctld and
// four `slurmd -N gpuNN` with 8 fake H200 each, on loopback): jobs run and complete with the GPUs
// Slurm gave them, a 2 x 8 GPU gang job runs across two nodes, cancel works, hostile text
// arrives byte for byte and runs nothing, and the same backend works through SSH to the "head
// node" (a real sshd).
#include "backend/model/command_runner.h"
#include "backend/ssh/ssh_command_runner.h"
#include "backend/scheduler/backends/slurm_cli_backend.h"

#include "tests/support/in_language.h"
#include "tests/support/openssh_server.h"
#include "tests/support/slurm_cluster.h"
#include "translations/engine_message.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <QThread>

#include <functional>

using namespace sn;
using namespace std::chrono_literals;

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

class TstSlurmCliBackend : public QObject {
    Q_OBJECT

    test::SlurmCluster m_slurm;
    std::unique_ptr<SlurmCliBackend> m_backend;

    SlurmCliOptions options() const
    {
        SlurmCliOptions o;
        o.useSacct = false; // this cluster has no slurmdbd (tst_slurm_accounting has)
        o.submit.qosByPriorityClass = {{"urgent", "high"}};
        return o;
    }

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

    // Polls the backend until the job satisfies `done`; the last state seen otherwise.
    pb::Job waitFor(SlurmCliBackend &backend, const std::string &id, const std::function<bool(const pb::Job &)> &done,
                    int timeoutMs = 30000)
    {
        QElapsedTimer timer;
        timer.start();
        pb::Job last;
        while (timer.elapsed() < timeoutMs) {
            if (auto job = backend.job(id)) {
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
        const test::SlurmCluster::Options o;
        if (!test::requireSlurm(o))
            return;
        QString why;
        QVERIFY2(m_slurm.start(o, &why), qPrintable(why));
        m_backend = std::make_unique<SlurmCliBackend>(std::make_shared<LocalCommandRunner>(), options());
    }
    void cleanupTestCase() { m_slurm.stop(); }

    void listsTheNodesWithTheirGpusAndThePartitions()
    {
        auto nodes = m_backend->nodes();
        QVERIFY2(nodes.ok(), nodes.ok() ? "" : nodes.error().message.c_str());
        QCOMPARE(nodes->size(), std::size_t{4});
        for (const BackendNode &n : *nodes) {
            QCOMPARE(n.gpus, 8);
            QCOMPARE(q(n.gpuModel), QString("h200"));
        }
        QCOMPARE(q(nodes->front().name), QString("gpu01"));
        auto queues = m_backend->queues();
        QVERIFY2(queues.ok(), queues.ok() ? "" : queues.error().message.c_str());
        QCOMPARE(queues->size(), std::size_t{2});
        QCOMPARE(q(queues->front().name), QString("gpu"));
        QVERIFY(queues->front().isDefault);
        QCOMPARE(queues->front().nodes.size(), std::size_t{4});
        QCOMPARE((*queues)[1].maxTimeS, 3600);
    }

    void twoGpuJobRunsAndCompletesWithItsGpus()
    {
        const QString marker = m_slurm.workDir() + "/cvd-two-gpus.txt";
        auto job = m_backend->submit(
            spec("two-gpus", 2, "echo \"$CUDA_VISIBLE_DEVICES\" > " + marker.toStdString() + "\nsleep 3\n"));
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QCOMPARE(q(job->backend()), QString("slurm"));
        QVERIFY(!job->backend_job_id().empty());
        const std::string id = job->backend_job_id();

        const pb::Job running =
            waitFor(*m_backend, id, [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.gpus_size(), 2);
        QCOMPARE(running.gpus(0).gpu(), 0);
        QCOMPARE(running.gpus(1).gpu(), 1);
        // Without slurmdbd Slurm tracks no GPU TRES; AllocTRES with gres/gpu is tst_slurm_accounting's.
        QVERIFY2(q(running.backend_allocation()).contains("node=1"), running.backend_allocation().c_str());
        QCOMPARE(running.backend_nodes_size(), 1);
        QCOMPARE(q(running.spec().command()), q(job->spec().command())); // the submitted spec is kept

        const pb::Job done = waitFor(*m_backend, id, [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(done.exit_code(), 0);
        QCOMPARE(readFile(marker).trimmed(), QByteArray("0,1"));
    }

    void failedJobReportsItsExitCode()
    {
        auto job = m_backend->submit(spec("fails", 0, "exit 3"));
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const pb::Job done =
            waitFor(*m_backend, job->backend_job_id(), [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_FAILED);
        QCOMPARE(done.exit_code(), 3);
        QCOMPARE(q(done.backend_state()), QString("FAILED"));
    }

    void gangJobOfTwoNodesTimesEightGpusRunsAndCancels()
    {
        pb::JobSpec s = spec("gang-2x8", 16, "sleep 120");
        s.set_node_count(2);
        s.set_gang(true);
        s.add_gpu_models("NVIDIA H200");
        auto job = m_backend->submit(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const std::string id = job->backend_job_id();
        const pb::Job running =
            waitFor(*m_backend, id, [](const pb::Job &j) { return j.state() == pb::JOB_STATE_RUNNING; });
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.backend_nodes_size(), 2);
        QVERIFY(running.backend_nodes(0) != running.backend_nodes(1));
        QCOMPARE(running.gpus_size(), 16);
        QVERIFY2(q(running.backend_allocation()).contains("node=2"), running.backend_allocation().c_str());

        auto cancelled = m_backend->cancel(id);
        QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : cancelled.error().message.c_str());
        const pb::Job after =
            waitFor(*m_backend, id, [](const pb::Job &j) { return j.state() == pb::JOB_STATE_CANCELLED; });
        QCOMPARE(after.state(), pb::JOB_STATE_CANCELLED);
        QVERIFY(!m_backend->cancel("12; touch /tmp/x").ok()); // not an id: refused before scancel
    }

    void hostileNameAndCommandArriveByteForByteAndRunNothingElse()
    {
        const QString work = m_slurm.workDir() + "/hostile";
        QVERIFY(QDir().mkpath(work));
        const std::string name = "q'uo\"te $(touch " + work.toStdString() + "/pwned-name) `touch " +
                                 work.toStdString() + "/pwned-tick`; touch " + work.toStdString() +
                                 "/pwned-semi\nline 2";
        // The command is shell code the user wrote; its payloads are single-quoted, so a
        // rendering that re-interpreted it (a shell string, an unquoted heredoc) would run them.
        const std::string payload = "a'\"'\"'b \"c\" $(touch pwned-cmd) `touch pwned-tick2`; touch pwned-semi2";
        const std::string command = "printf '%s' '" + payload +
                                    "' > payload.txt\n"
                                    "printf '%s' \"$SLURM_JOB_NAME\" > name.txt\n"
                                    "printf '%s' \"$HOSTILE\" > env.txt\n";
        pb::JobSpec s = spec(name, 0, command);
        s.set_working_directory(work.toStdString());
        const std::string envValue = "it's $(touch pwned-env) `touch pwned-env2`;\nx";
        (*s.mutable_environment())["HOSTILE"] = envValue;

        auto rendered = m_backend->render(s);
        QVERIFY(rendered.ok());
        auto job = m_backend->submit(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const std::string id = job->backend_job_id();
        // What Slurm stored is exactly the script rendered.
        QString stored;
        QString why;
        QVERIFY2(m_slurm.run("scontrol", {"write", "batch_script", q(id), "-"}, &why, &stored), qPrintable(why));
        QCOMPARE(stored, q(rendered->text));

        const pb::Job done = waitFor(*m_backend, id, [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(q(done.spec().name()), q(name));
        QCOMPARE(readFile(work + "/payload.txt"),
                 QByteArray("a'\"'\"'b \"c\" $(touch pwned-cmd) `touch pwned-tick2`; touch pwned-semi2")
                     .replace("'\"'\"'", "'"));
        QCOMPARE(readFile(work + "/name.txt"), QByteArray::fromStdString(name));
        QCOMPARE(readFile(work + "/env.txt"), QByteArray::fromStdString(envValue));
        const QStringList pwned = QDir(work).entryList({"pwned*"});
        QVERIFY2(pwned.isEmpty(), qPrintable(pwned.join(", ")));
        // squeue's view of the name is the same bytes.
        auto listed = m_backend->listJobs();
        QVERIFY(listed.ok());
        bool seen = false;
        for (const pb::Job &j : *listed)
            seen = seen || (j.backend_job_id() == id && j.backend_state() == "COMPLETED");
        QVERIFY(seen);
    }

    void refusedSubmissionSaysWhatSlurmSaid()
    {
        pb::JobSpec s = spec("too-big", 9, "true"); // no node has 9 GPUs
        auto job = m_backend->submit(s);
        QVERIFY(!job.ok());
        QCOMPARE(job.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(q(job.error().message).contains("Slurm refused the job"), job.error().message.c_str());
        QVERIFY2(q(job.error().message).contains("configuration is not available") ||
                     q(job.error().message).contains("Requested node configuration"),
                 job.error().message.c_str());
        // In Chinese the frame is translated and sbatch's own words stay as it wrote them.
        const QString zh = test::inChinese([&] { return errorText(job.error()); });
        const QString sbatchWords = q(job.error().message).mid(QString("Slurm refused the job: ").size());
        QCOMPARE(zh, QString::fromUtf8("Slurm 拒绝了该作业：") + sbatchWords);
    }

    void worksThroughSshOnTheHeadNode()
    {
        if (!test::requireOpenSsh())
            return;
        test::OpenSshServer sshd;
        const QString key = sshd.makeUserKey("id_head");
        QVERIFY(!key.isEmpty());
        sshd.addConfig("SetEnv SLURM_CONF=" + m_slurm.confPath());
        QString why;
        QVERIFY2(sshd.start(&why), qPrintable(why));
        QFile known(sshd.path("known_hosts"));
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write(sshd.knownHostsLine().toUtf8() + "\n");
        known.close();
        SshOptions o;
        o.target = {sshd.user().toStdString(), "127.0.0.1", sshd.port()};
        o.configFile = "";
        o.knownHostsFile = known.fileName().toStdString();
        o.globalKnownHostsFile = sshd.path("no_global_known_hosts").toStdString();
        o.useAgent = false;
        o.tryDefaultKeys = false;
        o.identityFiles = {key.toStdString()};
        SlurmCliBackend overSsh(std::make_shared<SshCommandRunner>(o), options());

        const QString work = m_slurm.workDir() + "/ssh";
        QVERIFY(QDir().mkpath(work));
        const std::string name = "over ssh; $(touch " + work.toStdString() + "/pwned) 'x'";
        pb::JobSpec s = spec(name, 1, "echo \"$CUDA_VISIBLE_DEVICES\" > cvd.txt");
        s.set_working_directory(work.toStdString());
        auto job = overSsh.submit(s);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        const pb::Job done =
            waitFor(overSsh, job->backend_job_id(), [](const pb::Job &j) { return j.end_time_ms() > 0; });
        QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
        QCOMPARE(q(done.spec().name()), q(name));
        QCOMPARE(readFile(work + "/cvd.txt").trimmed(), QByteArray("0"));
        QVERIFY(!QFile::exists(work + "/pwned"));
        auto nodes = overSsh.nodes();
        QVERIFY2(nodes.ok(), nodes.ok() ? "" : nodes.error().message.c_str());
        QCOMPARE(nodes->size(), std::size_t{4});
    }
};

QTEST_GUILESS_MAIN(TstSlurmCliBackend)
#include "tst_slurm_cli_backend.moc"
