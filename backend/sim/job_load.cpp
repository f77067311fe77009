#include "backend/sim/job_load.h"

#include <cmath>
#include <numbers>

namespace sn::sim {

JobLoad jobLoadAt(WorkloadKind kind, const JobLoadShape &shape, double elapsedS, bool spansNodes, int peersOnNode,
                  bool nvlinkUp, const LinkPeaks &peaks)
{
    JobLoad load;
    switch (kind) {
    case WorkloadKind::Training: {
        const double t = std::fmod(elapsedS + shape.phaseOffsetS, shape.stepS);
        const bool compute = t < shape.computeFraction * shape.stepS;
        const bool distributed = peersOnNode > 1 || spansNodes;
        if (compute || !distributed) {
            load.utilization = 0.97 * shape.intensity;
            load.memoryCopyUtil = 0.55 * shape.intensity;
            load.nvlinkBytesPerS = distributed ? 0.03 * peaks.nvlinkBytesPerS : 0;
            load.pcieBytesPerS = 0.02 * peaks.pcieBytesPerS;
        } else {
            load.communicating = true;
            // Ring all-reduce keeps SMs partly busy with reduction kernels.
            load.utilization = 0.35 * shape.intensity;
            load.memoryCopyUtil = 0.30;
            if (peersOnNode > 1)
                load.nvlinkBytesPerS = (nvlinkUp ? 0.65 : 0.0) * peaks.nvlinkBytesPerS;
            // Without NVLink the traffic falls back to PCIe through the host.
            load.pcieBytesPerS = nvlinkUp ? 0.02 * peaks.pcieBytesPerS : 0.8 * peaks.pcieBytesPerS;
            if (spansNodes)
                load.nicBytesPerS = 0.85 * peaks.nicBytesPerS;
        }
        break;
    }
    case WorkloadKind::Inference: {
        const double wave = 0.5 + 0.5 * std::sin(2 * std::numbers::pi * (elapsedS + shape.phaseOffsetS) / 600.0);
        load.utilization = (0.25 + 0.5 * wave) * shape.intensity;
        load.memoryCopyUtil = 0.6 * load.utilization;
        load.pcieBytesPerS = 0.04 * peaks.pcieBytesPerS * wave;
        break;
    }
    case WorkloadKind::Preprocessing: {
        const double burst = std::fmod(elapsedS + shape.phaseOffsetS, 20.0) < 6.0 ? 1.0 : 0.3;
        load.utilization = 0.3 * burst * shape.intensity;
        load.memoryCopyUtil = 0.2 * burst;
        load.pcieBytesPerS = 0.25 * peaks.pcieBytesPerS * burst;
        break;
    }
    case WorkloadKind::Other:
        load.utilization = 0.5 * shape.intensity;
        load.memoryCopyUtil = 0.3;
        break;
    }
    return load;
}

} // namespace sn::sim
