#pragma once
// Bearer tokens with roles, stored hashed. A token is 32 random bytes (hex, "snt_" prefix so it
// is recognisable in a leak scan); the file keeps only a per-token random salt and
// SHA-256(salt || token), so reading the file does not give away a token. One line per token:
//
//   # supernode tokens v1
//   NAME ROLE SALT_HEX SHA256_HEX
//
// NAME is a label for the audit log ("ci", "alice"); ROLE is viewer, operator or admin.

#include "backend/model/result.h"

#include <optional>
#include <string>
#include <vector>

namespace sn::rpc {

// Ordered: each role may do what the ones before it may.
enum class Role { Viewer = 0, Operator = 1, Admin = 2 };

const char *roleName(Role role);
std::optional<Role> parseRole(const std::string &name);

struct TokenEntry {
    std::string name;
    Role role = Role::Viewer;
    std::string saltHex;
    std::string hashHex;
};

struct Principal {
    std::string name; // from the token file; "local" when the daemon runs without tokens
    Role role = Role::Viewer;
};

class TokenStore {
public:
    // Reads a tokens file; errors name the file and line.
    static Result<TokenStore> load(const std::string &path);
    static Result<TokenStore> parse(const std::string &text, const std::string &where);

    // The principal a presented token belongs to, compared in constant time per entry.
    std::optional<Principal> verify(const std::string &token) const;
    const std::vector<TokenEntry> &entries() const { return m_entries; }

private:
    std::vector<TokenEntry> m_entries;
};

// A fresh token and its file line (what `supernodectl tokens create` appends).
struct NewToken {
    std::string token; // shown once, never stored
    TokenEntry entry;
};
Result<NewToken> createToken(const std::string &name, Role role);
std::string tokenFileLine(const TokenEntry &entry);
// Appends the entry, creating the file 0600 with its header when missing.
Status appendToken(const std::string &path, const TokenEntry &entry);

} // namespace sn::rpc
