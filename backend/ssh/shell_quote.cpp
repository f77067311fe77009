#include "backend/ssh/shell_quote.h"

namespace sn {

std::string shellQuote(std::string_view word)
{
    std::string out;
    out.reserve(word.size() + 2);
    out += '\'';
    for (const char c : word) {
        if (c == '\'')
            out += "'\\''"; // close the quotes, an escaped quote, reopen
        else
            out += c;
    }
    out += '\'';
    return out;
}

Result<std::string> shellCommandLine(const std::vector<std::string> &argv)
{
    if (argv.empty())
        return invalidArgument("no program to run");
    std::string line;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i].find('\0') != std::string::npos)
            return invalidArgument("argument " + std::to_string(i) +
                                   " holds a NUL byte, which a command line cannot carry");
        if (i)
            line += ' ';
        line += shellQuote(argv[i]);
    }
    return line;
}

} // namespace sn
