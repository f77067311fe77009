#pragma once
// A blocking HTTP/1.1 client over POSIX sockets: enough to scrape /metrics, to call Prometheus'
// query API and slurmrestd. One request per connection (Connection: close). Bodies by
// Content-Length, chunked transfer coding, or until the peer closes. Plain HTTP only; see
// http_url.h for HTTPS.

#include "backend/model/result.h"
#include "backend/telemetry/prometheus/http_url.h"

#include <chrono>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace sn {

struct HttpClientOptions {
    std::chrono::milliseconds connectTimeout{3000};
    // The longest wait for the next bytes of the reply (not for the whole reply: a slow, large
    // scrape that keeps sending is fine).
    std::chrono::milliseconds readTimeout{10000};
    std::size_t maxBodyBytes = 64u << 20;                     // a larger body is an error, not an out-of-memory
    std::vector<std::pair<std::string, std::string>> headers; // extra request headers
};

struct HttpResponse {
    int status = 0;
    std::string reason;
    std::vector<std::pair<std::string, std::string>> headers; // names as sent
    std::string body;                                         // de-chunked

    // The first header of that name (case-insensitive), or "".
    std::string header(const std::string &name) const;
};

// Any well-formed reply, whatever its status. Errors (Unavailable): cannot resolve, connection
// refused, connect or read timeout, reset, malformed status line or headers, bad chunk, body
// shorter than its Content-Length. Every message names the URL.
Result<HttpResponse> httpGet(const HttpUrl &url, const HttpClientOptions &options = {});

// The same for any method with a request body (POST, DELETE, ...; Content-Length is set, the
// caller adds Content-Type to options.headers): the slurmrestd client of the job backends.
Result<HttpResponse> httpRequest(const std::string &method, const HttpUrl &url, const std::string &body,
                                 const HttpClientOptions &options = {});

// The body of a 2xx reply; any other status is an error that quotes the status line and the
// start of the body.
Result<std::string> httpGetBody(const HttpUrl &url, const HttpClientOptions &options = {});

} // namespace sn
