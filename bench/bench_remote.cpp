// bench_remote: supernoded over gRPC/TLS on loopback, a real daemon process as in production.
//   submits_per_s  SubmitJob from one client, 256 in flight, each answered only once committed
//                  to state.db (persistence on, synchronous=FULL, group commit); median of 3 runs
//   restart_ms     kill -9 with 15,500 jobs in the state, restart: from exec to the first answer
//                  (jobs and events restored); median of 3
//   ingress_samples_per_s  4 simulated agents (256 GPUs x 20 metrics each) push columnar
//                  batches over PushSamples/TLS as fast as a fresh daemon stores them, 10 s
//                  each run; samples acknowledged (in the WAL) per second; median of 3
//   ingress_samples_per_cpu_s  the same runs, samples acknowledged per CPU-second the daemon
//                  spent (user + system, from /proc/PID/stat): on a shared machine a run that
//                  lost the cores to other work still tells how costly ingress is; median of 3
//   latency_ms_p99 128 agents x 8 GPUs x 20 metrics (1,024 GPUs) push once a second, stamped
//                  with the wall clock; a SubscribeTelemetry client of the daemon notes each
//                  sample's arrival minus its stamp; p99 of 20 s, median of 3 runs
// The agents and the subscriber run in this process, on the same 2 cores as the daemon.
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "bench/bench_json.h"
#include "bench/simulated_agents.h"
#include "tests/support/supernoded_process.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>

#include <unistd.h>

#include <chrono>
#include <deque>

using namespace sn;

