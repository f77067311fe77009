#pragma once
// Job and node traces the simulator replays, as CSV:
//  - Alibaba OpenB (the FGD paper's trace, ../shared/data/traces/alibaba-openb-2023): nodes
//    `sn,cpu_milli,memory_mib,gpu,model`; pods `name,cpu_milli,memory_mib,num_gpu,gpu_milli,
//    gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time` (times in seconds).
//  - a generic trace: `submit_s,duration_s,gpus,queue,priority` and optionally `gpu_milli`,
//    `cpus`, `memory_mib`, `name`, `gang`, `estimated_s` `checkpoint_s`, in any column order.
// Every bad row is refused with file:line, the column and what was expected; nothing is
// guessed, and a value the trace leaves empty stays marked missing.

#include "backend/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sn::sched {

struct TraceNode {
    std::string name;
    std::int64_t cpuMilli = 0;
    std::int64_t memoryBytes = 0;
    int gpus = 0;
    std::string gpuModel; // empty for a node without GPUs
};

struct TraceJob {
    std::string name;
    int gpus = 0;
    int gpuMilli = 1000; // per GPU; < 1000 only for one shared GPU
    std::int64_t cpuMilli = 0;
    std::int64_t memoryBytes = 0;
    std::vector<std::string> gpuModels; // any of these; empty: any
    std::string queue = "default";
    std::string priorityClass;               // OpenB: the QoS (LS, BE, Burstable, Guaranteed)
    int priority = 0;                        // the generic trace's number; OpenB: from the QoS
    double submitS = 0;                      // creation time
    double durationS = 0;                    // how long it runs once started
    std::optional<double> scheduledS;        // OpenB: when the real cluster started it; missing if never
    std::optional<double> estimatedRuntimeS; // what the user told the scheduler; missing: unknown
    std::optional<double> checkpointIntervalS;
    bool gang = true;
};

Result<std::vector<TraceNode>> readOpenbNodes(const std::string &path);
Result<std::vector<TraceJob>> readOpenbPods(const std::string &path);
Result<std::vector<TraceJob>> readGenericTrace(const std::string &path);
// Either format, told apart by the header row.
Result<std::vector<TraceJob>> readTrace(const std::string &path);

// The same readers on text in memory; `source` names it in errors.
Result<std::vector<TraceNode>> parseOpenbNodes(const std::string &text, const std::string &source);
Result<std::vector<TraceJob>> parseOpenbPods(const std::string &text, const std::string &source);
Result<std::vector<TraceJob>> parseGenericTrace(const std::string &text, const std::string &source);
Result<std::vector<TraceJob>> parseTrace(const std::string &text, const std::string &source);

} // namespace sn::sched
