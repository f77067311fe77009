#pragma once
// ASCII for protocol words (Slurm states, PCI addresses, log levels, shell and Kubernetes names):
// case folding with std::tolower of the "C" locale, byte by byte, so UTF-8 text passes through
// unchanged; and the character classes the name checks test one byte at a time (in one pass: a
// recursive std::regex overflows the stack on a long name).

#include <cctype>
#include <string>
#include <string_view>

namespace sn {

inline std::string asciiLower(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

constexpr bool isAsciiDigit(char c)
{
    return c >= '0' && c <= '9';
}
constexpr bool isAsciiLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr bool isAsciiLowerOrDigit(char c)
{
    return (c >= 'a' && c <= 'z') || isAsciiDigit(c);
}

} // namespace sn
