#pragma once
// The host's CPU, memory, network, disk, InfiniBand ports and temperatures from /proc and /sys,
// as samples named as node-exporter names them (host_proc_parsers.h). The root directory is an
// option so tests read fixture trees. A file the machine does not have (no InfiniBand, no
// hwmon) is simply not read; a file that is there but malformed fails the collection with
// `path:line` and what was wrong.

#include "backend/telemetry/collectors/collector.h"

#include <string>

namespace sn {

struct HostCollectorOptions {
    std::string root = "/";    // "/proc/stat" is read as root + "proc/stat"
    std::string hostname;      // Hostname label on every sample; empty: this machine's name
    double ticksPerSecond = 0; // USER_HZ of /proc/stat; 0: sysconf(_SC_CLK_TCK)
};

class HostCollector final : public Collector {
public:
    explicit HostCollector(HostCollectorOptions options = {});
    std::string source() const override { return "host"; }
    std::string target() const override { return m_options.root == "/" ? "/proc, /sys" : m_options.root; }
    std::string node() const override { return m_options.hostname; }
    Result<Collection> collect(std::int64_t nowMs) override;

private:
    HostCollectorOptions m_options;
};

} // namespace sn
