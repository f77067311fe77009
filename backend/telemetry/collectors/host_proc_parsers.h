#pragma once
// Parsers of the /proc and /sys files the host collector reads, into samples named as
// node-exporter names them, so dashboards built for node-exporter read ours unchanged. Each
// takes the file's text and its path (for messages) and refuses malformed content naming
// `path:line` and what was wrong: a kernel that prints something unexpected gives a clear
// error, never a silently wrong number.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

struct HostParseContext {
    std::string path;  // for messages: "/proc/stat"
    Labels baseLabels; // added to every sample (Hostname)
    std::int64_t timeMs = 0;
    double ticksPerSecond = 100; // USER_HZ, for /proc/stat
};

// node_cpu_seconds_total{cpu,mode} (user nice system idle iowait irq softirq steal), plus
// node_context_switches_total, node_boot_time_seconds, node_procs_running, node_procs_blocked.
Result<std::vector<MetricSample>> parseProcStat(std::string_view text, const HostParseContext &ctx);
// node_load1, node_load5, node_load15.
Result<std::vector<MetricSample>> parseProcLoadavg(std::string_view text, const HostParseContext &ctx);
// node_memory_<Key>_bytes for kB lines ("Active(anon)" becomes Active_anon), node_memory_<Key>
// for plain counts (HugePages_Total).
Result<std::vector<MetricSample>> parseProcMeminfo(std::string_view text, const HostParseContext &ctx);
// node_network_{receive,transmit}_{bytes,packets,errs,drop}_total{device}.
Result<std::vector<MetricSample>> parseProcNetDev(std::string_view text, const HostParseContext &ctx);
// node_disk_{read,written}_bytes_total, node_disk_{reads,writes}_completed_total,
// node_disk_io_time_seconds_total{device}; partitions, loop, ram and zram devices are left out
// as node-exporter leaves them out.
Result<std::vector<MetricSample>> parseProcDiskstats(std::string_view text, const HostParseContext &ctx);
// True for the devices node-exporter's default --collector.diskstats.device-exclude skips.
bool diskstatsDeviceExcluded(std::string_view device);

// One unsigned decimal counter file (sysfs), e.g. an InfiniBand port counter.
Result<std::uint64_t> parseSysfsCounter(std::string_view text, const std::string &path);
// One signed decimal sysfs value, e.g. a hwmon temperature in millidegrees (may be negative).
Result<std::int64_t> parseSysfsInteger(std::string_view text, const std::string &path);

} // namespace sn
