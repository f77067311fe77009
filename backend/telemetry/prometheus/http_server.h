#pragma once
// A minimal HTTP/1.1 server on POSIX sockets for GET endpoints: the console's and the daemon's
// /metrics, over TLS when given a certificate. One request per connection (replies carry Connection: close); a small
// pool of worker threads serves connections so that a slow client cannot stall a scrape. Handlers run on those workers,
// so they must be thread-safe.

#include "backend/model/result.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sn {

class TlsServerContext;

struct HttpRequest {
    std::string method; // "GET" or "HEAD"
    std::string target; // as sent: path and query
    std::string path;
    std::string query; // after '?', still percent-encoded
    std::vector<std::pair<std::string, std::string>> headers;
};

struct HttpReply {
    int status = 200;
    std::string contentType = "text/plain; charset=utf-8";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; // more header lines (WWW-Authenticate)
};

using HttpHandler = std::function<HttpReply(const HttpRequest &)>;

// Prometheus' content type for the text format 0.0.4.
inline constexpr const char *kPrometheusTextContentType = "text/plain; version=0.0.4; charset=utf-8";

class HttpServer {
public:
    struct Options {
        int workers = 4;
        std::size_t maxPendingConnections = 64; // beyond: 503 and close
        int requestTimeoutMs = 5000;            // to receive the request head (and finish a TLS handshake)
        // Serve HTTPS with this certificate (tls_stream.h); null: plain HTTP.
        std::shared_ptr<TlsServerContext> tls;
    };

    HttpServer();
    explicit HttpServer(Options options);
    ~HttpServer(); // stops
    HttpServer(const HttpServer &) = delete;
    HttpServer &operator=(const HttpServer &) = delete;

    // Registers the handler of an exact path ("/metrics"); may be called while serving.
    void handle(const std::string &path, HttpHandler handler);

    // Binds address:port ("127.0.0.1", "::1", "0.0.0.0"; port 0 picks a free port, see port())
    // and starts serving on background threads.
    Status start(const std::string &address, std::uint16_t port);
    std::uint16_t port() const { return m_port; }
    bool running() const { return m_running; }
    // Stops accepting, finishes nothing more, joins every thread. Idempotent.
    void stop();

private:
    void acceptLoop();
    void workerLoop();
    void serve(int fd);
    HttpHandler handlerFor(const std::string &path);

    Options m_options;
    int m_listenFd = -1;
    int m_wakePipe[2] = {-1, -1};
    std::uint16_t m_port = 0;
    std::atomic<bool> m_running{false};
    std::thread m_acceptThread;
    std::vector<std::thread> m_workers;

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<int> m_pending;
    std::map<std::string, HttpHandler> m_handlers;
};

} // namespace sn
