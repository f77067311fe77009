#include "backend/telemetry/prometheus/http_server.h"

#include "backend/telemetry/prometheus/http_message_parse.h"
#include "backend/telemetry/prometheus/socket_fd.h"
#include "backend/telemetry/prometheus/tls_stream.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sn {

namespace {

const char *reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "";
    }
}

// An accepted connection, plain or TLS: what a request is read from and its reply written to.
struct Peer {
    int fd;
    TlsStream *tls = nullptr;

    // Bytes read; 0: the peer closed; -1: reset or error; -2: the deadline passed.
    long receive(char *buffer, std::size_t size, std::chrono::steady_clock::time_point deadline)
    {
        if (tls) {
            const long n = tls->receive(buffer, size, deadline);
            return n < 0 && std::chrono::steady_clock::now() >= deadline ? -2 : n;
        }
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0 || waitFd(fd, false, left) != WaitResult::Ready)
                return -2;
            const ssize_t n = ::recv(fd, buffer, size, 0);
            if (n >= 0)
                return n;
            if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
                return -1;
        }
    }
    bool send(const std::string &data)
    {
        const std::chrono::milliseconds timeout(10000);
        return tls ? tls->sendAll(data, timeout) : sendAll(fd, data, timeout);
    }
};

void sendReply(Peer &peer, const HttpReply &reply, bool head)
{
    std::string out = "HTTP/1.1 " + std::to_string(reply.status) + " " + reasonPhrase(reply.status) +
                      "\r\nContent-Type: " + reply.contentType +
                      "\r\nContent-Length: " + std::to_string(reply.body.size()) + "\r\nConnection: close\r\n";
    for (const auto &[name, value] : reply.headers)
        out += name + ": " + value + "\r\n";
    out += "\r\n";
    if (!head)
        out += reply.body;
    (void)peer.send(out);
}

void sendReply(int fd, const HttpReply &reply, bool head)
{
    Peer peer{fd};
    sendReply(peer, reply, head);
}

HttpReply plain(int status, std::string body)
{
    HttpReply r;
    r.status = status;
    r.body = std::move(body) + "\n";
    return r;
}

// Reads the request head (up to the empty line; httpRequestHeadState bounds it): 0, an HTTP
// status to answer (timeout, oversize, cut short), or -1 when the peer is gone.
int readHead(Peer &peer, std::chrono::steady_clock::time_point deadline, std::string *head)
{
    char buffer[4096];
    while (true) {
        switch (httpRequestHeadState(*head)) {
        case HttpRequestHeadState::Complete:
            return 0;
        case HttpRequestHeadState::TooLarge:
            return 431;
        case HttpRequestHeadState::Incomplete:
            break;
        }
        const long n = peer.receive(buffer, sizeof buffer, deadline);
        if (n == -2)
            return 408;
        if (n < 0)
            return -1;
        if (n == 0)
            return head->empty() ? -1 : 400;
        head->append(buffer, static_cast<std::size_t>(n));
    }
}

} // namespace

HttpServer::HttpServer() : HttpServer(Options{}) {}
HttpServer::HttpServer(Options options) : m_options(options) {}

HttpServer::~HttpServer()
{
    stop();
}

void HttpServer::handle(const std::string &path, HttpHandler handler)
{
    std::lock_guard lock(m_mutex);
    m_handlers[path] = std::move(handler);
}

HttpHandler HttpServer::handlerFor(const std::string &path)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_handlers.find(path);
    return it == m_handlers.end() ? HttpHandler{} : it->second;
}

