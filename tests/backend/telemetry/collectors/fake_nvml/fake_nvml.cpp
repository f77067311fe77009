// A stand-in for libnvidia-ml.so.1, built only for tests. This machine (and CI) has no NVIDIA
// GPU or driver, so the NVML collector's dlopen, symbol fallbacks and field mapping are proven
// against this mock: a shared library exporting a subset of NVML's C symbols with canned values.
// It is a unit-test mock, nothing more; the real-GPU path is checked with the agent's probe on a
// GPU machine (docs/supernode-agent.md).
//
// The types are declared here on their own, from nvml.h, and not shared with the collector's
// nvml_api.h: a layout mistake there must show as a wrong value in the tests, not be copied.
//
// Variants (compile definitions):
//   (none)             newest names: nvmlInit_v2, _v2 count/handle, PciInfo_v3, MemoryInfo_v2,
//                      CurrentClocksEventReasons, EventSetWait_v2.
//   FAKE_NVML_LEGACY   only the old names: nvmlInit, nvmlDeviceGetCount, ..HandleByIndex,
//                      nvmlDeviceGetPciInfo (16-byte bus id first), nvmlDeviceGetMemoryInfo,
//                      CurrentClocksThrottleReasons, nvmlEventSetWait.
//   FAKE_NVML_BROKEN   no nvmlDeviceGetHandleByIndex of any version.
//
// GPU 0: an H100 with 18 active NVLink links whose KiB counters grow by 1000 x (link + 1) per
// read; fan speed NOT_SUPPORTED (passively cooled). GPU 1: no NVLink, power NO_PERMISSION,
// memory temperature NOT_SUPPORTED inside a successful nvmlDeviceGetFieldValues.
// Test hooks (fakeNvml*) let a test dlopen the same file and inject an XID or an init failure.

#include <cstring>
#include <mutex>

extern "C" {

typedef int nvmlReturn_t;
struct FakeDevice {
    unsigned index;
};
typedef FakeDevice *nvmlDevice_t;
typedef void *nvmlEventSet_t;

typedef struct {
    unsigned int gpu;
    unsigned int memory;
} nvmlUtilization_t;
typedef struct {
    unsigned long long total, free, used;
} nvmlMemory_t;
typedef struct {
    unsigned int version;
    unsigned long long total, reserved, free, used;
} nvmlMemory_v2_t;
typedef struct { // as nvmlDeviceGetPciInfo_v3 fills it
    char busIdLegacy[16];
    unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
} nvmlPciInfo_t;
typedef struct { // as the plain nvmlDeviceGetPciInfo of old drivers filled it
    char busId[16];
    unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
    unsigned int reserved0, reserved1, reserved2, reserved3;
} nvmlPciInfoLegacy_t;
typedef union {
    double dVal;
    int siVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    long long sllVal;
    unsigned short usVal;
} nvmlValue_t;
typedef struct {
    unsigned int fieldId;
    unsigned int scopeId;
    long long timestamp;
    long long latencyUsec;
    int valueType;
    nvmlReturn_t nvmlReturn;
    nvmlValue_t value;
} nvmlFieldValue_t;
typedef struct {
    nvmlDevice_t device;
    unsigned long long eventType;
    unsigned long long eventData;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
} nvmlEventData_t;

#define EXPORT __attribute__((visibility("default")))

enum {
    SUCCESS = 0,
    UNINITIALIZED = 1,
    INVALID_ARGUMENT = 2,
    NOT_SUPPORTED = 3,
    NO_PERMISSION = 4,
    INSUFFICIENT_SIZE = 7,
    DRIVER_NOT_LOADED = 9,
    TIMEOUT = 10,
    ARGUMENT_VERSION_MISMATCH = 25,
};
}

