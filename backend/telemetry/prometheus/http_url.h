#pragma once
// http://host:port/path?query URLs as the scrape and query clients take them. Only plain
// HTTP: HTTPS needs TLS, which is out of scope for this client (put a TLS-terminating proxy such
// as stunnel or nginx in front, or use the TLS transport of a later issue), and an https:// URL
// says so instead of failing obscurely.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sn {

struct HttpUrl {
    std::string host; // a name, an IPv4 literal, or an IPv6 literal without brackets
    std::uint16_t port = 80;
    std::string target = "/"; // path and query, as sent on the request line

    std::string hostHeader() const; // host[:port], IPv6 in brackets
    std::string toString() const;   // http://host[:port]/target
};

// defaultPort applies when the URL names none (9400 for dcgm-exporter, 9090 for Prometheus).
Result<HttpUrl> parseHttpUrl(std::string_view url, std::uint16_t defaultPort = 80);

// RFC 3986 percent-encoding of a query parameter value (everything but unreserved characters).
std::string percentEncode(std::string_view text);

} // namespace sn
