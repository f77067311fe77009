#include "backend/ssh/ssh_host_key.h"

#include <fstream>
#include <memory>

namespace sn {

namespace {

struct KeyFree {
    void operator()(ssh_key key) const { ssh_key_free(key); }
};
using KeyPtr = std::unique_ptr<std::remove_pointer_t<ssh_key>, KeyFree>;

std::string fingerprintOf(ssh_key key)
{
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK)
        return {};
    char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    ssh_clean_pubkey_hash(&hash);
    std::string out = text ? text : "";
    ssh_string_free_char(text);
    return out;
}

// The known_hosts name of the session's host: "host" on port 22, "[host]:port" otherwise.
std::string knownHostsName(ssh_session session)
{
    char *host = nullptr;
    ssh_options_get(session, SSH_OPTIONS_HOST, &host);
    unsigned int port = 22;
    ssh_options_get_port(session, &port);
    std::string name = host ? host : "";
    ssh_string_free_char(host);
    return port == 22 ? name : "[" + name + "]:" + std::to_string(port);
}

// The line of `file` holding the key recorded for `host` that differs from `server`: preferably
// one of the same type (what ssh calls the offending key), else the first line naming the host.
int offendingLine(const std::string &file, const std::string &host, ssh_key server)
{
    std::ifstream in(file);
    std::string line;
    int number = 0;
    int firstMatch = 0;
    while (std::getline(in, line)) {
        ++number;
        ssh_knownhosts_entry *entry = nullptr;
        if (ssh_known_hosts_parse_line(host.c_str(), line.c_str(), &entry) != SSH_OK || !entry)
            continue;
        const bool sameType = entry->publickey && ssh_key_type(entry->publickey) == ssh_key_type(server);
        const bool differs = !entry->publickey || ssh_key_cmp(entry->publickey, server, SSH_KEY_CMP_PUBLIC) != 0;
        ssh_knownhosts_entry_free(entry);
        if (sameType && differs)
            return number;
        if (!firstMatch)
            firstMatch = number;
    }
    return firstMatch;
}

std::string where(const std::string &file, int line)
{
    return line ? file + ":" + std::to_string(line) : file;
}

} // namespace

Status verifyHostKey(ssh_session session, const std::string &knownHostsFile, const SshHostKeyPolicy &policy)
{
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(session, &raw) != SSH_OK)
        return Error{ErrorCode::Unavailable,
                     std::string("cannot read the server's host key: ") + ssh_get_error(session)};
    KeyPtr key(raw);
    SshHostKey info;
    info.host = knownHostsName(session);
    info.type = ssh_key_type_to_char(ssh_key_type(key.get()));
    info.fingerprint = fingerprintOf(key.get());

    switch (ssh_session_is_known_server(session)) {
    case SSH_KNOWN_HOSTS_OK:
        return success();
    case SSH_KNOWN_HOSTS_CHANGED:
        return Error{ErrorCode::PermissionDenied,
                     "WARNING: the host key of " + info.host + " has CHANGED (now " + info.type + " " +
                         info.fingerprint +
                         "). Someone could be eavesdropping (a man-in-the-middle attack), or the "
                         "host was reinstalled. The old key is at " +
                         where(knownHostsFile, offendingLine(knownHostsFile, info.host, key.get())) +
                         "; refusing to connect. If the change is expected, remove that line (ssh-keygen -R '" +
                         info.host + "') and connect again."};
    case SSH_KNOWN_HOSTS_OTHER:
        return Error{ErrorCode::PermissionDenied,
                     "WARNING: " + info.host + " offered a " + info.type + " host key (" + info.fingerprint +
                         "), but " + where(knownHostsFile, offendingLine(knownHostsFile, info.host, key.get())) +
                         " records a key of another type for it; refusing to connect (possible man-in-the-middle "
                         "attack)."};
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        break;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
        return Error{ErrorCode::Unavailable, "cannot check the host key of " + info.host + " against " +
                                                 knownHostsFile + ": " + ssh_get_error(session)};
    }

    const bool accepted = (!policy.acceptFingerprint.empty() && policy.acceptFingerprint == info.fingerprint) ||
                          (policy.acceptUnknown && policy.acceptUnknown(info));
    if (!accepted)
        return Error{ErrorCode::PermissionDenied,
                     "the host key of " + info.host + " is not known (" + info.type + " " + info.fingerprint +
                         " is not in " + knownHostsFile +
                         "); refusing to connect. Check the fingerprint with the "
                         "host's administrator, then accept it (ssh once from a terminal, or accept that "
                         "fingerprint where this tool asks)."};
    if (policy.recordAccepted && ssh_session_update_known_hosts(session) != SSH_OK)
        return Error{ErrorCode::Unavailable, "accepted the host key of " + info.host + " but cannot record it in " +
                                                 knownHostsFile + ": " + ssh_get_error(session)};
    return success();
}

} // namespace sn
