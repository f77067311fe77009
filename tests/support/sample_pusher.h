#pragma once
// A simulated agent for tests against a real supernoded: it pushes GPU temperature samples
// with PushSamples the way supernode-agent --daemon does (columnar batches, series named once
// per stream, sequence numbers increasing across streams), one stream per call, and returns the
// sample times of the batches the daemon acknowledged (committed_sequence), which are the
// ones docs/remote.md promises survive a kill -9. Synchronous: run it on its own thread.
#include "backend/api/supernode.grpc.pb.h"
#include "tests/support/supernoded_process.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <QFile>

#include <chrono>
#include <string>
#include <vector>

namespace sn::test {

class SamplePusher {
public:
    static constexpr const char *kMetric = "DCGM_FI_DEV_GPU_TEMP";

    SamplePusher(std::string agent, int gpus, std::int64_t firstTimeMs)
        : m_agent(std::move(agent)), m_gpus(gpus), m_nextTime(firstTimeMs)
    {
    }

    static double valueAt(int gpu, std::int64_t t) { return 30 + double((t / 1000) % 400) / 8 + gpu; }

    struct Stream {
        grpc::Status status;
        std::vector<std::int64_t> acknowledged; // batch (sample) times the answer covers
    };

    // One stream of `batches` batches (one sample per GPU each, 1 s apart) to `daemon`.
    Stream push(const SupernodedProcess &daemon, int batches, int deadlineMs = 5000)
    {
        QFile ca(daemon.path("certs/ca.pem"));
        ca.open(QIODevice::ReadOnly);
        grpc::SslCredentialsOptions ssl;
        ssl.pem_root_certs = ca.readAll().toStdString();
        auto stub = pb::Engine::NewStub(
            grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon.port()), grpc::SslCredentials(ssl)));
        grpc::ClientContext context;
        context.AddMetadata("authorization", "Bearer " + daemon.token("operator").toStdString());
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(deadlineMs));
        pb::PushSamplesResponse response;
        auto writer = stub->PushSamples(&context, &response);
        std::vector<std::pair<std::uint64_t, std::int64_t>> sent; // sequence, time
        for (int b = 0; b < batches; ++b) {
            pb::PushSamplesRequest r;
            r.set_agent(m_agent);
            r.set_sequence(++m_sequence);
            if (b == 0)
                for (int g = 0; g < m_gpus; ++g) {
                    pb::PushSeries *s = r.add_series();
                    s->set_ref(std::uint32_t(g));
                    s->set_metric(kMetric);
                    (*s->mutable_labels())["Hostname"] = m_agent;
                    (*s->mutable_labels())["gpu"] = std::to_string(g);
                }
            const std::int64_t t = m_nextTime;
            m_nextTime += 1000;
            std::int64_t previous = 0;
            for (int g = 0; g < m_gpus; ++g) {
                r.add_refs(std::uint32_t(g));
                r.add_time_deltas_ms(t - previous);
                r.add_values(valueAt(g, t));
                previous = t;
            }
            if (!writer->Write(r))
                break;
            sent.emplace_back(m_sequence, t);
        }
        writer->WritesDone();
        Stream result;
        result.status = writer->Finish();
        if (result.status.ok())
            for (const auto &[sequence, t] : sent)
                if (sequence <= response.committed_sequence())
                    result.acknowledged.push_back(t);
        return result;
    }

    const std::string &agent() const { return m_agent; }
    int gpus() const { return m_gpus; }

private:
    std::string m_agent;
    int m_gpus;
    std::int64_t m_nextTime;
    std::uint64_t m_sequence = 0;
};

} // namespace sn::test