Status HttpServer::start(const std::string &address, std::uint16_t port)
{
    if (m_running)
        return failedPrecondition("the HTTP server is already running on port " + std::to_string(m_port));
    sockaddr_storage storage{};
    socklen_t length = 0;
    auto *v4 = reinterpret_cast<sockaddr_in *>(&storage);
    auto *v6 = reinterpret_cast<sockaddr_in6 *>(&storage);
    if (::inet_pton(AF_INET, address.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        length = sizeof *v4;
    } else if (::inet_pton(AF_INET6, address.c_str(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        length = sizeof *v6;
    } else {
        return invalidArgument("listen address '" + address + "' is not an IPv4 or IPv6 address");
    }
    const std::string where = address + ":" + std::to_string(port);
    SocketFd fd(::socket(storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.valid())
        return Error{ErrorCode::Unavailable, "cannot create a socket for " + where + ": " + std::strerror(errno)};
    const int yes = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd.get(), reinterpret_cast<sockaddr *>(&storage), length) != 0)
        return Error{ErrorCode::Unavailable, "cannot listen on " + where + ": " + std::strerror(errno)};
    if (::listen(fd.get(), 128) != 0 || !setNonBlocking(fd.get()))
        return Error{ErrorCode::Unavailable, "cannot listen on " + where + ": " + std::strerror(errno)};
    length = sizeof storage;
    ::getsockname(fd.get(), reinterpret_cast<sockaddr *>(&storage), &length);
    m_port = ntohs(storage.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
    if (::pipe2(m_wakePipe, O_CLOEXEC) != 0)
        return Error{ErrorCode::Unavailable, std::string("cannot create the stop pipe: ") + std::strerror(errno)};
    m_listenFd = fd.release();
    m_running = true;
    m_acceptThread = std::thread([this] { acceptLoop(); });
    for (int i = 0; i < std::max(1, m_options.workers); ++i)
        m_workers.emplace_back([this] { workerLoop(); });
    return success();
}

void HttpServer::stop()
{
    if (!m_running.exchange(false))
        return;
    const char byte = 1;
    (void)!::write(m_wakePipe[1], &byte, 1);
    if (m_acceptThread.joinable())
        m_acceptThread.join();
    m_wake.notify_all();
    for (std::thread &t : m_workers)
        t.join();
    m_workers.clear();
    for (int fd : m_pending)
        ::close(fd);
    m_pending.clear();
    ::close(m_listenFd);
    ::close(m_wakePipe[0]);
    ::close(m_wakePipe[1]);
    m_listenFd = m_wakePipe[0] = m_wakePipe[1] = -1;
}

void HttpServer::acceptLoop()
{
    while (m_running) {
        pollfd fds[2] = {{m_listenFd, POLLIN, 0}, {m_wakePipe[0], POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (fds[1].revents)
            return;
        while (true) {
            const int client = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (client < 0)
                break; // EAGAIN: drained; other errors (EMFILE, ECONNABORTED) retry on the next poll
            std::unique_lock lock(m_mutex);
            if (m_pending.size() >= m_options.maxPendingConnections) {
                lock.unlock();
                sendReply(client, plain(503, "too many connections"), false);
                ::close(client);
                continue;
            }
            m_pending.push_back(client);
            lock.unlock();
            m_wake.notify_one();
        }
    }
}

void HttpServer::workerLoop()
{
    // A TLS write to a peer that hung up raises SIGPIPE (OpenSSL writes without MSG_NOSIGNAL):
    // blocked on this thread, the write fails with EPIPE instead of ending the process.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    while (true) {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, [this] { return !m_running || !m_pending.empty(); });
        if (!m_running)
            return;
        const int fd = m_pending.front();
        m_pending.pop_front();
        lock.unlock();
        serve(fd);
        ::close(fd);
    }
}

void HttpServer::serve(int fd)
{
    const auto timeout = std::chrono::milliseconds(m_options.requestTimeoutMs);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::unique_ptr<TlsStream> tls;
    if (m_options.tls && !(tls = TlsStream::accept(*m_options.tls, fd, timeout)))
        return; // no handshake (plain HTTP, an untrusted certificate, a stall): nothing to answer
    Peer peer{fd, tls.get()};
    std::string head;
    const int problem = readHead(peer, deadline, &head);
    if (problem < 0)
        return;
    if (problem > 0) {
        sendReply(peer, plain(problem, reasonPhrase(problem)), false);
        return;
    }
    auto parsed = parseHttpRequestHead(head);
    if (!parsed) {
        sendReply(peer, plain(400, "malformed request line"), false);
        return;
    }
    const HttpRequest &request = *parsed;
    const bool head_ = request.method == "HEAD";
    if (request.method != "GET" && !head_) {
        sendReply(peer, plain(405, "only GET and HEAD are served"), false);
        return;
    }
    const HttpHandler handler = handlerFor(request.path);
    if (!handler) {
        sendReply(peer, plain(404, "no handler for " + request.path), head_);
        return;
    }
    HttpReply reply;
    try {
        reply = handler(request);
    } catch (const std::exception &e) {
        reply = plain(500, std::string("handler failed: ") + e.what());
    } catch (...) {
        reply = plain(500, "handler failed");
    }
    sendReply(peer, reply, head_);
}

} // namespace sn
