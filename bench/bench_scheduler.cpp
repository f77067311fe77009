// Scheduler benchmarks (scripts/bench scheduler): placement decisions per second and the cycle
// after a job ends on 1,024 nodes x 8 GPUs with 100,000 pending jobs; the whole OpenB replay;
// and the FGD inflation quality figure (unallocated GPU share, ours against best fit).
#include "bench_json.h"

#include "backend/scheduler/inflation.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/replay.h"
#include "backend/scheduler/scheduler.h"
#include "backend/scheduler/trace_cluster.h"
#include "backend/scheduler/trace_generator.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>

using namespace sn;
using namespace sn::sched;

namespace {

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// CPU time of this thread: what the cycle itself costs, without the time the shared machine's
// other processes took the core away (wall-clock p99 there is mostly their time slices).
double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

Scheduler bigCluster(int maxScan)
{
    ClusterCapacity c;
    for (int i = 0; i < 1024; ++i)
        c.addNode("node" + std::to_string(i), "H100", 8, 128000, std::int64_t{2048} << 30, i / 32);
    SchedulerConfig cfg;
    cfg.maxBackfillScan = maxScan;
    Scheduler s(std::move(c), cfg, makePlacementPolicy("default"));
    std::mt19937_64 rng(1);
    const int sizes[] = {1, 1, 1, 2, 4, 8, 8, 16, 0, 0}; // 0: a 250..750 share of one GPU
    for (int i = 0; i < 100000; ++i) {
        JobSpec j;
        j.name = "bench" + std::to_string(i);
        j.queue = i % 4 == 0 ? "ml" : "cv";
        const int g = sizes[rng() % 10];
        j.gpusMin = j.gpusMax = g == 0 ? 1 : g;
        j.gpuMilli = g == 0 ? 250 * (1 + static_cast<int>(rng() % 3)) : 1000;
        j.cpus = 4 * j.gpusMax;
        j.memoryBytes = std::int64_t{32} << 30;
        j.estimatedRuntimeS = 600 + static_cast<std::int64_t>(rng() % 7200);
        (void)s.submit(j, 0);
    }
    return s;
}

// The time-based replay (docs/benchmarks.md): 8 x 8 GPUs, the generated three-team workload at
// 1.2x offered load, strict FIFO against our scheduler with the same quotas and priorities.
void timeBasedReplay()
{
    ClusterCapacity cluster;
    for (int i = 0; i < 8; ++i)
        cluster.addNode("node0" + std::to_string(i + 1), "H100", 8, 112000, std::int64_t{2048} << 30, i / 4);
    SchedulerConfig cfg;
    cfg.priorityClasses = {{"modelTraining", 100}, {"inference", 80}, {"dataPreprocessing", 50}};
    cfg.queues["research"] = {24, 0, 0, 1}; // guaranteed min; any may borrow the idle rest
    cfg.queues["product"] = {24, 0, 0, 1};
    cfg.queues["data"] = {8, 0, 0, 1};
    std::vector<double> jct, util, starved, denied, preemptions, preemptionsOneJob;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        TraceGeneratorOptions g;
        g.seed = seed;
        const auto trace = generateTrace(g);
        ReplayOptions fifoRun;
        fifoRun.policy = "fifo";
        const ReplayResult fifo = replayTrace(cluster, trace, cfg, fifoRun);
        const ReplayResult ours = replayTrace(cluster, trace, cfg, ReplayOptions{});
        jct.push_back(ours.jctSMean / fifo.jctSMean);
        util.push_back(100 * (ours.utilizationMean - fifo.utilizationMean));
        double worst = 0, worstDenied = 0;
        for (const auto &[name, q] : ours.queues) {
            worst = std::max(worst, q.starvedS / std::max(1.0, ours.makespanS));
            worstDenied = std::max(worstDenied, q.deniedGuaranteeS / std::max(1.0, ours.makespanS));
        }
        starved.push_back(worst);
        denied.push_back(worstDenied);
        preemptions.push_back(ours.preemptions);
        preemptionsOneJob.push_back(ours.preemptionsOfOneJobMax);
        std::fprintf(stderr,
                     "bench_scheduler: replay seed %llu: jct fifo %.0f s ours %.0f s; utilization fifo %.3f ours "
                     "%.3f; makespan fifo %.0f ours %.0f; preemptions %d (one job at most %d); worst starved share "
                     "%.3f, owed %.4f\n",
                     static_cast<unsigned long long>(seed), fifo.jctSMean, ours.jctSMean, fifo.utilizationMean,
                     ours.utilizationMean, fifo.makespanS, ours.makespanS, ours.preemptions,
                     ours.preemptionsOfOneJobMax, worst, worstDenied);
        std::fprintf(stderr, "bench_scheduler: replay %d jobs, %d completed, %d rejected (%s)\n", ours.jobs,
                     ours.completed, ours.rejected, ours.firstRejection.c_str());
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    bench::printFigure("scheduler", "replay_jct_ratio_vs_fifo", median(jct), "ratio", "target", 0.7);
    bench::printFigure("scheduler", "replay_utilization_gain_vs_fifo", median(util), "points", "target", 10);
    bench::printFigure("scheduler", "replay_starved_share_max", median(starved), "share of makespan", "target", 0);
    bench::printFigure("scheduler", "replay_guarantee_owed_share_max", median(denied), "share of makespan", "target",
                       0);
    // Bounded, not a target: preemptions of the 2,000 jobs, and the most of any one of them.
    bench::printFigure("scheduler", "replay_preemptions", median(preemptions), "preemptions");
    bench::printFigure("scheduler", "replay_preemptions_one_job_max", median(preemptionsOneJob), "preemptions");
}

} // namespace

