#include "backend/logs/grouping_accuracy.h"

#include <fstream>
#include <sstream>
#include <unordered_map>

namespace sn::logs {

double groupingAccuracy(const std::vector<std::uint32_t> &predicted, const std::vector<std::string> &truth)
{
    if (predicted.size() != truth.size() || predicted.empty())
        return 0;
    std::unordered_map<std::string, std::size_t> truthSize;
    for (const std::string &t : truth)
        ++truthSize[t];
    struct Group {
        std::size_t size = 0;
        const std::string *label = nullptr;
        bool mixed = false;
    };
    std::unordered_map<std::uint32_t, Group> groups;
    for (std::size_t i = 0; i < predicted.size(); ++i) {
        Group &g = groups[predicted[i]];
        ++g.size;
        if (!g.label)
            g.label = &truth[i];
        else if (*g.label != truth[i])
            g.mixed = true;
    }
    std::size_t correct = 0;
    for (const auto &[id, g] : groups)
        if (!g.mixed && truthSize[*g.label] == g.size)
            correct += g.size;
    return double(correct) / double(predicted.size());
}

namespace {

// One CSV record starting at `pos`; false at the end of input. Quoted fields may hold newlines.
Result<bool> nextRecord(const std::string &s, std::size_t &pos, std::size_t &line, std::vector<std::string> &fields)
{
    fields.clear();
    if (pos >= s.size())
        return false;
    std::string field;
    bool quoted = false, wasQuoted = false;
    const std::size_t startLine = line;
    for (; pos < s.size(); ++pos) {
        const char c = s[pos];
        if (quoted) {
            if (c == '"') {
                if (pos + 1 < s.size() && s[pos + 1] == '"') {
                    field += '"';
                    ++pos;
                } else {
                    quoted = false;
                }
            } else {
                line += c == '\n';
                field += c;
            }
        } else if (c == '"' && field.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
            wasQuoted = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && pos + 1 < s.size() && s[pos + 1] == '\n')
                ++pos;
            ++pos;
            ++line;
            break;
        } else {
            field += c;
        }
    }
    if (quoted)
        return invalidArgument("line " + std::to_string(startLine) + ": a quoted field is not closed");
    fields.push_back(std::move(field));
    return true;
}

} // namespace

Result<std::vector<std::string>> readCsvColumn(const std::string &path, const std::string &column)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return notFound("cannot read " + path);
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string s = buf.str();
    std::size_t pos = 0, line = 1;
    std::vector<std::string> fields;
    auto header = nextRecord(s, pos, line, fields);
    if (!header)
        return invalidArgument(path + ", " + header.error().message);
    if (!*header)
        return invalidArgument(path + ": empty file, expected a header row");
    std::size_t col = fields.size();
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i] == column)
            col = i;
    if (col == fields.size())
        return invalidArgument(path + ", line 1: no column '" + column + "' in the header");
    const std::size_t width = fields.size();
    std::vector<std::string> out;
    for (;;) {
        const std::size_t at = line;
        auto more = nextRecord(s, pos, line, fields);
        if (!more)
            return invalidArgument(path + ", " + more.error().message);
        if (!*more)
            break;
        if (fields.size() == 1 && fields[0].empty())
            continue; // a blank line
        if (fields.size() != width)
            return invalidArgument(path + ", line " + std::to_string(at) + ": " + std::to_string(fields.size()) +
                                   " fields, the header has " + std::to_string(width));
        out.push_back(std::move(fields[col]));
    }
    return out;
}

} // namespace sn::logs
