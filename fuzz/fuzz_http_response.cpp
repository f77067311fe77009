// The HTTP client's reply reader (readHttpResponse, backend/telemetry/prometheus/http_message_parse.h)
// as httpGet runs it on a socket: the first byte says how many bytes each read delivers (1 to
// 256), so replies split anywhere are tried; the rest is what the peer sent. Beyond "no crash":
// an accepted reply is a final one (status 200-599) whose body is within the limit and no longer
// than what was sent.
#include "backend/telemetry/prometheus/http_message_parse.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::size_t piece = std::size_t{data[0]} + 1;
    const std::string_view reply = sn::fuzz::text(data + 1, size - 1);
    std::size_t sent = 0;
    const sn::HttpByteSource source = [&](std::string &buffer) -> sn::Result<bool> {
        if (sent == reply.size())
            return false; // the peer closed
        const std::size_t n = std::min(piece, reply.size() - sent);
        buffer.append(reply.substr(sent, n));
        sent += n;
        return true;
    };
    constexpr std::size_t kMaxBody = 4096; // below the longest input, so the limit is reached
    auto response = sn::readHttpResponse(source, kMaxBody);
    if (response && (response->status < 200 || response->status > 599 || response->body.size() > kMaxBody ||
                     response->body.size() > reply.size()))
        __builtin_trap();
    return 0;
}
