#include "backend/remote/daemon/metrics_access.h"

#include <strings.h>

namespace sn::rpc {

namespace {

HttpReply unauthorized(const std::string &why)
{
    HttpReply reply;
    reply.status = 401;
    reply.body = why + "\n";
    reply.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"supernoded /metrics\"");
    return reply;
}

} // namespace

std::optional<HttpReply> refuseUnlessAuthorized(const HttpRequest &request, const TokenStore &tokens)
{
    for (const auto &[name, value] : request.headers) {
        if (::strcasecmp(name.c_str(), "Authorization") != 0)
            continue;
        // "Bearer TOKEN": the scheme is case-insensitive (RFC 9110), the token is not.
        if (value.size() <= 7 || ::strncasecmp(value.c_str(), "Bearer ", 7) != 0)
            return unauthorized("/metrics wants 'Authorization: Bearer TOKEN' (a token of the daemon's --tokens file)");
        if (!tokens.verify(value.substr(7)))
            return unauthorized("/metrics: the token is not in the daemon's tokens file");
        return std::nullopt;
    }
    return unauthorized("/metrics beyond loopback needs a bearer token of the daemon's --tokens file (Prometheus: "
                        "authorization: {credentials_file: ...})");
}

} // namespace sn::rpc
