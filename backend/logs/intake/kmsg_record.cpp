#include "backend/logs/intake/kmsg_record.h"

#include "backend/logs/intake/journal_json.h"

#include <charconv>

namespace sn::logs {

namespace {
template <typename T> bool number(std::string_view s, T &out)
{
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string unescape(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x' && hexDigit(s[i + 2]) >= 0 && hexDigit(s[i + 3]) >= 0) {
            out += static_cast<char>(hexDigit(s[i + 2]) * 16 + hexDigit(s[i + 3]));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}
} // namespace

Result<KmsgRecord> parseKmsgRecord(std::string_view record, std::int64_t bootTimeMs, const std::string &node)
{
    const auto semicolon = record.find(';');
    if (semicolon == std::string_view::npos)
        return invalidArgument("kmsg record: no ';' between header and message");
    const std::string_view header = record.substr(0, semicolon);
    std::string_view rest = record.substr(semicolon + 1);

    std::string_view fields[4];
    std::size_t start = 0;
    for (int i = 0; i < 4; ++i) {
        const auto comma = header.find(',', start);
        if (comma == std::string_view::npos && i < 3)
            return invalidArgument("kmsg record: header '" + std::string(header) +
                                   "' needs prefix,sequence,timestamp,flags");
        fields[i] = header.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? header.size() : comma + 1;
    }
    int prefix = 0;
    KmsgRecord out;
    std::uint64_t us = 0;
    if (!number(fields[0], prefix) || prefix < 0)
        return invalidArgument("kmsg record: prefix '" + std::string(fields[0]) + "' is not a number");
    if (!number(fields[1], out.sequence))
        return invalidArgument("kmsg record: sequence '" + std::string(fields[1]) + "' is not a number");
    if (!number(fields[2], us))
        return invalidArgument("kmsg record: timestamp '" + std::string(fields[2]) + "' is not microseconds");

    const auto newline = rest.find('\n');
    const std::string_view message = rest.substr(0, newline);
    if (newline != std::string_view::npos) {
        // " KEY=value" lines after the message.
        for (std::string_view more = rest.substr(newline + 1); !more.empty();) {
            const auto end = more.find('\n');
            const std::string_view kv = more.substr(0, end);
            if (kv.rfind(" DEVICE=", 0) == 0)
                out.device = std::string(kv.substr(8));
            more = end == std::string_view::npos ? std::string_view() : more.substr(end + 1);
        }
    }
    out.line.text = unescape(message);
    out.line.timeMs = bootTimeMs + static_cast<std::int64_t>(us / 1000);
    out.line.node = node;
    out.line.source = "kernel";
    out.line.severity = severityFromSyslogLevel(prefix & 7);
    return out;
}

} // namespace sn::logs
