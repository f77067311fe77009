#include "backend/logs/regex_masks.h"

namespace sn::logs {

Result<RegexMasks> RegexMasks::compile(const std::vector<std::string> &patterns)
{
    RegexMasks m;
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        try {
            m.m_patterns.emplace_back(patterns[i], std::regex::ECMAScript | std::regex::optimize);
        } catch (const std::regex_error &e) {
            return invalidArgument("mask pattern " + std::to_string(i + 1) + " '" + patterns[i] +
                                   "' is not a valid regular expression: " + e.what());
        }
    }
    return m;
}

std::string RegexMasks::apply(std::string_view text) const
{
    std::string s(text);
    for (const std::regex &r : m_patterns)
        s = std::regex_replace(s, r, "<*>");
    return s;
}

} // namespace sn::logs
