#include "backend/telemetry/collectors/reading_json.h"

#include "backend/api/metric_catalogue.h"

#include <QJsonArray>

namespace sn {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

template <typename T> void putOptional(QJsonObject &o, const char *key, const std::optional<T> &v)
{
    if (v)
        o.insert(QLatin1String(key), static_cast<double>(*v));
    else
        o.insert(QLatin1String(key), QJsonValue::Null);
}

void putText(QJsonObject &o, const char *key, const std::string &v)
{
    o.insert(QLatin1String(key), v.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q(v)));
}

} // namespace

QJsonObject gpuReadingToJson(const GpuReading &r)
{
    QJsonObject o;
    o.insert("gpu", r.gpu);
    o.insert("UUID", q(r.uuid));
    o.insert("modelName", q(r.model));
    o.insert("pci_bus_id", q(r.pciBusId));
    o.insert("Hostname", q(r.node));
    if (!r.job.empty())
        o.insert("job", q(r.job));
    o.insert("time_ms", static_cast<double>(r.timeMs));
    QJsonObject metrics;
    QJsonArray missing;
    for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
        const auto f = static_cast<GpuField>(i);
        const char *name = metric::name(f);
        if (r.has(f))
            metrics.insert(QLatin1String(name), r.get(f));
        else
            missing.append(QLatin1String(name));
    }
    o.insert("metrics", metrics);
    o.insert("not_reported", missing);
    if (!r.nvlinks.empty()) {
        QJsonArray links;
        for (const auto &l : r.nvlinks)
            links.append(QJsonObject{{"link", l.link},
                                     {"tx_bytes_per_second", l.txBytesPerSecond},
                                     {"rx_bytes_per_second", l.rxBytesPerSecond}});
        o.insert("nvlinks", links);
    }
    return o;
}

QJsonObject nvidiaSmiDeviceToJson(const NvidiaSmiDevice &d)
{
    QJsonObject o = gpuReadingToJson(d.reading);
    QJsonObject dev;
    putOptional(dev, "minor_number", d.minorNumber);
    putText(dev, "serial", d.serial);
    putText(dev, "vbios_version", d.vbiosVersion);
    putText(dev, "architecture", d.architecture);
    putText(dev, "pstate", d.pstate);
    putText(dev, "compute_mode", d.computeMode);
    putText(dev, "mig_mode_current", d.migModeCurrent);
    putText(dev, "mig_mode_pending", d.migModePending);
    putOptional(dev, "pcie_gen_current", d.pcieGenCurrent);
    putOptional(dev, "pcie_gen_max", d.pcieGenMax);
    putOptional(dev, "pcie_width_current", d.pcieWidthCurrent);
    putOptional(dev, "pcie_width_max", d.pcieWidthMax);
    putOptional(dev, "power_draw_average_watts", d.powerDrawAverageW);
    putOptional(dev, "power_draw_instant_watts", d.powerDrawInstantW);
    putOptional(dev, "enforced_power_limit_watts", d.enforcedPowerLimitW);
    QJsonArray migs;
    for (const auto &m : d.migDevices) {
        QJsonObject mo{{"index", m.index}};
        putOptional(mo, "gpu_instance_id", m.gpuInstanceId);
        putOptional(mo, "compute_instance_id", m.computeInstanceId);
        putOptional(mo, "multiprocessor_count", m.multiprocessorCount);
        putOptional(mo, "fb_total_mib", m.fbTotalMiB);
        putOptional(mo, "fb_used_mib", m.fbUsedMiB);
        putOptional(mo, "fb_free_mib", m.fbFreeMiB);
        putOptional(mo, "fb_reserved_mib", m.fbReservedMiB);
        putOptional(mo, "sram_uncorrectable", m.sramUncorrectable);
        migs.append(mo);
    }
    dev.insert("mig_devices", migs);
    o.insert("device", dev);
    return o;
}

QJsonObject nvidiaSmiSnapshotToJson(const NvidiaSmiSnapshot &s)
{
    QJsonObject o;
    putText(o, "timestamp", s.timestamp);
    putText(o, "driver_version", s.driverVersion);
    putText(o, "cuda_version", s.cudaVersion);
    QJsonArray gpus;
    for (const auto &d : s.gpus)
        gpus.append(nvidiaSmiDeviceToJson(d));
    o.insert("gpus", gpus);
    return o;
}

} // namespace sn
