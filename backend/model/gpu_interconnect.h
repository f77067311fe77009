#pragma once
// How one node's GPUs are wired, as NVML reports it: each GPU's NVLinks (active or not, the
// NVLink version, the PCI device at the far end and its kind) and the PCIe relationship of each
// GPU pair (nvmlDeviceGetTopologyCommonAncestor). The node agent reads it on the node
// (`supernode-agent --interconnect --json`) and the comms discovery reads that JSON back, locally
// or over SSH, so this file is the contract between them (docs/supernode-agent.md).

#include "backend/model/result.h"

#include <QJsonObject>

#include <string>
#include <string_view>
#include <vector>

namespace sn {

enum class NvlinkRemoteKind { Unknown, Gpu, Switch, Cpu };
const char *nvlinkRemoteKindName(NvlinkRemoteKind kind); // "unknown", "gpu", "switch", "cpu"

// nvmlGpuTopologyLevel_t: how far apart two GPUs sit on PCIe.
enum class PcieLevel {
    Unknown = -1,
    Internal = 0,    // the same board (dual-GPU cards)
    Single = 10,     // one PCIe switch between them (nvidia-smi PIX)
    Multiple = 20,   // several switches, no host bridge (PXB)
    HostBridge = 30, // a host bridge (PHB)
    Node = 40,       // host bridges within one NUMA node (NODE)
    System = 50,     // across the CPU interconnect (SYS)
};
const char *pcieLevelName(PcieLevel level); // "unknown", "internal", "single", ...

struct NvlinkEndpoint {
    int link = 0;
    bool active = false;
    int nvmlVersion = 0;        // nvmlNvlinkVersion_t (1 = 1.0 ... 7 = 5.0); 0 not given
    std::string remotePciBusId; // "00000000:05:00.0"; empty when not given
    NvlinkRemoteKind remote = NvlinkRemoteKind::Unknown;
};

struct InterconnectGpu {
    int index = 0;
    std::string name; // "NVIDIA H100 80GB HBM3"
    std::string uuid;
    std::string pciBusId;
    std::vector<NvlinkEndpoint> links; // the links the driver knows, active or not
    int activeLinks() const;
};

struct GpuInterconnect {
    std::string source; // "nvml: libnvidia-ml.so.1"
    std::vector<InterconnectGpu> gpus;
    std::vector<PcieLevel> pcie; // row-major, gpus.size() squared; Unknown where not read
    PcieLevel pcieAt(std::size_t a, std::size_t b) const { return pcie[a * gpus.size() + b]; }
};

QJsonObject gpuInterconnectToJson(const GpuInterconnect &interconnect);
// The agent's JSON back into values. Errors say where: source:line:column for bad JSON, or
// the GPU and field ("gpus[2].links[5].remote: 'bridge' is not one of ...").
Result<GpuInterconnect> parseGpuInterconnectJson(std::string_view json, const std::string &source);

} // namespace sn
