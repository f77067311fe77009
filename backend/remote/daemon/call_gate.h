#pragma once
// Who may make a call: the bearer token (metadata "authorization: Bearer TOKEN") names a
// principal and role; the rpc's policy names the least role it needs; a token bucket per
// principal bounds the call rate. Without a tokens file (loopback only, see DaemonOptions) every
// caller is the admin "local".

#include "backend/remote/common/access_tokens.h"

#include <grpcpp/server_context.h>

#include <chrono>
#include <map>
#include <mutex>
#include <optional>

namespace sn::rpc {

// One row per rpc in engine_service.cpp: a new rpc is one more row.
struct RpcPolicy {
    const char *name;
    Role minimum;
    bool mutating; // audited
};

class CallGate {
public:
    struct Options {
        std::optional<TokenStore> tokens; // none: no authentication (loopback only)
        double callsPerSecond = 1000;     // per principal, sustained (an agent's push is one call a second)
        double burst = 2000;
        int streamsPerPrincipal = 32; // server and client streams open at once
    };
    explicit CallGate(Options options) : m_options(std::move(options)) {}

    // OK and *principal set, or UNAUTHENTICATED / PERMISSION_DENIED / RESOURCE_EXHAUSTED.
    grpc::Status admit(const grpc::CallbackServerContext &context, const RpcPolicy &policy, Principal *principal);
    // A stream slot of the principal, taken when a stream is admitted and given back (release)
    // when it ends; RESOURCE_EXHAUSTED naming the limit when all are taken.
    grpc::Status takeStream(const Principal &principal);
    void releaseStream(const std::string &principalName);
    // Whether callers must present a token (false: a loopback daemon without a tokens file).
    bool authenticates() const { return m_options.tokens.has_value(); }

private:
    struct Bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point last;
    };
    bool takeToken(const std::string &who);

    Options m_options;
    std::mutex m_mutex;
    std::map<std::string, Bucket> m_buckets;
    std::map<std::string, int> m_openStreams;
};

} // namespace sn::rpc
