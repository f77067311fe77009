#pragma once
// What the HTTP client and server read from their peer, parsed apart from the sockets: a reply's
// status line, headers and body (Content-Length, chunked, or up to the close) and a request's
// head. Both are bytes a machine on the network sent, so the parsing lives here as functions of
// bytes alone: the socket code (http_client.cpp, http_server.cpp) only supplies the bytes, and
// the unit tests (tst_http_message_parse) and the fuzz targets (fuzz_http_response,
// fuzz_http_request) run the same code on bytes of their own. Every step bounds what it takes (a
// line, the head, the body), and an error says what was wrong and where.

#include "backend/model/result.h"
#include "backend/telemetry/prometheus/http_client.h"
#include "backend/telemetry/prometheus/http_server.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace sn {

// The longest line of a reply: status line, header line, chunk size line, trailer line.
inline constexpr std::size_t kHttpMaxLineBytes = 64 * 1024;
// The most a reply's head (interim 1xx replies, status line, headers) or its chunked trailer may
// take: a peer that sends header lines without end is an error, not an out-of-memory.
inline constexpr std::size_t kHttpMaxResponseHeadBytes = 1024 * 1024;
// The request head the server waits for: one not complete past this many bytes is answered 431.
inline constexpr std::size_t kHttpMaxRequestHeadBytes = 16 * 1024;

// ---- Replies (the client) ----

// "HTTP/1.x CODE REASON" (CODE 100-599, the reason may be empty) into status and reason.
Status parseHttpStatusLine(std::string_view line, HttpResponse *response);
// "Name: value" appended to response->headers, the value trimmed of blanks; a line without a
// colon or with an empty name is an error.
Status parseHttpHeaderLine(std::string_view line, HttpResponse *response);
// A Content-Length value: decimal digits (blanks around them allowed), at most maxBodyBytes.
Result<std::size_t> parseContentLength(std::string_view value, std::size_t maxBodyBytes);
// A chunk size line: hexadecimal digits, blanks and extensions (after ';') ignored.
Result<std::size_t> parseChunkSizeLine(std::string_view line);

// Where a reply's bytes come from: appends what arrived to `buffer` and returns true; false at
// the end of the stream; an error (a timeout, a reset) ends the reply with that error.
using HttpByteSource = std::function<Result<bool>(std::string &buffer)>;

// One whole reply read from `source`: interim 1xx replies skipped, the body framed by
// Transfer-Encoding: chunked, Content-Length or the end of the stream (none for 204 and 304),
// de-chunked, at most maxBodyBytes. Errors say what was wrong ("malformed header line 'x'",
// "truncated body: the connection closed after 10 of 100 bytes") without the URL, which the
// client adds: InvalidArgument for what is malformed or past a bound, Unavailable for a reply cut
// short; the source's own errors come back as they are.
Result<HttpResponse> readHttpResponse(const HttpByteSource &source, std::size_t maxBodyBytes);

// ---- Requests (the server) ----

enum class HttpRequestHeadState {
    Incomplete, // no empty line yet: read more
    Complete,   // the head ends (CRLF CRLF or LF LF) somewhere in what was received
    TooLarge,   // no end within kHttpMaxRequestHeadBytes: answer 431
};
HttpRequestHeadState httpRequestHeadState(std::string_view received);

// The request line ("METHOD TARGET HTTP/1.x") and the header lines up to the first empty line
// (lines without a colon are skipped; values lose their leading blanks). The method is not
// checked here (the server answers 405). An error names the request line.
Result<HttpRequest> parseHttpRequestHead(std::string_view head);

} // namespace sn
