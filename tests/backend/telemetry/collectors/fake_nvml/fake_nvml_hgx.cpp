// A stand-in for libnvidia-ml.so.1 shaped as an 8 x H100 HGX board, built only for tests (this
// machine has no GPU): just the calls the interconnect reader makes (nvml_interconnect_reader.h).
// A unit-test mock; the real-GPU path is checked with `supernode-agent --interconnect` on a GPU
// machine (docs/supernode-agent.md).
//
// The board: GPUs at the bus ids of tests/data/comms' 8 x H100 fixtures, 18 NVLink 4 links each, split 5/4/4/5 over
// four NVSwitches (as NVIDIA's HGX H100 guide draws it); GPUs 0-3 on one CPU, 4-7 on the other, so a pair's PCIe common
// ancestor is NODE within a socket and SYSTEM across. The types are declared here, from nvml.h, and not shared with the
// collector's nvml_api.h, so a layout mistake there shows as a wrong value in the tests.
//
// Environment, read at nvmlInit:
//   FAKE_NVML_HGX_DOWN=3:7,3:8      these links (gpu:link) are inactive
//   FAKE_NVML_HGX_NO_REMOTE_TYPE=1  nvmlDeviceGetNvLinkRemoteDeviceType answers NOT_SUPPORTED,
//                                   as drivers before 510 would not have it at all

#include <cstdlib>
#include <cstring>
#include <string>

extern "C" {
typedef int nvmlReturn_t;
struct FakeDevice {
    unsigned index;
};
typedef FakeDevice *nvmlDevice_t;
typedef struct { // nvmlPciInfo_t as nvmlDeviceGetPciInfo_v3 / GetNvLinkRemotePciInfo_v2 fill it
    char busIdLegacy[16];
    unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
} nvmlPciInfo_t;
}

#define EXPORT __attribute__((visibility("default")))

namespace {
enum { SUCCESS = 0, UNINITIALIZED = 1, INVALID_ARGUMENT = 2, NOT_SUPPORTED = 3 };
constexpr unsigned kGpus = 8, kLinks = 18;
FakeDevice g_devices[kGpus] = {{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}};
const unsigned kGpuBus[kGpus] = {0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb};
const unsigned kSwitchBus[4] = {0x05, 0x06, 0x07, 0x08};
bool g_initialized = false;
bool g_down[kGpus][kLinks] = {};
bool g_noRemoteType = false;

nvmlDevice_t device(nvmlDevice_t d)
{
    for (FakeDevice &g : g_devices)
        if (d == &g)
            return d;
    return nullptr;
}
unsigned switchOf(unsigned link) // 5/4/4/5
{
    return link < 5 ? 0 : link < 9 ? 1 : link < 13 ? 2 : 3;
}
void fillPci(nvmlPciInfo_t *pci, unsigned bus)
{
    std::memset(pci, 0, sizeof *pci);
    std::string id = "00000000:00:00.0";
    const char *hex = "0123456789ABCDEF";
    id[9] = hex[bus >> 4];
    id[10] = hex[bus & 15];
    std::strcpy(pci->busId, id.c_str());
    std::strcpy(pci->busIdLegacy, id.c_str() + 4);
    pci->bus = bus;
}
void readEnvironment()
{
    std::memset(g_down, 0, sizeof g_down);
    const char *down = std::getenv("FAKE_NVML_HGX_DOWN");
    for (const char *p = down; p && *p;) {
        char *end = nullptr;
        const unsigned long gpu = std::strtoul(p, &end, 10);
        if (*end != ':')
            break;
        const unsigned long link = std::strtoul(end + 1, &end, 10);
        if (gpu < kGpus && link < kLinks)
            g_down[gpu][link] = true;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
    const char *noType = std::getenv("FAKE_NVML_HGX_NO_REMOTE_TYPE");
    g_noRemoteType = noType && *noType == '1';
}
} // namespace

extern "C" {

EXPORT nvmlReturn_t nvmlInit_v2()
{
    readEnvironment();
    g_initialized = true;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlShutdown()
{
    g_initialized = false;
    return SUCCESS;
}
EXPORT const char *nvmlErrorString(nvmlReturn_t r)
{
    return r == NOT_SUPPORTED ? "Not Supported" : r == INVALID_ARGUMENT ? "Invalid Argument" : "Unknown Error";
}
EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count)
{
    if (!g_initialized)
        return UNINITIALIZED;
    *count = kGpus;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *d)
{
    if (!g_initialized)
        return UNINITIALIZED;
    if (index >= kGpus)
        return INVALID_ARGUMENT;
    *d = &g_devices[index];
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *name, unsigned int length)
{
    if (!device(d) || length < 32)
        return INVALID_ARGUMENT;
    std::strcpy(name, "NVIDIA H100 80GB HBM3");
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t d, char *uuid, unsigned int length)
{
    if (!device(d) || length < 48)
        return INVALID_ARGUMENT;
    std::strcpy(uuid, "GPU-5c6f9a2e-0000-4000-8000-000000000000");
    uuid[std::strlen(uuid) - 1] = static_cast<char>('0' + d->index);
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t d, nvmlPciInfo_t *pci)
{
    if (!device(d))
        return INVALID_ARGUMENT;
    fillPci(pci, kGpuBus[d->index]);
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t d, unsigned int link, int *active)
{
    if (!device(d))
        return INVALID_ARGUMENT;
    if (link >= kLinks)
        return INVALID_ARGUMENT;
    *active = g_down[d->index][link] ? 0 : 1;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetNvLinkVersion(nvmlDevice_t d, unsigned int link, unsigned int *version)
{
    if (!device(d) || link >= kLinks)
        return INVALID_ARGUMENT;
    *version = 6; // NVML_NVLINK_VERSION_4_0
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetNvLinkRemotePciInfo_v2(nvmlDevice_t d, unsigned int link, nvmlPciInfo_t *pci)
{
    if (!device(d) || link >= kLinks)
        return INVALID_ARGUMENT;
    fillPci(pci, kSwitchBus[switchOf(link)]);
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetNvLinkRemoteDeviceType(nvmlDevice_t d, unsigned int link, int *type)
{
    if (!device(d) || link >= kLinks)
        return INVALID_ARGUMENT;
    if (g_noRemoteType)
        return NOT_SUPPORTED;
    *type = 2; // NVML_NVLINK_DEVICE_TYPE_SWITCH
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetTopologyCommonAncestor(nvmlDevice_t a, nvmlDevice_t b, int *level)
{
    if (!device(a) || !device(b))
        return INVALID_ARGUMENT;
    // NVML_TOPOLOGY_INTERNAL 0, _NODE 40, _SYSTEM 50
    *level = a == b ? 0 : (a->index < 4) == (b->index < 4) ? 40 : 50;
    return SUCCESS;
}

} // extern "C"
