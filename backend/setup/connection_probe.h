#pragma once
// The Nodes page's "Test connection": connect, verify the host key, authenticate, run `true`.
// An unknown host key is not an error to hide: the probe returns it with its fingerprint, so the
// user can compare it with the one the server's console shows and accept it (the next probe
// then carries acceptFingerprint) or reject it. A changed key is refused, never offered.

#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"

#include <optional>

namespace sn::setup {

struct ConnectionProbe {
    bool ok = false;                      // connected and ran a command
    std::optional<SshHostKey> unknownKey; // set when the only obstacle is an unknown host key
    Error error;                          // when !ok: what failed, with libssh's words
};

ConnectionProbe probeConnection(SshOptions options);

} // namespace sn::setup
