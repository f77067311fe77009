#include "backend/telemetry/prometheus/http_url.h"

#include <charconv>

namespace sn {

std::string HttpUrl::hostHeader() const
{
    const std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return port == 80 ? h : h + ":" + std::to_string(port);
}

std::string HttpUrl::toString() const
{
    return "http://" + hostHeader() + target;
}

Result<HttpUrl> parseHttpUrl(std::string_view url, std::uint16_t defaultPort)
{
    const std::string quoted = "'" + std::string(url) + "'";
    const std::size_t schemeEnd = url.find("://");
    if (schemeEnd == std::string_view::npos)
        return invalidArgument("URL " + quoted + " has no scheme: expected http://host[:port]/path");
    std::string scheme(url.substr(0, schemeEnd));
    for (char &c : scheme)
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (scheme == "https")
        return invalidArgument("URL " + quoted +
                               ": HTTPS is not supported by the built-in HTTP client; put a TLS-terminating proxy "
                               "(stunnel, nginx) on the monitored host and use http://, or the TLS transport once it "
                               "exists");
    if (scheme != "http")
        return invalidArgument("URL " + quoted + ": unsupported scheme '" + scheme + "' (only http://)");
    std::string_view rest = url.substr(schemeEnd + 3);
    const std::size_t targetStart = rest.find_first_of("/?#");
    std::string_view authority = rest.substr(0, targetStart);
    std::string_view target = targetStart == std::string_view::npos ? std::string_view{} : rest.substr(targetStart);
    if (const std::size_t hash = target.find('#'); hash != std::string_view::npos)
        target = target.substr(0, hash); // fragments never go on the wire
    if (authority.find('@') != std::string_view::npos)
        return invalidArgument("URL " + quoted + ": user information (user@host) is not supported");

    HttpUrl out;
    out.port = defaultPort;
    std::string_view portText;
    if (!authority.empty() && authority.front() == '[') {
        const std::size_t close = authority.find(']');
        if (close == std::string_view::npos)
            return invalidArgument("URL " + quoted + ": IPv6 literal without a closing ']'");
        out.host = std::string(authority.substr(1, close - 1));
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                return invalidArgument("URL " + quoted + ": expected ':' and a port after the IPv6 literal");
            portText = after.substr(1);
        }
    } else {
        const std::size_t colon = authority.rfind(':');
        out.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos)
            portText = authority.substr(colon + 1);
        if (out.host.find(':') != std::string::npos)
            return invalidArgument("URL " + quoted +
                                   ": an IPv6 address must be written in brackets, e.g. http://[::1]:9400/");
    }
    if (out.host.empty())
        return invalidArgument("URL " + quoted + " names no host");
    if (!portText.empty() || (authority.size() && authority.back() == ':')) {
        unsigned port = 0;
        const auto [ptr, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
        if (portText.empty() || ec != std::errc() || ptr != portText.data() + portText.size() || port == 0 ||
            port > 65535)
            return invalidArgument("URL " + quoted + ": port '" + std::string(portText) +
                                   "' is not a number in 1-65535");
        out.port = static_cast<std::uint16_t>(port);
    }
    if (target.empty())
        out.target = "/";
    else if (target.front() == '?')
        out.target = "/" + std::string(target);
    else
        out.target = std::string(target);
    for (char c : out.target)
        if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f)
            return invalidArgument("URL " + quoted +
                                   ": spaces or control characters in the path must be percent-encoded");
    return out;
}

std::string percentEncode(std::string_view text)
{
    static const char *hex = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() * 3);
    for (unsigned char c : text) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

} // namespace sn
