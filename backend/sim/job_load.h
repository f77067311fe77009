#pragma once
// What a running job asks of each of its GPUs at one instant. Training alternates a compute
// phase (GPU busy, little traffic) with a communication phase (all-reduce: NVLink inside a
// node, the RDMA NICs across nodes); inference follows a daily-like request curve; data
// preprocessing is light on the GPU and heavy on PCIe.

#include "backend/model/job_spec.h"

#include <cstdint>

namespace sn::sim {

struct JobLoadShape {
    double stepS = 1.0;           // training iteration length
    double computeFraction = 0.7; // share of an iteration spent computing
    double phaseOffsetS = 0;      // so that jobs do not march in lockstep
    double intensity = 1.0;       // how hard it drives the GPU, 0.6..1.0
};

struct JobLoad {
    double utilization = 0;     // 0..1
    double memoryCopyUtil = 0;  // 0..1
    double nvlinkBytesPerS = 0; // per GPU, per direction
    double pcieBytesPerS = 0;   // per GPU, host to device
    double nicBytesPerS = 0;    // per GPU share of the node's fabric traffic
    bool communicating = false;
};

struct LinkPeaks {
    double nvlinkBytesPerS = 450e9; // NVLink 4, per direction per GPU
    double pcieBytesPerS = 55e9;    // PCIe Gen5 x16 in practice
    double nicBytesPerS = 12.5e9;   // a 100G port
};

// elapsedS: seconds since the job started; spansNodes: the job crosses the fabric;
// peersOnNode: how many of its GPUs share this node; nvlinkUp: this GPU's NVLinks work.
JobLoad jobLoadAt(WorkloadKind kind, const JobLoadShape &shape, double elapsedS, bool spansNodes, int peersOnNode,
                  bool nvlinkUp, const LinkPeaks &peaks = {});

} // namespace sn::sim
