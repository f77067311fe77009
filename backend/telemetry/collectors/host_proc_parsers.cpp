#include "backend/telemetry/collectors/host_proc_parsers.h"

#include <array>
#include <charconv>
#include <optional>
#include <regex>

namespace sn {

namespace {

std::vector<std::string_view> fields(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

// Calls fn(line, lineNumber) for each line; stops at the first error fn returns.
template <typename Fn> Status forEachLine(std::string_view text, Fn fn)
{
    int number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        ++number;
        if (Status s = fn(line, number); !s)
            return s;
        if (end == std::string_view::npos)
            break;
        text.remove_prefix(end + 1);
    }
    return success();
}

Error malformed(const std::string &path, int line, const std::string &what)
{
    return invalidArgument(path + ":" + std::to_string(line) + ": " + what);
}

std::optional<std::uint64_t> toU64(std::string_view s)
{
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty())
        return std::nullopt;
    return v;
}

std::optional<double> toDouble(std::string_view s)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty())
        return std::nullopt;
    return v;
}

MetricSample sample(const HostParseContext &ctx, std::string metric, double value, Labels extra = {})
{
    Labels labels = ctx.baseLabels;
    labels.insert(extra.begin(), extra.end());
    return {std::move(metric), std::move(labels), ctx.timeMs, value};
}

std::string quotedText(std::string_view s)
{
    return "'" + std::string(s) + "'";
}

} // namespace

Result<std::vector<MetricSample>> parseProcStat(std::string_view text, const HostParseContext &ctx)
{
    static constexpr std::array<const char *, 8> kModes{"user",   "nice", "system",  "idle",
                                                        "iowait", "irq",  "softirq", "steal"};
    std::vector<MetricSample> out;
    const Status s = forEachLine(text, [&](std::string_view line, int n) -> Status {
        const auto f = fields(line);
        if (f.empty())
            return success();
        const std::string_view key = f[0];
        if (key.size() > 3 && key.substr(0, 3) == "cpu") {
            const std::string_view id = key.substr(3);
            if (!toU64(id))
                return malformed(ctx.path, n, "CPU name " + quotedText(key) + " is not cpu<N>");
            // Kernels since 2.6.11 print at least user..steal; older ones are not supported.
            if (f.size() < 1 + kModes.size())
                return malformed(ctx.path, n,
                                 quotedText(key) + " has " + std::to_string(f.size() - 1) +
                                     " counters, expected at least 8 (user..steal)");
            for (std::size_t m = 0; m < kModes.size(); ++m) {
                const auto ticks = toU64(f[1 + m]);
                if (!ticks)
                    return malformed(ctx.path, n,
                                     quotedText(key) + " " + kModes[m] + " " + quotedText(f[1 + m]) + " is not a tick count");
                out.push_back(sample(ctx, "node_cpu_seconds_total", static_cast<double>(*ticks) / ctx.ticksPerSecond,
                                     {{"cpu", std::string(id)}, {"mode", kModes[m]}}));
            }
            return success();
        }
        const char *metric = key == "ctxt"            ? "node_context_switches_total"
                             : key == "btime"         ? "node_boot_time_seconds"
                             : key == "procs_running" ? "node_procs_running"
                             : key == "procs_blocked" ? "node_procs_blocked"
                             : key == "processes"     ? "node_forks_total"
                                                      : nullptr;
        if (!metric)
            return success(); // cpu (the sum), intr, softirq: not series node-exporter exports by default
        if (f.size() != 2)
            return malformed(ctx.path, n, quotedText(key) + " has " + std::to_string(f.size() - 1) + " values, expected 1");
        const auto v = toU64(f[1]);
        if (!v)
            return malformed(ctx.path, n, quotedText(key) + " value " + quotedText(f[1]) + " is not a number");
        out.push_back(sample(ctx, metric, static_cast<double>(*v)));
        return success();
    });
    if (!s)
        return s.error();
    return out;
}

Result<std::vector<MetricSample>> parseProcLoadavg(std::string_view text, const HostParseContext &ctx)
{
    const auto f = fields(text.substr(0, text.find('\n')));
    if (f.size() < 3)
        return malformed(ctx.path, 1, "expected 3 load averages, found " + std::to_string(f.size()) + " fields");
    std::vector<MetricSample> out;
    static constexpr std::array<const char *, 3> kNames{"node_load1", "node_load5", "node_load15"};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto v = toDouble(f[i]);
        if (!v || *v < 0)
            return malformed(ctx.path, 1, std::string(kNames[i]) + " " + quotedText(f[i]) + " is not a load average");
        out.push_back(sample(ctx, kNames[i], *v));
    }
    return out;
}

Result<std::vector<MetricSample>> parseProcMeminfo(std::string_view text, const HostParseContext &ctx)
{
    std::vector<MetricSample> out;
    const Status s = forEachLine(text, [&](std::string_view line, int n) -> Status {
        if (fields(line).empty())
            return success();
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0)
            return malformed(ctx.path, n, "expected 'Key: value [kB]', got " + quotedText(line));
        std::string key(line.substr(0, colon));
        // node-exporter's spelling: "Active(anon)" -> "Active_anon".
        for (char &c : key)
            if (c == '(')
                c = '_';
        std::erase(key, ')');
        const auto f = fields(line.substr(colon + 1));
        if (f.empty() || f.size() > 2 || (f.size() == 2 && f[1] != "kB"))
            return malformed(ctx.path, n,
                             quotedText(key) + ": expected a number and an optional 'kB', got " +
                                 quotedText(line.substr(colon + 1)));
        const auto v = toU64(f[0]);
        if (!v)
            return malformed(ctx.path, n, quotedText(key) + " value " + quotedText(f[0]) + " is not a number");
        if (f.size() == 2)
            out.push_back(sample(ctx, "node_memory_" + key + "_bytes", static_cast<double>(*v) * 1024.0));
        else
            out.push_back(sample(ctx, "node_memory_" + key, static_cast<double>(*v)));
        return success();
    });
    if (!s)
        return s.error();
    return out;
}

