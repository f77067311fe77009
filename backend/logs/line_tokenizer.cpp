#include "backend/logs/line_tokenizer.h"

namespace sn::logs {

namespace {
inline bool isSeparator(unsigned char c)
{
    return c <= 0x20 || c == 0x7f;
}
} // namespace

void tokenize(std::string_view text, const TokenizerLimits &limits, TokenizedLine &out)
{
    out.tokens.clear();
    out.shapes.clear();
    out.truncated = false;
    if (text.size() > limits.maxLineBytes) {
        text = text.substr(0, limits.maxLineBytes);
        out.truncated = true;
    }
    const char *p = text.data();
    const char *end = p + text.size();
    while (p < end) {
        while (p < end && isSeparator(static_cast<unsigned char>(*p)))
            ++p;
        if (p == end)
            break;
        const char *start = p;
        while (p < end && !isSeparator(static_cast<unsigned char>(*p)))
            ++p;
        if (out.tokens.size() == limits.maxTokens) {
            out.truncated = true;
            break;
        }
        const std::string_view token(start, static_cast<std::size_t>(p - start));
        out.tokens.push_back(token);
        out.shapes.push_back(tokenShape(token));
    }
}

} // namespace sn::logs