namespace {

pb::JobSpec benchJob(int i)
{
    pb::JobSpec s;
    s.set_name("bench-" + std::to_string(i));
    s.set_user("bench");
    s.set_gpus_min(1);
    s.set_gpus_max(1);
    s.set_estimated_runtime_s(3600);
    return s;
}

// Seconds to have `count` submissions answered, keeping `window` in flight.
double submitSeconds(EngineApi &engine, int count, int window, int *failed)
{
    std::deque<Reply<pb::Job>> inFlight;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count || !inFlight.empty();) {
        while (i < count && static_cast<int>(inFlight.size()) < window)
            inFlight.push_back(engine.submitJob(benchJob(i++)));
        inFlight.front().waitForFinished();
        *failed += !inFlight.front().result().ok();
        inFlight.pop_front();
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// CPU seconds (user + system) process `pid` has used so far; -1 when it cannot be read.
double cpuSeconds(qint64 pid)
{
    QFile stat(QString("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = stat.readAll();
    // Fields after the command name, which is in parentheses and may hold spaces: state is
    // field 3, utime 14 and stime 15 (proc(5)).
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    return static_cast<double>(fields[11].toLongLong() + fields[12].toLongLong()) /
           static_cast<double>(sysconf(_SC_CLK_TCK));
}

// A fresh daemon for the telemetry figures, so that neither sees the other's series.
bool startTelemetryDaemon(test::SupernodedProcess &daemon, bench::AgentTarget *target)
{
    test::SupernodedProcess::Options options;
    options.spec = sim::defaultSimulatedSpec(1); // virtual time: the simulator adds nothing
    options.extraArguments << "--rate-limit"
                           << "1000000";
    QString why;
    if (!daemon.start(options, &why)) {
        std::fprintf(stderr, "bench_remote: %s\n", qPrintable(why));
        return false;
    }
    QFile ca(daemon.path("certs/ca.pem"));
    if (!ca.open(QIODevice::ReadOnly))
        return false;
    target->address = "127.0.0.1:" + std::to_string(daemon.port());
    target->caPem = ca.readAll().toStdString();
    target->token = daemon.token("operator").toStdString();
    return true;
}

// ingressOnly: the ingress figures alone (profiling, quick checks).
int telemetryFigures(bool ingressOnly)
{
    {
        test::SupernodedProcess daemon;
        bench::AgentTarget target;
        if (!startTelemetryDaemon(daemon, &target))
            return 1;
        // Sample times a day back, one hour apart per run, so each run appends in order.
        const std::int64_t base = QDateTime::currentMSecsSinceEpoch() / 7'200'000 * 7'200'000 - 86'400'000;
        std::vector<double> rates, perCpu;
        for (int run = 0; run < 3; ++run) {
            const double cpuBefore = cpuSeconds(daemon.pid());
            const bench::IngressResult r = bench::pushFlatOut(target, 4, 256, base + run * 3'600'000LL, 10.0);
            if (!r.error.empty() || r.rejected > 0 || r.accepted != r.sent) {
                std::fprintf(stderr, "bench_remote: ingress run %d: %s (sent %llu, accepted %llu, rejected %llu)\n",
                             run, r.error.c_str(), (unsigned long long)r.sent, (unsigned long long)r.accepted,
                             (unsigned long long)r.rejected);
                return 1;
            }
            const double cpu = cpuSeconds(daemon.pid()) - cpuBefore;
            rates.push_back(r.samplesPerSecond);
            perCpu.push_back(cpuBefore >= 0 && cpu > 0 ? static_cast<double>(r.accepted) / cpu : 0);
            std::fprintf(stderr,
                         "bench_remote: ingress run %d: %.0f samples/s, daemon %.2f CPU-s, %.0f samples/CPU-s\n", run,
                         r.samplesPerSecond, cpu, perCpu.back());
        }
        bench::printFigure("remote", "ingress_samples_per_s", median(rates), "1/s", "target", 1'000'000);
        bench::printFigure("remote", "ingress_samples_per_cpu_s", median(perCpu), "1/CPU-s");
        daemon.stop();
    }
    if (ingressOnly)
        return 0;
    {
        test::SupernodedProcess daemon;
        bench::AgentTarget target;
        if (!startTelemetryDaemon(daemon, &target))
            return 1;
        std::vector<double> p99s;
        for (int run = 0; run < 3; ++run) {
            const bench::LatencyResult r = bench::pushAtOneHertz(target, 128, 8, 20.0);
            if (!r.error.empty() || r.latenciesMs.size() != r.expected) {
                std::fprintf(stderr, "bench_remote: latency run %d: %s (pushed %llu, received %zu)\n", run,
                             r.error.c_str(), (unsigned long long)r.expected, r.latenciesMs.size());
                return 1;
            }
            p99s.push_back(percentile(r.latenciesMs, 0.99));
            std::fprintf(stderr, "bench_remote: latency run %d: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", run,
                         percentile(r.latenciesMs, 0.5), p99s.back(), percentile(r.latenciesMs, 1.0));
        }
        bench::printFigure("remote", "latency_ms_p99", median(p99s), "ms", "target", 250);
        daemon.stop();
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsEmpty("SN_BINARY_DIR")) // build/<preset>/bench/bench_remote
        qputenv("SN_BINARY_DIR", QDir(QCoreApplication::applicationDirPath() + "/..").absolutePath().toLocal8Bit());
    test::SupernodedProcess daemon;
    test::SupernodedProcess::Options options;
    options.spec = sim::defaultSimulatedSpec(2);
    options.spec.simulation.jobArrivalsPerHour = 0;
    options.extraArguments << "--rate-limit"
                           << "1000000";
    if (app.arguments().contains("--telemetry")) // only the telemetry figures
        return telemetryFigures(false);
    if (app.arguments().contains("--ingress")) // only the ingress figures
        return telemetryFigures(true);
    QString why;
    if (!daemon.start(options, &why)) {
        std::fprintf(stderr, "bench_remote: %s\n", qPrintable(why));
        return 1;
    }

    std::vector<double> rates;
    int failed = 0;
    {
        rpc::RemoteEngine engine(daemon.client("operator"));
        submitSeconds(engine, 500, 256, &failed); // warm: TLS handshake, first allocations
        constexpr int kSubmits = 5000;
        for (int run = 0; run < 3; ++run)
            rates.push_back(kSubmits / submitSeconds(engine, kSubmits, 256, &failed));
    }
    if (failed > 0)
        std::fprintf(stderr, "bench_remote: %d submissions failed\n", failed);
    bench::printFigure("remote", "submits_per_s", median(rates), "1/s", "target", 5000);

    std::vector<double> restarts;
    for (int run = 0; run < 3; ++run) {
        daemon.kill9();
        const auto start = std::chrono::steady_clock::now();
        if (!daemon.start(options, &why)) {
            std::fprintf(stderr, "bench_remote: restart failed: %s\n", qPrintable(why));
            return 1;
        }
        rpc::RemoteEngine engine(daemon.client("viewer"));
        if (!waitFor(engine.getSummary()).ok()) {
            std::fprintf(stderr, "bench_remote: no answer after the restart\n");
            return 1;
        }
        restarts.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    bench::printFigure("remote", "restart_ms", median(restarts), "ms", "target", 2000);
    daemon.stop();
    return telemetryFigures(false);
}
