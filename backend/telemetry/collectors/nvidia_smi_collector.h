#pragma once
// Telemetry from `nvidia-smi`, run locally or on a node through the SSH transport (any
// CommandRunner). Every poll runs the CSV query, which is fast; every `xmlEvery`-th poll also runs
// `nvidia-smi -q -x` for what the CSV interface does not offer (PCIe throughput, MIG devices).

#include "backend/model/command_runner.h"
#include "backend/telemetry/collectors/collector.h"
#include "backend/telemetry/collectors/nvidia_smi_snapshot.h"

#include <chrono>
#include <string>
#include <vector>

namespace sn {

class NvidiaSmiCollector final : public Collector {
public:
    struct Options {
        std::string program = "nvidia-smi";
        std::chrono::milliseconds timeout{10000};
        // 0: never run -q -x; 1: every poll; N: every N-th poll. XML-only fields are valid only
        // in the polls that ran it: a stale value would be a silently wrong number.
        int xmlEvery = 0;
    };

    NvidiaSmiCollector(CommandRunner &runner, std::string hostName);
    NvidiaSmiCollector(CommandRunner &runner, std::string hostName, Options options);

    std::string source() const override { return "nvidia-smi"; }
    Result<Collection> collect(std::int64_t nowMs) override;

    // The last full snapshot (device facts included), for the probe and support output.
    const NvidiaSmiSnapshot &lastSnapshot() const { return m_last; }
    // The query fields in use: drivers that reject a field ("is not a valid field to query")
    // get it dropped once, so an old driver still reports the rest.
    const std::vector<std::string> &queryFields() const { return m_fields; }

private:
    Result<std::string> runNvidiaSmi(const std::vector<std::string> &args);
    Result<NvidiaSmiSnapshot> queryCsv();
    Error exitError(const CommandOutput &out) const; // nvidia-smi ran and failed: its own words

    CommandRunner &m_runner;
    std::string m_host;
    Options m_options;
    std::vector<std::string> m_fields;
    long long m_polls = 0;
    NvidiaSmiSnapshot m_last;
};

} // namespace sn
