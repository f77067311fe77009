// The soak (issue 13, docs/hardening.md): a real supernoded on loopback under the load of a
// small production cluster for --minutes N (scripts/soak; not part of ctest): 128 simulated
// agents of 8 GPUs x 20 metrics pushing one batch a second each (20,480 samples/s, streams
// reopened every minute as the agent does, each answer checked: every sample accepted), 20
// console streams (10 SubscribeTelemetry - 2 of everything, 8 of one node each - and 10
// StreamEvents), 10 job submissions a second (each cancelled 5 s later, so the queue stays
// the size a busy one is) and a fault injected every minute so the event streams carry
// something. Every minute one JSON line: the daemon's RSS and VmHWM, its CPU, the p99 of
// submission latency and of sample time -> subscriber, errors, the load average. At the end a summary and
// supernoded --check-state on the state it leaves. Fails on any error, on a stream that ends,
// or on memory growth beyond what the data kept allows: retention is 15 days and the head
// holds up to 3 h, so the bound is the raw samples stored since the first minute (16 bytes
// each, uncompressed) plus 4 KiB per job the engine remembers.
#include "backend/sim/super_node_topology.h"
#include "bench/simulated_agents.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/client_context.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace sn;
namespace pb = supernode::v1;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kAgents = 128, kGpusPerAgent = 8, kSamplesPerBatch = kGpusPerAgent * 20;

double wallMsExact()
{
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// One reading of both clocks at the start. Batches are stamped with wall-clock times derived
// from it, and latencies are measured on the steady clock against it: a step of the machine's
// wall clock during the run (a VM's time sync) would otherwise add itself to every latency after
// it. wallClockStepMs() says how far the wall clock has moved against the steady one.
struct ClockAnchor {
    double wallMs = wallMsExact();
    Clock::time_point steady = Clock::now();
};
const ClockAnchor &anchor()
{
    static const ClockAnchor kAnchor;
    return kAnchor;
}
double steadyMsSinceAnchor(Clock::time_point t = Clock::now())
{
    return std::chrono::duration<double, std::milli>(t - anchor().steady).count();
}
double wallClockStepMs()
{
    return (wallMsExact() - anchor().wallMs) - steadyMsSinceAnchor();
}

double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// kB fields of /proc/PID/status.
double statusMiB(qint64 pid, const char *field)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(field, 0) == 0)
            return std::stod(line.substr(std::strlen(field) + 1)) / 1024.0;
    return 0;
}

double cpuSeconds(qint64 pid) // utime + stime
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string all((std::istreambuf_iterator<char>(in)), {});
    std::istringstream fields(all.substr(all.rfind(')') + 2));
    std::string f;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i)
        if (i == 14 || i == 15)
            ticks += std::stod(f);
    return ticks / double(::sysconf(_SC_CLK_TCK));
}

double loadAverage()
{
    std::ifstream in("/proc/loadavg");
    double one = 0;
    in >> one;
    return one;
}

// What the load threads note; the main thread takes it each minute.
struct Tally {
    std::mutex mutex;
    std::vector<double> submitMs, sampleMs;
    std::vector<double> agentLagMs; // how late an agent wrote each batch after its tick (this process's delay)
    std::uint64_t submissions = 0, samplesPushed = 0, samplesReceived = 0, events = 0, errors = 0;
    std::deque<std::string> errorText; // the first few, for the summary
    void error(std::string what)
    {
        std::lock_guard lock(mutex);
        ++errors;
        if (errorText.size() < 10)
            errorText.push_back(std::move(what));
    }
};