namespace {
// Real NVML is thread-safe, and the agent calls it from two threads (the collector, and the
// power-cap actions on the pusher thread): every entry point here takes this lock, or the fake's
// own state (which nvmlInit resets) would race where the real library does not.
std::recursive_mutex g_mutex;
FakeDevice g_devices[2] = {{0}, {1}};
bool g_initialized = false;
nvmlReturn_t g_initResult = SUCCESS;
int g_initCalls = 0, g_shutdownCalls = 0;
unsigned long long g_nvlinkReads = 0; // times GPU 0's NVLink counters were read
unsigned long long g_pendingXid = 0;  // an injected XID not yet delivered
unsigned g_pendingXidGpu = 0;
bool g_xidRegistered[2] = {false, false};
bool g_linksRepeatTheSum = false;              // the quirk of drivers answering each link with the sum
int g_eventSet = 0;                            // its address is the event set handle
unsigned g_powerLimitMw[2] = {700000, 700000}; // as nvmlDeviceSetPowerManagementLimit left it
// A real H200 (driver 580) still read the old enforced limit right after a set; here the enforced
// limit follows the set one after this many reads of it.
constexpr int kEnforceLagReads = 3;
unsigned g_enforcedMw[2] = {700000, 700000};
int g_enforceLag[2] = {0, 0};

nvmlDevice_t device(nvmlDevice_t d)
{
    return (d == &g_devices[0] || d == &g_devices[1]) ? d : nullptr;
}
const char *busId(unsigned i)
{
    return i == 0 ? "00000000:18:00.0" : "00000000:2A:00.0";
}
} // namespace

extern "C" {

// ---- test hooks -------------------------------------------------------------------------
EXPORT unsigned fakeNvmlPowerLimitMw(unsigned gpu)
{
    const std::lock_guard lock(g_mutex);
    return g_powerLimitMw[gpu & 1];
}
EXPORT void fakeNvmlSetInitResult(int r)
{
    const std::lock_guard lock(g_mutex);
    g_initResult = r;
}
EXPORT int fakeNvmlInitCalls()
{
    const std::lock_guard lock(g_mutex);
    return g_initCalls;
}
EXPORT int fakeNvmlShutdownCalls()
{
    const std::lock_guard lock(g_mutex);
    return g_shutdownCalls;
}
EXPORT void fakeNvmlSetLinksRepeatTheSum(bool on)
{
    const std::lock_guard lock(g_mutex);
    g_linksRepeatTheSum = on;
}
EXPORT void fakeNvmlInjectXid(unsigned gpu, unsigned long long xid)
{
    const std::lock_guard lock(g_mutex);
    g_pendingXidGpu = gpu;
    g_pendingXid = xid;
}

// ---- init and enumeration ---------------------------------------------------------------
static nvmlReturn_t fakeInit()
{
    ++g_initCalls;
    if (g_initResult != SUCCESS)
        return g_initResult;
    g_initialized = true;
    g_nvlinkReads = 0;
    g_linksRepeatTheSum = false;
    return SUCCESS;
}
static nvmlReturn_t fakeCount(unsigned int *count)
{
    if (!g_initialized)
        return UNINITIALIZED;
    *count = 2;
    return SUCCESS;
}
static nvmlReturn_t fakeHandle(unsigned int index, nvmlDevice_t *d)
{
    if (!g_initialized)
        return UNINITIALIZED;
    if (index >= 2)
        return INVALID_ARGUMENT;
    *d = &g_devices[index];
    return SUCCESS;
}

#ifdef FAKE_NVML_LEGACY
EXPORT nvmlReturn_t nvmlInit()
{
    const std::lock_guard lock(g_mutex);
    return fakeInit();
}
EXPORT nvmlReturn_t nvmlDeviceGetCount(unsigned int *count)
{
    const std::lock_guard lock(g_mutex);
    return fakeCount(count);
}
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *d)
{
    const std::lock_guard lock(g_mutex);
    return fakeHandle(index, d);
}
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo(nvmlDevice_t d, nvmlPciInfoLegacy_t *pci)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    std::memset(pci, 0, sizeof *pci);
    std::strcpy(pci->busId, busId(d->index) + 4); // "0000:18:00.0", the 4-digit domain of old drivers
    pci->bus = d->index == 0 ? 0x18 : 0x2a;
    pci->reserved0 = 0xdeadbeef; // a reader taking offset 36 as text would read junk here
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t d, nvmlMemory_t *m)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    m->total = 85520809984ull;             // 81559 MiB
    m->used = 42949672960ull + 700 * 1024; // 40960.68 MiB: 40961 rounded up
    m->free = m->total - m->used;
    return SUCCESS;
}
#else
EXPORT nvmlReturn_t nvmlInit_v2()
{
    const std::lock_guard lock(g_mutex);
    return fakeInit();
}
EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count)
{
    const std::lock_guard lock(g_mutex);
    return fakeCount(count);
}
#ifndef FAKE_NVML_BROKEN
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *d)
{
    const std::lock_guard lock(g_mutex);
    return fakeHandle(index, d);
}
#endif
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t d, nvmlPciInfo_t *pci)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    std::memset(pci, 0, sizeof *pci);
    std::strcpy(pci->busIdLegacy, busId(d->index) + 4);
    std::strcpy(pci->busId, busId(d->index));
    pci->bus = d->index == 0 ? 0x18 : 0x2a;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t d, nvmlMemory_v2_t *m)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    // The real driver checks the version word: sizeof | 2 << 24.
    if (m->version != (static_cast<unsigned>(sizeof(nvmlMemory_v2_t)) | (2u << 24)))
        return ARGUMENT_VERSION_MISMATCH;
    m->total = 85520809984ull;
    m->reserved = 512ull * 1024 * 1024;
    m->used = 42949672960ull + 700 * 1024; // 40960.68 MiB
    m->free = m->total - m->used;
    return SUCCESS;
}
#endif

