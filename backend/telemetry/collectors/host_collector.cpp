#include "backend/telemetry/collectors/host_collector.h"

#include "backend/telemetry/collectors/host_proc_parsers.h"

#include <QString>
#include <QSysInfo>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace sn {

namespace fs = std::filesystem;

namespace {

// The file's text; nothing when it does not exist; an error when it exists but cannot be read.
Result<std::optional<std::string>> readOptional(const fs::path &path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        return std::optional<std::string>{};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{ErrorCode::Unavailable, path.string() + ": cannot be read"};
    // /proc files report size 0, so read to the end rather than by size.
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Error{ErrorCode::Unavailable, path.string() + ": read failed"};
    return std::optional<std::string>(text.str());
}

// A sysfs number file: nothing when absent, an error when unreadable or malformed.
template <typename Parse> Result<std::optional<double>> readSysfsNumber(const fs::path &file, Parse parse)
{
    auto text = readOptional(file);
    if (!text)
        return text.error();
    if (!text.value())
        return std::optional<double>{};
    auto v = parse(**text, file.string());
    if (!v)
        return v.error();
    return std::optional<double>(static_cast<double>(*v));
}

std::vector<fs::path> sortedEntries(const fs::path &dir)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

using Parser = Result<std::vector<MetricSample>> (*)(std::string_view, const HostParseContext &);

Status readProcFile(const fs::path &path, Parser parse, HostParseContext ctx, std::vector<MetricSample> &out)
{
    auto text = readOptional(path);
    if (!text)
        return text.error();
    if (!text.value())
        return success();
    ctx.path = path.string();
    auto samples = parse(**text, ctx);
    if (!samples)
        return samples.error();
    out.insert(out.end(), samples->begin(), samples->end());
    return success();
}

// /sys/class/infiniband/<device>/ports/<port>/counters/port_{rcv,xmit}_{data,packets}. The data
// counters count 4-byte words (the InfiniBand spec's "octets divided by 4", one per lane of a
// 4x link), so bytes are the counter times 4, as node-exporter reports them.
Status readInfiniband(const fs::path &root, const HostParseContext &ctx, std::vector<MetricSample> &out)
{
    struct Counter {
        const char *file;
        const char *metric;
        double scale;
    };
    static constexpr Counter kCounters[] = {
        {"port_rcv_data", "node_infiniband_port_data_received_bytes_total", 4},
        {"port_xmit_data", "node_infiniband_port_data_transmitted_bytes_total", 4},
        {"port_rcv_packets", "node_infiniband_port_packets_received_total", 1},
        {"port_xmit_packets", "node_infiniband_port_packets_transmitted_total", 1},
    };
    for (const fs::path &device : sortedEntries(root / "sys/class/infiniband")) {
        for (const fs::path &port : sortedEntries(device / "ports")) {
            for (const Counter &c : kCounters) {
                const fs::path file = port / "counters" / c.file;
                const auto v = readSysfsNumber(file, parseSysfsCounter);
                if (!v)
                    return v.error();
                if (!v.value())
                    continue;
                Labels labels = ctx.baseLabels;
                labels["device"] = device.filename().string();
                labels["port"] = port.filename().string();
                out.push_back({c.metric, std::move(labels), ctx.timeMs, **v * c.scale});
            }
        }
    }
    return success();
}

// /sys/class/hwmon/hwmon<N>/temp<M>_input in millidegrees Celsius; chip is the hwmon's `name`.
Status readHwmon(const fs::path &root, const HostParseContext &ctx, std::vector<MetricSample> &out)
{
    for (const fs::path &hwmon : sortedEntries(root / "sys/class/hwmon")) {
        auto name = readOptional(hwmon / "name");
        if (!name)
            return name.error();
        std::string chip = name.value() ? **name : hwmon.filename().string();
        while (!chip.empty() && (chip.back() == '\n' || chip.back() == ' '))
            chip.pop_back();
        for (const fs::path &file : sortedEntries(hwmon)) {
            const std::string f = file.filename().string();
            if (f.rfind("temp", 0) != 0 || f.size() <= 10 || f.substr(f.size() - 6) != "_input")
                continue;
            const auto v = readSysfsNumber(file, parseSysfsInteger);
            if (!v)
                return v.error();
            if (!v.value())
                continue;
            Labels labels = ctx.baseLabels;
            labels["chip"] = chip;
            labels["sensor"] = f.substr(0, f.size() - 6);
            out.push_back({"node_hwmon_temp_celsius", std::move(labels), ctx.timeMs, **v / 1000.0});
        }
    }
    return success();
}

} // namespace

HostCollector::HostCollector(HostCollectorOptions options) : m_options(std::move(options))
{
    if (m_options.hostname.empty())
        m_options.hostname = QSysInfo::machineHostName().toStdString();
    if (m_options.ticksPerSecond <= 0) {
        const long ticks = sysconf(_SC_CLK_TCK);
        m_options.ticksPerSecond = ticks > 0 ? static_cast<double>(ticks) : 100.0;
    }
}

Result<Collection> HostCollector::collect(std::int64_t nowMs)
{
    const fs::path root(m_options.root.empty() ? "/" : m_options.root);
    HostParseContext ctx;
    ctx.baseLabels = {{"Hostname", m_options.hostname}};
    ctx.timeMs = nowMs;
    ctx.ticksPerSecond = m_options.ticksPerSecond;
    Collection out;
    struct File {
        const char *relative;
        Parser parse;
    };
    static constexpr File kFiles[] = {
        {"proc/stat", parseProcStat},      {"proc/loadavg", parseProcLoadavg},     {"proc/meminfo", parseProcMeminfo},
        {"proc/net/dev", parseProcNetDev}, {"proc/diskstats", parseProcDiskstats},
    };
    for (const File &f : kFiles)
        if (Status s = readProcFile(root / f.relative, f.parse, ctx, out.samples); !s)
            return s.error();
    if (Status s = readInfiniband(root, ctx, out.samples); !s)
        return s.error();
    if (Status s = readHwmon(root, ctx, out.samples); !s)
        return s.error();
    return out;
}

} // namespace sn
