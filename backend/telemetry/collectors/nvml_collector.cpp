#include "backend/telemetry/collectors/nvml_collector.h"

#include "backend/telemetry/collectors/nvml_device_reader.h"

#include <QLoggingCategory>
#include <QString>
#include <QSysInfo>

#include <cstring>

namespace sn {

namespace {
Q_LOGGING_CATEGORY(lcNvml, "sn.telemetry.nvml")

// At most this many queued events are read per poll, so a GPU storming XIDs cannot hold the
// collector; the rest are read on the next poll.
constexpr int kMaxEventsPerPoll = 64;
} // namespace

NvmlCollector::NvmlCollector(NvmlCollectorOptions options) : m_options(std::move(options))
{
    if (m_options.hostname.empty())
        m_options.hostname = QSysInfo::machineHostName().toStdString();
    auto lib = NvmlLibrary::open(m_options.libraryPath);
    if (!lib) {
        m_lastError = lib.error();
        qCInfo(lcNvml, "%s", m_lastError->message.c_str());
        return;
    }
    m_lib = std::move(lib).value();
    const NvmlEntryPoints &a = m_lib->api();
    unsigned count = 0;
    if (const nvml::Return r = a.deviceGetCount(&count); r != nvml::kSuccess) {
        m_lastError =
            Error{ErrorCode::Unavailable, "NVML unavailable: " + m_lib->resolvedSymbols().at("deviceGetCount") +
                                              " failed: " + m_lib->describe(r)};
        m_lib.reset();
        return;
    }
    for (unsigned i = 0; i < count; ++i) {
        nvml::Device d = nullptr;
        // A GPU NVML cannot open (fallen off the bus, no permission) keeps its place with a null
        // handle: it is reported with no valid field rather than hidden.
        if (const nvml::Return r = a.deviceGetHandleByIndex(i, &d); r != nvml::kSuccess) {
            qCWarning(lcNvml, "NVML cannot open GPU %u: %s", i, m_lib->describe(r).c_str());
            d = nullptr;
        }
        m_devices.push_back(d);
    }
    m_nvlinkRates.resize(count);
    if (a.systemGetDriverVersion) {
        char version[nvml::kDriverVersionBufferSize] = {};
        if (a.systemGetDriverVersion(version, sizeof version) == nvml::kSuccess)
            m_driverVersion.assign(version, strnlen(version, sizeof version));
    }
    watchXids();
}

NvmlCollector::~NvmlCollector()
{
    if (m_events && m_lib && m_lib->api().eventSetFree)
        m_lib->api().eventSetFree(m_events);
}

void NvmlCollector::watchXids()
{
    const NvmlEntryPoints &a = m_lib->api();
    m_xidWatched.assign(m_devices.size(), false);
    m_lastXid.assign(m_devices.size(), 0);
    if (!a.eventSetCreate || !a.deviceRegisterEvents || !a.eventSetWait || !a.eventSetFree)
        return;
    if (a.eventSetCreate(&m_events) != nvml::kSuccess) {
        m_events = nullptr;
        return;
    }
    bool any = false;
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
        if (m_devices[i] &&
            a.deviceRegisterEvents(m_devices[i], nvml::kEventTypeXidCriticalError, m_events) == nvml::kSuccess)
            m_xidWatched[i] = any = true;
    }
    if (!any) {
        a.eventSetFree(m_events);
        m_events = nullptr;
    }
}

void NvmlCollector::drainXidEvents()
{
    if (!m_events)
        return;
    const NvmlEntryPoints &a = m_lib->api();
    for (int n = 0; n < kMaxEventsPerPoll; ++n) {
        nvml::EventData event{};
        // Timeout 0: take what is queued, never wait (TIMEOUT means the queue is empty).
        if (a.eventSetWait(m_events, &event, 0) != nvml::kSuccess)
            return;
        if (!(event.eventType & nvml::kEventTypeXidCriticalError))
            continue;
        for (std::size_t i = 0; i < m_devices.size(); ++i)
            if (m_devices[i] == event.device)
                m_lastXid[i] = static_cast<double>(event.eventData);
    }
}

Result<Collection> NvmlCollector::collect(std::int64_t nowMs)
{
    if (!m_lib)
        return *m_lastError;
    drainXidEvents();
    Collection out;
    out.gpus.reserve(m_devices.size());
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
        GpuReading reading;
        if (m_devices[i]) {
            NvmlDeviceSample sample = readNvmlDevice(*m_lib, m_devices[i], static_cast<unsigned>(i));
            reading = std::move(sample.reading);
            if (sample.nvlink) {
                if (auto links = m_nvlinkRates[i].update(nowMs, *sample.nvlink)) {
                    // The driver's all-links sum where it gives one, else the links' sum.
                    double tx = 0, rx = 0;
                    for (const NvlinkLinkReading &l : *links) {
                        if (l.link == kNvlinkAllLinks) {
                            tx = l.txBytesPerSecond, rx = l.rxBytesPerSecond;
                            break; // it is last: what was summed so far is replaced
                        }
                        tx += l.txBytesPerSecond, rx += l.rxBytesPerSecond;
                    }
                    std::erase_if(*links, [](const NvlinkLinkReading &l) { return l.link == kNvlinkAllLinks; });
                    reading.set(GpuField::NvlinkTxBytes, tx);
                    reading.set(GpuField::NvlinkRxBytes, rx);
                    reading.nvlinks = std::move(*links);
                }
            }
            if (m_xidWatched[i])
                reading.set(GpuField::XidLast, m_lastXid[i]);
        } else {
            reading.gpu = static_cast<int>(i);
        }
        reading.node = m_options.hostname;
        reading.timeMs = nowMs;
        out.gpus.push_back(std::move(reading));
    }
    m_lastError.reset();
    return out;
}

} // namespace sn
