#include "backend/logs/log_text_sanitizer.h"

namespace sn::logs {

namespace {
constexpr const char kReplacement[] = "\xEF\xBF\xBD"; // U+FFFD

// Length of the valid UTF-8 sequence starting at s[i], 0 when it is not one (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF).
std::size_t validSequence(const std::string &s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    const std::size_t left = s.size() - i;
    const auto cont = [&](std::size_t k) { return (b(k) & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF)
        return left >= 2 && cont(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (left < 3 || !cont(i + 1) || !cont(i + 2))
            return 0;
        if ((c == 0xE0 && b(i + 1) < 0xA0) || (c == 0xED && b(i + 1) > 0x9F))
            return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (left < 4 || !cont(i + 1) || !cont(i + 2) || !cont(i + 3))
            return 0;
        if ((c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) > 0x8F))
            return 0;
        return 4;
    }
    return 0;
}
} // namespace

SanitizedText sanitizeLogText(std::string &text, std::size_t maxBytes)
{
    SanitizedText result;
    if (text.size() > maxBytes) {
        text.resize(maxBytes);
        result.truncated = true;
        // Do not leave half a UTF-8 sequence at the cut: back up to a lead byte.
        std::size_t end = text.size();
        std::size_t back = 0;
        while (end > 0 && back < 3 && (static_cast<unsigned char>(text[end - 1]) & 0xC0) == 0x80) {
            --end;
            ++back;
        }
        if (end > 0 && static_cast<unsigned char>(text[end - 1]) >= 0xC0 && validSequence(text, end - 1) == 0)
            text.resize(end - 1);
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();

    bool clean = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\t') || c == 0x7F || (c >= 0x80 && validSequence(text, i) == 0)) {
            clean = false;
            break;
        }
        if (c >= 0x80)
            i += validSequence(text, i) - 1;
    }
    if (clean)
        return result;
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F)
                out += kReplacement;
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t n = validSequence(text, i);
        if (n == 0) {
            out += kReplacement;
            ++i;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    text = std::move(out);
    result.replaced = true;
    return result;
}

} // namespace sn::logs
