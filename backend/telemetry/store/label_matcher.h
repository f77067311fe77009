#pragma once
// A label matcher as in PromQL selectors: name=value, name!=value, name=~regex, name!~regex.
// A label a series lacks reads as the empty string, as in Prometheus; regexes match the whole
// value (they are anchored). The metric name is the label "__name__".

#include "backend/model/result.h"

#include <memory>
#include <regex>
#include <string>

namespace sn::tsdb {

inline constexpr const char *kMetricNameLabel = "__name__";

enum class MatchOp { Equal, NotEqual, Regex, NotRegex };

class LabelMatcher {
public:
    // An error names the label and says why the regex does not compile.
    static Result<LabelMatcher> make(std::string name, MatchOp op, std::string value);
    static LabelMatcher equal(std::string name, std::string value);

    const std::string &name() const { return m_name; }
    const std::string &value() const { return m_value; }
    MatchOp op() const { return m_op; }
    bool matches(const std::string &labelValue) const;

private:
    std::string m_name;
    MatchOp m_op = MatchOp::Equal;
    std::string m_value;
    std::shared_ptr<const std::regex> m_regex;
};

} // namespace sn::tsdb
