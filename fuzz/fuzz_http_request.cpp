// The HTTP server's request reader (backend/telemetry/prometheus/http_message_parse.h) as
// HttpServer::serve runs it: is the head complete (or too large), then the request line and
// headers. Beyond "no crash": an accepted request's target is its path and query as sent.
#include "backend/telemetry/prometheus/http_message_parse.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view received = sn::fuzz::text(data, size);
    if (sn::httpRequestHeadState(received) != sn::HttpRequestHeadState::Complete)
        return 0; // the server reads more, or answers 431
    auto request = sn::parseHttpRequestHead(received);
    if (!request)
        return 0; // answered 400
    const std::string rebuilt =
        request->target.find('?') == std::string::npos ? request->path : request->path + "?" + request->query;
    if (rebuilt != request->target || request->target.size() > size)
        __builtin_trap();
    return 0;
}
