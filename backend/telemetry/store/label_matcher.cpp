#include "backend/telemetry/store/label_matcher.h"

namespace sn::tsdb {

Result<LabelMatcher> LabelMatcher::make(std::string name, MatchOp op, std::string value)
{
    LabelMatcher m;
    m.m_name = std::move(name);
    m.m_op = op;
    m.m_value = std::move(value);
    if (op == MatchOp::Regex || op == MatchOp::NotRegex) {
        try {
            m.m_regex = std::make_shared<const std::regex>(m.m_value, std::regex::ECMAScript | std::regex::optimize);
        } catch (const std::regex_error &e) {
            return invalidArgument("label matcher " + m.m_name + "=~\"" + m.m_value + "\": bad regex (" + e.what() +
                                   ")");
        }
    }
    return m;
}

LabelMatcher LabelMatcher::equal(std::string name, std::string value)
{
    LabelMatcher m;
    m.m_name = std::move(name);
    m.m_value = std::move(value);
    return m;
}

bool LabelMatcher::matches(const std::string &v) const
{
    switch (m_op) {
    case MatchOp::Equal:
        return v == m_value;
    case MatchOp::NotEqual:
        return v != m_value;
    case MatchOp::Regex:
        return std::regex_match(v, *m_regex);
    case MatchOp::NotRegex:
        return !std::regex_match(v, *m_regex);
    }
    return false;
}

} // namespace sn::tsdb
