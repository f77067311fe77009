#pragma once
// supernoded assembled: the engine (LocalEngine, real or virtual time) on its thread, the gRPC
// server (TLS, tokens, limits) on gRPC's threads, /metrics on the HTTP server's threads, and the
// audit log in the state directory. Stream subscriptions are delivered on the thread that
// starts the daemon, which must run a Qt event loop.

#include "backend/model/result.h"
#include "backend/remote/daemon/daemon_options.h"

#include <memory>

namespace sn::rpc {

class SupernodeDaemon {
public:
    // Binds and serves, or says why not (a bad config: InvalidArgument; unsafe options:
    // PermissionDenied; a port in use: Unavailable).
    static Result<std::unique_ptr<SupernodeDaemon>> start(const DaemonOptions &options);
    ~SupernodeDaemon(); // stops serving, then the engine

    std::uint16_t port() const;
    std::uint16_t metricsPort() const; // 0 without --metrics-listen
    std::string describe() const;      // "127.0.0.1:7443 (TLS, mutual TLS, tokens)"

    struct Parts;

private:
    explicit SupernodeDaemon(std::unique_ptr<Parts> parts);
    std::unique_ptr<Parts> m_parts;
};

// --check-config: the config and the security rules, without binding. Exit code as DaemonExit.
int checkDaemonConfig(const DaemonOptions &options, std::string *message);

} // namespace sn::rpc
