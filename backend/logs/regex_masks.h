#pragma once
// A source's own masking patterns (Drain's "regex" preprocessing, as in
// drain_benchmark_settings.json): each match is replaced by <*> before tokenizing. Optional
// and slower than the built-in shapes (std::regex): only sources that configure patterns pay.

#include "backend/model/result.h"

#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace sn::logs {

class RegexMasks {
public:
    // ECMAScript patterns; an invalid one is an error naming it.
    static Result<RegexMasks> compile(const std::vector<std::string> &patterns);

    bool empty() const { return m_patterns.empty(); }
    // `text` with every match of every pattern, in order, replaced by "<*>".
    std::string apply(std::string_view text) const;

private:
    std::vector<std::regex> m_patterns;
};

} // namespace sn::logs
