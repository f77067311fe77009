#include "backend/ssh/ssh_tunnel.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace sn {

namespace {

constexpr int kPollSliceMs = 20;                  // longest wait before looking at the channels again
constexpr std::size_t kMaxPending = 1u << 20; // bytes held for a slow local reader before we stop reading

struct Link {
    int fd = -1;
    ssh_channel channel = nullptr;
    bool socketEof = false;  // the local client finished sending
    bool channelEof = false; // the remote end finished sending and it was all delivered
    std::string toSocket;
};

void closeLink(Link &link)
{
    if (link.channel) {
        ssh_channel_close(link.channel);
        ssh_channel_free(link.channel);
    }
    if (link.fd >= 0)
        ::close(link.fd);
    link = Link{};
}

} // namespace

SshTunnel::SshTunnel(std::shared_ptr<SshSession> session, std::string remoteHost, std::uint16_t remotePort)
    : m_session(std::move(session)), m_remoteHost(std::move(remoteHost)), m_remotePort(remotePort)
{
}

SshTunnel::~SshTunnel()
{
    stop();
}

std::string SshTunnel::lastError() const
{
    std::lock_guard lock(m_errorMutex);
    return m_lastError;
}

Status SshTunnel::start()
{
    if (m_running)
        return failedPrecondition("SSH tunnel already started");
    if (Status s = m_session->connect(); !s)
        return s;
    m_listenFd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    if (m_listenFd < 0 || ::bind(m_listenFd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0 ||
        ::listen(m_listenFd, 16) != 0 ||
        ::getsockname(m_listenFd, reinterpret_cast<sockaddr *>(&address), &length) != 0 ||
        ::pipe2(m_wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        Error e{ErrorCode::Unavailable, std::string("SSH tunnel: cannot listen on 127.0.0.1: ") + std::strerror(errno)};
        stop();
        return e;
    }
    m_localPort = ntohs(address.sin_port);
    m_running = true;
    m_thread = std::thread([this] { loop(); });
    return success();
}

void SshTunnel::stop()
{
    if (m_running.exchange(false) && m_wake[1] >= 0) {
        const char byte = 0;
        [[maybe_unused]] const ssize_t n = ::write(m_wake[1], &byte, 1);
    }
    if (m_thread.joinable())
        m_thread.join();
    for (int *fd : {&m_listenFd, &m_wake[0], &m_wake[1]}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
}

void SshTunnel::loop()
{
    std::vector<Link> links;
    std::vector<char> buffer(32 * 1024);
    while (m_running) {
        std::vector<pollfd> fds{{m_listenFd, POLLIN, 0}, {m_wake[0], POLLIN, 0}};
        for (const Link &link : links)
            fds.push_back({link.fd,
                           static_cast<short>((link.socketEof ? 0 : POLLIN) | (link.toSocket.empty() ? 0 : POLLOUT)),
                           0});
        {
            std::lock_guard lock(m_session->mutex());
            if (m_session->handle() && ssh_get_fd(m_session->handle()) >= 0)
                fds.push_back({ssh_get_fd(m_session->handle()), POLLIN, 0});
        }
        ::poll(fds.data(), fds.size(), kPollSliceMs);
        if (!m_running)
            break;

        if (fds[0].revents & POLLIN) {
            const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (fd >= 0) {
                Link link;
                link.fd = fd;
                if (Status s = m_session->connect(); !s) {
                    std::lock_guard lock(m_errorMutex);
                    m_lastError = s.error().message;
                } else {
                    std::lock_guard lock(m_session->mutex());
                    link.channel = ssh_channel_new(m_session->handle());
                    if (!link.channel || ssh_channel_open_forward(link.channel, m_remoteHost.c_str(), m_remotePort,
                                                                  "127.0.0.1", m_localPort) != SSH_OK) {
                        std::lock_guard errorLock(m_errorMutex);
                        m_lastError = m_session
                                          ->lastError(ErrorCode::Unavailable,
                                                      "SSH tunnel: the node refused to forward to " + m_remoteHost +
                                                          ":" + std::to_string(m_remotePort))
                                          .message;
                        if (link.channel)
                            ssh_channel_free(link.channel);
                        link.channel = nullptr;
                    }
                }
                if (link.channel)
                    links.push_back(std::move(link));
                else
                    ::close(fd);
            }
        }

        std::lock_guard lock(m_session->mutex());
        for (Link &link : links) {
            bool broken = false;
            // Local client -> node.
            while (!link.socketEof && !broken) {
                const ssize_t n = ::recv(link.fd, buffer.data(), buffer.size(), 0);
                if (n > 0) {
                    broken = ssh_channel_write(link.channel, buffer.data(), static_cast<uint32_t>(n)) != n;
                } else if (n == 0) {
                    link.socketEof = true;
                    ssh_channel_send_eof(link.channel);
                } else {
                    broken = errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
                    break;
                }
            }
            // Node -> local client, held in toSocket while the client is slow.
            while (!broken && link.toSocket.size() < kMaxPending) {
                const int n = ssh_channel_read_nonblocking(link.channel, buffer.data(), buffer.size(), 0);
                if (n > 0)
                    link.toSocket.append(buffer.data(), static_cast<std::size_t>(n));
                else {
                    broken = n == SSH_ERROR;
                    break;
                }
            }
            if (!link.toSocket.empty() && !broken) {
                const ssize_t n = ::send(link.fd, link.toSocket.data(), link.toSocket.size(), MSG_NOSIGNAL);
                if (n > 0)
                    link.toSocket.erase(0, static_cast<std::size_t>(n));
                else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                    broken = true;
            }
            if (!link.channelEof && link.toSocket.empty() && ssh_channel_is_eof(link.channel)) {
                link.channelEof = true;
                ::shutdown(link.fd, SHUT_WR); // the client sees the remote end's close
            }
            if (broken || (link.socketEof && link.channelEof) || ssh_channel_is_closed(link.channel))
                closeLink(link);
        }
        std::erase_if(links, [](const Link &l) { return l.fd < 0; });
    }
    std::lock_guard lock(m_session->mutex());
    for (Link &link : links)
        closeLink(link);
}

} // namespace sn
