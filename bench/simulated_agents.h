#pragma once
// Simulated node agents for bench_remote: each is a thread with its own gRPC/TLS channel and
// PushSamples stream to a real supernoded, sending columnar batches as supernode-agent does
// (series named once per stream, then refs, time deltas and values). Not the agent itself:
// its collectors would measure NVML, not the daemon's ingress.

#include "backend/api/supernode.grpc.pb.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sn::bench {

struct AgentTarget {
    std::string address; // 127.0.0.1:port
    std::string caPem;
    std::string token; // operator
};

// ingress_samples_per_s: `agents` streams, each pushing one batch per step for `gpus` GPUs x
// 20 metrics as fast as the daemon takes them, sample times 1 s apart from `t0Ms`, for
// `seconds` of wall time. Samples the daemon acknowledged as stored, per second of wall time.
struct IngressResult {
    double samplesPerSecond = 0;
    std::uint64_t accepted = 0, rejected = 0, sent = 0;
    std::string error; // a stream that failed
};
// A channel of its own (one connection per agent, as separate hosts would have).
std::unique_ptr<supernode::v1::Engine::Stub> stubFor(const AgentTarget &target);
// One agent's batch at time `t`: `gpus` x 20 metrics, each series once; `name` on a stream's
// first message (it names the series).
supernode::v1::PushSamplesRequest agentBatch(const std::string &node, int gpus, std::uint64_t sequence, std::int64_t t,
                                             bool name);

IngressResult pushFlatOut(const AgentTarget &target, int agents, int gpus, std::int64_t t0Ms, double seconds);

// latency_ms_p99: `agents` agents of `gpusPerAgent` GPUs x 20 metrics push one batch a second
// (phases spread over the second) stamped with the wall clock, while one SubscribeTelemetry
// client of the daemon notes, for every sample it receives, its arrival minus its timestamp.
struct LatencyResult {
    std::vector<double> latenciesMs; // one per sample received
    std::uint64_t expected = 0;      // samples pushed
    std::string error;
};
LatencyResult pushAtOneHertz(const AgentTarget &target, int agents, int gpusPerAgent, double seconds);

} // namespace sn::bench
