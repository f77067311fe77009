#include "backend/remote/client/remote_connection.h"

#include "backend/model/host_port.h"
#include "backend/remote/common/certificate_authority.h"

namespace sn::rpc {

Result<RemoteUrl> parseRemoteUrl(const std::string &url)
{
    RemoteUrl r;
    std::string rest;
    if (url.rfind("grpcs://", 0) == 0) {
        rest = url.substr(8);
    } else if (url.rfind("grpc://", 0) == 0) {
        rest = url.substr(7);
        r.tls = false;
    } else {
        return invalidArgument("--remote '" + url + "': expected grpcs://HOST:PORT (or grpc://HOST:PORT without TLS)");
    }
    if (!rest.empty() && rest.back() == '/')
        rest.pop_back();
    const bool hasPort = rest.find("]:") != std::string::npos ||
                         (rest.find('[') == std::string::npos && rest.find(':') != std::string::npos);
    auto hp = parseHostPort(hasPort ? rest : rest + ":7443", "--remote");
    if (!hp)
        return hp.error();
    if (hp->port == 0)
        return invalidArgument("--remote '" + url + "': port 0 is not a daemon's port");
    r.host = hp->host;
    r.port = hp->port;
    return r;
}

Result<RemoteEngine::Options> remoteEngineOptions(const RemoteConnectionSettings &s)
{
    auto url = parseRemoteUrl(s.url);
    if (!url)
        return url.error();
    RemoteEngine::Options o;
    o.host = url->host;
    o.port = url->port;
    o.tls = url->tls;
    if (!s.tokenFile.empty()) {
        auto token = readTextFile(s.tokenFile);
        if (!token)
            return invalidArgument("--token-file " + token.error().message);
        std::string t = *token;
        while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' '))
            t.pop_back();
        if (t.empty() || t.find_first_of(" \n\t") != std::string::npos)
            return invalidArgument("--token-file " + s.tokenFile + ": expected one line holding the token");
        o.token = t;
        // A bearer token in plain text is anyone's on the path: only to this machine (a daemon on
        // loopback, or one reached through an SSH tunnel's local end).
        if (!o.tls && !isLoopbackHost(o.host))
            return invalidArgument("--remote " + s.url +
                                   ": the token would cross the network in plain text; use "
                                   "grpcs:// (with --ca), or grpc:// only to this machine (an SSH tunnel's local end)");
    }
    if (!s.caFile.empty()) {
        if (!o.tls)
            return invalidArgument("--ca goes with grpcs://, not grpc://");
        auto ca = readTextFile(s.caFile);
        if (!ca)
            return invalidArgument("--ca " + ca.error().message);
        o.caPem = *ca;
    }
    if (s.clientCertFile.empty() != s.clientKeyFile.empty())
        return invalidArgument("--client-cert and --client-key go together");
    if (!s.clientCertFile.empty()) {
        auto cert = readTextFile(s.clientCertFile);
        auto key = readTextFile(s.clientKeyFile);
        if (!cert)
            return invalidArgument("--client-cert " + cert.error().message);
        if (!key)
            return invalidArgument("--client-key " + key.error().message);
        o.clientCertPem = *cert;
        o.clientKeyPem = *key;
    }
    return o;
}

} // namespace sn::rpc
