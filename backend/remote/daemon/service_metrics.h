#pragma once
// What the daemon says about itself on /metrics beside the cluster's telemetry: calls per rpc
// and outcome, streams open. Counters only; Prometheus computes rates.

#include <atomic>
#include <map>
#include <mutex>
#include <string>

namespace sn::rpc {

class ServiceMetrics {
public:
    void countCall(const std::string &rpc, const std::string &code);
    void streamOpened() { ++m_streamsOpen; }
    void streamClosed() { --m_streamsOpen; }
    // Prometheus text: supernoded_rpc_calls_total{rpc,code}, supernoded_streams_open.
    std::string render() const;

private:
    mutable std::mutex m_mutex;
    std::map<std::pair<std::string, std::string>, std::uint64_t> m_calls;
    std::atomic<int> m_streamsOpen{0};
};

// "OK", "NOT_FOUND", ... as gRPC names its codes.
const char *grpcCodeName(int code);

} // namespace sn::rpc
