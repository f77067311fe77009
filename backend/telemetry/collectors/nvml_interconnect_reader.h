#pragma once
// The node's GPU interconnect read through NVML: every GPU's NVLinks (state, version, the PCI
// device at the far end and whether it is a GPU or an NVSwitch) and the PCIe common ancestor of
// each GPU pair. `supernode-agent --interconnect --json` prints it; the comms discovery prefers
// it to parsing `nvidia-smi nvlink -s`, since NVML names each link's far end, which no
// nvidia-smi text does.

#include "backend/model/gpu_interconnect.h"
#include "backend/model/result.h"
#include "backend/telemetry/collectors/nvml_library.h"

namespace sn {

// An error only when NVML cannot list the GPUs; a call this driver lacks or refuses leaves its
// part unknown (a link's version, a pair's PCIe level) and the rest is still read.
Result<GpuInterconnect> readNvmlInterconnect(const NvmlLibrary &library);

} // namespace sn
