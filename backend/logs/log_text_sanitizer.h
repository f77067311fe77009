#pragma once
// Makes a raw line safe to keep and send: cut at a byte limit (flagged), invalid UTF-8 and
// control bytes (binary junk, a stray NUL, terminal escapes) replaced by U+FFFD. Protobuf
// string fields must hold valid UTF-8, and a line with an escape sequence must not repaint an
// operator's terminal, so every intake path runs lines through this before anything keeps them.

#include <cstddef>
#include <string>

namespace sn::logs {

struct SanitizedText {
    bool truncated = false; // longer than the limit: the rest was dropped
    bool replaced = false;  // invalid or control bytes were replaced
};

SanitizedText sanitizeLogText(std::string &text, std::size_t maxBytes = 16 * 1024);

} // namespace sn::logs
