#include "backend/model/static_rule_text.h"

#include <cmath>
#include <sstream>
#include <vector>

namespace sn {

namespace {

Result<std::int64_t> parseDuration(const std::string &w)
{
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(w, &used);
    } catch (...) {
        return invalidArgument("duration '" + w + "' is not a number with a unit (30s, 5m, 1h)");
    }
    const std::string unit = w.substr(used);
    const double ms = unit == "ms" ? 1 : unit == "s" ? 1e3 : unit == "m" ? 60e3 : unit == "h" ? 3600e3 : -1;
    if (ms < 0 || v < 0)
        return invalidArgument("duration '" + w + "' needs a unit: ms, s, m or h");
    return static_cast<std::int64_t>(v * ms);
}

Result<double> parseNumber(const std::string &w)
{
    try {
        std::size_t used = 0;
        const double v = std::stod(w, &used);
        if (used == w.size() && std::isfinite(v))
            return v;
    } catch (...) {
    }
    return invalidArgument("'" + w + "' is not a number");
}

} // namespace

Result<StaticRule> parseStaticRule(const std::string &name, const std::string &text)
{
    std::istringstream in(text);
    std::vector<std::string> w;
    for (std::string s; in >> s;)
        w.push_back(s);
    auto bad = [&](const std::string &what) { return invalidArgument("rule '" + name + "': " + what); };
    if (w.size() < 3)
        return bad("expected 'METRIC > LIMIT [for DURATION] [clear VALUE] [severity warning|error|critical]'");
    StaticRule r;
    r.name = name;
    r.metric = w[0];
    if (w[1] == ">")
        r.op = StaticRule::Op::Above;
    else if (w[1] == "<")
        r.op = StaticRule::Op::Below;
    else
        return bad("operator '" + w[1] + "' must be > or <");
    auto limit = parseNumber(w[2]);
    if (!limit)
        return bad(limit.error().message);
    r.threshold = r.clearThreshold = *limit;
    for (std::size_t i = 3; i < w.size(); i += 2) {
        if (i + 1 >= w.size())
            return bad("'" + w[i] + "' needs a value");
        if (w[i] == "for") {
            auto d = parseDuration(w[i + 1]);
            if (!d)
                return bad(d.error().message);
            r.minDurationMs = *d;
        } else if (w[i] == "clear") {
            auto c = parseNumber(w[i + 1]);
            if (!c)
                return bad(c.error().message);
            if ((r.op == StaticRule::Op::Above && *c > r.threshold) ||
                (r.op == StaticRule::Op::Below && *c < r.threshold))
                return bad("clear value " + w[i + 1] + " is on the wrong side of the limit");
            r.clearThreshold = *c;
        } else if (w[i] == "severity") {
            const std::string &s = w[i + 1];
            if (s == "info")
                r.severity = Severity::Info;
            else if (s == "warning")
                r.severity = Severity::Warning;
            else if (s == "error")
                r.severity = Severity::Error;
            else if (s == "critical")
                r.severity = Severity::Critical;
            else
                return bad("severity '" + s + "' must be info, warning, error or critical");
        } else {
            return bad("unknown word '" + w[i] + "'");
        }
    }
    return r;
}

} // namespace sn
