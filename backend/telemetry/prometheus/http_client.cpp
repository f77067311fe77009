#include "backend/telemetry/prometheus/http_client.h"

#include "backend/telemetry/prometheus/socket_fd.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
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

bool iequals(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
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

// The reply as it arrives: a buffer that reads more from the socket only when a step needs it.
class Reader {
public:
    Reader(int fd, const HttpUrl &url, const HttpClientOptions &options) : m_fd(fd), m_url(url), m_options(options) {}

    // Reads more bytes; false at the peer's end of stream. Errors are timeouts and resets.
    Result<bool> fill()
    {
        if (waitFd(m_fd, false, m_options.readTimeout) == WaitResult::TimedOut)
            return unavailable(m_url, "timed out after " + std::to_string(m_options.readTimeout.count()) +
                                          " ms waiting for the reply (" + std::to_string(m_total) + " bytes received)");
        char chunk[16384];
        while (true) {
            const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, 0);
            if (n > 0) {
                m_buffer.append(chunk, static_cast<std::size_t>(n));
                m_total += static_cast<std::size_t>(n);
                return true;
            }
            if (n == 0)
                return false;
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return fill();
            return unavailable(m_url, std::string("reading the reply failed: ") + std::strerror(errno));
        }
    }

    // The next line without CRLF; `what` names it for the error at end of stream.
    Result<std::string> line(const char *what)
    {
        while (true) {
            const std::size_t eol = m_buffer.find('\n', m_pos);
            if (eol != std::string::npos) {
                std::string out = m_buffer.substr(m_pos, eol - m_pos);
                if (!out.empty() && out.back() == '\r')
                    out.pop_back();
                m_pos = eol + 1;
                return out;
            }
            if (m_buffer.size() - m_pos > 65536)
                return unavailable(m_url, std::string("malformed reply: ") + what + " longer than 64 KiB");
            auto more = fill();
            if (!more)
                return more.error();
            if (!*more)
                return unavailable(m_url, std::string("connection closed before the end of the ") + what);
        }
    }

    // Appends exactly n bytes to out.
    Status take(std::size_t n, std::string *out, const char *what)
    {
        while (m_buffer.size() - m_pos < n) {
            auto more = fill();
            if (!more)
                return more.error();
            if (!*more)
                return unavailable(m_url, std::string("truncated ") + what + ": the connection closed after " +
                                              std::to_string(m_buffer.size() - m_pos) + " of " + std::to_string(n) +
                                              " bytes");
        }
        out->append(m_buffer, m_pos, n);
        m_pos += n;
        compact();
        return success();
    }

    Status rest(std::string *out, std::size_t limit)
    {
        while (true) {
            out->append(m_buffer, m_pos, std::string::npos);
            m_buffer.clear();
            m_pos = 0;
            if (out->size() > limit)
                return unavailable(m_url, "reply body larger than " + std::to_string(limit) + " bytes");
            auto more = fill();
            if (!more)
                return more.error();
            if (!*more)
                return success();
        }
    }

private:
    void compact()
    {
        if (m_pos > 65536) {
            m_buffer.erase(0, m_pos);
            m_pos = 0;
        }
    }

    int m_fd;
    const HttpUrl &m_url;
    const HttpClientOptions &m_options;
    std::string m_buffer;
    std::size_t m_pos = 0;
    std::size_t m_total = 0;
};

