#include "backend/model/host_port.h"

#include <arpa/inet.h>

namespace sn {

std::string HostPort::toString() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

Result<HostPort> parseHostPort(const std::string &text, const std::string &what)
{
    const std::string prefix = what + " '" + text + "': ";
    HostPort hp;
    std::string portText;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
            return invalidArgument(prefix + "an IPv6 address is written [ADDR]:PORT");
        hp.host = text.substr(1, close - 1);
        portText = text.substr(close + 2);
        in6_addr a6;
        if (inet_pton(AF_INET6, hp.host.c_str(), &a6) != 1)
            return invalidArgument(prefix + "'" + hp.host + "' is not an IPv6 address");
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string::npos)
            return invalidArgument(prefix + "expected ADDR:PORT, for example 127.0.0.1:7443");
        hp.host = text.substr(0, colon);
        portText = text.substr(colon + 1);
        if (hp.host.find(':') != std::string::npos)
            return invalidArgument(prefix + "put an IPv6 address in brackets: [ADDR]:PORT");
    }
    if (hp.host.empty())
        return invalidArgument(prefix + "the address is missing (0.0.0.0 for every interface)");
    if (portText.empty() || portText.size() > 5 || portText.find_first_not_of("0123456789") != std::string::npos)
        return invalidArgument(prefix + "the port must be a number from 0 to 65535");
    const int port = std::stoi(portText);
    if (port > 65535)
        return invalidArgument(prefix + "the port must be a number from 0 to 65535");
    hp.port = static_cast<std::uint16_t>(port);
    return hp;
}

bool isLoopbackHost(const std::string &host)
{
    if (host == "localhost" || host == "::1")
        return true;
    in_addr a4;
    if (inet_pton(AF_INET, host.c_str(), &a4) == 1)
        return (ntohl(a4.s_addr) >> 24) == 127;
    return false;
}

} // namespace sn
