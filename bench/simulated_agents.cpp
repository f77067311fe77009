#include "bench/simulated_agents.h"

#include "backend/api/supernode.grpc.pb.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace sn::bench {

namespace pb = supernode::v1;

// The 20 dcgm-exporter metrics an agent sends per GPU.
constexpr const char *kMetrics[] = {"DCGM_FI_DEV_GPU_UTIL",
                                    "DCGM_FI_DEV_MEM_COPY_UTIL",
                                    "DCGM_FI_DEV_FB_USED",
                                    "DCGM_FI_DEV_FB_FREE",
                                    "DCGM_FI_DEV_FB_TOTAL",
                                    "DCGM_FI_DEV_GPU_TEMP",
                                    "DCGM_FI_DEV_MEMORY_TEMP",
                                    "DCGM_FI_DEV_POWER_USAGE",
                                    "DCGM_FI_DEV_POWER_MGMT_LIMIT",
                                    "DCGM_FI_DEV_SM_CLOCK",
                                    "DCGM_FI_DEV_MEM_CLOCK",
                                    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
                                    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
                                    "DCGM_FI_DEV_XID_ERRORS",
                                    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
                                    "DCGM_FI_PROF_PCIE_TX_BYTES",
                                    "DCGM_FI_PROF_PCIE_RX_BYTES",
                                    "DCGM_FI_PROF_NVLINK_TX_BYTES",
                                    "DCGM_FI_PROF_NVLINK_RX_BYTES",
                                    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"};
constexpr int kMetricCount = sizeof(kMetrics) / sizeof(kMetrics[0]);

std::unique_ptr<pb::Engine::Stub> stubFor(const AgentTarget &t)
{
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = t.caPem;
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1); // one connection per agent, as separate hosts
    return pb::Engine::NewStub(grpc::CreateCustomChannel(t.address, grpc::SslCredentials(ssl), args));
}

// One agent's batch at time `t`: all its series once. The first message of a stream names them.
pb::PushSamplesRequest agentBatch(const std::string &node, int gpus, std::uint64_t sequence, std::int64_t t, bool name)
{
    pb::PushSamplesRequest r;
    r.set_agent(node);
    r.set_sequence(sequence);
    const int n = gpus * kMetricCount;
    r.mutable_refs()->Reserve(n);
    r.mutable_time_deltas_ms()->Reserve(n);
    r.mutable_values()->Reserve(n);
    for (int i = 0; i < n; ++i) {
        const int gpu = i / kMetricCount, metric = i % kMetricCount;
        if (name) {
            pb::PushSeries *s = r.add_series();
            s->set_ref(static_cast<std::uint32_t>(i));
            s->set_metric(kMetrics[metric]);
            (*s->mutable_labels())["Hostname"] = node;
            (*s->mutable_labels())["gpu"] = std::to_string(gpu);
            (*s->mutable_labels())["UUID"] = "GPU-" + node + "-" + std::to_string(gpu);
            (*s->mutable_labels())["modelName"] = "NVIDIA H100 80GB HBM3";
        }
        r.add_refs(static_cast<std::uint32_t>(i));
        r.add_time_deltas_ms(i == 0 ? t : 0);
        // Values that move a little, as telemetry does (the store's compression sees real work).
        r.add_values(metric * 10.0 + gpu + static_cast<double>((sequence * 7 + i) % 13) * 0.5);
    }
    return r;
}