void agent(const bench::AgentTarget &target, int index, const std::atomic<bool> &stop, Tally &tally)
{
    const std::string node = "soak-" + std::to_string(index);
    auto stub = bench::stubFor(target);
    std::uint64_t sequence = 0;
    // Agents do not tick together: each has its own phase of the second.
    auto next = Clock::now() + std::chrono::milliseconds(1000 * index / kAgents);
    // A batch is stamped with its collection tick, as supernode-agent stamps what it read, not
    // with the moment it is written: an agent that fell behind (a slow stream end under load)
    // sends its late ticks back to back, and stamped at write time several would share one
    // millisecond, which the store rightly refuses as duplicates.
    std::int64_t tickMs = static_cast<std::int64_t>(anchor().wallMs + steadyMsSinceAnchor(next));
    while (!stop) {
        grpc::ClientContext context;
        context.AddMetadata("authorization", "Bearer " + target.token);
        pb::PushSamplesResponse response;
        auto writer = stub->PushSamples(&context, &response);
        std::uint64_t sent = 0;
        const auto streamEnd = Clock::now() + std::chrono::seconds(60);
        for (bool first = true; !stop && Clock::now() < streamEnd; first = false) {
            std::this_thread::sleep_until(next);
            const double lagMs = std::chrono::duration<double, std::milli>(Clock::now() - next).count();
            next += std::chrono::seconds(1);
            const std::int64_t stamp = tickMs;
            tickMs += 1000;
            if (!writer->Write(bench::agentBatch(node, kGpusPerAgent, ++sequence, stamp, first)))
                break;
            sent += kSamplesPerBatch;
            std::lock_guard lock(tally.mutex);
            tally.samplesPushed += kSamplesPerBatch;
            tally.agentLagMs.push_back(lagMs);
        }
        writer->WritesDone();
        const grpc::Status status = writer->Finish();
        if (!status.ok() || response.accepted() != sent)
            tally.error(node + ": stream " +
                        (status.ok() ? "accepted " + std::to_string(response.accepted()) + " of " +
                                           std::to_string(sent) + " samples (" + std::to_string(response.rejected()) +
                                           " refused as duplicates or out of order)"
                                     : status.error_message()));
    }
}

void telemetrySubscriber(const bench::AgentTarget &target, const std::string &node, grpc::ClientContext &context,
                         const std::atomic<bool> &stop, Tally &tally)
{
    auto stub = bench::stubFor(target);
    context.AddMetadata("authorization", "Bearer " + target.token);
    pb::SubscribeTelemetryRequest request;
    if (!node.empty())
        request.add_nodes(node);
    auto reader = stub->SubscribeTelemetry(&context, request);
    pb::SampleBatch batch;
    std::vector<double> mine;
    while (reader->Read(&batch)) {
        // The sample's stamp as a steady-clock time since the anchor: arrival minus that.
        const double now = anchor().wallMs + steadyMsSinceAnchor();
        mine.clear();
        for (const pb::Sample &s : batch.samples())
            mine.push_back(now - static_cast<double>(s.time_ms()));
        std::lock_guard lock(tally.mutex);
        tally.sampleMs.insert(tally.sampleMs.end(), mine.begin(), mine.end());
        tally.samplesReceived += mine.size();
    }
    if (!stop)
        tally.error("telemetry subscriber " + (node.empty() ? std::string("(all)") : node) +
                    " ended: " + reader->Finish().error_message());
}

void eventSubscriber(const bench::AgentTarget &target, grpc::ClientContext &context, const std::atomic<bool> &stop,
                     Tally &tally)
{
    auto stub = bench::stubFor(target);
    context.AddMetadata("authorization", "Bearer " + target.token);
    auto reader = stub->StreamEvents(&context, pb::StreamEventsRequest{});
    pb::Event event;
    while (reader->Read(&event)) {
        std::lock_guard lock(tally.mutex);
        ++tally.events;
    }
    if (!stop)
        tally.error("event stream ended: " + reader->Finish().error_message());
}