EXPORT nvmlReturn_t nvmlShutdown()
{
    const std::lock_guard lock(g_mutex);
    ++g_shutdownCalls;
    g_initialized = false;
    return SUCCESS;
}

EXPORT const char *nvmlErrorString(nvmlReturn_t r)
{
    const std::lock_guard lock(g_mutex);
    switch (r) {
    case SUCCESS:
        return "Success";
    case UNINITIALIZED:
        return "Uninitialized";
    case NOT_SUPPORTED:
        return "Not Supported";
    case NO_PERMISSION:
        return "Insufficient Permissions";
    case DRIVER_NOT_LOADED:
        return "Driver Not Loaded";
    case TIMEOUT:
        return "Timeout";
    }
    return "Unknown Error";
}

EXPORT nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length)
{
    const std::lock_guard lock(g_mutex);
    if (length < 10)
        return INSUFFICIENT_SIZE;
    std::strcpy(version, "550.54.15");
    return SUCCESS;
}

// ---- identity ---------------------------------------------------------------------------
EXPORT nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *name, unsigned int length)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d) || length < 64)
        return INVALID_ARGUMENT;
    std::strcpy(name, "NVIDIA H100 80GB HBM3");
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t d, char *uuid, unsigned int length)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d) || length < 80)
        return INVALID_ARGUMENT;
    std::strcpy(uuid, d->index == 0 ? "GPU-3f8a2c14-7b1e-4d2a-9c6e-0a1b2c3d4e5f"
                                    : "GPU-9e7d6c5b-4a39-4281-8f7e-6d5c4b3a2918");
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetMinorNumber(nvmlDevice_t d, unsigned int *minor)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *minor = d->index == 0 ? 4 : 5; // differs from the index, to prove which one the gpu label is
    return SUCCESS;
}

