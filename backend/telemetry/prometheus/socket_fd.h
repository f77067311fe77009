#pragma once
// A POSIX socket descriptor owned by one object, and the poll-with-deadline the HTTP client and
// server share: the engine may not use QtNetwork, so both speak plain sockets.

#include <chrono>
#include <string>

namespace sn {

class SocketFd {
public:
    SocketFd() = default;
    explicit SocketFd(int fd) : m_fd(fd) {}
    SocketFd(SocketFd &&other) noexcept : m_fd(other.release()) {}
    SocketFd &operator=(SocketFd &&other) noexcept;
    SocketFd(const SocketFd &) = delete;
    SocketFd &operator=(const SocketFd &) = delete;
    ~SocketFd() { reset(); }

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release()
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }
    void reset(int fd = -1);

private:
    int m_fd = -1;
};

enum class WaitResult { Ready, TimedOut, Failed };
// Waits until fd is readable (or writable) or the timeout passes; EINTR is retried.
WaitResult waitFd(int fd, bool forWrite, std::chrono::milliseconds timeout);

bool setNonBlocking(int fd);
// Sends all of data (MSG_NOSIGNAL: a peer that hung up must not kill the process with SIGPIPE).
bool sendAll(int fd, const std::string &data, std::chrono::milliseconds timeout);

} // namespace sn
