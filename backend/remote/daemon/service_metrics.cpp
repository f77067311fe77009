#include "backend/remote/daemon/service_metrics.h"

#include <sstream>

namespace sn::rpc {

void ServiceMetrics::countCall(const std::string &rpc, const std::string &code)
{
    std::lock_guard lock(m_mutex);
    ++m_calls[{rpc, code}];
}

std::string ServiceMetrics::render() const
{
    std::ostringstream out;
    out << "# HELP supernoded_rpc_calls_total Calls answered, by rpc and gRPC status code.\n"
           "# TYPE supernoded_rpc_calls_total counter\n";
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[key, count] : m_calls)
            out << "supernoded_rpc_calls_total{rpc=\"" << key.first << "\",code=\"" << key.second << "\"} " << count
                << "\n";
    }
    out << "# HELP supernoded_streams_open Server streams (telemetry, events, logs) open now.\n"
           "# TYPE supernoded_streams_open gauge\n"
           "supernoded_streams_open "
        << m_streamsOpen.load() << "\n";
    return out.str();
}

const char *grpcCodeName(int code)
{
    static const char *names[] = {
        "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
        "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
        "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
        "DATA_LOSS", "UNAUTHENTICATED"};
    return code >= 0 && code <= 16 ? names[code] : "UNKNOWN";
}

} // namespace sn::rpc