// ---- fields -----------------------------------------------------------------------------
EXPORT nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t d, nvmlUtilization_t *u)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    u->gpu = d->index == 0 ? 87 : 0;
    u->memory = d->index == 0 ? 43 : 0;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t d, int sensor, unsigned int *t)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d) || sensor != 0)
        return INVALID_ARGUMENT;
    *t = d->index == 0 ? 61 : 33;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int *mw)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (d->index == 1)
        return NO_PERMISSION;
    *mw = 692877; // as a real H200 under load read (times 0.001 it is not 692.877)
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t d, unsigned int *mw)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (g_enforceLag[d->index] > 0)
        --g_enforceLag[d->index];
    else
        g_enforcedMw[d->index] = g_powerLimitMw[d->index];
    *mw = g_enforcedMw[d->index];
    return SUCCESS;
}
// Power-limit control as an H100 SXM offers it to root: 200-700 W. GPU 1 refuses (not root).
EXPORT nvmlReturn_t nvmlDeviceGetPowerManagementLimitConstraints(nvmlDevice_t d, unsigned int *minMw,
                                                                 unsigned int *maxMw)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *minMw = 200000;
    *maxMw = 700000;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetPowerManagementDefaultLimit(nvmlDevice_t d, unsigned int *mw)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *mw = 700000;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceSetPowerManagementLimit(nvmlDevice_t d, unsigned int mw)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (d->index == 1)
        return NO_PERMISSION;
    if (mw < 200000 || mw > 700000)
        return INVALID_ARGUMENT;
    g_powerLimitMw[d->index] = mw;
    g_enforceLag[d->index] = kEnforceLagReads;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t d, unsigned long long *mj)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *mj = d->index == 0 ? 123456789012ull : 987654321ull;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t d, int type, unsigned int *mhz)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (type == 1) // SM
        *mhz = 1980;
    else if (type == 2) // MEM
        *mhz = 2619;
    else if (type == 0) // GRAPHICS: a different number, so reading the wrong clock shows
        *mhz = 1755;
    else
        return INVALID_ARGUMENT;
    return SUCCESS;
}
static nvmlReturn_t fakeReasons(nvmlDevice_t d, unsigned long long *reasons)
{
    if (!device(d))
        return INVALID_ARGUMENT;
    *reasons = d->index == 0 ? 0x4 : 0x1; // SW power cap ; GPU idle
    return SUCCESS;
}
#ifdef FAKE_NVML_LEGACY
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t d, unsigned long long *reasons)
{
    const std::lock_guard lock(g_mutex);
    return fakeReasons(d, reasons);
}
#else
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long *reasons)
{
    const std::lock_guard lock(g_mutex);
    return fakeReasons(d, reasons);
}
#endif
EXPORT nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t d, int counter, unsigned int *kbps)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (counter == 0)
        *kbps = 1000; // TX
    else if (counter == 1)
        *kbps = 2500; // RX
    else
        return INVALID_ARGUMENT;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetPcieReplayCounter(nvmlDevice_t d, unsigned int *v)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *v = 3;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t d, int errorType, int counterType,
                                                unsigned long long *count)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (counterType != 0) // only volatile counts are canned; aggregate would be larger
        *count = 1000;
    else
        *count = errorType == 0 ? 5 : 1;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetRetiredPages(nvmlDevice_t d, int cause, unsigned int *pageCount,
                                              unsigned long long *addresses)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    const unsigned pages = cause == 0 ? 2 : 0;
    const unsigned room = *pageCount;
    *pageCount = pages;
    if (room < pages)
        return INSUFFICIENT_SIZE;
    for (unsigned i = 0; i < pages && addresses; ++i)
        addresses[i] = 0x1000 * (i + 1);
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetRetiredPagesPendingStatus(nvmlDevice_t d, int *pending)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *pending = 0;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetRemappedRows(nvmlDevice_t d, unsigned int *corr, unsigned int *unc,
                                              unsigned int *pending, unsigned int *failure)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    *corr = 7;
    *unc = 1;
    *pending = 0;
    *failure = 0;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceGetFanSpeed(nvmlDevice_t d, unsigned int *speed)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    return NOT_SUPPORTED; // data-centre GPUs are passively cooled
}
EXPORT nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t d, unsigned int link, int *active)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    if (d->index == 1)
        return NOT_SUPPORTED;
    if (link >= 18)
        return INVALID_ARGUMENT;
    *active = 1;
    return SUCCESS;
}
// GPU 0's cumulative KiB on one link after the current read: +1000 x (link + 1) per read (TX),
// twice that (RX).
static unsigned long long linkCounter(unsigned link, bool tx)
{
    const unsigned long long perRead = 1000ull * (link + 1) * (tx ? 1 : 2);
    return 5000000ull + perRead * (g_nvlinkReads + 1);
}

