#include "backend/model/yaml_fields.h"

#include "backend/model/quantity.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <sstream>

namespace sn::yaml_fields {

namespace {

std::string rangeText(long long min, long long max)
{
    if (max == LLONG_MAX)
        return "an integer of at least " + std::to_string(min);
    if (min == INT_MIN && max == INT_MAX)
        return "an integer";
    return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string plainNumber(double value)
{
    std::array<char, 400> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed);
    return ec == std::errc() ? std::string(buffer.data(), end) : std::to_string(value);
}

[[noreturn]] void failQuantity(const Field &f, const std::string &message)
{
    constexpr std::string_view kExpected = "expected ";
    if (message.starts_with(kExpected))
        fail(f.mark(), quote(f.path) + " expects " + message.substr(kExpected.size()));
    fail(f.mark(), quote(f.path) + ": " + message);
}

} // namespace

[[noreturn]] void fail(const YAML::Mark &mark, std::string message)
{
    throw ReadError{mark, std::move(message)};
}

std::string quote(const std::string &path)
{
    return "'" + path + "'";
}

std::string describe(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return "a map";
    case YAML::NodeType::Sequence:
        return "a sequence";
    case YAML::NodeType::Scalar:
        return "\"" + node.Scalar() + "\"";
    default:
        return "nothing";
    }
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string readString(const Field &f)
{
    if (f.value.IsNull())
        return {};
    if (!f.value.IsScalar())
        fail(f.mark(), quote(f.path) + " expects a string, got " + describe(f.value));
    return f.value.Scalar();
}

std::string readName(const Field &f)
{
    std::string name = readString(f);
    if (name.empty())
        fail(f.mark(), quote(f.path) + " must not be empty");
    return name;
}

long long readInt(const Field &f, long long min, long long max)
{
    long long value = 0;
    const std::string text = f.value.IsScalar() ? f.value.Scalar() : std::string();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!f.value.IsScalar() || ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
        fail(f.mark(), quote(f.path) + " expects " + rangeText(min, max) + ", got " + describe(f.value));
    return value;
}

int readInt32(const Field &f, int min, int max)
{
    return static_cast<int>(readInt(f, min, max));
}

std::uint64_t readUnsigned(const Field &f)
{
    std::uint64_t value = 0;
    const std::string text = f.value.IsScalar() ? f.value.Scalar() : std::string();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!f.value.IsScalar() || ec != std::errc() || end != text.data() + text.size())
        fail(f.mark(), quote(f.path) + " expects an integer from 0 to 18446744073709551615, got " + describe(f.value));
    return value;
}

double readNumber(const Field &f, double min, double max, const char *unit)
{
    double value = 0;
    const std::string text = f.value.IsScalar() ? f.value.Scalar() : std::string();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!f.value.IsScalar() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
        value < min || value > max) {
        fail(f.mark(), quote(f.path) + " expects a number" + unit + " from " + plainNumber(min) + " to " +
                           plainNumber(max) + ", got " + describe(f.value));
    }
    return value;
}

// Quantity errors read "expected a byte quantity like ..."; put the key in front of them.
std::int64_t readBytes(const Field &f)
{
    if (!f.value.IsScalar())
        fail(f.mark(), quote(f.path) + " expects a byte quantity like 512Gi, 80G or 1024, got " + describe(f.value));
    auto bytes = parseBytes(f.value.Scalar());
    if (!bytes)
        failQuantity(f, bytes.error().message);
    return *bytes;
}

std::int64_t readDurationMs(const Field &f, std::int64_t minMs, std::int64_t maxMs)
{
    if (!f.value.IsScalar())
        fail(f.mark(), quote(f.path) + " expects a duration like 500ms, 15s, 1h30m or 15d, got " + describe(f.value));
    auto ms = parseDurationMs(f.value.Scalar());
    if (!ms)
        failQuantity(f, ms.error().message);
    if (*ms < minMs || *ms > maxMs)
        fail(f.mark(), quote(f.path) + " must be between " + formatDurationMs(minMs) + " and " +
                           formatDurationMs(maxMs) + ", got " + describe(f.value));
    return *ms;
}

bool readBool(const Field &f)
{
    if (f.value.IsScalar() && (f.value.Scalar() == "true" || f.value.Scalar() == "false"))
        return f.value.Scalar() == "true";
    fail(f.mark(), quote(f.path) + " expects true or false, got " + describe(f.value));
}

double readGbps(const Field &f)
{
    if (!f.value.IsScalar())
        fail(f.mark(), quote(f.path) + " expects a speed like 100G, got " + describe(f.value));
    auto gbps = parseGbps(f.value.Scalar());
    if (!gbps)
        failQuantity(f, gbps.error().message);
    return *gbps;
}

LinkType readLinkType(const Field &f, std::initializer_list<LinkType> allowed, const char *expected)
{
    const std::string name = f.value.IsScalar() ? f.value.Scalar() : std::string();
    const auto type = linkTypeFromName(name);
    if (!type || std::find(allowed.begin(), allowed.end(), *type) == allowed.end())
        fail(f.mark(), quote(f.path) + " expects one of " + expected + ", got " + describe(f.value));
    return *type;
}

const YAML::Node &requireSequence(const Field &f, const std::string &example)
{
    if (!f.value.IsSequence())
        fail(f.mark(), quote(f.path) + " expects a sequence" + example + ", got " + describe(f.value));
    return f.value;
}

// Each entry of a sequence as a field, so entries are named "nodes[2]" in messages. An empty
// entry ("-" alone) has no mark of its own worth showing; the sequence's start stands in for it.
Field entry(const Field &sequence, std::size_t i)
{
    return Field{sequence.value, sequence.value[i], sequence.path + "[" + std::to_string(i) + "]"};
}

} // namespace sn::yaml_fields
