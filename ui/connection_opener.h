#pragma once
// Opening a saved connection without blocking the GUI thread. prepareConnection() does the slow,
// blocking part on a worker thread: it reads the token and certificate files and, through SSH,
// connects the session (host key checked against known_hosts) and starts a local port forward
// to the daemon on the head node's loopback. The RemoteEngine is then made on the GUI thread and
// asked WhoAmI, which proves the address, the CA and the token before the console switches.

#include "backend/remote/client/remote_engine.h"
#include "backend/ssh/ssh_session.h"
#include "backend/ssh/ssh_tunnel.h"
#include "ui/saved_connection.h"

#include <memory>
#include <optional>

namespace sn {

struct ConnectionOpenOptions {
    std::string acceptFingerprint;            // an unknown SSH host key the user accepted
    std::string knownHostsFile;               // empty: ~/.ssh/known_hosts (as ssh)
    std::optional<std::string> sshConfigFile; // nullopt: ~/.ssh/config; "": none (tests)
    bool sshUseAgent = true;
    bool sshDefaultKeys = true; // ~/.ssh/id_* after the agent and the connection's key
    int callTimeoutMs = 15000;
};

// An engine the console shows, with what it runs through; the tunnel outlives the engine.
struct OpenedEngine {
    std::shared_ptr<SshSession> session;
    std::unique_ptr<SshTunnel> tunnel;
    std::unique_ptr<EngineApi> engine;
    OpenedEngine() = default;
    OpenedEngine(const OpenedEngine &) = delete;
    OpenedEngine &operator=(const OpenedEngine &) = delete;
    ~OpenedEngine()
    {
        engine.reset();
        tunnel.reset();
    }
};

struct PreparedConnection {
    std::shared_ptr<OpenedEngine> opened;              // with session and tunnel when through SSH; no engine yet
    std::optional<rpc::RemoteEngine::Options> options; // set on success
    std::optional<SshHostKey> unknownKey;              // the SSH host is not known yet: ask the user
    Error error;                                       // when !options: what failed, naming the file or host
};

// Blocking (files, SSH): call it on a worker thread.
PreparedConnection prepareConnection(const SavedConnection &connection, const ConnectionOpenOptions &options);

} // namespace sn
