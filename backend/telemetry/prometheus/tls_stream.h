#pragma once
// TLS for the HTTP server's accepted sockets (OpenSSL): supernoded's /metrics off loopback is
// served over TLS with the daemon's own certificate, as Prometheus' `scheme: https` expects
// (issue 29, item 13). The sockets are non-blocking; every call here waits with a deadline, so a
// client that stalls mid-handshake holds a worker for the request timeout at most.

#include "backend/model/result.h"

#include <chrono>
#include <memory>
#include <string>

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;

namespace sn {

// A server certificate chain and its key, TLS 1.2 or later.
class TlsServerContext {
public:
    // Errors name the file and OpenSSL's reason (InvalidArgument).
    static Result<std::shared_ptr<TlsServerContext>> load(const std::string &certificateFile,
                                                          const std::string &keyFile);
    ~TlsServerContext();
    SSL_CTX *get() const { return m_ctx; }

private:
    explicit TlsServerContext(SSL_CTX *ctx) : m_ctx(ctx) {}
    SSL_CTX *m_ctx;
};

// One accepted connection after its handshake. Not copyable; frees the SSL, not the socket.
class TlsStream {
public:
    // Runs the server handshake on the non-blocking socket fd until `timeout`; null on failure
    // (a plain-HTTP client, a client that does not trust the certificate, a timeout).
    static std::unique_ptr<TlsStream> accept(const TlsServerContext &context, int fd,
                                             std::chrono::milliseconds timeout);
    ~TlsStream();
    TlsStream(const TlsStream &) = delete;
    TlsStream &operator=(const TlsStream &) = delete;

    // As recv(2): bytes read, 0 when the peer closed, -1 on error or when the deadline passed.
    long receive(char *buffer, std::size_t size, std::chrono::steady_clock::time_point deadline);
    bool sendAll(const std::string &data, std::chrono::milliseconds timeout);

private:
    TlsStream(SSL *ssl, int fd) : m_ssl(ssl), m_fd(fd) {}
    // After an SSL_* call returned `result`: waits for what OpenSSL wants; false: give up.
    bool waitFor(int result, std::chrono::steady_clock::time_point deadline);
    SSL *m_ssl;
    int m_fd;
};

} // namespace sn
