#include "backend/model/quantity.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace sn {

namespace {

struct Unit {
    std::string_view suffix;
    std::int64_t multiplier;
};

// Largest first within each family, so the first exact match is the largest exact unit.
constexpr std::array<Unit, 12> kByteUnits{{
    {"Ei", std::int64_t{1} << 60},
    {"Pi", std::int64_t{1} << 50},
    {"Ti", std::int64_t{1} << 40},
    {"Gi", std::int64_t{1} << 30},
    {"Mi", std::int64_t{1} << 20},
    {"Ki", std::int64_t{1} << 10},
    {"E", 1'000'000'000'000'000'000},
    {"P", 1'000'000'000'000'000},
    {"T", 1'000'000'000'000},
    {"G", 1'000'000'000},
    {"M", 1'000'000},
    {"K", 1'000},
}};

constexpr const char *kBytesExpected = "a byte quantity like 512Gi, 80G or 1024";
constexpr const char *kGbpsExpected = "a speed in gigabits per second like 100G, 400Gbps, 200Gb/s or 1.6T";

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

std::string_view trimmed(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// A plain decimal: digits, optionally a point and more digits ("1.5", "80", ".5" is not one).
struct Decimal {
    std::string_view whole;
    std::string_view fraction;
    std::string_view rest; // what follows the number: the unit
};

std::optional<Decimal> splitDecimal(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && isDigit(text[i]))
        ++i;
    if (i == 0)
        return std::nullopt;
    Decimal d;
    d.whole = text.substr(0, i);
    if (i < text.size() && text[i] == '.') {
        const std::size_t start = ++i;
        while (i < text.size() && isDigit(text[i]))
            ++i;
        if (i == start)
            return std::nullopt;
        d.fraction = text.substr(start, i - start);
    }
    d.rest = text.substr(i);
    return d;
}

} // namespace

Result<std::int64_t> parseBytes(const std::string &input)
{
    const std::string_view text = trimmed(input);
    if (text.empty())
        return invalidArgument(std::string("expected ") + kBytesExpected + ", got an empty value");
    if (text.front() == '-')
        return invalidArgument(std::string("expected ") + kBytesExpected + " (not negative), got " + quoted(text));
    const auto decimal = splitDecimal(text.front() == '+' ? text.substr(1) : text);
    if (!decimal)
        return invalidArgument(std::string("expected ") + kBytesExpected + ", got " + quoted(text));

    std::string_view unit = decimal->rest;
    if (unit.size() > 1 && unit.back() == 'B') // "512GiB", "80GB": the B only says bytes
        unit.remove_suffix(1);
    else if (unit == "B")
        unit = {};
    std::int64_t multiplier = 1;
    if (unit == "k") {
        multiplier = 1000; // Kubernetes spells kilo in lower case
    } else if (!unit.empty()) {
        multiplier = 0;
        for (const auto &u : kByteUnits)
            if (u.suffix == unit)
                multiplier = u.multiplier;
        if (multiplier == 0)
            return invalidArgument(std::string("expected ") + kBytesExpected + ", got " + quoted(text) +
                                   " (unknown unit " + quoted(decimal->rest) +
                                   "; use Ki, Mi, Gi, Ti, Pi, Ei or K, M, G, T, P, E)");
    }

    // Exact integer arithmetic, so "1.5Ti" is exactly 1.5 * 2^40 and overflow is caught.
    const auto tooLarge = [&] {
        return invalidArgument(std::string("expected ") + kBytesExpected + " of at most 8Ei, got " + quoted(text));
    };
    using Wide = __int128;
    constexpr Wide kMax = std::numeric_limits<std::int64_t>::max();
    Wide whole = 0;
    for (char c : decimal->whole) {
        whole = whole * 10 + (c - '0');
        if (whole > kMax)
            return tooLarge();
    }
    Wide total = whole * multiplier;
    if (total > kMax)
        return tooLarge();
    if (!decimal->fraction.empty()) {
        std::string_view fraction = decimal->fraction;
        while (!fraction.empty() && fraction.back() == '0')
            fraction.remove_suffix(1);
        if (fraction.size() > 18)
            return invalidArgument(std::string("expected a whole number of bytes, got ") + quoted(text) +
                                   " (too many decimal places)");
        Wide numerator = 0;
        Wide denominator = 1;
        for (char c : fraction) {
            numerator = numerator * 10 + (c - '0');
            denominator *= 10;
        }
        const Wide scaled = numerator * multiplier;
        if (scaled % denominator != 0)
            return invalidArgument(std::string("expected a whole number of bytes, got ") + quoted(text));
        total += scaled / denominator;
        if (total > kMax)
            return tooLarge();
    }
    return static_cast<std::int64_t>(total);
}

std::string formatBytes(std::int64_t bytes)
{
    if (bytes <= 0)
        return std::to_string(bytes); // negative sizes have no unit form; the reader rejects them
    // The largest exact binary unit and the largest exact SI unit compete; the smaller number
    // wins, binary on a tie. So 512Gi stays 512Gi, and 80G does not become 78125000Ki.
    const Unit *binary = nullptr;
    const Unit *si = nullptr;
    for (const auto &u : kByteUnits) {
        const bool isBinary = u.suffix.size() == 2;
        const Unit *&best = isBinary ? binary : si;
        if (!best && bytes % u.multiplier == 0)
            best = &u;
    }
    const Unit *unit = binary;
    if (si && (!binary || bytes / si->multiplier < bytes / binary->multiplier))
        unit = si;
    if (!unit)
        return std::to_string(bytes);
    return std::to_string(bytes / unit->multiplier) + std::string(unit->suffix);
}

Result<double> parseGbps(const std::string &input)
{
    const std::string_view text = trimmed(input);
    if (text.empty())
        return invalidArgument(std::string("expected ") + kGbpsExpected + ", got an empty value");
    if (text.front() == '-')
        return invalidArgument(std::string("expected ") + kGbpsExpected + " (not negative), got " + quoted(text));
    const auto decimal = splitDecimal(text.front() == '+' ? text.substr(1) : text);
    if (!decimal)
        return invalidArgument(std::string("expected ") + kGbpsExpected + ", got " + quoted(text));

    const std::string_view unit = decimal->rest;
    int exponent = 0; // power of ten from the unit to gigabits
    if (unit.empty()) {
        exponent = 0;
    } else {
        const char prefix = unit.front();
        const std::string_view tail = unit.substr(1);
        if (tail == "B/s" || tail == "Bps" || tail == "B")
            return invalidArgument(std::string("expected ") + kGbpsExpected + ", got " + quoted(text) +
                                   " (that is bytes; link speeds are in bits: write " + prefix + "b/s)");
        const bool bitsTail = tail.empty() || tail == "bps" || tail == "b/s" || tail == "bit/s";
        if (prefix == 'T' && bitsTail)
            exponent = 3;
        else if (prefix == 'G' && bitsTail)
            exponent = 0;
        else if (prefix == 'M' && bitsTail)
            exponent = -3;
        else
            return invalidArgument(std::string("expected ") + kGbpsExpected + ", got " + quoted(text) +
                                   " (unknown unit " + quoted(unit) + "; use M, G or T, optionally with bps or b/s)");
    }

    // Let from_chars do the scaling in decimal ("1.6e3"), so "1.6T" is exactly 1600, not 1.6 * 1000.
    std::string number(decimal->whole);
    if (!decimal->fraction.empty())
        number += "." + std::string(decimal->fraction);
    number += "e" + std::to_string(exponent);
    double value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size() || !std::isfinite(value))
        return invalidArgument(std::string("expected ") + kGbpsExpected + ", got " + quoted(text) + " (out of range)");
    return value;
}

std::string formatGbps(double gbps)
{
    // Shortest decimal that reads back to the same double, in plain notation: "100G", "12.5G".
    std::array<char, 400> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), gbps, std::chars_format::fixed);
    if (ec != std::errc())
        return std::to_string(gbps) + "G";
    return std::string(buffer.data(), end) + "G";
}

