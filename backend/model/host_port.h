#pragma once
// "ADDR:PORT" for --listen and --metrics-listen, "[::1]:PORT" for IPv6, and whether an address is
// loopback (the daemon's security rules depend on it).

#include "backend/model/result.h"

#include <cstdint>
#include <string>

namespace sn {

struct HostPort {
    std::string host; // without brackets
    std::uint16_t port = 0;
    // As gRPC and URLs want it: brackets around IPv6.
    std::string toString() const;
};

// `what` names the flag in the message ("--listen").
Result<HostPort> parseHostPort(const std::string &text, const std::string &what);
// 127.0.0.0/8, ::1 and "localhost"; a name that only resolves to loopback is not trusted to.
bool isLoopbackHost(const std::string &host);

} // namespace sn
