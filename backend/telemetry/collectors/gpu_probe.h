#pragma once
// `supernode-agent --probe`: one reading of every local GPU, from the first source that reads
// any (NVML, then nvidia-smi), with the errors of the sources that failed, so an operator on a
// new GPU machine sees at once what the console will see, or why it sees nothing.

#include "backend/model/command_runner.h"
#include "backend/model/gpu_reading.h"
#include "backend/model/result.h"
#include "backend/telemetry/collectors/nvml_library.h"

#include <QJsonObject>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace sn {

struct GpuProbeOptions {
    std::string nvmlLibrary = NvmlLibrary::kDefaultPath;
    std::string nvidiaSmi = "nvidia-smi";
    std::string hostname; // empty: this machine's name
    // NVML's NVLink counters are cumulative, so the probe reads twice this far apart to report
    // NVLink rates; 0 reads once (no NVLink rates).
    std::chrono::milliseconds nvlinkInterval{500};
};

struct GpuProbeFailure {
    std::string source; // "nvml", "nvidia-smi"
    Error error;
};

struct GpuProbeReport {
    std::string source;        // the source that read the GPUs; empty when none could
    std::string driverVersion; // empty where unknown
    std::vector<GpuReading> gpus;
    std::vector<GpuProbeFailure> failures; // in the order the sources were tried
    bool ok() const { return !source.empty(); }
};

// Runs nvidia-smi through `runner` (LocalCommandRunner on the agent).
GpuProbeReport runGpuProbe(const GpuProbeOptions &options, CommandRunner &runner);

// {"source","driver_version","gpus":[gpuReadingToJson...],"errors":[{"source","code","message"}]}
QJsonObject gpuProbeReportToJson(const GpuProbeReport &report);
std::string gpuProbeReportToText(const GpuProbeReport &report);

} // namespace sn
