#include "backend/logs/log_format.h"

#include <algorithm>

namespace sn::logs {

namespace {
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
constexpr int kMaxDepth = 64;          // elements per pattern; recursion is one level per element
constexpr long kMatchBudget = 1000000; // matcher steps per line (about a millisecond), all variants
} // namespace

LogFormat::LogFormat() : m_text("<Content>"), m_names{"Content"}, m_content(0)
{
    Element e;
    e.kind = Kind::Field;
    e.field = 0;
    m_variants.push_back({e});
}

int LogFormat::fieldIndex(std::string_view name) const
{
    for (std::size_t i = 0; i < m_names.size(); ++i)
        if (m_names[i] == name)
            return static_cast<int>(i);
    return -1;
}

Result<LogFormat> LogFormat::parse(std::string_view format)
{
    LogFormat f;
    f.m_text = std::string(format);
    f.m_names.clear();
    f.m_variants.clear();
    f.m_content = -1;
    std::vector<Element> elems;
    std::vector<Optional> optionals;
    std::size_t groupStart = std::string::npos;
    auto where = [](std::size_t i) { return "log format, column " + std::to_string(i + 1) + ": "; };
    auto addLiteral = [&elems](char c) {
        if (elems.empty() || elems.back().kind != Kind::Literal)
            elems.push_back({Kind::Literal, {}, -1});
        elems.back().literal += c;
    };
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '<') {
            const std::size_t close = format.find('>', i);
            if (close == std::string_view::npos)
                return invalidArgument(where(i) + "'<' without a closing '>'");
            const std::string name(format.substr(i + 1, close - i - 1));
            if (name.empty() || name.find_first_of("< \t") != std::string::npos)
                return invalidArgument(where(i) + "a field needs a name without spaces, like <Date>");
            if (f.fieldIndex(name) >= 0)
                return invalidArgument(where(i) + "field <" + name + "> appears twice");
            if (!elems.empty() && elems.back().kind == Kind::Field)
                return invalidArgument(where(i) + "two fields need a separator between them");
            f.m_names.push_back(name);
            elems.push_back({Kind::Field, {}, static_cast<int>(f.m_names.size() - 1)});
            i = close;
        } else if (isSpace(c)) {
            while (i + 1 < format.size() && isSpace(format[i + 1]))
                ++i;
            if (elems.empty() || elems.back().kind != Kind::Space)
                elems.push_back({Kind::Space, {}, -1});
        } else if (c == '\\') {
            if (i + 1 >= format.size())
                return invalidArgument(where(i) + "'\\' at the end of the format");
            addLiteral(format[++i]);
        } else if (c == '(') {
            if (groupStart != std::string::npos)
                return invalidArgument(where(i) + "nested optional parts are not supported");
            groupStart = elems.size();
            elems.push_back({Kind::Literal, {}, -1}); // separates the group from a preceding literal
        } else if (c == ')') {
            if (groupStart == std::string::npos)
                return invalidArgument(where(i) + "')' without '('");
            if (i + 1 >= format.size() || format[i + 1] != '?')
                return invalidArgument(where(i) + "a group must be optional: write (...)?");
            optionals.push_back({groupStart, elems.size()});
            groupStart = std::string::npos;
            elems.push_back({Kind::Literal, {}, -1});
            ++i;
        } else {
            addLiteral(c);
        }
    }
    if (groupStart != std::string::npos)
        return invalidArgument("log format: '(' without ')'");
    f.m_content = f.fieldIndex("Content");
    if (f.m_content < 0)
        return invalidArgument("log format: no <Content> field (the message the miner reads)");
    if (elems.size() > kMaxDepth || optionals.size() > 4)
        return invalidArgument("log format: too long (at most 64 parts and 4 optional groups)");
    for (unsigned mask = 0; mask < (1u << optionals.size()); ++mask) {
        std::vector<Element> v;
        for (std::size_t e = 0; e < elems.size(); ++e) {
            bool skip = false;
            for (std::size_t o = 0; o < optionals.size(); ++o)
                skip = skip || (!(mask & (1u << o)) && e >= optionals[o].begin && e < optionals[o].end);
            if (skip || (elems[e].kind == Kind::Literal && elems[e].literal.empty()))
                continue;
            if (!v.empty() && v.back().kind == Kind::Literal && elems[e].kind == Kind::Literal)
                v.back().literal += elems[e].literal;
            else if (!(elems[e].kind == Kind::Space && !v.empty() && v.back().kind == Kind::Space))
                v.push_back(elems[e]);
        }
        f.m_variants.push_back(std::move(v));
    }
    // Prefer the variant with every optional part present, as a greedy regex group would.
    std::reverse(f.m_variants.begin(), f.m_variants.end());
    return f;
}

bool LogFormat::matchFrom(const std::vector<Element> &p, std::size_t i, std::string_view line, std::size_t pos,
                          std::vector<std::string_view> &values, int depth, long &budget) const
{
    if (depth > kMaxDepth || --budget < 0)
        return false;
    if (i == p.size())
        return pos == line.size();
    std::uint32_t &failed = m_failed[i * m_stride + pos];
    if (failed == m_stamp)
        return false;
    const bool ok = matchOne(p, i, line, pos, values, depth, budget);
    if (!ok)
        failed = m_stamp;
    return ok;
}

bool LogFormat::matchOne(const std::vector<Element> &p, std::size_t i, std::string_view line, std::size_t pos,
                         std::vector<std::string_view> &values, int depth, long &budget) const
{
    const Element &e = p[i];
    switch (e.kind) {
    case Kind::Literal:
        return line.substr(pos, e.literal.size()) == e.literal &&
               matchFrom(p, i + 1, line, pos + e.literal.size(), values, depth + 1, budget);
    case Kind::Space: {
        std::size_t end = pos;
        while (end < line.size() && isSpace(line[end]))
            ++end;
        for (; end > pos; --end) // greedy, like \s+
            if (--budget >= 0 && matchFrom(p, i + 1, line, end, values, depth + 1, budget))
                return true;
        return false;
    }
    case Kind::Field:
        if (i + 1 == p.size()) { // the last field takes the rest, as ".*?$" does
            values[e.field] = line.substr(pos);
            return true;
        }
        for (std::size_t end = pos; end <= line.size(); ++end) { // lazy, like .*?
            if (--budget < 0)
                return false;
            const Element &next = p[i + 1];
            if (end < line.size()) {
                if (next.kind == Kind::Space && !isSpace(line[end]))
                    continue;
                if (next.kind == Kind::Literal && line[end] != next.literal[0])
                    continue;
            }
            if (matchFrom(p, i + 1, line, end, values, depth + 1, budget)) {
                values[e.field] = line.substr(pos, end - pos);
                return true;
            }
        }
        return false;
    }
    return false;
}

void LogFormat::split(std::string_view line, HeaderFields &out) const
{
    out.values.assign(m_names.size(), std::string_view());
    // Lazy fields backtrack; on a hostile line that almost fits, the budget ends the search.
    long budget = kMatchBudget;
    std::size_t longest = 0;
    for (const std::vector<Element> &v : m_variants)
        longest = std::max(longest, v.size());
    m_stride = line.size() + 1;
    if (m_failed.size() < longest * m_stride)
        m_failed.resize(longest * m_stride, 0);
    for (const std::vector<Element> &v : m_variants)
        if (++m_stamp, matchFrom(v, 0, line, 0, out.values, 0, budget)) {
            out.matched = true;
            out.content = out.values[m_content];
            return;
        }
    out.matched = false;
    out.values.assign(m_names.size(), std::string_view());
    out.content = line;
}

} // namespace sn::logs
