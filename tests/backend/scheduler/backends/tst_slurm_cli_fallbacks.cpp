// SlurmCliBackend's logic around the tools, isolated with a scripted CommandRunner that answers
// with the real 22.05 captures (the real-Slurm behaviour is tst_slurm_cli_backend's): the words
// and stdin sbatch gets, a job squeue has forgotten asked of sacct, a cluster without
// accounting keeping the last state seen, and each tool's failure reported as what failed.
#include "backend/scheduler/backends/slurm_cli_backend.h"

#include "tests/support/shared_data.h"

#include <QFile>
#include <QTest>

using namespace sn;

namespace {

std::string readShared(const QString &relative)
{
    QFile f(test::sharedDataPath(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

class ScriptedRunner final : public CommandRunner {
public:
    using CommandRunner::run;
    std::map<std::string, CommandOutput> answers; // by program
    std::vector<std::vector<std::string>> calls;
    std::string lastInput;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds,
                              const std::string &input) override
    {
        calls.push_back(argv);
        lastInput = input;
        const auto it = answers.find(argv.front());
        if (it == answers.end())
            return Error{ErrorCode::Unavailable, argv.front() + ": not found"};
        return it->second;
    }
    std::string where() const override { return "scripted"; }
};

} // namespace

class TstSlurmCliFallbacks : public QObject {
    Q_OBJECT
private slots:
    void forgottenJobsComeFromSacct()
    {
        if (!test::requireSharedData("slurm/debian12-slurm-22.05/sacct.json"))
            return;
        auto runner = std::make_shared<ScriptedRunner>();
        runner->answers["sbatch"] = {0, "3\n", ""};
        runner->answers["squeue"] = {0, "{\"meta\": {}, \"errors\": [], \"jobs\": []}", ""};
        runner->answers["sacct"] = {0, readShared("slurm/debian12-slurm-22.05/sacct.json"), ""};
        SlurmCliBackend backend(runner, {});
        pb::JobSpec spec;
        spec.set_name("over-limit");
        spec.set_command("python train.py");
        spec.set_gpus_min(8);
        spec.set_gpus_max(8);
        auto job = backend.submit(spec);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QCOMPARE(job->backend_job_id(), std::string("3"));
        QCOMPARE(job->state(), pb::JOB_STATE_PENDING);
        QCOMPARE(job->spec().command(), std::string("python train.py")); // the submitted spec, kept
        // sbatch got the script on stdin and its options as words.
        const auto &sbatch = runner->calls.front();
        QCOMPARE(sbatch.front(), std::string("sbatch"));
        QVERIFY(std::find(sbatch.begin(), sbatch.end(), "--gres=gpu:8") != sbatch.end());
        QVERIFY(runner->lastInput.empty()); // the last call was sacct, which gets no input
        bool askedSacct = false;
        for (const auto &c : runner->calls)
            askedSacct = askedSacct || (c.front() == "sacct" && c.back() == "--jobs=3");
        QVERIFY(askedSacct);
    }

    void withoutAccountingTheLastStateStays()
    {
        if (!test::requireSharedData("slurm/debian12-slurm-22.05/squeue.json"))
            return;
        auto runner = std::make_shared<ScriptedRunner>();
        runner->answers["sbatch"] = {0, "1;peers\n", ""};
        runner->answers["squeue"] = {0, readShared("slurm/debian12-slurm-22.05/squeue.json"), ""};
        runner->answers["sacct"] = {1, "", "Slurm accounting storage is disabled\n"};
        SlurmCliBackend backend(runner, {});
        pb::JobSpec spec;
        spec.set_command("true");
        auto job = backend.submit(spec);
        QVERIFY(job.ok());
        QCOMPARE(job->state(), pb::JOB_STATE_RUNNING);         // job 1 of the capture
        runner->answers["squeue"] = {0, "{\"jobs\": []}", ""}; // slurmctld forgot it
        auto jobs = backend.listJobs();
        QVERIFY(jobs.ok());
        QCOMPARE(jobs->size(), std::size_t{1});
        QCOMPARE(jobs->front().state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(jobs->front().backend_job_id(), std::string("1"));
    }

    void toolFailuresSayWhatFailed()
    {
        auto runner = std::make_shared<ScriptedRunner>();
        runner->answers["squeue"] = {1, "", "slurm_load_jobs error: Unable to contact slurm controller\n"};
        runner->answers["sbatch"] = {1, "", "sbatch: error: Batch job submission failed: Invalid qos specification\n"};
        runner->answers["scontrol"] = {0, "garbage here\n", ""};
        SlurmCliBackend backend(runner, {});
        auto jobs = backend.listJobs();
        QVERIFY(!jobs.ok());
        QCOMPARE(jobs.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(jobs.error().message).contains("squeue --json: slurm_load_jobs error"),
                 jobs.error().message.c_str());
        pb::JobSpec spec;
        spec.set_command("true");
        auto refused = backend.submit(spec);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(refused.error().message).contains("Invalid qos specification"),
                 refused.error().message.c_str());
        auto nodes = backend.nodes();
        QVERIFY(!nodes.ok());
        QVERIFY2(QString::fromStdString(nodes.error().message).contains("scontrol -o show node: line 1"),
                 nodes.error().message.c_str());
        auto gone = backend.queues(); // scontrol answers garbage for partitions too
        QVERIFY(!gone.ok());
        runner->answers.erase("scancel");
        auto cancel = backend.cancel("5");
        QVERIFY(!cancel.ok());
        QCOMPARE(cancel.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(cancel.error().message).contains("Slurm (scripted)"),
                 cancel.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TstSlurmCliFallbacks)
#include "tst_slurm_cli_fallbacks.moc"
