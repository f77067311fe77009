#include "backend/comms/nccl_tests_log.h"

#include "backend/comms/text_table.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <regex>
#include <set>

namespace sn::comms {

namespace {

bool parseInt(const std::string &s, std::int64_t *v)
{
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
    return ec == std::errc() && p == s.data() + s.size();
}

bool parseDouble(const std::string &s, double *v)
{
    if (s.empty())
        return false;
    char *end = nullptr;
    *v = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && std::isfinite(*v) && *v >= 0;
}

constexpr const char *kFields[] = {"size",  "count",  "type", "redop", "root",  "time",  "algbw",
                                   "busbw", "#wrong", "time", "algbw", "busbw", "#wrong"};

Result<NcclTestsTiming> timing(const std::vector<Cell> &c, std::size_t first, const std::string &source, int line,
                               bool inPlace)
{
    NcclTestsTiming t;
    double *targets[] = {&t.timeUs, &t.algbwGBps, &t.busbwGBps};
    for (std::size_t k = 0; k < 3; ++k)
        if (!parseDouble(c[first + k].text, targets[k]))
            return invalidArgument(where(source, line, c[first + k].column) +
                                   (inPlace ? "in-place " : "out-of-place ") + kFields[first + k] + " '" +
                                   c[first + k].text + "' is not a number");
    const Cell &w = c[first + 3];
    std::int64_t wrong = 0;
    if (w.text == "N/A")
        t.wrong.reset();
    else if (parseInt(w.text, &wrong) && wrong >= 0)
        t.wrong = wrong;
    else
        return invalidArgument(where(source, line, w.column) + "#wrong '" + w.text + "' is not a count or N/A");
    return t;
}

} // namespace

int NcclTestsRun::nodes() const
{
    std::set<std::string> hosts;
    for (const NcclTestsRank &r : ranks)
        hosts.insert(r.host);
    return static_cast<int>(hosts.size());
}

const NcclTestsRow *NcclTestsRun::largest() const
{
    const NcclTestsRow *best = nullptr;
    for (const NcclTestsRow &r : rows)
        if (!best || r.bytes > best->bytes)
            best = &r;
    return best;
}

Result<NcclTestsRun> parseNcclTestsLog(std::string_view text, const std::string &source)
{
    static const std::regex kProgram(R"(\b([a-z_]+)_perf\b)");
    static const std::regex kRank(
        R"(^#\s+Rank\s+(\d+)\s+Group\s+\d+\s+Pid\s+\d+\s+on\s+(\S+)\s+device\s+(\d+)\s+\[([0-9a-fA-Fx:.]+)\]\s+(.*\S)\s*$)");
    NcclTestsRun run;
    bool inTable = false;
    for (const TextLine &line : splitLines(text)) {
        const std::string t = trimmed(line.text);
        std::smatch m;
        if (run.collective.empty() && std::regex_search(t, m, kProgram) && t.rfind("#", 0) != 0)
            run.collective = m[1];
        if (std::regex_match(t, m, kRank)) {
            NcclTestsRank r;
            r.rank = std::stoi(m[1]);
            r.host = m[2];
            r.device = std::stoi(m[3]);
            r.busId = m[4];
            r.model = m[5];
            if (r.rank != static_cast<int>(run.ranks.size()))
                return invalidArgument(where(source, line.number, 1) + "rank " + std::to_string(r.rank) +
                                       " out of order (expected rank " + std::to_string(run.ranks.size()) + ")");
            run.ranks.push_back(r);
            continue;
        }
        if (t.rfind("#", 0) == 0) {
            if (t.find("size") != std::string::npos && t.find("busbw") != std::string::npos)
                inTable = true;
            if (t.rfind("# Avg bus bandwidth", 0) == 0) {
                const std::size_t colon = t.find(':');
                double v = 0;
                if (colon == std::string::npos || !parseDouble(trimmed(t.substr(colon + 1)), &v))
                    return invalidArgument(where(source, line.number, 1) + "average bus bandwidth " + excerpt(t) +
                                           " has no number");
                run.avgBusbwGBps = v;
                inTable = false;
            }
            continue;
        }
        if (!inTable || t.empty() || !std::isdigit(static_cast<unsigned char>(t.front())))
            continue;
        const std::vector<Cell> c = splitBlanks(line.text);
        if (c.size() != 13)
            return invalidArgument(where(source, line.number, c.front().column) + "a result row has " +
                                   std::to_string(c.size()) +
                                   " fields, expected 13 (size count type redop root, then time algbw busbw "
                                   "#wrong out-of-place and in-place)");
        NcclTestsRow row;
        row.line = line.number;
        std::int64_t root = 0;
        if (!parseInt(c[0].text, &row.bytes) || row.bytes < 0)
            return invalidArgument(where(source, line.number, c[0].column) + "size '" + c[0].text +
                                   "' is not a byte count");
        if (!parseInt(c[1].text, &row.count) || row.count < 0)
            return invalidArgument(where(source, line.number, c[1].column) + "count '" + c[1].text +
                                   "' is not an element count");
        if (!parseInt(c[4].text, &root))
            return invalidArgument(where(source, line.number, c[4].column) + "root '" + c[4].text + "' is not a rank");
        row.type = c[2].text;
        row.redop = c[3].text;
        row.root = static_cast<int>(root);
        auto oop = timing(c, 5, source, line.number, false);
        if (!oop)
            return oop.error();
        auto ip = timing(c, 9, source, line.number, true);
        if (!ip)
            return ip.error();
        row.outOfPlace = *oop;
        row.inPlace = *ip;
        if (!run.rows.empty() && row.bytes < run.rows.back().bytes)
            return invalidArgument(where(source, line.number, c[0].column) + "size " + c[0].text +
                                   " is smaller than the row before (rows are in increasing size)");
        run.rows.push_back(std::move(row));
    }
    if (run.rows.empty())
        return invalidArgument(source + ": no result rows (expected the table nccl-tests prints after "
                                        "'#       size         count      type   redop ...')");
    if (run.ranks.empty())
        return invalidArgument(source + ": no '#  Rank N ... on HOST device N' lines: cannot tell how many ranks ran");
    return run;
}

} // namespace sn::comms