int main()
{
    {
        // Every pending job gets a decision (start, or why not) in one cycle.
        Scheduler s = bigCluster(100000);
        const auto t0 = std::chrono::steady_clock::now();
        const auto started = s.cycle(0);
        const double elapsed = seconds(t0);
        bench::printFigure("scheduler", "placements_per_s", 100000 / elapsed, "decisions/s",
                           "kube-scheduler (hundreds/s)", 500);
        std::fprintf(stderr, "bench_scheduler: first cycle started %zu jobs in %.3f s\n", started.size(), elapsed);

        // A job ends, the cycle that follows (default scan depth).
        Scheduler t = bigCluster(SchedulerConfig{}.maxBackfillScan);
        t.cycle(0);
        std::vector<double> ms, cpuMs;
        std::mt19937_64 rng(2);
        std::int64_t now = 1000;
        for (int i = 0; i < 500; ++i) {
            std::vector<int> running(t.running().begin(), t.running().end());
            (void)t.finish(running[rng() % running.size()], now);
            const auto c0 = std::chrono::steady_clock::now();
            const double cpu0 = threadCpuMs();
            t.cycle(now);
            cpuMs.push_back(threadCpuMs() - cpu0);
            ms.push_back(seconds(c0) * 1000);
            now += 1000;
        }
        std::sort(ms.begin(), ms.end());
        std::sort(cpuMs.begin(), cpuMs.end());
        bench::printFigure("scheduler", "cycle_ms_p99", ms[ms.size() * 99 / 100], "ms", "target", 10);
        bench::printFigure("scheduler", "cycle_cpu_ms_p99", cpuMs[cpuMs.size() * 99 / 100], "ms", "target", 10);
        std::fprintf(stderr, "bench_scheduler: cycle wall p50 %.2f ms, CPU p50 %.2f ms, %zu pending\n",
                     ms[ms.size() / 2], cpuMs[cpuMs.size() / 2], t.pendingCount());
    }

    timeBasedReplay();

    const char *data = std::getenv("SN_SHARED_DATA");
    const std::string dir = std::string(data ? data : "../shared/data") + "/traces/alibaba-openb-2023/";
    auto all = readOpenbNodes(dir + "openb_node_list_all_node.csv");
    auto gpuNodes = readOpenbNodes(dir + "openb_node_list_gpu_node.csv");
    auto pods = readOpenbPods(dir + "openb_pod_list_default.csv");
    if (!all || !gpuNodes || !pods) {
        std::fprintf(stderr, "bench_scheduler: OpenB trace not found under %s; skipping replay figures\n", dir.c_str());
        return 0;
    }
    {
        const auto t0 = std::chrono::steady_clock::now();
        ReplayOptions o;
        const ReplayResult r = replayTrace(capacityFromTraceNodes(*all, false), *pods, SchedulerConfig{}, o);
        bench::printFigure("scheduler", "replay_s", seconds(t0), "s", "target", 10);
        std::fprintf(stderr, "bench_scheduler: replay of %d jobs, %d completed\n", r.jobs, r.completed);
    }
    {
        const ClusterCapacity cluster = capacityFromTraceNodes(*gpuNodes, true);
        auto median = [&](const std::string &policy) {
            std::vector<double> v;
            for (std::uint64_t seed = 1; seed <= 5; ++seed) {
                auto p = makePlacementPolicy(policy);
                v.push_back(runInflation(cluster, *pods, *p, seed).unallocatedGpuFraction);
            }
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        const double bestfit = median("bestfit");
        const double ours = median("default");
        bench::printFigure("scheduler", "unallocated_gpu_fraction", ours, "share", "bestfit", bestfit);
        bench::printFigure("scheduler", "unallocated_gpu_fraction_fifo", median("fifo"), "share", "bestfit", bestfit);
    }
    return 0;
}