Status readChunked(Reader &reader, const HttpUrl &url, std::string *body, std::size_t limit)
{
    while (true) {
        auto sizeLine = reader.line("chunk size line");
        if (!sizeLine)
            return sizeLine.error();
        std::string_view text = trim(*sizeLine);
        if (const std::size_t semi = text.find(';'); semi != std::string_view::npos)
            text = trim(text.substr(0, semi)); // chunk extensions carry nothing we need
        std::size_t size = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), size, 16);
        if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
            return unavailable(url,
                               "malformed chunked body: expected a hexadecimal chunk size, got '" + *sizeLine + "'");
        if (size == 0)
            break;
        if (body->size() + size > limit)
            return unavailable(url, "reply body larger than " + std::to_string(limit) + " bytes");
        if (auto s = reader.take(size, body, "chunk"); !s)
            return s;
        auto end = reader.line("chunk");
        if (!end)
            return end.error();
        if (!end->empty())
            return unavailable(url, "malformed chunked body: expected CRLF after a chunk of " + std::to_string(size) +
                                        " bytes");
    }
    while (true) { // trailer fields, up to the empty line
        auto trailer = reader.line("chunked trailer");
        if (!trailer)
            return trailer.error();
        if (trailer->empty())
            return success();
    }
}

Status parseStatusLine(const std::string &line, const HttpUrl &url, HttpResponse *response)
{
    // "HTTP/1.1 200 OK"; the reason phrase may be empty.
    const auto bad = [&] {
        return unavailable(url, "malformed status line '" + line.substr(0, 80) + "': expected 'HTTP/1.x CODE REASON'");
    };
    if (line.size() < 12 || line.compare(0, 7, "HTTP/1.") != 0 || line[8] != ' ')
        return bad();
    int status = 0;
    const auto [ptr, ec] = std::from_chars(line.data() + 9, line.data() + 12, status);
    if (ec != std::errc() || ptr != line.data() + 12 || status < 100 || status > 599 ||
        (line.size() > 12 && line[12] != ' '))
        return bad();
    response->status = status;
    response->reason = line.size() > 13 ? line.substr(13) : std::string();
    return success();
}

} // namespace

std::string HttpResponse::header(const std::string &name) const
{
    for (const auto &[key, value] : headers)
        if (iequals(key, name))
            return value;
    return {};
}

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

    Reader reader(fd->get(), url, options);
    HttpResponse response;
    while (true) { // 1xx interim replies precede the real one
        auto statusLine = reader.line("status line");
        if (!statusLine)
            return statusLine.error();
        if (auto s = parseStatusLine(*statusLine, url, &response); !s)
            return s.error();
        response.headers.clear();
        while (true) {
            auto line = reader.line("headers");
            if (!line)
                return line.error();
            if (line->empty())
                break;
            const std::size_t colon = line->find(':');
            if (colon == std::string::npos || colon == 0)
                return unavailable(url, "malformed header line '" + line->substr(0, 80) + "': expected 'Name: value'");
            response.headers.emplace_back(line->substr(0, colon),
                                          std::string(trim(std::string_view(*line).substr(colon + 1))));
        }
        if (response.status >= 200)
            break;
    }
    if (response.status == 204 || response.status == 304)
        return response;
    const std::string transferEncoding = response.header("Transfer-Encoding");
    const std::string contentLength = response.header("Content-Length");
    if (!transferEncoding.empty() && !iequals(transferEncoding, "identity")) {
        if (!iequals(trim(transferEncoding), "chunked"))
            return unavailable(url, "unsupported Transfer-Encoding '" + transferEncoding + "'");
        if (auto s = readChunked(reader, url, &response.body, options.maxBodyBytes); !s)
            return s.error();
    } else if (!contentLength.empty()) {
        std::size_t length = 0;
        const std::string_view text = trim(contentLength);
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), length);
        if (ec != std::errc() || ptr != text.data() + text.size())
            return unavailable(url, "malformed Content-Length '" + contentLength + "'");
        if (length > options.maxBodyBytes)
            return unavailable(url, "reply body of " + std::to_string(length) + " bytes is larger than the limit of " +
                                        std::to_string(options.maxBodyBytes));
        response.body.reserve(length);
        if (auto s = reader.take(length, &response.body, "body"); !s)
            return s.error();
    } else if (auto s = reader.rest(&response.body, options.maxBodyBytes); !s) {
        return s.error();
    }
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
