#include "backend/scheduler/backends/slurm_hostlist.h"

#include <charconv>

namespace sn {

namespace {

Error bad(std::string_view list, const std::string &why)
{
    return invalidArgument("Slurm list '" + std::string(list) + "': " + why);
}

bool toNumber(std::string_view text, long long *value)
{
    if (text.empty())
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
    return ec == std::errc() && end == text.data() + text.size();
}

// Splits at commas outside brackets.
std::vector<std::string_view> topLevelItems(std::string_view list)
{
    std::vector<std::string_view> items;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
        if (i == list.size() || (list[i] == ',' && depth == 0)) {
            items.push_back(list.substr(start, i - start));
            start = i + 1;
        } else if (list[i] == '[') {
            ++depth;
        } else if (list[i] == ']') {
            --depth;
        }
    }
    return items;
}

// Slurm's own limit on a job's or a cluster's nodes is far below this; several bracket groups in
// one name multiply out ("a[1-100]b[1-100]c[1-100]" is a million), so the product is bounded, not
// each range alone.
constexpr std::size_t kMaxHosts = 65536;
constexpr std::size_t kMaxIndices = 65536;

Status tooMany(std::string_view whole)
{
    return bad(whole, "expands to more than " + std::to_string(kMaxHosts) + " hosts");
}

Status expandItem(std::string_view whole, std::string_view item, std::vector<std::string> &out)
{
    const auto open = item.find('[');
    if (open == std::string_view::npos) {
        if (item.find(']') != std::string_view::npos)
            return bad(whole, "']' without '['");
        if (out.size() >= kMaxHosts)
            return tooMany(whole);
        out.emplace_back(item);
        return success();
    }
    const auto close = item.find(']', open);
    if (close == std::string_view::npos)
        return bad(whole, "unclosed '[' in '" + std::string(item) + "'");
    const std::string_view prefix = item.substr(0, open);
    const std::string_view ranges = item.substr(open + 1, close - open - 1);
    const std::string_view rest = item.substr(close + 1);
    if (ranges.empty())
        return bad(whole, "empty brackets in '" + std::string(item) + "'");
    // A second bracket group ("rack[1-2]n[1-4]") multiplies out; its names are the same for
    // every number of this group, so they are expanded once.
    std::vector<std::string> tails;
    if (auto ok = expandItem(whole, rest, tails); !ok)
        return ok;
    std::size_t start = 0;
    while (start <= ranges.size()) {
        const auto comma = ranges.find(',', start);
        const std::string_view range = ranges.substr(start, comma == std::string_view::npos ? comma : comma - start);
        const auto dash = range.find('-');
        const std::string_view first = range.substr(0, dash);
        const std::string_view last = dash == std::string_view::npos ? first : range.substr(dash + 1);
        long long a = 0, b = 0;
        if (!toNumber(first, &a) || !toNumber(last, &b))
            return bad(whole, "'" + std::string(range) + "' is not a number or a range of numbers");
        if (b < a)
            return bad(whole, "range '" + std::string(range) + "' runs backwards");
        if (b - a > 100000)
            return bad(whole, "range '" + std::string(range) + "' is implausibly large");
        for (long long n = a; n <= b; ++n) {
            std::string digits = std::to_string(n);
            if (digits.size() < first.size())
                digits.insert(0, first.size() - digits.size(), '0');
            if (tails.size() > kMaxHosts - out.size())
                return tooMany(whole);
            for (const std::string &tail : tails)
                out.push_back(std::string(prefix) + digits + tail);
        }
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return success();
}

} // namespace

Result<std::vector<std::string>> expandSlurmHostlist(std::string_view hostlist)
{
    std::vector<std::string> hosts;
    if (hostlist.empty() || hostlist == "(null)")
        return hosts;
    for (std::string_view item : topLevelItems(hostlist)) {
        if (item.empty())
            return bad(hostlist, "empty host name");
        if (auto ok = expandItem(hostlist, item, hosts); !ok)
            return ok.error();
    }
    return hosts;
}

Result<std::vector<int>> expandSlurmIndexList(std::string_view list)
{
    std::vector<int> indices;
    if (list.empty())
        return indices;
    for (std::string_view item : topLevelItems(list)) {
        const auto dash = item.find('-');
        long long a = 0, b = 0;
        if (!toNumber(item.substr(0, dash), &a) ||
            !toNumber(dash == std::string_view::npos ? item : item.substr(dash + 1), &b))
            return bad(list, "'" + std::string(item) + "' is not an index or a range of indices");
        if (b < a || b > 4096)
            return bad(list, "range '" + std::string(item) + "' runs backwards or past 4096");
        if (static_cast<std::size_t>(b - a + 1) > kMaxIndices - indices.size())
            return bad(list, "expands to more than " + std::to_string(kMaxIndices) + " indices");
        for (long long n = a; n <= b; ++n)
            indices.push_back(static_cast<int>(n));
    }
    return indices;
}

} // namespace sn