static unsigned long long allLinksCounter(bool tx)
{
    unsigned long long sum = 18 * 100ull * (g_nvlinkReads + 1);
    for (unsigned l = 0; l < 18; ++l)
        sum += linkCounter(l, tx);
    return sum;
}

EXPORT nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t d, int count, nvmlFieldValue_t *values)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d))
        return INVALID_ARGUMENT;
    bool nvlinkRead = false;
    for (int i = 0; i < count; ++i) {
        nvmlFieldValue_t &v = values[i];
        v.timestamp = 1700000000000000ll;
        v.latencyUsec = 0;
        if (v.fieldId == 82) { // NVML_FI_DEV_MEMORY_TEMP
            if (d->index == 1) {
                v.nvmlReturn = NOT_SUPPORTED;
                continue;
            }
            v.nvmlReturn = SUCCESS;
            v.valueType = 1; // unsigned int
            v.value.uiVal = 72;
        } else if ((v.fieldId == 138 || v.fieldId == 139) && d->index == 0 && v.scopeId < 18) {
            nvlinkRead = true;
            v.nvmlReturn = SUCCESS;
            v.valueType = 3; // unsigned long long, KiB since init
            v.value.ullVal =
                g_linksRepeatTheSum ? allLinksCounter(v.fieldId == 138) : linkCounter(v.scopeId, v.fieldId == 138);
        } else if ((v.fieldId == 138 || v.fieldId == 139) && d->index == 0 && v.scopeId == 0xFFFFFFFFu) {
#ifdef FAKE_NVML_LEGACY
            v.nvmlReturn = INVALID_ARGUMENT; // drivers before the all-links scope
#else
            // The sum over all links, plus 18 x 100 KiB more per read than the links show (as if
            // a link the sum counts were not listed), so a test can tell which one was used.
            v.nvmlReturn = SUCCESS;
            v.valueType = 3;
            v.value.ullVal = allLinksCounter(v.fieldId == 138);
#endif
        } else {
            v.nvmlReturn = NOT_SUPPORTED;
        }
    }
    if (nvlinkRead)
        ++g_nvlinkReads;
    return SUCCESS;
}

// ---- XID events -------------------------------------------------------------------------
EXPORT nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *set)
{
    const std::lock_guard lock(g_mutex);
    *set = &g_eventSet;
    return SUCCESS;
}
EXPORT nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t d, unsigned long long types, nvmlEventSet_t set)
{
    const std::lock_guard lock(g_mutex);
    if (!device(d) || set != &g_eventSet)
        return INVALID_ARGUMENT;
    if (!(types & 0x8))
        return NOT_SUPPORTED;
    g_xidRegistered[d->index] = true;
    return SUCCESS;
}
static nvmlReturn_t fakeWait(nvmlEventSet_t set, nvmlEventData_t *data, unsigned int)
{
    if (set != &g_eventSet)
        return INVALID_ARGUMENT;
    if (!g_pendingXid || !g_xidRegistered[g_pendingXidGpu])
        return TIMEOUT;
    data->device = &g_devices[g_pendingXidGpu];
    data->eventType = 0x8;
    data->eventData = g_pendingXid;
    g_pendingXid = 0;
    return SUCCESS;
}
#ifdef FAKE_NVML_LEGACY
EXPORT nvmlReturn_t nvmlEventSetWait(nvmlEventSet_t set, nvmlEventData_t *data, unsigned int timeoutMs)
{
    const std::lock_guard lock(g_mutex);
    return fakeWait(set, data, timeoutMs);
}
#else
EXPORT nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t set, nvmlEventData_t *data, unsigned int timeoutMs)
{
    const std::lock_guard lock(g_mutex);
    return fakeWait(set, data, timeoutMs);
}
#endif
EXPORT nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t set)
{
    const std::lock_guard lock(g_mutex);
    g_xidRegistered[0] = g_xidRegistered[1] = false;
    return set == &g_eventSet ? SUCCESS : INVALID_ARGUMENT;
}

} // extern "C"
