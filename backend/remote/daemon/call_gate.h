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
        double callsPerSecond = 50000;    // per principal, sustained
        double burst = 100000;
    };
    explicit CallGate(Options options) : m_options(std::move(options)) {}

    // OK and *principal set, or UNAUTHENTICATED / PERMISSION_DENIED / RESOURCE_EXHAUSTED.
    grpc::Status admit(const grpc::CallbackServerContext &context, const RpcPolicy &policy, Principal *principal);
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
};

} // namespace sn::rpc
