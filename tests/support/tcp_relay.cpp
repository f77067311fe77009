#include "tests/support/tcp_relay.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace sn::test {

namespace {
sockaddr_in loopback(quint16 port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

// Closes with RST rather than FIN, as a link that dies mid-stream looks to TCP's peers once
// they send again: nothing graceful reaches either side.
void abortiveClose(int fd)
{
    linger l{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
    ::close(fd);
}
} // namespace

TcpRelay::TcpRelay(quint16 target) : m_target(target)
{
    if (::pipe2(m_wake, O_CLOEXEC | O_NONBLOCK) != 0)
        qFatal("TcpRelay: no pipe");
    if (!listenOn(0))
        qFatal("TcpRelay: cannot listen on loopback");
    m_thread = std::thread([this] { run(); });
}

TcpRelay::~TcpRelay()
{
    m_stop = true;
    (void)!::write(m_wake[1], "x", 1);
    m_thread.join();
    std::lock_guard lock(m_mutex);
    closeAll();
    if (m_listenFd >= 0)
        ::close(m_listenFd);
    ::close(m_wake[0]);
    ::close(m_wake[1]);
}

bool TcpRelay::listenOn(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a = loopback(port);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(fd, 64) != 0) {
        ::close(fd);
        return false;
    }
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    m_port = ntohs(a.sin_port);
    m_listenFd = fd;
    return true;
}

void TcpRelay::closeAll()
{
    for (const Pair &p : m_pairs) {
        abortiveClose(p.client);
        abortiveClose(p.server);
    }
    m_pairs.clear();
}

void TcpRelay::cut()
{
    std::lock_guard lock(m_mutex);
    closeAll();
    if (m_listenFd >= 0)
        ::close(m_listenFd); // connecting now is refused: nothing listens on the port
    m_listenFd = -1;
    (void)!::write(m_wake[1], "x", 1);
}

bool TcpRelay::restore()
{
    std::lock_guard lock(m_mutex);
    if (m_listenFd >= 0)
        return true;
    const bool ok = listenOn(m_port);
    (void)!::write(m_wake[1], "x", 1);
    return ok;
}

void TcpRelay::run()
{
    char buffer[64 * 1024];
    while (!m_stop) {
        std::vector<pollfd> fds{{m_wake[0], POLLIN, 0}};
        {
            std::lock_guard lock(m_mutex);
            if (m_listenFd >= 0)
                fds.push_back({m_listenFd, POLLIN, 0});
            for (const Pair &p : m_pairs) {
                fds.push_back({p.client, POLLIN, 0});
                fds.push_back({p.server, POLLIN, 0});
            }
        }
        if (::poll(fds.data(), fds.size(), 1000) <= 0)
            continue;
        char drain[64];
        while (::read(m_wake[0], drain, sizeof drain) > 0) {
        }
        std::lock_guard lock(m_mutex);
        for (const pollfd &p : fds) {
            if (!p.revents || p.fd == m_wake[0])
                continue;
            if (p.fd == m_listenFd) {
                const int client = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
                if (client < 0)
                    continue;
                const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
                sockaddr_in a = loopback(m_target);
                if (::connect(server, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
                    ::close(server);
                    abortiveClose(client); // the target is down: the client sees a reset
                    continue;
                }
                const int one = 1;
                ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                ::setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                m_pairs.push_back({client, server});
                ++m_accepted;
                continue;
            }
            // A descriptor cut() closed since poll() returned is no longer in m_pairs.
            for (std::size_t i = 0; i < m_pairs.size(); ++i) {
                const Pair pair = m_pairs[i];
                if (p.fd != pair.client && p.fd != pair.server)
                    continue;
                const int to = p.fd == pair.client ? pair.server : pair.client;
                const ssize_t n = ::read(p.fd, buffer, sizeof buffer);
                if (n > 0 && m_delayMs > 0)
                    std::this_thread::sleep_for(std::chrono::milliseconds(m_delayMs.load()));
                bool ok = n > 0;
                for (ssize_t sent = 0; ok && sent < n;) {
                    const ssize_t w = ::write(to, buffer + sent, static_cast<std::size_t>(n - sent));
                    ok = w > 0;
                    sent += w > 0 ? w : 0;
                }
                if (!ok) { // one side closed or failed: so does the relayed connection
                    ::close(pair.client);
                    ::close(pair.server);
                    m_pairs.erase(m_pairs.begin() + static_cast<std::ptrdiff_t>(i));
                }
                break;
            }
        }
    }
}

} // namespace sn::test
