#pragma once
// Which tokens of a log message are variables by their shape alone: numbers, hex, IPv4
// addresses (with port), UUIDs, PCI ids, paths. The miner replaces them with <*> before it
// looks a line up, so that "blk_123" and "blk_456" never split one template into two.
// Pure functions on string_views: the hot path of the miner calls them once per token.

#include <string_view>

namespace sn::logs {

enum class TokenShape {
    Word,     // kept as is
    Number,   // 42, -7, 3.14, 1e-3, 12ms, 0.5s, 100%
    Hex,      // 0x1f, deadbeef (8+ hex digits with at least one digit)
    Ipv4,     // 10.0.0.1, 10.0.0.1:8080, /10.0.0.1:3888
    Uuid,     // 8-4-4-4-12 hex
    PciId,    // 0000:3b:00.0, 3b:00.0, 00000000:18:00.0
    Path,     // /var/log/syslog, ./a/b (a token starting with / or ./ that has a second /)
    HasDigit, // any other token with a digit: a variable too (blk_-42, core.1234, attempt_01_m)
};

// The shape of one token (no whitespace inside). Surrounding punctuation such as "(", ")",
// ",", ";", quotes and a trailing "." or ":" is ignored, so "(10.0.0.1)," is an Ipv4.
TokenShape tokenShape(std::string_view token);

// True for every shape but Word: the token is a parameter, shown as <*> in the template.
inline bool isVariable(TokenShape shape)
{
    return shape != TokenShape::Word;
}

const char *tokenShapeName(TokenShape shape);

} // namespace sn::logs
