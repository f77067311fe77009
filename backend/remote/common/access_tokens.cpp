#include "backend/remote/common/access_tokens.h"

#include "backend/model/durable_file.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace sn::rpc {

namespace {

constexpr const char *kHeader = "# supernode tokens v1";

std::string toHex(const unsigned char *data, std::size_t size)
{
    static const char *digits = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out += digits[data[i] >> 4];
        out += digits[data[i] & 15];
    }
    return out;
}

bool isHex(const std::string &s, std::size_t length)
{
    return s.size() == length && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string saltedHash(const std::string &saltHex, const std::string &token)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    const std::string input = saltHex + ":" + token;
    EVP_Digest(input.data(), input.size(), digest, &size, EVP_sha256(), nullptr);
    return toHex(digest, size);
}

Result<std::string> randomHex(std::size_t bytes)
{
    std::vector<unsigned char> buffer(bytes);
    if (RAND_bytes(buffer.data(), static_cast<int>(bytes)) != 1)
        return Error{ErrorCode::Internal, "OpenSSL could not produce random bytes"};
    return toHex(buffer.data(), bytes);
}

bool validName(const std::string &name)
{
    return !name.empty() && name.size() <= 64 &&
           name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@") ==
               std::string::npos;
}

} // namespace

const char *roleName(Role role)
{
    switch (role) {
    case Role::Viewer:
        return "viewer";
    case Role::Operator:
        return "operator";
    case Role::Admin:
        return "admin";
    }
    return "viewer";
}

std::optional<Role> parseRole(const std::string &name)
{
    if (name == "viewer")
        return Role::Viewer;
    if (name == "operator")
        return Role::Operator;
    if (name == "admin")
        return Role::Admin;
    return std::nullopt;
}

Result<TokenStore> TokenStore::load(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        return invalidArgument(path + ": cannot read the tokens file");
    std::stringstream text;
    text << in.rdbuf();
    return parse(text.str(), path);
}

Result<TokenStore> TokenStore::parse(const std::string &text, const std::string &where)
{
    TokenStore store;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        const std::string at = where + ":" + std::to_string(number) + ": ";
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream words(line);
        TokenEntry e;
        std::string role, extra;
        if (!(words >> e.name >> role >> e.saltHex >> e.hashHex) || (words >> extra))
            return invalidArgument(at + "expected 'NAME ROLE SALT HASH', got '" + line + "'");
        if (!validName(e.name))
            return invalidArgument(at + "the name '" + e.name + "' must be 1-64 letters, digits or ._-@");
        const auto r = parseRole(role);
        if (!r)
            return invalidArgument(at + "unknown role '" + role + "' (viewer, operator or admin)");
        e.role = *r;
        if (!isHex(e.saltHex, 32))
            return invalidArgument(at + "the salt must be 32 lowercase hex digits");
        if (!isHex(e.hashHex, 64))
            return invalidArgument(at + "the hash must be 64 lowercase hex digits (SHA-256)");
        for (const TokenEntry &other : store.m_entries)
            if (other.name == e.name)
                return invalidArgument(at + "the name '" + e.name + "' is used twice");
        store.m_entries.push_back(std::move(e));
    }
    return store;
}

std::optional<Principal> TokenStore::verify(const std::string &token) const
{
    std::optional<Principal> found;
    for (const TokenEntry &e : m_entries) {
        const std::string hash = saltedHash(e.saltHex, token);
        // Every entry is checked and compared in constant time: timing says nothing about which matched.
        if (CRYPTO_memcmp(hash.data(), e.hashHex.data(), hash.size()) == 0 && hash.size() == e.hashHex.size())
            found = Principal{e.name, e.role};
    }
    return found;
}

Result<NewToken> createToken(const std::string &name, Role role)
{
    if (!validName(name))
        return invalidArgument("the token name '" + name + "' must be 1-64 letters, digits or ._-@");
    auto secret = randomHex(32);
    auto salt = randomHex(16);
    if (!secret)
        return secret.error();
    if (!salt)
        return salt.error();
    NewToken t;
    t.token = "snt_" + *secret;
    t.entry = TokenEntry{name, role, *salt, saltedHash(*salt, t.token)};
    return t;
}

std::string tokenFileLine(const TokenEntry &entry)
{
    return entry.name + " " + roleName(entry.role) + " " + entry.saltHex + " " + entry.hashHex;
}

Status appendToken(const std::string &path, const TokenEntry &entry)
{
    std::string existing;
    if (std::ifstream in(path); in) {
        std::stringstream s;
        s << in.rdbuf();
        existing = s.str();
        auto store = TokenStore::parse(existing, path);
        if (!store)
            return store.error();
        for (const TokenEntry &e : store->entries())
            if (e.name == entry.name)
                return invalidArgument(path + ": a token named '" + entry.name + "' exists already");
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
        return invalidArgument(path + ": cannot write the tokens file");
    std::string text;
    if (existing.empty())
        text = std::string(kHeader) + "\n";
    else if (existing.back() != '\n')
        text = "\n";
    text += tokenFileLine(entry) + "\n";
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok)
        return invalidArgument(path + ": writing the tokens file failed");
    // A tokens file that was just created is durable only with its directory entry.
    return syncDirectoryOf(path);
}

} // namespace sn::rpc
