#pragma once
// Faults the simulated super node can be told to suffer, the ones GPU clusters really see.

#include <cstdint>
#include <optional>
#include <string>

namespace sn::sim {

enum class FaultKind {
    GpuOverheat,  // cooling loss: the GPU climbs past its slowdown temperature and throttles
    EccDoubleBit, // uncorrectable ECC error (Xid 48): the job dies, the GPU needs a reset
    Xid79,        // the GPU has fallen off the bus: it stops answering, its job dies
    NvlinkDown,   // the GPU's NVLinks go inactive (Xid 74): collectives fall back to PCIe
    NodeDown,     // the server stops answering: its jobs fail, its GPUs vanish from telemetry
    NicFlap,      // a RoCE/IB port goes down, then up again
    EccSbeStorm,  // a failing HBM stack: corrected (single-bit) ECC errors by the hundred a minute (Xid 92)
};

const char *faultKindName(
    FaultKind kind); // "gpu-overheat", "ecc-dbe", "xid79", "nvlink-down", "node-down", "nic-flap", "ecc-sbe-storm"
std::optional<FaultKind> faultKindFromName(const std::string &name);
std::int64_t defaultFaultDurationMs(FaultKind kind);

struct FaultRequest {
    FaultKind kind = FaultKind::GpuOverheat;
    std::string node;
    int index = 0;               // GPU index, or NIC index for NicFlap
    std::int64_t durationMs = 0; // 0: the kind's default
};

} // namespace sn::sim
