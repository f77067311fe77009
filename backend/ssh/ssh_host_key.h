#pragma once
// Host key verification against known_hosts, as OpenSSH does it: a known key passes; an unknown
// host is refused unless the caller accepts its SHA256 fingerprint (then it is recorded); a
// changed key is always refused, naming the known_hosts file and line that hold the old key.

#include "backend/model/result.h"

#include <libssh/libssh.h>

#include <functional>
#include <string>

namespace sn {

struct SshHostKey {
    std::string host;        // as known_hosts names it: "node01" or "[10.0.0.5]:2222"
    std::string type;        // "ssh-ed25519", "ecdsa-sha2-nistp256", ...
    std::string fingerprint; // "SHA256:..." as `ssh-keygen -l` prints it
};

struct SshHostKeyPolicy {
    // An unknown host whose key has exactly this fingerprint is accepted (the CLI's
    // --accept-host-key=SHA256:...). Empty: no fingerprint accepted this way.
    std::string acceptFingerprint;
    // Asked about an unknown host when acceptFingerprint does not match (the console shows a
    // dialog). Empty, or false returned: refused. Never asked about a changed key.
    std::function<bool(const SshHostKey &)> acceptUnknown;
    // An accepted key is appended to the user's known_hosts file, as ssh does.
    bool recordAccepted = true;
};

// Verifies the server key of a connected, not yet authenticated session. Errors are
// PermissionDenied (unknown and not accepted, changed, other key type) or Unavailable.
Status verifyHostKey(ssh_session session, const std::string &knownHostsFile, const SshHostKeyPolicy &policy);

} // namespace sn
