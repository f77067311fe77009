#pragma once
// The few NVML types, constants and entry points the NVML collector uses, declared here so the
// program has no build-time dependency on the CUDA toolkit or a driver: libnvidia-ml.so.1 is
// opened at run time (nvml_library.h). Layouts and values follow NVIDIA's public nvml.h
// (driver 470 to 570 headers; cross-checked against nvml.h copies in go-nvml and pynvml).
// A wrong layout here would read garbage, so each struct's size and offsets are asserted.

#include <cstddef>

namespace sn::nvml {

using Return = int; // nvmlReturn_t
struct DeviceSt;
using Device = DeviceSt *; // nvmlDevice_t
struct EventSetSt;
using EventSet = EventSetSt *; // nvmlEventSet_t

// nvmlReturn_t values the collector tells apart.
inline constexpr Return kSuccess = 0;
inline constexpr Return kErrorUninitialized = 1;
inline constexpr Return kErrorInvalidArgument = 2;
inline constexpr Return kErrorNotSupported = 3;
inline constexpr Return kErrorNoPermission = 4;
inline constexpr Return kErrorNotFound = 6;
inline constexpr Return kErrorInsufficientSize = 7;
inline constexpr Return kErrorDriverNotLoaded = 9;
inline constexpr Return kErrorTimeout = 10;
inline constexpr Return kErrorFunctionNotFound = 13;
inline constexpr Return kErrorGpuIsLost = 15;
inline constexpr Return kErrorArgumentVersionMismatch = 25;
inline constexpr Return kErrorUnknown = 999;

// Buffer sizes (NVML_DEVICE_NAME_V2_BUFFER_SIZE, NVML_DEVICE_UUID_V2_BUFFER_SIZE,
// NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE): the largest any driver writes.
inline constexpr unsigned kNameBufferSize = 96;
inline constexpr unsigned kUuidBufferSize = 96;
inline constexpr unsigned kDriverVersionBufferSize = 80;

inline constexpr unsigned kTemperatureGpu = 0;         // NVML_TEMPERATURE_GPU
inline constexpr unsigned kClockSm = 1;                // NVML_CLOCK_SM
inline constexpr unsigned kClockMem = 2;               // NVML_CLOCK_MEM
inline constexpr unsigned kPcieUtilTxBytes = 0;        // NVML_PCIE_UTIL_TX_BYTES
inline constexpr unsigned kPcieUtilRxBytes = 1;        // NVML_PCIE_UTIL_RX_BYTES
inline constexpr unsigned kMemoryErrorCorrected = 0;   // NVML_MEMORY_ERROR_TYPE_CORRECTED
inline constexpr unsigned kMemoryErrorUncorrected = 1; // NVML_MEMORY_ERROR_TYPE_UNCORRECTED
inline constexpr unsigned kVolatileEcc = 0;            // NVML_VOLATILE_ECC
inline constexpr unsigned kRetireMultipleSbe = 0;      // NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS
inline constexpr unsigned kRetireDbe = 1;              // NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR
inline constexpr unsigned kFeatureEnabled = 1;         // NVML_FEATURE_ENABLED
inline constexpr unsigned kNvlinkMaxLinks = 18;        // NVML_NVLINK_MAX_LINKS (Hopper; older drivers say 12)
// nvmlIntNvLinkDeviceType_t: what sits at the far end of an NVLink.
inline constexpr unsigned kNvlinkDeviceTypeGpu = 0x00;
inline constexpr unsigned kNvlinkDeviceTypeIbmNpu = 0x01;
inline constexpr unsigned kNvlinkDeviceTypeSwitch = 0x02;
inline constexpr unsigned long long kEventTypeXidCriticalError = 0x8; // nvmlEventTypeXidCriticalError

// nvmlFieldValue_t field ids (nvml.h "NVML_FI_DEV_*").
inline constexpr unsigned kFieldMemoryTemp = 82;              // NVML_FI_DEV_MEMORY_TEMP, C
inline constexpr unsigned kFieldNvlinkThroughputDataTx = 138; // KiB since driver load, per link (scopeId)
inline constexpr unsigned kFieldNvlinkThroughputDataRx = 139;
inline constexpr unsigned kScopeAllNvlinks = 0xFFFFFFFFu; // scopeId UINT_MAX: the sum over all links

// nvmlValueType_t
inline constexpr int kValueDouble = 0;
inline constexpr int kValueUnsignedInt = 1;
inline constexpr int kValueUnsignedLong = 2;
inline constexpr int kValueUnsignedLongLong = 3;
inline constexpr int kValueSignedLongLong = 4;
inline constexpr int kValueSignedInt = 5;
inline constexpr int kValueUnsignedShort = 6;

struct Utilization { // nvmlUtilization_t
    unsigned int gpu;
    unsigned int memory;
};

struct Memory { // nvmlMemory_t
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

struct MemoryV2 { // nvmlMemory_v2_t
    unsigned int version;
    unsigned long long total;
    unsigned long long reserved;
    unsigned long long free;
    unsigned long long used;
};
// NVML_STRUCT_VERSION(Memory, 2): the driver refuses a struct whose version word is wrong.
inline constexpr unsigned kMemoryV2Version = static_cast<unsigned>(sizeof(MemoryV2)) | (2u << 24);

// nvmlPciInfo_t as nvmlDeviceGetPciInfo_v3 fills it. The _v2 and plain calls fill older layouts
// whose first bytes are the bus id string, so the collector reads those from offset 0.
struct PciInfoV3 {
    char busIdLegacy[16];
    unsigned int domain;
    unsigned int bus;
    unsigned int device;
    unsigned int pciDeviceId;
    unsigned int pciSubSystemId;
    char busId[32];
};

union Value { // nvmlValue_t
    double dVal;
    int siVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    long long sllVal;
    unsigned short usVal;
};

struct FieldValue { // nvmlFieldValue_t
    unsigned int fieldId;
    unsigned int scopeId; // NVLink: the link number
    long long timestamp;  // microseconds since 1970
    long long latencyUsec;
    int valueType;
    Return nvmlReturn;
    Value value;
};

struct EventData { // nvmlEventData_t (the MIG instance ids exist since driver 450)
    Device device;
    unsigned long long eventType;
    unsigned long long eventData; // the XID for nvmlEventTypeXidCriticalError
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};

static_assert(sizeof(Utilization) == 8);
static_assert(sizeof(Memory) == 24);
static_assert(sizeof(MemoryV2) == 40 && offsetof(MemoryV2, total) == 8 && offsetof(MemoryV2, used) == 32);
static_assert(sizeof(PciInfoV3) == 68 && offsetof(PciInfoV3, busId) == 36);
static_assert(sizeof(Value) == 8);
static_assert(sizeof(FieldValue) == 40 && offsetof(FieldValue, valueType) == 24 && offsetof(FieldValue, value) == 32);
static_assert(sizeof(EventData) == 32);

// Entry points, one typedef per signature the collector calls.
using InitFn = Return (*)();
using ShutdownFn = Return (*)();
using ErrorStringFn = const char *(*)(Return);
using SystemGetDriverVersionFn = Return (*)(char *, unsigned int);
using DeviceGetCountFn = Return (*)(unsigned int *);
using DeviceGetHandleByIndexFn = Return (*)(unsigned int, Device *);
using DeviceGetStringFn = Return (*)(Device, char *, unsigned int); // name, UUID
using DeviceGetUintFn = Return (*)(Device, unsigned int *);         // power, limit, fan, replay
using DeviceGetUllFn = Return (*)(Device, unsigned long long *);    // energy, throttle reasons
using DeviceGetPciInfoFn = Return (*)(Device, void *);              // PciInfoV3 or an older layout
using DeviceGetMemoryInfoFn = Return (*)(Device, void *);           // MemoryV2 or Memory
using DeviceGetUtilizationRatesFn = Return (*)(Device, Utilization *);
using DeviceGetTemperatureFn = Return (*)(Device, unsigned int, unsigned int *);
using DeviceGetClockInfoFn = Return (*)(Device, unsigned int, unsigned int *);
using DeviceGetPcieThroughputFn = Return (*)(Device, unsigned int, unsigned int *);
using DeviceGetFieldValuesFn = Return (*)(Device, int, FieldValue *);
using DeviceGetNvLinkStateFn = Return (*)(Device, unsigned int, unsigned int *);
using DeviceGetNvLinkUintFn = Return (*)(Device, unsigned int, unsigned int *);  // version, remote device type
using DeviceGetNvLinkRemotePciInfoFn = Return (*)(Device, unsigned int, void *); // PciInfoV3 or older
using DeviceGetTopologyCommonAncestorFn = Return (*)(Device, Device, int *);     // nvmlGpuTopologyLevel_t
using DeviceGetTotalEccErrorsFn = Return (*)(Device, unsigned int, unsigned int, unsigned long long *);
using DeviceGetRetiredPagesFn = Return (*)(Device, unsigned int, unsigned int *, unsigned long long *);
using DeviceGetRetiredPagesPendingStatusFn = Return (*)(Device, unsigned int *);
using DeviceGetRemappedRowsFn = Return (*)(Device, unsigned int *, unsigned int *, unsigned int *, unsigned int *);
using EventSetCreateFn = Return (*)(EventSet *);
using DeviceRegisterEventsFn = Return (*)(Device, unsigned long long, EventSet);
using EventSetWaitFn = Return (*)(EventSet, EventData *, unsigned int);
using EventSetFreeFn = Return (*)(EventSet);
using DeviceGetUintPairFn = Return (*)(Device, unsigned int *, unsigned int *); // power limit constraints
using DeviceSetUintFn = Return (*)(Device, unsigned int);                       // set power limit (mW)

} // namespace sn::nvml
