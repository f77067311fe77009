#pragma once
// ASCII case folding for protocol words (Slurm states, PCI addresses, log levels): std::tolower
// of the "C" locale, byte by byte, so UTF-8 text passes through unchanged.

#include <cctype>
#include <string>

namespace sn {

inline std::string asciiLower(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

} // namespace sn
