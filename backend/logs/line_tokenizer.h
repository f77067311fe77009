#pragma once
// Splits a log message into tokens without allocating: views into the caller's text, reused
// buffers, hard limits on bytes and tokens so that a 1 MB line or binary junk costs a bounded
// amount of work and memory. Control bytes count as separators, so NULs and escape sequences
// never glue two words together.

#include "backend/logs/token_mask.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace sn::logs {

struct TokenizerLimits {
    std::size_t maxLineBytes = 16 * 1024; // longer lines are cut here and flagged truncated
    std::size_t maxTokens = 256;          // further tokens are dropped and the line flagged
};

struct TokenizedLine {
    std::vector<std::string_view> tokens; // into the text given to tokenize()
    std::vector<TokenShape> shapes;       // one per token
    bool truncated = false;               // bytes or tokens beyond the limits were dropped
};

// Fills `out` (its buffers are reused between calls). Tokens are split on bytes <= 0x20 and DEL.
void tokenize(std::string_view text, const TokenizerLimits &limits, TokenizedLine &out);

} // namespace sn::logs
