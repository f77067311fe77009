#include "backend/telemetry/collectors/nvml_interconnect_reader.h"

#include "backend/telemetry/collectors/nvml_device_reader.h"

#include <cstring>
#include <set>

namespace sn {

namespace {

using nvml::kSuccess;

std::string textOf(nvml::DeviceGetStringFn get, nvml::Device d)
{
    char text[nvml::kNameBufferSize] = {};
    if (!get || get(d, text, sizeof text) != kSuccess)
        return {};
    return std::string(text, strnlen(text, sizeof text));
}

std::string busIdOf(const NvmlEntryPoints &a, nvml::Device d)
{
    unsigned char info[128] = {}; // larger than any nvmlPciInfo_t layout
    if (!a.deviceGetPciInfo || a.deviceGetPciInfo(d, info) != kSuccess)
        return {};
    return pciBusIdFromInfo(info);
}

PcieLevel pcieLevelOf(int nvmlLevel)
{
    switch (nvmlLevel) {
    case 0:
        return PcieLevel::Internal;
    case 10:
        return PcieLevel::Single;
    case 20:
        return PcieLevel::Multiple;
    case 30:
        return PcieLevel::HostBridge;
    case 40:
        return PcieLevel::Node;
    case 50:
        return PcieLevel::System;
    default:
        return PcieLevel::Unknown;
    }
}

NvlinkEndpoint readLink(const NvmlEntryPoints &a, nvml::Device d, unsigned link, unsigned state)
{
    NvlinkEndpoint l;
    l.link = static_cast<int>(link);
    l.active = state == nvml::kFeatureEnabled;
    unsigned value = 0;
    if (a.deviceGetNvLinkVersion && a.deviceGetNvLinkVersion(d, link, &value) == kSuccess && value > 0 && value < 32)
        l.nvmlVersion = static_cast<int>(value);
    unsigned char info[128] = {};
    if (a.deviceGetNvLinkRemotePciInfo && a.deviceGetNvLinkRemotePciInfo(d, link, info) == kSuccess)
        l.remotePciBusId = pciBusIdFromInfo(info);
    if (a.deviceGetNvLinkRemoteDeviceType && a.deviceGetNvLinkRemoteDeviceType(d, link, &value) == kSuccess)
        l.remote = value == nvml::kNvlinkDeviceTypeGpu      ? NvlinkRemoteKind::Gpu
                   : value == nvml::kNvlinkDeviceTypeSwitch ? NvlinkRemoteKind::Switch
                   : value == nvml::kNvlinkDeviceTypeIbmNpu ? NvlinkRemoteKind::Cpu
                                                            : NvlinkRemoteKind::Unknown;
    return l;
}

} // namespace

Result<GpuInterconnect> readNvmlInterconnect(const NvmlLibrary &library)
{
    const NvmlEntryPoints &a = library.api();
    unsigned count = 0;
    if (const nvml::Return r = a.deviceGetCount(&count); r != kSuccess)
        return Error{ErrorCode::Unavailable, "NVML: nvmlDeviceGetCount failed: " + library.describe(r)};
    GpuInterconnect ic;
    ic.source = "nvml: " + library.path();
    std::vector<nvml::Device> devices;
    for (unsigned i = 0; i < count; ++i) {
        nvml::Device d = nullptr;
        if (const nvml::Return r = a.deviceGetHandleByIndex(i, &d); r != kSuccess)
            return Error{ErrorCode::Unavailable,
                         "NVML: no handle for GPU " + std::to_string(i) + ": " + library.describe(r)};
        devices.push_back(d);
        InterconnectGpu g;
        g.index = static_cast<int>(i);
        g.name = textOf(a.deviceGetName, d);
        g.uuid = textOf(a.deviceGetUuid, d);
        g.pciBusId = busIdOf(a, d);
        // A link number the GPU does not have answers INVALID_ARGUMENT (or NOT_SUPPORTED on a
        // GPU without NVLink); those are left out, inactive links the GPU has are kept.
        for (unsigned link = 0; a.deviceGetNvLinkState && link < nvml::kNvlinkMaxLinks; ++link) {
            unsigned state = 0;
            if (a.deviceGetNvLinkState(d, link, &state) == kSuccess)
                g.links.push_back(readLink(a, d, link, state));
        }
        ic.gpus.push_back(std::move(g));
    }
    // Without the remote device type call (drivers before 510), a far end that is one of this
    // node's GPUs is a GPU; any other PCI device on an NVLink is an NVSwitch.
    std::set<std::string> gpuBusIds;
    for (const InterconnectGpu &g : ic.gpus)
        gpuBusIds.insert(g.pciBusId);
    for (InterconnectGpu &g : ic.gpus)
        for (NvlinkEndpoint &l : g.links)
            if (l.remote == NvlinkRemoteKind::Unknown && !l.remotePciBusId.empty())
                l.remote = gpuBusIds.count(l.remotePciBusId) ? NvlinkRemoteKind::Gpu : NvlinkRemoteKind::Switch;
    const std::size_t n = ic.gpus.size();
    ic.pcie.assign(n * n, PcieLevel::Unknown);
    for (std::size_t x = 0; x < n; ++x) {
        ic.pcie[x * n + x] = PcieLevel::Internal;
        for (std::size_t y = 0; y < x && a.deviceGetTopologyCommonAncestor; ++y) {
            int level = -1;
            if (a.deviceGetTopologyCommonAncestor(devices[x], devices[y], &level) == kSuccess)
                ic.pcie[x * n + y] = ic.pcie[y * n + x] = pcieLevelOf(level);
        }
    }
    return ic;
}

} // namespace sn