namespace {

// Prometheus' duration units, largest first; a year is 365 days and a week 7, as there.
constexpr std::array<Unit, 7> kDurationUnits{{
    {"y", 365LL * 24 * 3600 * 1000},
    {"w", 7LL * 24 * 3600 * 1000},
    {"d", 24LL * 3600 * 1000},
    {"h", 3600LL * 1000},
    {"m", 60LL * 1000},
    {"s", 1000},
    {"ms", 1},
}};

constexpr const char *kDurationExpected = "a duration like 500ms, 15s, 1h30m or 15d";

} // namespace

Result<std::int64_t> parseDurationMs(const std::string &input)
{
    const std::string_view text = trimmed(input);
    const auto bad = [&](const std::string &why) {
        return invalidArgument(std::string("expected ") + kDurationExpected + ", got " +
                               (text.empty() ? std::string("an empty value") : quoted(text)) + why);
    };
    if (text.empty())
        return bad("");
    std::string_view rest = text;
    std::int64_t total = 0;
    std::size_t lastUnit = 0; // index into kDurationUnits + 1; units must come largest first
    while (!rest.empty()) {
        std::size_t digits = 0;
        while (digits < rest.size() && isDigit(rest[digits]))
            ++digits;
        if (digits == 0)
            return bad(rest.front() == '-' ? " (not negative)" : "");
        std::int64_t amount = 0;
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + digits, amount);
        if (ec != std::errc{} || end != rest.data() + digits)
            return bad(" (too large)");
        rest.remove_prefix(digits);
        std::size_t unitLength = 0;
        while (unitLength < rest.size() && !isDigit(rest[unitLength]))
            ++unitLength;
        const std::string_view unit = rest.substr(0, unitLength);
        std::size_t index = 0;
        while (index < kDurationUnits.size() && kDurationUnits[index].suffix != unit)
            ++index;
        if (index == kDurationUnits.size())
            return bad(unit.empty() ? " (a number needs a unit: ms, s, m, h, d, w or y)"
                                    : " (unknown unit " + quoted(unit) + "; use ms, s, m, h, d, w or y)");
        if (index + 1 <= lastUnit)
            return bad(" (write the units largest first, each once)");
        lastUnit = index + 1;
        const std::int64_t multiplier = kDurationUnits[index].multiplier;
        if (amount > (std::numeric_limits<std::int64_t>::max() - total) / multiplier)
            return bad(" (too large)");
        total += amount * multiplier;
        rest.remove_prefix(unitLength);
    }
    return total;
}

std::string formatDurationMs(std::int64_t ms)
{
    if (ms <= 0)
        return ms == 0 ? "0s" : std::to_string(ms) + "ms"; // negative: no unit form; the reader rejects it
    std::string out;
    // Weeks and years stay out: "15d" reads better than "2w1d".
    for (const Unit &u : kDurationUnits) {
        if (u.suffix == "y" || u.suffix == "w")
            continue;
        if (ms >= u.multiplier) {
            out += std::to_string(ms / u.multiplier) + std::string(u.suffix);
            ms %= u.multiplier;
        }
    }
    return out;
}

} // namespace sn
