#include "backend/telemetry/collectors/nvml_device_reader.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>

namespace sn {

namespace {

using nvml::kSuccess;

std::string boundedString(const char *buffer, std::size_t size)
{
    return std::string(buffer, strnlen(buffer, size));
}

bool isHex(std::string_view s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// "0000:18:00.0" or "00000000:18:00.0" to the 8-digit-domain form nvidia-smi and dcgm-exporter
// print; empty when `id` is not a PCI bus id at all.
std::string normalizedBusId(std::string_view id)
{
    const std::size_t c1 = id.find(':');
    const std::size_t c2 = id.find(':', c1 == std::string_view::npos ? c1 : c1 + 1);
    const std::size_t dot = id.find('.');
    if (c1 == std::string_view::npos || c2 == std::string_view::npos || dot == std::string_view::npos || dot < c2)
        return {};
    const std::string_view domain = id.substr(0, c1), bus = id.substr(c1 + 1, c2 - c1 - 1),
                           dev = id.substr(c2 + 1, dot - c2 - 1), fn = id.substr(dot + 1);
    if (domain.size() < 4 || domain.size() > 8 || bus.size() != 2 || dev.size() != 2 || fn.size() != 1 ||
        !isHex(domain) || !isHex(bus) || !isHex(dev) || !isHex(fn))
        return {};
    std::string out = std::string(8 - domain.size(), '0') + std::string(id);
    for (char &c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::string pciBusIdFromInfo(const unsigned char *info)
{
    // nvmlDeviceGetPciInfo_v3 (and _v2 on current drivers) fill PciInfoV3, whose 32-byte bus id
    // sits at offset 36; older drivers' layouts lead with a 16-byte bus id and keep other
    // numbers at offset 36. Only a string shaped like a bus id is taken, so a layout this code
    // does not know gives no bus id rather than a wrong one.
    const auto at = [&](std::size_t offset, std::size_t size) {
        const char *p = reinterpret_cast<const char *>(info) + offset;
        return normalizedBusId(std::string_view(p, strnlen(p, size)));
    };
    if (std::string id = at(offsetof(nvml::PciInfoV3, busId), 32); !id.empty())
        return id;
    return at(0, 16);
}

namespace {

void readIdentity(const NvmlEntryPoints &a, nvml::Device d, unsigned index, GpuReading &r)
{
    char text[nvml::kUuidBufferSize] = {};
    if (a.deviceGetName && a.deviceGetName(d, text, sizeof text) == kSuccess)
        r.model = boundedString(text, sizeof text);
    std::memset(text, 0, sizeof text);
    if (a.deviceGetUuid && a.deviceGetUuid(d, text, sizeof text) == kSuccess)
        r.uuid = boundedString(text, sizeof text);
    // The gpu label is the NVML index, as dcgm-exporter and nvidia-smi's index give it; the
    // minor number (/dev/nvidiaN) usually, not always, equals it.
    r.gpu = static_cast<int>(index);
    if (a.deviceGetPciInfo) {
        // Room for the largest layout any version fills.
        alignas(8) unsigned char pci[128] = {};
        if (a.deviceGetPciInfo(d, pci) == kSuccess)
            r.pciBusId = pciBusIdFromInfo(pci);
    }
}

void readMemory(const NvmlEntryPoints &a, nvml::Device d, GpuReading &r)
{
    if (!a.deviceGetMemoryInfo)
        return;
    unsigned long long total = 0, free = 0, used = 0;
    if (a.memoryInfoV2) {
        nvml::MemoryV2 m{};
        m.version = nvml::kMemoryV2Version;
        if (a.deviceGetMemoryInfo(d, &m) != kSuccess)
            return;
        total = m.total, free = m.free, used = m.used;
    } else {
        nvml::Memory m{};
        if (a.deviceGetMemoryInfo(d, &m) != kSuccess)
            return;
        total = m.total, free = m.free, used = m.used;
    }
    // Whole MiB, each rounded up, as nvidia-smi prints them. On a real H200 (driver 580,
    // tests/data/nvidia-h200) its used, free and reserved added up to one or two MiB more than
    // the total, and against these same NVML bytes truncating was one MiB short on used and free
    // alike, rounding to the nearest on free under load.
    constexpr std::uint64_t kMiB = 1024ull * 1024ull;
    const auto mib = [](std::uint64_t bytes) { return static_cast<double>((bytes + kMiB - 1) / kMiB); };
    r.set(GpuField::FbTotal, mib(total));
    r.set(GpuField::FbFree, mib(free));
    r.set(GpuField::FbUsed, mib(used));
}

template <typename Fn, typename... Args>
void setUint(GpuReading &r, GpuField f, Fn fn, double scale, nvml::Device d, Args... args)
{
    unsigned int v = 0;
    if (fn && fn(d, args..., &v) == kSuccess)
        r.set(f, static_cast<double>(v) * scale);
}

// Milliwatts to watts by division: 692877 * 0.001 is 692.8770000000001, which prints so and is
// no longer the 3-decimal value the store encodes as a scaled integer; 692877 / 1000.0 is 692.877.
template <typename Fn> void setMilli(GpuReading &r, GpuField f, Fn fn, nvml::Device d)
{
    unsigned int v = 0;
    if (fn && fn(d, &v) == kSuccess)
        r.set(f, static_cast<double>(v) / 1000.0);
}

template <typename Fn> void setUll(GpuReading &r, GpuField f, Fn fn, nvml::Device d)
{
    unsigned long long v = 0;
    if (fn && fn(d, &v) == kSuccess)
        r.set(f, static_cast<double>(v));
}

void readErrors(const NvmlEntryPoints &a, nvml::Device d, GpuReading &r)
{
    unsigned long long count = 0;
    if (a.deviceGetTotalEccErrors) {
        if (a.deviceGetTotalEccErrors(d, nvml::kMemoryErrorCorrected, nvml::kVolatileEcc, &count) == kSuccess)
            r.set(GpuField::EccSbeVolatile, static_cast<double>(count));
        if (a.deviceGetTotalEccErrors(d, nvml::kMemoryErrorUncorrected, nvml::kVolatileEcc, &count) == kSuccess)
            r.set(GpuField::EccDbeVolatile, static_cast<double>(count));
    }
    if (a.deviceGetRetiredPages) {
        // A zero-sized buffer asks only for the count: SUCCESS when none are retired,
        // INSUFFICIENT_SIZE (with the count filled in) when some are.
        for (auto [cause, field] : {std::pair{nvml::kRetireMultipleSbe, GpuField::RetiredSbe},
                                    std::pair{nvml::kRetireDbe, GpuField::RetiredDbe}}) {
            unsigned int pages = 0;
            const nvml::Return ret = a.deviceGetRetiredPages(d, cause, &pages, nullptr);
            if (ret == kSuccess || ret == nvml::kErrorInsufficientSize)
                r.set(field, pages);
        }
    }
    unsigned int pending = 0;
    if (a.deviceGetRetiredPagesPendingStatus && a.deviceGetRetiredPagesPendingStatus(d, &pending) == kSuccess)
        r.set(GpuField::RetiredPending, pending == nvml::kFeatureEnabled ? 1 : 0);
    unsigned int corr = 0, unc = 0, remapPending = 0, failed = 0;
    if (a.deviceGetRemappedRows && a.deviceGetRemappedRows(d, &corr, &unc, &remapPending, &failed) == kSuccess) {
        r.set(GpuField::RemappedCorrectable, corr);
        r.set(GpuField::RemappedUncorrectable, unc);
        r.set(GpuField::RowRemapFailure, failed ? 1 : 0);
    }
}

void readMemoryTemperature(const NvmlEntryPoints &a, nvml::Device d, GpuReading &r)
{
    if (!a.deviceGetFieldValues)
        return;
    nvml::FieldValue v{};
    v.fieldId = nvml::kFieldMemoryTemp;
    if (a.deviceGetFieldValues(d, 1, &v) != kSuccess || v.nvmlReturn != kSuccess)
        return;
    if (auto t = nvmlFieldValueAsDouble(v))
        r.set(GpuField::MemoryTemperature, *t);
}

std::optional<std::vector<NvlinkCounters>> readNvlinkCounters(const NvmlEntryPoints &a, nvml::Device d)
{
    if (!a.deviceGetNvLinkState || !a.deviceGetFieldValues)
        return std::nullopt;
    std::vector<unsigned> active;
    for (unsigned link = 0; link < nvml::kNvlinkMaxLinks; ++link) {
        unsigned int state = 0;
        if (a.deviceGetNvLinkState(d, link, &state) == kSuccess && state == nvml::kFeatureEnabled)
            active.push_back(link);
    }
    if (active.empty())
        return std::nullopt;
    // One call for every link and the all-links sum (scopeId UINT_MAX).
    std::vector<nvml::FieldValue> values(active.size() * 2 + 2);
    for (std::size_t i = 0; i <= active.size(); ++i) {
        const unsigned scope = i < active.size() ? active[i] : nvml::kScopeAllNvlinks;
        values[2 * i].fieldId = nvml::kFieldNvlinkThroughputDataTx;
        values[2 * i].scopeId = scope;
        values[2 * i + 1].fieldId = nvml::kFieldNvlinkThroughputDataRx;
        values[2 * i + 1].scopeId = scope;
    }
    if (a.deviceGetFieldValues(d, static_cast<int>(values.size()), values.data()) != kSuccess)
        return std::nullopt;
    const auto counterPair = [&](std::size_t i) -> std::optional<NvlinkCounters> {
        const nvml::FieldValue &tx = values[2 * i];
        const nvml::FieldValue &rx = values[2 * i + 1];
        const auto txv = nvmlFieldValueAsDouble(tx);
        const auto rxv = nvmlFieldValueAsDouble(rx);
        if (tx.nvmlReturn != kSuccess || rx.nvmlReturn != kSuccess || !txv || !rxv || *txv < 0 || *rxv < 0)
            return std::nullopt;
        const int link = i < active.size() ? static_cast<int>(active[i]) : kNvlinkAllLinks;
        return NvlinkCounters{link, static_cast<std::uint64_t>(*txv), static_cast<std::uint64_t>(*rxv)};
    };
    std::vector<NvlinkCounters> counters;
    for (std::size_t i = 0; i < active.size(); ++i) {
        // A link whose counters the driver will not give makes the per-link set unusable: a sum
        // over the other links would understate the GPU's traffic.
        const auto c = counterPair(i);
        if (!c) {
            counters.clear();
            break;
        }
        counters.push_back(*c);
    }
    if (const auto all = counterPair(active.size())) {
        // Some drivers answer every link's scope with the all-links sum; per-link numbers that all
        // equal the sum are not per-link, and summing them would multiply the traffic.
        const bool repeated = counters.size() > 1 && all->txKiB + all->rxKiB > 0 &&
                              std::all_of(counters.begin(), counters.end(), [&](const NvlinkCounters &c) {
                                  return c.txKiB == all->txKiB && c.rxKiB == all->rxKiB;
                              });
        if (repeated)
            counters.clear();
        counters.push_back(*all);
    }
    if (counters.empty())
        return std::nullopt;
    return counters;
}

} // namespace

std::optional<double> nvmlFieldValueAsDouble(const nvml::FieldValue &v)
{
    switch (v.valueType) {
    case nvml::kValueDouble:
        return v.value.dVal;
    case nvml::kValueUnsignedInt:
        return static_cast<double>(v.value.uiVal);
    case nvml::kValueUnsignedLong:
        return static_cast<double>(v.value.ulVal);
    case nvml::kValueUnsignedLongLong:
        return static_cast<double>(v.value.ullVal);
    case nvml::kValueSignedLongLong:
        return static_cast<double>(v.value.sllVal);
    case nvml::kValueSignedInt:
        return static_cast<double>(v.value.siVal);
    case nvml::kValueUnsignedShort:
        return static_cast<double>(v.value.usVal);
    }
    return std::nullopt;
}

NvmlDeviceSample readNvmlDevice(const NvmlLibrary &lib, nvml::Device d, unsigned index)
{
    const NvmlEntryPoints &a = lib.api();
    NvmlDeviceSample sample;
    GpuReading &r = sample.reading;
    readIdentity(a, d, index, r);

    nvml::Utilization util{};
    if (a.deviceGetUtilizationRates && a.deviceGetUtilizationRates(d, &util) == kSuccess) {
        r.set(GpuField::Utilization, util.gpu);
        r.set(GpuField::MemoryCopyUtil, util.memory);
    }
    readMemory(a, d, r);
    setUint(r, GpuField::Temperature, a.deviceGetTemperature, 1.0, d, nvml::kTemperatureGpu);
    readMemoryTemperature(a, d, r);
    setMilli(r, GpuField::Power, a.deviceGetPowerUsage, d); // mW
    setMilli(r, GpuField::PowerLimit, a.deviceGetEnforcedPowerLimit, d);
    setUll(r, GpuField::Energy, a.deviceGetTotalEnergyConsumption, d); // mJ, as DCGM
    setUint(r, GpuField::SmClock, a.deviceGetClockInfo, 1.0, d, nvml::kClockSm);
    setUint(r, GpuField::MemClock, a.deviceGetClockInfo, 1.0, d, nvml::kClockMem);
    setUll(r, GpuField::ThrottleReasons, a.deviceGetClocksEventReasons, d);
    // NVML's PCIe throughput is KB/s over a 20 ms window; NVML's KB is 1024 bytes.
    setUint(r, GpuField::PcieTxBytes, a.deviceGetPcieThroughput, 1024.0, d, nvml::kPcieUtilTxBytes);
    setUint(r, GpuField::PcieRxBytes, a.deviceGetPcieThroughput, 1024.0, d, nvml::kPcieUtilRxBytes);
    setUint(r, GpuField::PcieReplay, a.deviceGetPcieReplayCounter, 1.0, d);
    readErrors(a, d, r);
    setUint(r, GpuField::FanSpeed, a.deviceGetFanSpeed, 1.0, d);
    sample.nvlink = readNvlinkCounters(a, d);
    return sample;
}

} // namespace sn