Result<std::vector<MetricSample>> parseProcNetDev(std::string_view text, const HostParseContext &ctx)
{
    // Columns after "iface:": receive bytes packets errs drop fifo frame compressed multicast,
    // then transmit bytes packets errs drop fifo colls carrier compressed.
    struct Column {
        std::size_t index;
        const char *metric;
    };
    static constexpr std::array<Column, 8> kColumns{{
        {0, "node_network_receive_bytes_total"},
        {1, "node_network_receive_packets_total"},
        {2, "node_network_receive_errs_total"},
        {3, "node_network_receive_drop_total"},
        {8, "node_network_transmit_bytes_total"},
        {9, "node_network_transmit_packets_total"},
        {10, "node_network_transmit_errs_total"},
        {11, "node_network_transmit_drop_total"},
    }};
    std::vector<MetricSample> out;
    const Status s = forEachLine(text, [&](std::string_view line, int n) -> Status {
        if (n <= 2 || fields(line).empty())
            return success(); // the two header lines
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            return malformed(ctx.path, n, "expected 'interface: counters', got " + quotedText(line));
        const auto name = fields(line.substr(0, colon));
        if (name.size() != 1)
            return malformed(ctx.path, n, "interface name " + quotedText(line.substr(0, colon)) + " is not one word");
        const auto f = fields(line.substr(colon + 1));
        if (f.size() != 16)
            return malformed(ctx.path, n,
                             quotedText(name[0]) + " has " + std::to_string(f.size()) + " counters, expected 16");
        for (const Column &c : kColumns) {
            const auto v = toU64(f[c.index]);
            if (!v)
                return malformed(ctx.path, n,
                                 quotedText(name[0]) + " column " + std::to_string(c.index + 1) + " " + quotedText(f[c.index]) +
                                     " is not a counter");
            out.push_back(sample(ctx, c.metric, static_cast<double>(*v), {{"device", std::string(name[0])}}));
        }
        return success();
    });
    if (!s)
        return s.error();
    return out;
}

bool diskstatsDeviceExcluded(std::string_view device)
{
    // node-exporter 1.x default: ^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$
    static const std::regex kExclude(R"(^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$)");
    return std::regex_match(device.begin(), device.end(), kExclude);
}

Result<std::vector<MetricSample>> parseProcDiskstats(std::string_view text, const HostParseContext &ctx)
{
    // Fields: major minor name, then reads completed, reads merged, sectors read, ms reading,
    // writes completed, writes merged, sectors written, ms writing, I/Os in progress, ms doing
    // I/O, weighted ms (and discard/flush columns on newer kernels). Sectors are 512 bytes
    // whatever the device's sector size (Documentation/admin-guide/iostats.rst).
    std::vector<MetricSample> out;
    const Status s = forEachLine(text, [&](std::string_view line, int n) -> Status {
        const auto f = fields(line);
        if (f.empty())
            return success();
        if (f.size() < 14)
            return malformed(ctx.path, n,
                             "expected at least 14 fields (major minor name and 11 counters), found " +
                                 std::to_string(f.size()));
        const std::string device(f[2]);
        std::array<std::uint64_t, 11> v{};
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto x = toU64(f[3 + i]);
            if (!x)
                return malformed(ctx.path, n,
                                 quotedText(device) + " field " + std::to_string(4 + i) + " " + quotedText(f[3 + i]) +
                                     " is not a counter");
            v[i] = *x;
        }
        if (diskstatsDeviceExcluded(device))
            return success();
        const Labels dev{{"device", device}};
        out.push_back(sample(ctx, "node_disk_reads_completed_total", static_cast<double>(v[0]), dev));
        out.push_back(sample(ctx, "node_disk_read_bytes_total", static_cast<double>(v[2]) * 512.0, dev));
        out.push_back(sample(ctx, "node_disk_writes_completed_total", static_cast<double>(v[4]), dev));
        out.push_back(sample(ctx, "node_disk_written_bytes_total", static_cast<double>(v[6]) * 512.0, dev));
        out.push_back(sample(ctx, "node_disk_io_time_seconds_total", static_cast<double>(v[9]) / 1000.0, dev));
        return success();
    });
    if (!s)
        return s.error();
    return out;
}

namespace {
std::string_view trimmed(std::string_view t)
{
    while (!t.empty() && (t.back() == '\n' || t.back() == ' '))
        t.remove_suffix(1);
    return t;
}
} // namespace

Result<std::uint64_t> parseSysfsCounter(std::string_view text, const std::string &path)
{
    const std::string_view t = trimmed(text);
    const auto v = toU64(t);
    if (!v)
        return malformed(path, 1, "expected one unsigned counter, got " + quotedText(t));
    return *v;
}

Result<std::int64_t> parseSysfsInteger(std::string_view text, const std::string &path)
{
    const std::string_view t = trimmed(text);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size())
        return malformed(path, 1, "expected one integer, got " + quotedText(t));
    return v;
}

} // namespace sn
