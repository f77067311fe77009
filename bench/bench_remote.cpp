// bench_remote: supernoded over gRPC/TLS on loopback, a real daemon process as in production.
//   submits_per_s  SubmitJob from one client, 256 in flight, each answered only once committed
//                  to state.db (persistence on, synchronous=FULL, group commit); median of 3 runs
//   restart_ms     kill -9 with 15,500 jobs in the state, restart: from exec to the first answer
//                  (jobs and events restored); median of 3
// Not yet measured (see docs/benchmarks.md): ingress_samples_per_s and latency_ms_p99 need the
// agent's PushSamples stream, which does not exist yet.
#include "backend/remote/grpc/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "bench/bench_json.h"
#include "tests/support/supernoded_process.h"

#include <QCoreApplication>
#include <QDir>

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
    return 0;
}
