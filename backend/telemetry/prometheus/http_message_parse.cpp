#include "backend/telemetry/prometheus/http_message_parse.h"

#include <cctype>
#include <charconv>

namespace sn {

namespace {

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

// The start of a line the peer sent, for an error message: a hostile line can be 64 KiB.
std::string lineStart(std::string_view line)
{
    return std::string(line.substr(0, 80));
}

Error bodyTooLarge(std::size_t limit)
{
    return invalidArgument("reply body larger than " + std::to_string(limit) + " bytes");
}

// The reply as it arrives: a buffer that asks the source for more only when a step needs it.
// What was consumed is dropped now and then, so memory stays near the longest line or chunk.
class ReplyReader {
public:
    explicit ReplyReader(const HttpByteSource &source) : m_source(source) {}

    // Bytes of the reply consumed so far (for the bounds on the head and the trailer).
    std::size_t consumed() const { return m_dropped + m_pos; }

    // The next line without CR LF (or a bare LF); `what` names it for the errors.
    Result<std::string> line(const char *what)
    {
        while (true) {
            const std::size_t eol = m_buffer.find('\n', m_pos);
            if (eol != std::string::npos) {
                std::string out = m_buffer.substr(m_pos, eol - m_pos);
                if (!out.empty() && out.back() == '\r')
                    out.pop_back();
                m_pos = eol + 1;
                compact();
                return out;
            }
            if (m_buffer.size() - m_pos > kHttpMaxLineBytes)
                return invalidArgument(std::string("malformed reply: ") + what + " longer than 64 KiB");
            auto more = m_source(m_buffer);
            if (!more)
                return more.error();
            if (!*more)
                return unavailable(std::string("connection closed before the end of the ") + what);
        }
    }

    // Appends exactly n bytes to out.
    Status take(std::size_t n, std::string *out, const char *what)
    {
        while (m_buffer.size() - m_pos < n) {
            auto more = m_source(m_buffer);
            if (!more)
                return more.error();
            if (!*more)
                return unavailable(std::string("truncated ") + what + ": the connection closed after " +
                                   std::to_string(m_buffer.size() - m_pos) + " of " + std::to_string(n) + " bytes");
        }
        out->append(m_buffer, m_pos, n);
        m_pos += n;
        compact();
        return success();
    }

    // Appends everything up to the end of the stream, at most `limit` bytes in all.
    Status rest(std::string *out, std::size_t limit)
    {
        while (true) {
            out->append(m_buffer, m_pos, std::string::npos);
            m_dropped += m_buffer.size();
            m_buffer.clear();
            m_pos = 0;
            if (out->size() > limit)
                return bodyTooLarge(limit);
            auto more = m_source(m_buffer);
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
            m_dropped += m_pos;
            m_pos = 0;
        }
    }

    const HttpByteSource &m_source;
    std::string m_buffer;
    std::size_t m_pos = 0;     // the next unread byte of m_buffer
    std::size_t m_dropped = 0; // bytes consumed and erased from m_buffer
};

// The status line and headers of one reply, after any interim (1xx) replies.
Status readResponseHead(ReplyReader &reader, HttpResponse *response)
{
    // Every line of the head counts against its bound, interim replies' included.
    const auto headLine = [&reader](const char *what) -> Result<std::string> {
        auto line = reader.line(what);
        if (line && reader.consumed() > kHttpMaxResponseHeadBytes)
            return invalidArgument(std::string("malformed reply: the head (interim replies, status line and "
                                               "headers) is longer than ") +
                                   std::to_string(kHttpMaxResponseHeadBytes) + " bytes: still in the " + what +
                                   " at byte " + std::to_string(reader.consumed()));
        return line;
    };
    while (true) {
        auto statusLine = headLine("status line");
        if (!statusLine)
            return statusLine.error();
        if (auto s = parseHttpStatusLine(*statusLine, response); !s)
            return s;
        response->headers.clear();
        while (true) {
            auto line = headLine("headers");
            if (!line)
                return line.error();
            if (line->empty())
                break;
            if (auto s = parseHttpHeaderLine(*line, response); !s)
                return s;
        }
        if (response->status >= 200)
            return success();
    }
}

Status readChunkedBody(ReplyReader &reader, std::string *body, std::size_t limit)
{
    while (true) {
        auto sizeLine = reader.line("chunk size line");
        if (!sizeLine)
            return sizeLine.error();
        auto size = parseChunkSizeLine(*sizeLine);
        if (!size)
            return size.error();
        if (*size == 0)
            break;
        if (*size > limit - body->size()) // body->size() <= limit: no wrap-around
            return bodyTooLarge(limit);
        if (auto s = reader.take(*size, body, "chunk"); !s)
            return s;
        auto end = reader.line("chunk");
        if (!end)
            return end.error();
        if (!end->empty())
            return invalidArgument("malformed chunked body: expected CRLF after a chunk of " + std::to_string(*size) +
                                   " bytes");
    }
    const std::size_t trailerStart = reader.consumed();
    while (true) { // trailer fields, up to the empty line: read and dropped
        auto trailer = reader.line("chunked trailer");
        if (!trailer)
            return trailer.error();
        if (trailer->empty())
            return success();
        if (reader.consumed() - trailerStart > kHttpMaxResponseHeadBytes)
            return invalidArgument("malformed chunked body: the trailer is longer than " +
                                   std::to_string(kHttpMaxResponseHeadBytes) + " bytes: still going at byte " +
                                   std::to_string(reader.consumed()));
    }
}

} // namespace

std::string HttpResponse::header(const std::string &name) const
{
    for (const auto &[key, value] : headers)
        if (iequals(key, name))
            return value;
    return {};
}

Status parseHttpStatusLine(std::string_view line, HttpResponse *response)
{
    const auto bad = [&] {
        return invalidArgument("malformed status line '" + lineStart(line) + "': expected 'HTTP/1.x CODE REASON'");
    };
    if (line.size() < 12 || line.substr(0, 7) != "HTTP/1." || line[8] != ' ')
        return bad();
    int status = 0;
    const auto [ptr, ec] = std::from_chars(line.data() + 9, line.data() + 12, status);
    if (ec != std::errc() || ptr != line.data() + 12 || status < 100 || status > 599 ||
        (line.size() > 12 && line[12] != ' '))
        return bad();
    response->status = status;
    response->reason = line.size() > 13 ? std::string(line.substr(13)) : std::string();
    return success();
}

Status parseHttpHeaderLine(std::string_view line, HttpResponse *response)
{
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return invalidArgument("malformed header line '" + lineStart(line) + "': expected 'Name: value'");
    response->headers.emplace_back(std::string(line.substr(0, colon)), std::string(trim(line.substr(colon + 1))));
    return success();
}

Result<std::size_t> parseContentLength(std::string_view value, std::size_t maxBodyBytes)
{
    const std::string_view text = trim(value);
    std::size_t length = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), length);
    if (ec == std::errc::result_out_of_range) // digits only, past 2^64: too large, not malformed
        return invalidArgument("reply body of " + lineStart(text) + " bytes is larger than the limit of " +
                               std::to_string(maxBodyBytes));
    if (ec != std::errc() || ptr != text.data() + text.size())
        return invalidArgument("malformed Content-Length '" + lineStart(value) + "'");
    if (length > maxBodyBytes)
        return invalidArgument("reply body of " + std::to_string(length) + " bytes is larger than the limit of " +
                               std::to_string(maxBodyBytes));
    return length;
}

