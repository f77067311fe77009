#include "backend/ssh/ssh_session.h"

#include <pwd.h>
#include <unistd.h>

namespace sn {

namespace {

std::string currentUser()
{
    if (const passwd *pw = getpwuid(getuid()))
        return pw->pw_name;
    return "root";
}

std::string takeString(char *text)
{
    std::string out = text ? text : "";
    ssh_string_free_char(text);
    return out;
}

} // namespace

SshSession::SshSession(SshOptions options) : m_options(std::move(options))
{
    std::lock_guard lock(m_mutex);
    m_configured = configure();
}

SshSession::~SshSession()
{
    std::lock_guard lock(m_mutex);
    freeSession();
}

Error SshSession::lastError(ErrorCode code, const std::string &doing) const
{
    const char *message = m_session ? ssh_get_error(m_session) : "";
    return Error{code, doing + " (" + where() + "): " + (message && *message ? message : "unknown libssh error")};
}

void SshSession::freeSession()
{
    if (!m_session)
        return;
    if (m_connected)
        ssh_disconnect(m_session);
    ssh_free(m_session);
    m_session = nullptr;
    m_connected = false;
}

Status SshSession::configure()
{
    freeSession();
    const SshTarget &t = m_options.target;
    if (t.host.empty())
        return invalidArgument("SSH: no host to connect to");
    m_session = ssh_new();
    if (!m_session)
        return Error{ErrorCode::Internal, "SSH: libssh could not allocate a session"};
    auto set = [&](ssh_options_e option, const void *value, const char *name) -> Status {
        if (ssh_options_set(m_session, option, value) != SSH_OK)
            return Error{ErrorCode::InvalidArgument,
                         std::string("SSH option ") + name + " for " + t.host + ": " + ssh_get_error(m_session)};
        return success();
    };
    if (auto s = set(SSH_OPTIONS_HOST, t.host.c_str(), "host"); !s)
        return s;
    if (m_options.configFile && m_options.configFile->empty()) {
        const int no = 0;
        if (auto s = set(SSH_OPTIONS_PROCESS_CONFIG, &no, "process-config"); !s)
            return s;
    } else if (ssh_options_parse_config(m_session, m_options.configFile ? m_options.configFile->c_str() : nullptr) !=
               SSH_OK) {
        return invalidArgument("SSH config " + m_options.configFile.value_or("~/.ssh/config") + ": " +
                               ssh_get_error(m_session));
    }
    // What the caller spelled out wins over the config file, as on ssh's command line.
    if (!t.user.empty())
        if (auto s = set(SSH_OPTIONS_USER, t.user.c_str(), "user"); !s)
            return s;
    if (t.port) {
        const unsigned int port = t.port;
        if (auto s = set(SSH_OPTIONS_PORT, &port, "port"); !s)
            return s;
    }
    if (!m_options.knownHostsFile.empty())
        if (auto s = set(SSH_OPTIONS_KNOWNHOSTS, m_options.knownHostsFile.c_str(), "known-hosts"); !s)
            return s;
    if (!m_options.globalKnownHostsFile.empty())
        if (auto s = set(SSH_OPTIONS_GLOBAL_KNOWNHOSTS, m_options.globalKnownHostsFile.c_str(), "global-known-hosts");
            !s)
            return s;
    if (!m_options.agentSocket.empty())
        if (auto s = set(SSH_OPTIONS_IDENTITY_AGENT, m_options.agentSocket.c_str(), "identity-agent"); !s)
            return s;
    const long seconds = static_cast<long>(m_options.connectTimeout.count() / 1000);
    const long usec = static_cast<long>(m_options.connectTimeout.count() % 1000) * 1000;
    if (auto s = set(SSH_OPTIONS_TIMEOUT, &seconds, "timeout"); !s)
        return s;
    if (auto s = set(SSH_OPTIONS_TIMEOUT_USEC, &usec, "timeout"); !s)
        return s;
    // Every SFTP write and every command's exit status is a small request waiting for a small
    // answer: with Nagle's algorithm on, each waited for the peer's delayed ACK (~40 ms), which
    // held uploads to about 1 MB/s even on loopback.
    const int noDelay = 1;
    if (auto s = set(SSH_OPTIONS_NODELAY, &noDelay, "nodelay"); !s)
        return s;

    char *value = nullptr;
    m_user = ssh_options_get(m_session, SSH_OPTIONS_USER, &value) == SSH_OK ? takeString(value) : "";
    if (m_user.empty())
        m_user = currentUser();
    value = nullptr;
    m_host = ssh_options_get(m_session, SSH_OPTIONS_HOST, &value) == SSH_OK ? takeString(value) : t.host;
    unsigned int port = 22;
    ssh_options_get_port(m_session, &port);
    m_port = static_cast<std::uint16_t>(port);
    return success();
}

Status SshSession::connect()
{
    std::lock_guard lock(m_mutex);
    if (m_connected && ssh_is_connected(m_session))
        return success();
    if (!m_configured)
        return m_configured;
    Status verdict = reachAndVerify();
    if (verdict)
        verdict = authenticate();
    if (!verdict) {
        freeSession();
        m_configured = configure();
        return verdict;
    }
    return success();
}

Status SshSession::checkHostKey()
{
    std::lock_guard lock(m_mutex);
    if (!m_configured)
        return m_configured;
    const Status verdict = reachAndVerify();
    freeSession(); // never authenticated: not a connection to keep
    m_configured = configure();
    return verdict;
}

Status SshSession::reachAndVerify()
{
    if (m_connected || !m_session) // a dropped connection: libssh sessions cannot reconnect
        if (m_configured = configure(); !m_configured)
            return m_configured;
    if (ssh_connect(m_session) != SSH_OK) {
        Error e = lastError(ErrorCode::Unavailable, "SSH: cannot connect");
        freeSession();
        m_configured = configure();
        return e;
    }
    m_connected = true; // from here on, disconnect before free
    char *value = nullptr;
    const std::string knownHosts = ssh_options_get(m_session, SSH_OPTIONS_KNOWNHOSTS, &value) == SSH_OK
                                       ? takeString(value)
                                       : std::string("~/.ssh/known_hosts");
    return verifyHostKey(m_session, knownHosts, m_options.hostKeys);
}

Status SshSession::authenticate()
{
    std::vector<std::string> tried;
    if (m_options.useAgent) {
        tried.push_back("ssh-agent");
        if (ssh_userauth_agent(m_session, nullptr) == SSH_AUTH_SUCCESS)
            return success();
    }
    const char *passphrase = m_options.passphrase.empty() ? nullptr : m_options.passphrase.c_str();
    for (const std::string &file : m_options.identityFiles) {
        ssh_key key = nullptr;
        if (ssh_pki_import_privkey_file(file.c_str(), passphrase, nullptr, nullptr, &key) != SSH_OK) {
            tried.push_back(file + " (cannot read it" + (passphrase ? ": wrong passphrase?" : ": encrypted?") + ")");
            continue;
        }
        const int rc = ssh_userauth_publickey(m_session, nullptr, key);
        ssh_key_free(key);
        tried.push_back(file);
        if (rc == SSH_AUTH_SUCCESS)
            return success();
        if (rc == SSH_AUTH_ERROR)
            return lastError(ErrorCode::Unavailable, "SSH: authentication with " + file + " failed");
    }
    if (m_options.tryDefaultKeys) {
        tried.push_back("default keys");
        if (ssh_userauth_publickey_auto(m_session, nullptr, passphrase) == SSH_AUTH_SUCCESS)
            return success();
    }
    std::string list;
    for (const std::string &t : tried)
        list += (list.empty() ? "" : ", ") + t;
    return Error{ErrorCode::PermissionDenied, "SSH: " + where() + " accepted none of the keys offered (" +
                                                  (list.empty() ? "none" : list) +
                                                  "); add your public key to the node's authorized_keys or load it "
                                                  "into ssh-agent"};
}

bool SshSession::connected()
{
    std::lock_guard lock(m_mutex);
    return m_connected && ssh_is_connected(m_session);
}

void SshSession::disconnect()
{
    std::lock_guard lock(m_mutex);
    freeSession();
    m_configured = configure();
}

} // namespace sn
