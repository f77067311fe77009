#include "backend/comms/text_table.h"

#include <charconv>

namespace sn::comms {

std::vector<TextLine> splitLines(std::string_view text)
{
    std::vector<TextLine> lines;
    std::string current;
    int number = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            std::size_t j = i + 2;
            while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';'))
                ++j;
            if (j < text.size() && text[j] == 'm') {
                i = j;
                continue;
            }
        }
        if (c == '\n') {
            lines.push_back({std::move(current), number++});
            current.clear();
        } else if (c != '\r') {
            current += c;
        }
    }
    if (!current.empty())
        lines.push_back({std::move(current), number});
    return lines;
}

std::string trimmed(std::string_view s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        --e;
    return std::string(s.substr(b, e - b));
}

bool isBlank(std::string_view s)
{
    for (char c : s)
        if (c != ' ' && c != '\t')
            return false;
    return true;
}

std::vector<Cell> splitTabs(const std::string &line)
{
    std::vector<Cell> cells;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        const std::size_t end = tab == std::string::npos ? line.size() : tab;
        std::size_t first = start;
        while (first < end && line[first] == ' ')
            ++first;
        cells.push_back({trimmed(std::string_view(line).substr(start, end - start)), static_cast<int>(first) + 1});
        if (tab == std::string::npos)
            break;
        start = tab + 1;
    }
    return cells;
}

std::vector<Cell> splitBlanks(const std::string &line)
{
    std::vector<Cell> cells;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i >= line.size())
            break;
        const std::size_t begin = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        cells.push_back({line.substr(begin, i - begin), static_cast<int>(begin) + 1});
    }
    return cells;
}

std::string where(const std::string &source, int line, int column)
{
    return source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

std::string excerpt(std::string_view line)
{
    std::string s = trimmed(line);
    if (s.size() > 60)
        s = s.substr(0, 57) + "...";
    return "'" + s + "'";
}

std::optional<int> smallNumber(const std::string &digits, int max)
{
    int n = 0;
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || p != digits.data() + digits.size() || n < 0 || n > max)
        return std::nullopt;
    return n;
}

} // namespace sn::comms