Result<std::size_t> parseChunkSizeLine(std::string_view line)
{
    std::string_view text = trim(line);
    if (const std::size_t semi = text.find(';'); semi != std::string_view::npos)
        text = trim(text.substr(0, semi)); // chunk extensions carry nothing we need
    std::size_t size = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), size, 16);
    if (ec == std::errc::result_out_of_range)
        return invalidArgument("malformed chunked body: chunk size '" + lineStart(text) + "' is past 2^64 bytes");
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        return invalidArgument("malformed chunked body: expected a hexadecimal chunk size, got '" + lineStart(line) +
                               "'");
    return size;
}

Result<HttpResponse> readHttpResponse(const HttpByteSource &source, std::size_t maxBodyBytes)
{
    ReplyReader reader(source);
    HttpResponse response;
    if (auto s = readResponseHead(reader, &response); !s)
        return s.error();
    if (response.status == 204 || response.status == 304)
        return response;
    const std::string transferEncoding = response.header("Transfer-Encoding");
    const std::string contentLength = response.header("Content-Length");
    if (!transferEncoding.empty() && !iequals(transferEncoding, "identity")) {
        if (!iequals(trim(transferEncoding), "chunked"))
            return invalidArgument("unsupported Transfer-Encoding '" + lineStart(transferEncoding) + "'");
        if (auto s = readChunkedBody(reader, &response.body, maxBodyBytes); !s)
            return s.error();
    } else if (!contentLength.empty()) {
        auto length = parseContentLength(contentLength, maxBodyBytes);
        if (!length)
            return length.error();
        response.body.reserve(*length);
        if (auto s = reader.take(*length, &response.body, "body"); !s)
            return s.error();
    } else if (auto s = reader.rest(&response.body, maxBodyBytes); !s) {
        return s.error();
    }
    return response;
}

HttpRequestHeadState httpRequestHeadState(std::string_view received)
{
    if (received.find("\r\n\r\n") != std::string_view::npos || received.find("\n\n") != std::string_view::npos)
        return HttpRequestHeadState::Complete;
    return received.size() > kHttpMaxRequestHeadBytes ? HttpRequestHeadState::TooLarge
                                                      : HttpRequestHeadState::Incomplete;
}

Result<HttpRequest> parseHttpRequestHead(std::string_view head)
{
    const std::size_t eol = head.find('\n');
    std::string_view requestLine = head.substr(0, eol);
    if (!requestLine.empty() && requestLine.back() == '\r')
        requestLine.remove_suffix(1);
    const std::size_t sp1 = requestLine.find(' ');
    const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : requestLine.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || requestLine.substr(sp2 + 1, 7) != "HTTP/1.")
        return invalidArgument("malformed request line '" + lineStart(requestLine) +
                               "': expected 'METHOD TARGET HTTP/1.x'");
    HttpRequest request;
    request.method = std::string(requestLine.substr(0, sp1));
    request.target = std::string(requestLine.substr(sp1 + 1, sp2 - sp1 - 1));
    const std::size_t q = request.target.find('?');
    request.path = request.target.substr(0, q);
    request.query = q == std::string::npos ? std::string() : request.target.substr(q + 1);
    std::size_t pos = eol == std::string_view::npos ? head.size() : eol + 1;
    while (pos < head.size()) {
        std::size_t end = head.find('\n', pos);
        if (end == std::string_view::npos)
            end = head.size();
        std::string_view line = head.substr(pos, end - pos);
        pos = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            break;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        std::size_t v = colon + 1;
        while (v < line.size() && line[v] == ' ')
            ++v;
        request.headers.emplace_back(std::string(line.substr(0, colon)), std::string(line.substr(v)));
    }
    return request;
}

} // namespace sn
