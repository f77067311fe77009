#pragma once
// Gathers what a report needs from an engine, through EngineApi only, into a ReportSnapshot:
// the cluster, its jobs and events, per-GPU utilization / temperature / power series at one
// step, and the log templates of the range. Blocking (it waits for each reply): run it on a
// worker thread in the console, directly in supernodectl.

#include "backend/api/engine_api.h"
#include "backend/api/metric_catalogue.h"
#include "backend/report/report_snapshot.pb.h"

#include <atomic>
#include <functional>

namespace sn::report {

namespace rpb = supernode::report::v1;

struct GatherOptions {
    std::int64_t startMs = 0;
    std::int64_t endMs = 0;
    std::string scope = "cluster"; // "cluster", "node:NAME", "queue:NAME", "job:ID"
    std::int64_t stepMs = 0;       // 0: the range in about 2000 steps, whole minutes
    int maxLogLines = 200000;      // the newest lines of the range the templates are counted on
    // Called between steps with 0..100; gathering stops with an error once *cancel is true.
    std::function<void(int percent)> progress;
    const std::atomic_bool *cancel = nullptr;
};

// The per-GPU metrics a snapshot carries, in dcgm-exporter's names.
inline constexpr const char *kUtilMetric = metric::kGpuUtil;
inline constexpr const char *kTempMetric = metric::kGpuTemp;
inline constexpr const char *kPowerMetric = metric::kPower;

// A scope string checked: "cluster", "node:NAME", "queue:NAME" or "job:ID".
Result<std::pair<std::string, std::string>> parseScope(const std::string &scope);
std::int64_t defaultStepMs(std::int64_t startMs, std::int64_t endMs);
// A job a snapshot of [startMs, endMs) carries: submitted in it, or running during part of it.
bool jobOverlaps(const supernode::v1::Job &job, std::int64_t startMs, std::int64_t endMs);

Result<rpb::ReportSnapshot> gatherSnapshot(EngineApi &engine, const GatherOptions &options);

} // namespace sn::report
