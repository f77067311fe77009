#include "backend/telemetry/prometheus/tls_stream.h"

#include "backend/telemetry/prometheus/socket_fd.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

namespace sn {

namespace {

std::string openSslReason()
{
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code == 0)
        return "unknown OpenSSL error";
    char text[256];
    ERR_error_string_n(code, text, sizeof text);
    return text;
}

std::chrono::milliseconds leftUntil(std::chrono::steady_clock::time_point deadline)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
}

} // namespace

Result<std::shared_ptr<TlsServerContext>> TlsServerContext::load(const std::string &certificateFile,
                                                                 const std::string &keyFile)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (!ctx)
        return Error{ErrorCode::Internal, "TLS: " + openSslReason()};
    std::shared_ptr<TlsServerContext> context(new TlsServerContext(ctx));
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    if (SSL_CTX_use_certificate_chain_file(ctx, certificateFile.c_str()) != 1)
        return invalidArgument("TLS certificate " + certificateFile + ": " + openSslReason());
    if (SSL_CTX_use_PrivateKey_file(ctx, keyFile.c_str(), SSL_FILETYPE_PEM) != 1)
        return invalidArgument("TLS key " + keyFile + ": " + openSslReason());
    if (SSL_CTX_check_private_key(ctx) != 1)
        return invalidArgument("TLS key " + keyFile + " does not belong to " + certificateFile);
    return context;
}

TlsServerContext::~TlsServerContext()
{
    SSL_CTX_free(m_ctx);
}

std::unique_ptr<TlsStream> TlsStream::accept(const TlsServerContext &context, int fd, std::chrono::milliseconds timeout)
{
    SSL *ssl = SSL_new(context.get());
    if (!ssl)
        return nullptr;
    std::unique_ptr<TlsStream> stream(new TlsStream(ssl, fd));
    SSL_set_fd(ssl, fd);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const int r = SSL_accept(ssl);
        if (r == 1)
            return stream;
        if (!stream->waitFor(r, deadline)) {
            ERR_clear_error();
            return nullptr;
        }
    }
}

TlsStream::~TlsStream()
{
    SSL_shutdown(m_ssl); // one close_notify, not waited for: the reply says Connection: close
    SSL_free(m_ssl);
    ERR_clear_error();
}

bool TlsStream::waitFor(int result, std::chrono::steady_clock::time_point deadline)
{
    const int error = SSL_get_error(m_ssl, result);
    if (error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE)
        return false;
    const auto left = leftUntil(deadline);
    return left.count() > 0 && waitFd(m_fd, error == SSL_ERROR_WANT_WRITE, left) == WaitResult::Ready;
}

long TlsStream::receive(char *buffer, std::size_t size, std::chrono::steady_clock::time_point deadline)
{
    for (;;) {
        const int n = SSL_read(m_ssl, buffer, static_cast<int>(std::min<std::size_t>(size, 1 << 30)));
        if (n > 0)
            return n;
        if (SSL_get_error(m_ssl, n) == SSL_ERROR_ZERO_RETURN)
            return 0;
        if (!waitFor(n, deadline))
            return -1;
    }
}

bool TlsStream::sendAll(const std::string &data, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::size_t done = 0;
    while (done < data.size()) {
        const int n =
            SSL_write(m_ssl, data.data() + done, static_cast<int>(std::min<std::size_t>(data.size() - done, 1 << 30)));
        if (n > 0)
            done += static_cast<std::size_t>(n);
        else if (!waitFor(n, deadline))
            return false;
    }
    return true;
}

} // namespace sn