IngressResult pushFlatOut(const AgentTarget &target, int agents, int gpus, std::int64_t t0Ms, double seconds)
{
    IngressResult total;
    std::mutex mutex;
    std::vector<std::thread> threads;
    const auto start = std::chrono::steady_clock::now();
    const auto until = start + std::chrono::duration<double>(seconds);
    for (int a = 0; a < agents; ++a)
        threads.emplace_back([&, a] {
            const std::string node = "ingress-" + std::to_string(a);
            auto stub = stubFor(target);
            grpc::ClientContext context;
            context.AddMetadata("authorization", "Bearer " + target.token);
            pb::PushSamplesResponse response;
            auto writer = stub->PushSamples(&context, &response);
            pb::PushSamplesRequest batch = agentBatch(node, gpus, 1, t0Ms, true);
            std::uint64_t sent = 0;
            for (std::uint64_t seq = 1; std::chrono::steady_clock::now() < until; ++seq) {
                if (seq > 1) { // same series, next second: only the time and the values move
                    batch.clear_series();
                    batch.set_sequence(seq);
                    batch.set_time_deltas_ms(0, t0Ms + static_cast<std::int64_t>(seq - 1) * 1000);
                    for (int i = 0; i < batch.values_size(); ++i)
                        batch.set_values(i, batch.values(i) + ((seq + i) % 3 == 0 ? 0.5 : 0.0));
                }
                if (!writer->Write(batch))
                    break;
                sent += static_cast<std::uint64_t>(batch.refs_size());
            }
            writer->WritesDone();
            const grpc::Status status = writer->Finish();
            std::lock_guard lock(mutex);
            total.sent += sent;
            total.accepted += response.accepted();
            total.rejected += response.rejected();
            if (!status.ok())
                total.error = node + ": " + status.error_message();
        });
    for (std::thread &t : threads)
        t.join();
    // Until the last answer: every sample counted is in the daemon's WAL.
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total.samplesPerSecond = static_cast<double>(total.accepted) / elapsed;
    return total;
}

LatencyResult pushAtOneHertz(const AgentTarget &target, int agents, int gpusPerAgent, double seconds)
{
    LatencyResult result;
    std::mutex mutex;

    // The console's side: one subscriber of everything, as the Overview page is.
    auto subscriberStub = stubFor(target);
    grpc::ClientContext subscription;
    subscription.AddMetadata("authorization", "Bearer " + target.token);
    pb::SubscribeTelemetryRequest all;
    auto reader = subscriberStub->SubscribeTelemetry(&subscription, all);
    reader->WaitForInitialMetadata(); // live on the daemon from here on
    std::thread subscriber([&] {
        pb::SampleBatch batch;
        std::vector<double> mine;
        while (reader->Read(&batch)) {
            const auto now =
                std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
            for (const pb::Sample &s : batch.samples())
                mine.push_back(now - static_cast<double>(s.time_ms()));
        }
        std::lock_guard lock(mutex);
        result.latenciesMs = std::move(mine);
    });

    std::vector<std::thread> threads;
    const auto start = std::chrono::steady_clock::now();
    for (int a = 0; a < agents; ++a)
        threads.emplace_back([&, a] {
            const std::string node = "latency-" + std::to_string(a);
            auto stub = stubFor(target);
            grpc::ClientContext context;
            context.AddMetadata("authorization", "Bearer " + target.token);
            pb::PushSamplesResponse response;
            auto writer = stub->PushSamples(&context, &response);
            std::uint64_t pushed = 0;
            // Agents do not tick together: each starts at its own phase of the second.
            auto next = start + std::chrono::milliseconds(1000 * a / agents);
            for (std::uint64_t seq = 1; next < start + std::chrono::duration<double>(seconds); ++seq) {
                std::this_thread::sleep_until(next);
                const std::int64_t nowMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                                               std::chrono::system_clock::now().time_since_epoch())
                                               .count();
                pb::PushSamplesRequest batch = agentBatch(node, gpusPerAgent, seq, nowMs, seq == 1);
                if (!writer->Write(batch))
                    break;
                pushed += static_cast<std::uint64_t>(batch.refs_size());
                next += std::chrono::seconds(1);
            }
            writer->WritesDone();
            const grpc::Status status = writer->Finish();
            std::lock_guard lock(mutex);
            result.expected += pushed;
            if (!status.ok())
                result.error = node + ": " + status.error_message();
        });
    for (std::thread &t : threads)
        t.join();
    std::this_thread::sleep_for(std::chrono::seconds(1)); // the last batches reach the subscriber
    subscription.TryCancel();
    subscriber.join();
    return result;
}

} // namespace sn::bench
