#pragma once
// Splitting command output into lines and cells with their positions, for the parsers of this
// folder: every error they report names a line and a column, so the cells keep where they were.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

struct Cell {
    std::string text; // trimmed
    int column = 1;   // 1-based, in the line as read (after ANSI escapes are removed)
};

struct TextLine {
    std::string text; // without the newline and ANSI escapes
    int number = 1;   // 1-based
};

// Lines of `text` with ANSI colour/underline escapes (ESC [ ... m) removed and '\r' dropped.
std::vector<TextLine> splitLines(std::string_view text);

// Tab-separated fields, each trimmed of spaces, empty fields kept (they mean "no value").
std::vector<Cell> splitTabs(const std::string &line);
// Runs of non-blank characters.
std::vector<Cell> splitBlanks(const std::string &line);

// The number a regex matched as \d+, if it is 0..max (std::stoi threw past INT_MAX).
std::optional<int> smallNumber(const std::string &digits, int max);

std::string trimmed(std::string_view s);
bool isBlank(std::string_view s);
// "source:line:column: message", the shape every parser error has.
std::string where(const std::string &source, int line, int column);
// A line shortened for an error message.
std::string excerpt(std::string_view line);

} // namespace sn::comms
