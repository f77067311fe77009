#pragma once
// One authenticated SSH connection (libssh) to a node: the base of commands, SFTP and tunnels.
// Honours ~/.ssh/config (HostName, User, Port, IdentityFile, ...), verifies the host key against
// known_hosts (ssh_host_key.h) and authenticates with ssh-agent and key files only: no
// passwords. A passphrase lives in memory for the connect and is never written anywhere.
//
// libssh sessions are not thread-safe: every libssh call on handle() happens under mutex(). The
// classes of this folder take it for short slices, so a command and a tunnel can share one
// connection without one stalling the other for long.

#include "backend/model/result.h"
#include "backend/ssh/ssh_host_key.h"
#include "backend/ssh/ssh_target.h"

#include <libssh/libssh.h>

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace sn {

struct SshOptions {
    SshTarget target; // empty user/port: from the config file, else the current user and 22
    // nullopt: ~/.ssh/config then /etc/ssh/ssh_config, as ssh reads them. "": no config at all.
    std::optional<std::string> configFile;
    std::string knownHostsFile;       // empty: the config's UserKnownHostsFile, else ~/.ssh/known_hosts
    std::string globalKnownHostsFile; // empty: /etc/ssh/ssh_known_hosts
    SshHostKeyPolicy hostKeys;        // default: unknown hosts refused
    bool useAgent = true;
    std::string agentSocket;                // empty: $SSH_AUTH_SOCK
    std::vector<std::string> identityFiles; // private keys tried after the agent
    bool tryDefaultKeys = true;             // then ~/.ssh/id_* and the config's IdentityFile
    std::string passphrase;                 // for encrypted key files; memory only
    std::chrono::milliseconds connectTimeout{10000};
};

class SshSession {
public:
    explicit SshSession(SshOptions options);
    ~SshSession();
    SshSession(const SshSession &) = delete;
    SshSession &operator=(const SshSession &) = delete;

    // Connects, verifies the host key, authenticates. Errors: InvalidArgument (bad options or
    // config), Unavailable (cannot reach, timeout), PermissionDenied (host key refused, no key
    // accepted), each with libssh's own words. Connecting again after a failure or a dropped
    // connection starts a fresh session.
    Status connect();
    // Connects, verifies the host key (recording it when the policy accepts an unknown one) and
    // disconnects without authenticating: `supernodectl known-hosts add` needs no account on
    // the node. The same errors as connect(), bar authentication's.
    Status checkHostKey();
    bool connected();
    void disconnect();

    // The resolved destination (config applied), known before connecting.
    const std::string &user() const { return m_user; }
    const std::string &host() const { return m_host; }
    std::uint16_t port() const { return m_port; }
    std::string where() const { return sshUrl(m_user, m_host, m_port); } // ssh://user@host:port

    // For the transports of this folder: the libssh handle, valid while connected, and the lock
    // every call on it holds.
    ssh_session handle() const { return m_session; }
    std::mutex &mutex() { return m_mutex; }
    // libssh's message for the last failure, prefixed with what was being done and where.
    Error lastError(ErrorCode code, const std::string &doing) const;

private:
    Status configure();    // a fresh ssh_session with every option set; no network
    Status reachAndVerify(); // ssh_connect and the host key check, m_mutex held
    Status authenticate(); // after the host key passed
    void freeSession();

    SshOptions m_options;
    ssh_session m_session = nullptr;
    std::mutex m_mutex;
    bool m_connected = false;
    Status m_configured = success();
    std::string m_user;
    std::string m_host;
    std::uint16_t m_port = 22;
};

} // namespace sn
