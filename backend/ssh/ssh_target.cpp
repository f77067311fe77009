#include "backend/ssh/ssh_target.h"

#include <charconv>

namespace sn {

namespace {

Result<std::uint16_t> parsePort(std::string_view text, std::string_view address)
{
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value == 0 || value > 65535)
        return invalidArgument("SSH address '" + std::string(address) + "': port '" + std::string(text) +
                               "' is not a number from 1 to 65535");
    return static_cast<std::uint16_t>(value);
}

} // namespace

Result<SshTarget> parseSshTarget(std::string_view address)
{
    SshTarget target;
    std::string_view rest = address;
    if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) {
        target.user = std::string(rest.substr(0, at));
        rest.remove_prefix(at + 1);
        if (target.user.empty())
            return invalidArgument("SSH address '" + std::string(address) + "': empty user before '@'");
    }
    if (!rest.empty() && rest.front() == '[') {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos)
            return invalidArgument("SSH address '" + std::string(address) + "': '[' without ']'");
        target.host = std::string(rest.substr(1, close - 1));
        rest.remove_prefix(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':')
                return invalidArgument("SSH address '" + std::string(address) + "': expected ':PORT' after ']'");
            auto port = parsePort(rest.substr(1), address);
            if (!port)
                return port.error();
            target.port = *port;
        }
    } else if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
        if (rest.find(':', colon + 1) != std::string_view::npos) {
            target.host = std::string(rest); // a bare IPv6 address: no port possible
        } else {
            target.host = std::string(rest.substr(0, colon));
            auto port = parsePort(rest.substr(colon + 1), address);
            if (!port)
                return port.error();
            target.port = *port;
        }
    } else {
        target.host = std::string(rest);
    }
    if (target.host.empty())
        return invalidArgument("SSH address '" + std::string(address) + "': no host");
    for (const char c : target.host + target.user)
        if (static_cast<unsigned char>(c) <= ' ' || c == '/' || c == '\'' || c == '"')
            return invalidArgument("SSH address '" + std::string(address) +
                                   "': user and host may not hold spaces, quotes, slashes or control characters");
    return target;
}

std::string sshUrl(const std::string &user, const std::string &host, std::uint16_t port)
{
    const bool ipv6 = host.find(':') != std::string::npos;
    return "ssh://" + (user.empty() ? "" : user + "@") + (ipv6 ? "[" + host + "]" : host) + ":" +
           std::to_string(port ? port : 22);
}

} // namespace sn
