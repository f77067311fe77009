// bench_backends: job backends against a real Slurm 22.05 (tests/support/slurm_cluster: munged,
// slurmctld, 4 x slurmd with 8 fake GPUs each, on loopback), through SlurmCliBackend:
//   slurm_submit_ms           sbatch round trip as submit() returns (script on stdin, the id
//                             parsed, the first squeue look); median of 15
//   slurm_submit_to_running_ms  from submit() to the first squeue --json showing RUNNING,
//                             polled every 20 ms; median of 15
//   slurm_list_jobs_ms        one listJobs() (squeue --json parsed) with 15 finished jobs held
// Needs root and the Slurm packages (scripts/deps); says so and exits 1 without them.
#include "backend/model/command_runner.h"
#include "backend/scheduler/backends/slurm_cli_backend.h"
#include "bench/bench_json.h"
#include "tests/support/slurm_cluster.h"

#include <QCoreApplication>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace sn;

namespace {

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

double msSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const test::SlurmCluster::Options options;
    if (const QString missing = test::SlurmCluster::missing(options); !missing.isEmpty()) {
        std::fprintf(stderr, "bench_backends: missing %s\n", qPrintable(missing));
        return 1;
    }
    test::SlurmCluster slurm;
    QString why;
    if (!slurm.start(options, &why)) {
        std::fprintf(stderr, "bench_backends: Slurm did not start: %s\n", qPrintable(why));
        return 1;
    }
    SlurmCliOptions cli;
    cli.useSacct = false;
    SlurmCliBackend backend(std::make_shared<LocalCommandRunner>(), cli);
    std::vector<double> submitMs, runningMs;
    for (int i = 0; i < 15; ++i) {
        pb::JobSpec spec;
        spec.set_name("bench-" + std::to_string(i));
        spec.set_gpus_min(1);
        spec.set_gpus_max(1);
        spec.set_command("sleep 60");
        spec.set_working_directory(slurm.workDir().toStdString());
        const auto start = std::chrono::steady_clock::now();
        auto job = backend.submit(spec);
        if (!job) {
            std::fprintf(stderr, "bench_backends: %s\n", job.error().message.c_str());
            return 1;
        }
        submitMs.push_back(msSince(start));
        pb::JobState state = job->state();
        while (state != pb::JOB_STATE_RUNNING && msSince(start) < 30000) {
            QThread::msleep(20);
            if (auto now = backend.job(job->backend_job_id()))
                state = now->state();
        }
        runningMs.push_back(msSince(start));
        (void)backend.cancel(job->backend_job_id());
    }
    std::vector<double> listMs;
    for (int i = 0; i < 15; ++i) {
        const auto start = std::chrono::steady_clock::now();
        (void)backend.listJobs();
        listMs.push_back(msSince(start));
    }
    bench::printFigure("backends", "slurm_submit_ms", median(submitMs), "ms");
    bench::printFigure("backends", "slurm_submit_to_running_ms", median(runningMs), "ms");
    bench::printFigure("backends", "slurm_list_jobs_ms", median(listMs), "ms");
    slurm.stop();
    return 0;
}
