#pragma once
// The wizard's readiness checks over the discovered nodes: each one pass / warn / fail with a
// one-line reason a generalist can read and a fix to apply. The list is the one of the setup
// issue, in its order; a check whose facts were not visible on a node says so (warn) rather
// than passing by silence.

#include "backend/setup/node_inventory.h"

#include <string>
#include <vector>

namespace sn::setup {

enum class CheckStatus { Pass, Warn, Fail };
const char *checkStatusName(CheckStatus status); // "pass", "warn", "fail"

struct CheckResult {
    std::string id;    // "driver-version"
    std::string title; // "NVIDIA driver"
    CheckStatus status = CheckStatus::Pass;
    std::string reason; // one line: what was found, naming the nodes
    std::string fix;    // what to do; empty when it passes
    // The same, in parts: what each node or GPU showed (reason is these joined with "; ") and
    // the distinct fixes (fix is these joined with " "); empty when it passes. The wizard
    // translates part by part (translations/setup_check_text.h).
    std::vector<std::string> findings;
    std::vector<std::string> fixes;
};

struct CheckThresholds {
    std::string minDriver = "525.85.12";
    double idleTemperatureWarnC = 50;
    double idleTemperatureFailC = 70;
    double maxClockOffsetS = 1.0;
    std::int64_t minStateDirFreeBytes = 20LL << 30; // the telemetry store's first weeks
    std::int64_t warnStateDirFreeBytes = 50LL << 30;
    int retiredPagesLimit = 64; // NVIDIA's dynamic page retirement stops at 64 pages per GPU
};

// The ids, in order: driver-version, cuda-driver, nvlink, ecc, persistence, row-remap,
// idle-thermal-power, nic-consistency, roce-pfc-ecn, gpudirect-rdma, clock-sync, state-disk.
std::vector<CheckResult> runChecks(const std::vector<NodeInventory> &nodes, const CheckThresholds &t = {});

// The oldest driver each CUDA major.minor needs (NVIDIA CUDA Toolkit release notes, Table 3,
// Linux x86_64); "" for a version the table does not know.
std::string minimumDriverForCuda(const std::string &cudaVersion);

} // namespace sn::setup
