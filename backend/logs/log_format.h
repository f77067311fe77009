#pragma once
// The header layout of one log source, written the way Loghub and Drain write it:
// "<Date> <Time> <Pid> <Level> <Component>: <Content>". <Name> is a field, a run of spaces
// matches one or more whitespace characters, "\[" is a literal "[", and "(...)?" is an
// optional part ("<Component>(\[<PID>\])?: <Content>"). As in Loghub, fields match lazily and
// the whole line must match; the <Content> field is what the template miner sees.
//
// Hand-written matcher rather than std::regex: it allocates nothing per line, runs in about
// the time of one scan of the header, and cannot blow the stack on a hostile line.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sn::logs {

struct HeaderFields {
    bool matched = false;
    std::vector<std::string_view> values; // one per field, in fieldNames() order; into the line
    std::string_view content;             // the <Content> field; the whole line when not matched
};

class LogFormat {
public:
    // A format with just "<Content>": the whole line is the message.
    LogFormat();
    // Errors name the column (1-based) of the format string and what is wrong there.
    static Result<LogFormat> parse(std::string_view format);

    const std::string &text() const { return m_text; }
    const std::vector<std::string> &fieldNames() const { return m_names; }
    int fieldIndex(std::string_view name) const; // -1 when absent

    // Splits `line`; `out` is reused between calls. A line that does not fit the format is
    // reported with matched = false and the whole line as content, never dropped.
    void split(std::string_view line, HeaderFields &out) const;

private:
    enum class Kind { Field, Literal, Space };
    struct Element {
        Kind kind = Kind::Literal;
        std::string literal; // Literal
        int field = -1;      // Field: index into m_names
    };
    struct Optional {
        std::size_t begin = 0, end = 0; // element range in the pattern before expansion
    };

    bool matchFrom(const std::vector<Element> &p, std::size_t i, std::string_view line, std::size_t pos,
                   std::vector<std::string_view> &values, int depth, long &budget) const;
    bool matchOne(const std::vector<Element> &p, std::size_t i, std::string_view line, std::size_t pos,
                  std::vector<std::string_view> &values, int depth, long &budget) const;

    std::string m_text;
    std::vector<std::string> m_names;
    int m_content = -1;
    std::vector<std::vector<Element>> m_variants; // each optional part present or absent
    // Failed (element, position) pairs of the current split(), stamped so nothing is cleared
    // per line: this memo keeps the lazy-field backtracking polynomial. split() is therefore
    // not thread-safe; each parser has its own LogFormat.
    mutable std::vector<std::uint32_t> m_failed;
    mutable std::uint32_t m_stamp = 0;
    mutable std::size_t m_stride = 0;
};

} // namespace sn::logs
