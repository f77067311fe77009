#include "backend/logs/token_mask.h"

namespace sn::logs {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isHexDigit(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isWrapper(char c)
{
    return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == ',' || c == ';' || c == '"' ||
           c == '\'' || c == '<' || c == '>';
}

std::string_view stripWrappers(std::string_view t)
{
    while (!t.empty() && isWrapper(t.front()))
        t.remove_prefix(1);
    while (!t.empty() && (isWrapper(t.back()) || t.back() == '.' || t.back() == ':'))
        t.remove_suffix(1);
    return t;
}

bool allHex(std::string_view t)
{
    for (char c : t)
        if (!isHexDigit(c))
            return false;
    return !t.empty();
}

bool isNumber(std::string_view t)
{
    if (!t.empty() && (t.front() == '-' || t.front() == '+'))
        t.remove_prefix(1);
    std::size_t i = 0, digits = 0;
    while (i < t.size() && (isDigit(t[i]) || t[i] == '.' || t[i] == ',')) {
        digits += isDigit(t[i]);
        ++i;
    }
    if (digits == 0)
        return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E') && i + 1 < t.size()) {
        std::size_t j = i + 1;
        if (t[j] == '-' || t[j] == '+')
            ++j;
        if (j < t.size() && isDigit(t[j])) {
            while (j < t.size() && isDigit(t[j]))
                ++j;
            i = j;
        }
    }
    // A short unit suffix keeps it a number: 12ms, 3s, 100%, 64KB.
    const std::string_view unit = t.substr(i);
    if (unit.size() > 3)
        return false;
    for (char c : unit)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%'))
            return false;
    return true;
}

bool isIpv4(std::string_view t)
{
    if (!t.empty() && t.front() == '/')
        t.remove_prefix(1);
    int groups = 0;
    std::size_t i = 0;
    while (groups < 4) {
        std::size_t digits = 0;
        while (i < t.size() && isDigit(t[i]) && digits < 4) {
            ++i;
            ++digits;
        }
        if (digits == 0 || digits > 3)
            return false;
        ++groups;
        if (groups < 4) {
            if (i >= t.size() || t[i] != '.')
                return false;
            ++i;
        }
    }
    if (i == t.size())
        return true;
    if (t[i] != ':')
        return false;
    for (++i; i < t.size(); ++i)
        if (!isDigit(t[i]))
            return false;
    return true;
}

bool isUuid(std::string_view t)
{
    static constexpr std::size_t kGroups[] = {8, 4, 4, 4, 12};
    if (t.size() != 36)
        return false;
    std::size_t i = 0;
    for (std::size_t g = 0; g < 5; ++g) {
        if (!allHex(t.substr(i, kGroups[g])))
            return false;
        i += kGroups[g];
        if (g < 4 && t[i++] != '-')
            return false;
    }
    return true;
}

bool isPciId(std::string_view t)
{
    // [domain:]bus:device[.function], hex fields: 0000:3b:00.0, 00000000:18:00.0, 3b:00.0, 0000:18:00;
    // NVRM writes "PCI:0000:18:00".
    if (t.starts_with("PCI:"))
        t.remove_prefix(4);
    const std::size_t colon = t.rfind(':');
    if (colon == std::string_view::npos)
        return false;
    std::string_view head = t.substr(0, colon), tail = t.substr(colon + 1);
    const std::size_t dot = tail.find('.');
    std::string_view dev = tail.substr(0, dot);
    if (dev.size() != 2 || !allHex(dev))
        return false;
    if (dot != std::string_view::npos && (tail.size() != dot + 2 || !isHexDigit(tail[dot + 1])))
        return false;
    const std::size_t colon2 = head.rfind(':');
    std::string_view bus = colon2 == std::string_view::npos ? head : head.substr(colon2 + 1);
    if (bus.size() != 2 || !allHex(bus))
        return false;
    if (colon2 != std::string_view::npos) {
        std::string_view domain = head.substr(0, colon2);
        if ((domain.size() != 4 && domain.size() != 8) || !allHex(domain))
            return false;
    } else if (dot == std::string_view::npos) {
        return false; // "3b:00" alone is too ambiguous (a time, a ratio)
    }
    return true;
}

bool isPath(std::string_view t)
{
    if (t.starts_with("./"))
        t.remove_prefix(1);
    return t.size() > 1 && t.front() == '/' && t.find('/', 1) != std::string_view::npos;
}

} // namespace

TokenShape tokenShape(std::string_view token)
{
    // Masked, wholly or in part, by a source's own patterns (regex_masks.h): a parameter.
    if (token.find("<*>") != std::string_view::npos)
        return TokenShape::HasDigit;
    const std::string_view t = stripWrappers(token);
    bool digit = false;
    for (char c : t)
        if (isDigit(c)) {
            digit = true;
            break;
        }
    if (isPath(t))
        return TokenShape::Path;
    if (!digit)
        return TokenShape::Word;
    if (isIpv4(t)) // before numbers: "10.0.0.1" is not a decimal
        return TokenShape::Ipv4;
    if (isNumber(t))
        return TokenShape::Number;
    if (isUuid(t))
        return TokenShape::Uuid;
    if (isPciId(t))
        return TokenShape::PciId;
    if ((t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && allHex(t.substr(2))) ||
        (t.size() >= 8 && allHex(t)))
        return TokenShape::Hex;
    return TokenShape::HasDigit;
}

const char *tokenShapeName(TokenShape shape)
{
    switch (shape) {
    case TokenShape::Word:
        return "word";
    case TokenShape::Number:
        return "number";
    case TokenShape::Hex:
        return "hex";
    case TokenShape::Ipv4:
        return "ipv4";
    case TokenShape::Uuid:
        return "uuid";
    case TokenShape::PciId:
        return "pci";
    case TokenShape::Path:
        return "path";
    case TokenShape::HasDigit:
        return "has_digit";
    }
    return "word";
}

} // namespace sn::logs
