#pragma once
// `nvidia-smi nvlink -s` (each link's state and speed), `nvidia-smi nvlink -c` (each link's
// capabilities) and `nvidia-smi --query-gpu=index,pci.bus_id,name --format=csv,noheader` (the
// bus ids the topology file needs), read into values. Errors name source:line:column. An
// empty `nvlink -s` or `-c` is no GPU with NVLink (a GPU without it may also be listed, with
// "Device does not have or support Nvlink"); an empty GPU list is an error.

#include "backend/model/result.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

struct NvlinkLinkState {
    int link = 0;
    bool active = false;
    double gbps = 0; // per direction, as nvidia-smi prints it ("26.562 GB/s"); 0 when inactive
};

struct NvlinkGpuStatus {
    int gpu = 0;
    std::string model; // "NVIDIA H100 80GB HBM3"
    std::string uuid;
    std::vector<NvlinkLinkState> links;
    int activeLinks() const;
    double activeGBps() const;
};
Result<std::vector<NvlinkGpuStatus>> parseNvidiaSmiNvlinkStatus(std::string_view text,
                                                                const std::string &source = "nvidia-smi nvlink -s");

struct NvlinkGpuCapabilities {
    int gpu = 0;
    std::string model;
    std::string uuid;
    std::map<int, std::map<std::string, bool>> links; // link -> "P2P is supported" -> true
    bool p2pOnEveryLink() const;
};
Result<std::vector<NvlinkGpuCapabilities>>
parseNvidiaSmiNvlinkCapabilities(std::string_view text, const std::string &source = "nvidia-smi nvlink -c");

struct GpuListEntry {
    int index = 0;
    std::string pciBusId; // NCCL's spelling (pci_address.h)
    std::string model;
};
Result<std::vector<GpuListEntry>> parseNvidiaSmiGpuList(std::string_view csv,
                                                        const std::string &source = "nvidia-smi --query-gpu");

} // namespace sn::comms
