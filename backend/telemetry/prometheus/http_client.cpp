#include "backend/telemetry/prometheus/http_client.h"

#include "backend/telemetry/prometheus/http_message_parse.h"
#include "backend/telemetry/prometheus/socket_fd.h"

#include <cerrno>
#include <cstring>
#include <functional>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace sn {

namespace {

Result<HttpResponse> exchange(const std::string &method, const HttpUrl &url, const std::string *body,
                              const HttpClientOptions &options);

Error unavailable(const HttpUrl &url, const std::string &what)
{
    return {ErrorCode::Unavailable, "GET " + url.toString() + ": " + what};
}

Result<SocketFd> connectTo(const HttpUrl &url, const HttpClientOptions &options)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    const int rc = ::getaddrinfo(url.host.c_str(), std::to_string(url.port).c_str(), &hints, &found);
    if (rc != 0)
        return unavailable(url, "cannot resolve host '" + url.host + "': " + ::gai_strerror(rc));
    std::string lastError = "no address";
    for (addrinfo *a = found; a; a = a->ai_next) {
        SocketFd fd(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (!fd.valid() || !setNonBlocking(fd.get())) {
            lastError = std::strerror(errno);
            continue;
        }
        if (::connect(fd.get(), a->ai_addr, a->ai_addrlen) != 0 && errno != EINPROGRESS) {
            lastError = errno == ECONNREFUSED ? "connection refused" : std::strerror(errno);
            continue;
        }
        const WaitResult w = waitFd(fd.get(), true, options.connectTimeout);
        if (w == WaitResult::TimedOut) {
            lastError = "connect timed out after " + std::to_string(options.connectTimeout.count()) + " ms";
            continue;
        }
        int soError = 0;
        socklen_t len = sizeof soError;
        if (w == WaitResult::Failed || ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &soError, &len) != 0 ||
            soError != 0) {
            lastError = soError == ECONNREFUSED ? "connection refused" : std::strerror(soError ? soError : errno);
            continue;
        }
        ::freeaddrinfo(found);
        return fd;
    }
    ::freeaddrinfo(found);
    return unavailable(url, lastError + " (" + url.hostHeader() + ")");
}

// Reads the reply's bytes from the socket for readHttpResponse (http_message_parse.h), which
// parses them: waits up to readTimeout for the next bytes, then takes what arrived.
class SocketSource {
public:
    SocketSource(int fd, const HttpClientOptions &options) : m_fd(fd), m_options(options) {}

    Result<bool> operator()(std::string &buffer)
    {
        char chunk[16384];
        while (true) {
            if (waitFd(m_fd, false, m_options.readTimeout) == WaitResult::TimedOut)
                return Error{ErrorCode::Unavailable,
                             "timed out after " + std::to_string(m_options.readTimeout.count()) +
                                 " ms waiting for the reply (" + std::to_string(m_total) + " bytes received)"};
            ssize_t n;
            do
                n = ::recv(m_fd, chunk, sizeof chunk, 0);
            while (n < 0 && errno == EINTR);
            if (n > 0) {
                buffer.append(chunk, static_cast<std::size_t>(n));
                m_total += static_cast<std::size_t>(n);
                return true;
            }
            if (n == 0)
                return false;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                return Error{ErrorCode::Unavailable, std::string("reading the reply failed: ") + std::strerror(errno)};
        }
    }

private:
    int m_fd;
    const HttpClientOptions &m_options;
    std::size_t m_total = 0;
};

} // namespace

Result<HttpResponse> httpGet(const HttpUrl &url, const HttpClientOptions &options)
{
    return exchange("GET", url, nullptr, options);
}

Result<HttpResponse> httpRequest(const std::string &method, const HttpUrl &url, const std::string &body,
                                 const HttpClientOptions &options)
{
    auto response = exchange(method, url, &body, options);
    if (!response && method != "GET" && response.error().message.rfind("GET ", 0) == 0)
        return Error{response.error().code, method + response.error().message.substr(3)}; // name the method
    return response;
}

namespace {

Result<HttpResponse> exchange(const std::string &method, const HttpUrl &url, const std::string *body,
                              const HttpClientOptions &options)
{
    auto fd = connectTo(url, options);
    if (!fd)
        return fd.error();
    std::string request = method + " " + url.target + " HTTP/1.1\r\nHost: " + url.hostHeader() +
                          "\r\nUser-Agent: supernode-console\r\nAccept: */*\r\nConnection: close\r\n";
    for (const auto &[key, value] : options.headers)
        request += key + ": " + value + "\r\n";
    if (body)
        request += "Content-Length: " + std::to_string(body->size()) + "\r\n";
    request += "\r\n";
    if (body)
        request += *body;
    if (!sendAll(fd->get(), request, options.readTimeout))
        return unavailable(url, std::string("sending the request failed: ") + std::strerror(errno));

    SocketSource source(fd->get(), options);
    auto response = readHttpResponse(std::ref(source), options.maxBodyBytes);
    if (!response)
        return unavailable(url, response.error().message);
    return response;
}

} // namespace

Result<std::string> httpGetBody(const HttpUrl &url, const HttpClientOptions &options)
{
    auto response = httpGet(url, options);
    if (!response)
        return response.error();
    if (response->status < 200 || response->status > 299) {
        std::string start = response->body.substr(0, 200);
        while (!start.empty() && (start.back() == '\n' || start.back() == '\r'))
            start.pop_back();
        return unavailable(url, "HTTP " + std::to_string(response->status) + " " + response->reason +
                                    (start.empty() ? "" : ": " + start));
    }
    return std::move(response->body);
}

} // namespace sn