// One of kSubmitters threads that together submit 10 jobs a second (a slow answer delays only
// its own thread's next one), each cancelled 5 s later; thread 0 injects a fault a minute.
constexpr int kSubmitters = 8;
void submitter(const bench::AgentTarget &target, int index, const std::atomic<bool> &stop, Tally &tally)
{
    auto stub = bench::stubFor(target);
    std::deque<std::pair<Clock::time_point, std::string>> toCancel;
    const auto period = std::chrono::milliseconds(100 * kSubmitters);
    auto next = Clock::now() + std::chrono::milliseconds(100 * index);
    for (std::uint64_t i = std::uint64_t(index); !stop; i += kSubmitters) {
        std::this_thread::sleep_until(next);
        next += period;
        auto call = [&](auto method, const auto &request, auto *response) {
            grpc::ClientContext context;
            context.AddMetadata("authorization", "Bearer " + target.token);
            context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
            return (stub.get()->*method)(&context, request, response);
        };
        pb::SubmitJobRequest submit;
        pb::JobSpec &spec = *submit.mutable_spec();
        spec.set_name("soak-" + std::to_string(i));
        spec.set_user("soak");
        spec.set_gpus_min(1);
        spec.set_gpus_max(1);
        spec.set_estimated_runtime_s(600);
        pb::SubmitJobResponse submitted;
        const auto start = Clock::now();
        const grpc::Status s = call(&pb::Engine::Stub::SubmitJob, submit, &submitted);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (!s.ok()) {
            tally.error("SubmitJob: " + s.error_message());
        } else {
            toCancel.emplace_back(Clock::now() + std::chrono::seconds(5), submitted.job().id());
            std::lock_guard lock(tally.mutex);
            tally.submitMs.push_back(ms);
            ++tally.submissions;
        }
        while (!toCancel.empty() && toCancel.front().first <= Clock::now()) {
            pb::CancelJobRequest cancel;
            cancel.set_id(toCancel.front().second);
            pb::CancelJobResponse cancelled;
            if (const grpc::Status c = call(&pb::Engine::Stub::CancelJob, cancel, &cancelled); !c.ok())
                tally.error("CancelJob " + toCancel.front().second + ": " + c.error_message());
            toCancel.pop_front();
        }
        if (index == 0 && i % 600 == 320) {
            pb::InjectFaultRequest fault;
            fault.set_kind(pb::FAULT_KIND_XID_79);
            fault.set_node("node01");
            fault.set_gpu(int(i / 600) % 8);
            pb::InjectFaultResponse raised;
            if (const grpc::Status f = call(&pb::Engine::Stub::InjectFault, fault, &raised); !f.ok())
                tally.error("InjectFault: " + f.error_message());
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsEmpty("SN_BINARY_DIR")) // build/<preset>/bench/soak
        qputenv("SN_BINARY_DIR", QDir(QCoreApplication::applicationDirPath() + "/..").absolutePath().toLocal8Bit());
    double minutes = 30;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf("--minutes"); i >= 0 && i + 1 < args.size())
        minutes = args[i + 1].toDouble();
    if (minutes <= 0) {
        std::fprintf(stderr, "usage: soak --minutes N (N > 0)\n");
        return 2;
    }
    (void)anchor(); // both clocks read once, before any thread stamps or measures

    test::SupernodedProcess daemon;
    test::SupernodedProcess::Options options;
    options.spec = sim::defaultSimulatedSpec(16); // 128 GPUs to place jobs on; virtual time
    options.spec.simulation.jobArrivalsPerHour = 0;
    options.extraArguments << "--rate-limit"
                           << "1000000";
    QString why;
    if (!daemon.start(options, &why)) {
        std::fprintf(stderr, "soak: %s\n", qPrintable(why));
        return 1;
    }
    QFile ca(daemon.path("certs/ca.pem"));
    ca.open(QIODevice::ReadOnly);
    const bench::AgentTarget target{"127.0.0.1:" + std::to_string(daemon.port()), ca.readAll().toStdString(),
                                    daemon.token("operator").toStdString()};
    const qint64 pid = daemon.pid();

    Tally tally;
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    std::vector<std::unique_ptr<grpc::ClientContext>> streams;
    for (int s = 0; s < 10; ++s) {
        streams.push_back(std::make_unique<grpc::ClientContext>());
        const std::string node = s < 2 ? "" : "soak-" + std::to_string(s * 13);
        threads.emplace_back(
            [&, node, c = streams.back().get()] { telemetrySubscriber(target, node, *c, stop, tally); });
        streams.push_back(std::make_unique<grpc::ClientContext>());
        threads.emplace_back([&, c = streams.back().get()] { eventSubscriber(target, *c, stop, tally); });
    }
    std::this_thread::sleep_for(std::chrono::seconds(1)); // the streams are open on the daemon
    for (int a = 0; a < kAgents; ++a)
        threads.emplace_back([&, a] { agent(target, a, stop, tally); });
    for (int s = 0; s < kSubmitters; ++s)
        threads.emplace_back([&, s] { submitter(target, s, stop, tally); });

    const auto start = Clock::now();
    double lastCpu = cpuSeconds(pid), baseRss = 0, maxRss = 0, maxCpu = 0;
    std::uint64_t basePushed = 0;
    std::vector<double> submitP99s, sampleP99s, loads;
    const int total = std::max(1, int(minutes + 0.5));
    auto lastTick = Clock::now();
    for (int minute = 1; minute <= total; ++minute) {
        std::this_thread::sleep_until(start + std::chrono::duration<double>(60.0 * minutes * minute / total));
        const auto now = Clock::now();
        const double cpu = cpuSeconds(pid);
        const double cpuPct = 100 * (cpu - lastCpu) / std::chrono::duration<double>(now - lastTick).count();
        lastCpu = cpu;
        lastTick = now;
        std::vector<double> submitMs, sampleMs, lagMs;
        std::uint64_t submissions, pushed, received, events, errors;
        {
            std::lock_guard lock(tally.mutex);
            submitMs.swap(tally.submitMs);
            sampleMs.swap(tally.sampleMs);
            lagMs.swap(tally.agentLagMs);
            submissions = tally.submissions;
            pushed = tally.samplesPushed;
            received = tally.samplesReceived;
            events = tally.events;
            errors = tally.errors;
        }
        const double rss = statusMiB(pid, "VmRSS:"), hwm = statusMiB(pid, "VmHWM:");
        if (minute == 1) {
            baseRss = rss;
            basePushed = pushed;
        }
        maxRss = std::max(maxRss, rss);
        maxCpu = std::max(maxCpu, cpuPct);
        submitP99s.push_back(percentile(submitMs, 0.99));
        sampleP99s.push_back(percentile(sampleMs, 0.99));
        loads.push_back(loadAverage());
        std::printf("{\"area\":\"soak\",\"minute\":%d,\"rss_mib\":%.1f,\"hwm_mib\":%.1f,\"cpu_pct\":%.1f,"
                    "\"submit_p99_ms\":%.1f,\"sample_to_subscriber_p50_ms\":%.1f,\"sample_to_subscriber_p99_ms\":%.1f,"
                    "\"agent_write_lag_p99_ms\":%.1f,\"wall_clock_step_ms\":%.1f,\"submissions\":%llu,"
                    "\"samples_pushed\":%llu,\"samples_received\":%llu,\"events_received\":%llu,\"errors\":%llu,"
                    "\"load1\":%.2f}\n",
                    minute, rss, hwm, cpuPct, submitP99s.back(), percentile(sampleMs, 0.5), sampleP99s.back(),
                    percentile(lagMs, 0.99), wallClockStepMs(), (unsigned long long)submissions,
                    (unsigned long long)pushed, (unsigned long long)received, (unsigned long long)events,
                    (unsigned long long)errors, loads.back());
        std::fflush(stdout);
        if (daemon.pid() == 0) {
            tally.error("supernoded exited");
            break;
        }
    }
    stop = true;
    for (auto &c : streams)
        c->TryCancel();
    for (std::thread &t : threads)
        t.join();

    std::uint64_t pushed, submissions, errors;
    std::deque<std::string> errorText;
    {
        std::lock_guard lock(tally.mutex);
        pushed = tally.samplesPushed;
        submissions = tally.submissions;
        errors = tally.errors;
        errorText = tally.errorText;
    }
    const double finalRss = statusMiB(pid, "VmRSS:"), hwm = statusMiB(pid, "VmHWM:");
    const double allowanceMiB = (double(pushed - basePushed) * 16 + double(submissions) * 4096) / (1024.0 * 1024.0);
    const double growth = finalRss - baseRss;
    daemon.stop();
    QString report;
    const int check = daemon.checkState(&report);
    std::fputs(qPrintable(report), stderr);
    for (const std::string &e : errorText)
        std::fprintf(stderr, "soak: error: %s\n", e.c_str());
    const bool memoryOk = growth <= allowanceMiB;
    std::printf("{\"area\":\"soak\",\"summary\":true,\"minutes\":%.1f,\"agents\":%d,\"gpus\":%d,"
                "\"samples_pushed\":%llu,\"submissions\":%llu,\"errors\":%llu,\"rss_first_minute_mib\":%.1f,"
                "\"rss_final_mib\":%.1f,\"rss_max_mib\":%.1f,\"hwm_mib\":%.1f,\"rss_growth_mib\":%.1f,"
                "\"growth_allowance_mib\":%.1f,\"cpu_pct_max_minute\":%.1f,\"submit_p99_ms_worst_minute\":%.1f,"
                "\"sample_to_subscriber_p99_ms_worst_minute\":%.1f,\"load1_median\":%.2f,\"check_state_exit\":%d,"
                "\"pass\":%s}\n",
                minutes, kAgents, kAgents * kGpusPerAgent, (unsigned long long)pushed, (unsigned long long)submissions,
                (unsigned long long)errors, baseRss, finalRss, maxRss, hwm, growth, allowanceMiB, maxCpu,
                *std::max_element(submitP99s.begin(), submitP99s.end()),
                *std::max_element(sampleP99s.begin(), sampleP99s.end()), percentile(loads, 0.5), check,
                errors == 0 && memoryOk && check == 0 ? "true" : "false");
    if (errors > 0)
        std::fprintf(stderr, "soak: FAILED: %llu errors\n", (unsigned long long)errors);
    if (!memoryOk)
        std::fprintf(stderr, "soak: FAILED: RSS grew %.1f MiB, more than the %.1f MiB the data kept allows\n", growth,
                     allowanceMiB);
    if (check != 0)
        std::fprintf(stderr, "soak: FAILED: --check-state exit %d\n", check);
    return errors == 0 && memoryOk && check == 0 ? 0 : 1;
}
