#pragma once
// A TCP relay on loopback that a test can cut and restore: clients connect to port() and are
// relayed byte for byte to 127.0.0.1:target. cut() closes every relayed connection (both
// sides) and stops listening, so new connections are refused, as when a link goes down;
// restore() listens again on the same port. A thread with poll(); plain sockets, no Qt loop,
// so it keeps relaying while the test thread waits.
#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace sn::test {

class TcpRelay {
public:
    explicit TcpRelay(quint16 target);
    ~TcpRelay();

    bool listening() const { return m_listenFd >= 0; }
    quint16 port() const { return m_port; }
    void cut();
    bool restore(); // false if the port could not be bound again
    int connectionsSeen() const { return m_accepted.load(); }
    // Holds every chunk this long before passing it on, as a slow or distant link does (each
    // round trip of a handshake then takes twice as long).
    void setDelay(std::chrono::milliseconds delay) { m_delayMs = static_cast<int>(delay.count()); }

private:
    struct Pair {
        int client, server;
    };
    bool listenOn(quint16 port);
    void run();
    void closeAll();

    quint16 m_target;
    quint16 m_port = 0;
    std::mutex m_mutex; // guards m_listenFd and m_pairs against cut()/restore() from the test
    int m_listenFd = -1;
    std::vector<Pair> m_pairs;
    int m_wake[2] = {-1, -1}; // a pipe that wakes poll() when the test changes something
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_accepted{0};
    std::atomic<int> m_delayMs{0};
    std::thread m_thread;
};

} // namespace sn::test
