#include "backend/remote/daemon/call_gate.h"

namespace sn::rpc {

grpc::Status CallGate::admit(const grpc::CallbackServerContext &context, const RpcPolicy &policy, Principal *principal)
{
    if (!m_options.tokens) {
        *principal = Principal{"local", Role::Admin};
    } else {
        const auto &metadata = context.client_metadata();
        const auto header = metadata.find("authorization");
        if (header == metadata.end())
            return {grpc::StatusCode::UNAUTHENTICATED,
                    "this daemon needs a token: send 'authorization: Bearer TOKEN' (supernodectl --token-file)"};
        const std::string value(header->second.data(), header->second.size());
        constexpr std::string_view kBearer = "Bearer ";
        if (value.compare(0, kBearer.size(), kBearer) != 0)
            return {grpc::StatusCode::UNAUTHENTICATED, "the authorization header must be 'Bearer TOKEN'"};
        const auto found = m_options.tokens->verify(value.substr(kBearer.size()));
        if (!found)
            return {grpc::StatusCode::UNAUTHENTICATED, "the token is not known to this daemon"};
        *principal = *found;
    }
    if (principal->role < policy.minimum)
        return {grpc::StatusCode::PERMISSION_DENIED, std::string(policy.name) + " needs the role " +
                                                         roleName(policy.minimum) + "; '" + principal->name + "' is " +
                                                         roleName(principal->role)};
    if (!takeToken(principal->name))
        return {grpc::StatusCode::RESOURCE_EXHAUSTED, "rate limit: more than " +
                                                          std::to_string(static_cast<long>(m_options.callsPerSecond)) +
                                                          " calls per second from '" + principal->name + "'"};
    return grpc::Status::OK;
}

grpc::Status CallGate::takeStream(const Principal &principal)
{
    std::lock_guard lock(m_mutex);
    int &open = m_openStreams[principal.name];
    if (open >= m_options.streamsPerPrincipal)
        return {grpc::StatusCode::RESOURCE_EXHAUSTED,
                "'" + principal.name + "' has " + std::to_string(open) +
                    " streams open, the most one principal may (supernoded --max-streams); close one first"};
    ++open;
    return grpc::Status::OK;
}

void CallGate::releaseStream(const std::string &principalName)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_openStreams.find(principalName);
    if (it != m_openStreams.end() && --it->second <= 0)
        m_openStreams.erase(it);
}

bool CallGate::takeToken(const std::string &who)
{
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(m_mutex);
    auto [it, fresh] = m_buckets.try_emplace(who);
    Bucket &b = it->second;
    if (fresh) {
        b.tokens = m_options.burst;
    } else {
        const double elapsed = std::chrono::duration<double>(now - b.last).count();
        b.tokens = std::min(m_options.burst, b.tokens + elapsed * m_options.callsPerSecond);
    }
    b.last = now;
    if (b.tokens < 1)
        return false;
    b.tokens -= 1;
    return true;
}

} // namespace sn::rpc
