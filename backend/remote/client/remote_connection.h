#pragma once
// How supernodectl and the console name a daemon: grpcs://host:port (TLS) or grpc://host:port
// (plain, loopback daemons started with --insecure-no-tls), a token file, the CA file and, for
// mutual TLS, a client certificate and key. Turns those into RemoteEngine::Options, reading the
// files, with errors that name the flag and file.

#include "backend/model/result.h"
#include "backend/remote/client/remote_engine.h"

#include <string>

namespace sn::rpc {

struct RemoteConnectionSettings {
    std::string url;       // grpcs://head01:7443
    std::string tokenFile; // one line: the token (supernodectl tokens create prints it)
    std::string caFile;
    std::string clientCertFile, clientKeyFile;
};

struct RemoteUrl {
    std::string host;
    std::uint16_t port = 7443;
    bool tls = true;
};
// grpcs://HOST[:PORT] or grpc://HOST[:PORT]; IPv6 in brackets; the port defaults to 7443.
Result<RemoteUrl> parseRemoteUrl(const std::string &url);
Result<RemoteEngine::Options> remoteEngineOptions(const RemoteConnectionSettings &settings);

} // namespace sn::rpc
