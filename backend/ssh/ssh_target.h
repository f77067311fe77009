#pragma once
// Where an SSH connection goes, as a node's `address` in cluster.yaml spells it:
// `host`, `user@host`, `host:port`, `user@[fd00::1]:2222`. Parsed in this one place.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sn {

struct SshTarget {
    std::string user;       // empty: ~/.ssh/config's User, else the current user
    std::string host;       // a name, an IPv4 address or a bare IPv6 address (no brackets)
    std::uint16_t port = 0; // 0: ~/.ssh/config's Port, else 22
};

// Errors (InvalidArgument) name the part that is wrong: empty host, bad port, unclosed bracket.
Result<SshTarget> parseSshTarget(std::string_view address);

// "ssh://user@host:port" (IPv6 in brackets), for messages and CommandRunner::where().
std::string sshUrl(const std::string &user, const std::string &host, std::uint16_t port);

} // namespace sn
