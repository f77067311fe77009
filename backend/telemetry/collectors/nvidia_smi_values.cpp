#include "backend/telemetry/collectors/nvidia_smi_values.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>

namespace sn::nvsmi {

namespace {

bool equalsNoCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// Texts seen in real captures from drivers R418 to R595 where a value would be.
constexpr std::array<std::string_view, 12> kUnavailable{
    "N/A",
    "NA",
    "Not Supported",
    "Not Available",
    "Unknown Error",
    "Unknown",
    "Requested functionality has been deprecated",
    "Insufficient Permissions",
    "No Permission",
    "GPU requires reset",
    "GPU is lost",
    "None",
};

// Units nvidia-smi prints after numbers in CSV (without nounits) and XML.
constexpr std::array<std::string_view, 12> kUnits{"MiB", "%", "W",  "MHz",     "C", "KB/s",
                                                  "us",  "x", "ms", "bank(s)", "J", "mJ"};

Parse parseDecimal(std::string_view s, double *value, std::string *why)
{
    if (s.empty()) {
        *why = "no number";
        return Parse::Bad;
    }
    const char *first = s.data();
    const char *last = s.data() + s.size();
    if (*first == '+')
        ++first;
    auto [ptr, ec] = std::from_chars(first, last, *value);
    if (ec != std::errc() || ptr != last) {
        *why = "'" + std::string(s) + "' is not a number";
        return Parse::Bad;
    }
    return Parse::Ok;
}

} // namespace

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool isUnavailable(std::string_view text)
{
    std::string_view t = trim(text);
    if (t.empty())
        return true;
    // Anything in brackets is a status message, never a value ("[GPU is lost]").
    if (t.size() >= 2 && t.front() == '[' && t.back() == ']')
        return true;
    return std::any_of(kUnavailable.begin(), kUnavailable.end(),
                       [&](std::string_view u) { return equalsNoCase(t, u); });
}

Parse parseNumber(std::string_view text, std::string_view unit, double *value, std::string *why)
{
    if (isUnavailable(text))
        return Parse::Unavailable;
    std::string_view t = trim(text);
    if (!unit.empty() && t.size() >= unit.size() && t.substr(t.size() - unit.size()) == unit) {
        t.remove_suffix(unit.size());
        t = trim(t);
    }
    const Parse p = parseDecimal(t, value, why);
    if (p == Parse::Bad && !unit.empty())
        *why = "'" + std::string(trim(text)) + "' is not a number in " + std::string(unit);
    return p;
}

Parse parseNumberAnyUnit(std::string_view text, double *value, std::string *why)
{
    if (isUnavailable(text))
        return Parse::Unavailable;
    std::string_view t = trim(text);
    for (std::string_view unit : kUnits) {
        if (t.size() > unit.size() && t.substr(t.size() - unit.size()) == unit) {
            std::string_view number = trim(t.substr(0, t.size() - unit.size()));
            if (parseDecimal(number, value, why) == Parse::Ok)
                return Parse::Ok;
        }
    }
    return parseDecimal(t, value, why);
}

Parse parseBitmask(std::string_view text, double *value, std::string *why)
{
    if (isUnavailable(text))
        return Parse::Unavailable;
    std::string_view t = trim(text);
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        std::uint64_t bits = 0;
        auto [ptr, ec] = std::from_chars(t.data() + 2, t.data() + t.size(), bits, 16);
        if (ec != std::errc() || ptr != t.data() + t.size()) {
            *why = "'" + std::string(t) + "' is not a hexadecimal bitmask";
            return Parse::Bad;
        }
        *value = static_cast<double>(bits);
        return Parse::Ok;
    }
    std::uint64_t bits = 0;
    auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), bits);
    if (ec != std::errc() || ptr != t.data() + t.size()) {
        *why = "'" + std::string(t) + "' is not a bitmask";
        return Parse::Bad;
    }
    *value = static_cast<double>(bits);
    return Parse::Ok;
}

Parse parseFlag(std::string_view text, double *value, std::string *why)
{
    std::string_view t = trim(text);
    for (std::string_view yes : {"Yes", "Active", "Enabled", "True"})
        if (equalsNoCase(t, yes)) {
            *value = 1;
            return Parse::Ok;
        }
    for (std::string_view no : {"No", "Not Active", "Disabled", "False"})
        if (equalsNoCase(t, no)) {
            *value = 0;
            return Parse::Ok;
        }
    if (isUnavailable(t))
        return Parse::Unavailable;
    *why = "'" + std::string(t) + "' is not Yes/No";
    return Parse::Bad;
}

} // namespace sn::nvsmi
