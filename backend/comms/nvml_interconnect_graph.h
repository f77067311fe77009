#pragma once
// The GPU interconnect NVML reports (backend/model/gpu_interconnect.h, from
// `supernode-agent --interconnect --json`) in the shapes the rest of discovery already takes:
// the connection matrix `nvidia-smi topo -m` would print, and the link states
// `nvidia-smi nvlink -s` would. NVML says more than either text (each link's far end), so when
// both are at hand the matrices are compared and every pair they disagree on is a finding.

#include "backend/comms/nvidia_smi_nvlink.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/model/gpu_interconnect.h"

#include <optional>
#include <string>
#include <vector>

namespace sn::comms {

// The GPU rows of the matrix nvidia-smi derives from the same NVML calls: NV<n> for n active
// links between two GPUs directly, or, on an NVSwitch board, the fewer of the two GPUs' active
// links into the switches; otherwise the PCIe level (single PIX, multiple PXB, host bridge PHB,
// NODE, SYS). numaNodes (by GPU, from sysfs) fill the NUMA column where given.
// A pair NVML did not place on PCIe is SYS, the farthest, with a note in `notes`.
TopoMatrix topoMatrixFromInterconnect(const GpuInterconnect &interconnect, const std::vector<int> &numaNodes,
                                      std::vector<std::string> &notes);

// Each GPU's links as nvidia-smi nvlink -s lists them, at the per-link rate of the GPU's NVLink
// generation (from its model, else from the NVML version).
std::vector<NvlinkGpuStatus> nvlinkStatusFromInterconnect(const GpuInterconnect &interconnect);

// "GPU0-GPU3: NVML says NV17, nvidia-smi topo -m says NV18", for every GPU pair the two
// matrices disagree on; GPUs are matched by number.
std::vector<std::string> compareGpuMatrices(const TopoMatrix &fromNvml, const TopoMatrix &fromSmi);

} // namespace sn::comms
