#pragma once
// Local port forwarding (ssh -L 127.0.0.1:0:HOST:PORT): a listening socket on loopback whose
// every connection is carried through the session to HOST:PORT as seen from the node, over a
// direct-tcpip channel. This is how the console reaches a supernoded bound to the head node's
// loopback: point the gRPC client at 127.0.0.1:localPort().
//
// One thread moves the bytes of every connection. It takes the session lock in short slices, so
// commands may run on the same session meanwhile.

#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace sn {

class SshTunnel {
public:
    // remoteHost as the node resolves it: "127.0.0.1" for a daemon on the node's own loopback.
    SshTunnel(std::shared_ptr<SshSession> session, std::string remoteHost, std::uint16_t remotePort);
    ~SshTunnel(); // stops
    SshTunnel(const SshTunnel &) = delete;
    SshTunnel &operator=(const SshTunnel &) = delete;

    // Connects the session if needed, binds 127.0.0.1 on a free port and starts forwarding.
    Status start();
    std::uint16_t localPort() const { return m_localPort; }
    // Closes the listening socket and every forwarded connection; joins the thread. Idempotent.
    void stop();
    // Why the last connection could not be forwarded ("" if none failed): a refused
    // direct-tcpip open shows up to the client only as a closed connection.
    std::string lastError() const;

private:
    void loop();

    std::shared_ptr<SshSession> m_session;
    std::string m_remoteHost;
    std::uint16_t m_remotePort;
    int m_listenFd = -1;
    int m_wake[2] = {-1, -1};
    std::uint16_t m_localPort = 0;
    std::atomic<bool> m_running{false};
    std::thread m_thread;
    mutable std::mutex m_errorMutex;
    std::string m_lastError;
};

} // namespace sn
