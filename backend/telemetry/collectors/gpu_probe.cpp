#include "backend/telemetry/collectors/gpu_probe.h"

#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/collectors/nvidia_smi_collector.h"
#include "backend/telemetry/collectors/nvml_collector.h"
#include "backend/telemetry/collectors/reading_json.h"

#include <QDateTime>
#include <QJsonArray>
#include <QString>
#include <QSysInfo>

#include <cmath>
#include <sstream>
#include <thread>

namespace sn {

namespace {

std::int64_t nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

bool probeNvml(const GpuProbeOptions &o, GpuProbeReport &report)
{
    NvmlCollectorOptions options;
    options.libraryPath = o.nvmlLibrary;
    options.hostname = o.hostname;
    NvmlCollector nvml(options);
    auto first = nvml.collect(nowMs());
    if (first && o.nvlinkInterval.count() > 0) {
        std::this_thread::sleep_for(o.nvlinkInterval);
        first = nvml.collect(nowMs());
    }
    if (!first) {
        report.failures.push_back({"nvml", first.error()});
        return false;
    }
    if (first->gpus.empty()) {
        report.failures.push_back({"nvml", Error{ErrorCode::Unavailable, "NVML works but reports no GPU"}});
        return false;
    }
    report.source = "nvml";
    report.driverVersion = nvml.driverVersion();
    report.gpus = std::move(first->gpus);
    return true;
}

bool probeNvidiaSmi(const GpuProbeOptions &o, CommandRunner &runner, GpuProbeReport &report)
{
    NvidiaSmiCollector::Options options;
    options.program = o.nvidiaSmi;
    NvidiaSmiCollector smi(runner, o.hostname, options);
    auto r = smi.collect(nowMs());
    if (!r) {
        report.failures.push_back({"nvidia-smi", r.error()});
        return false;
    }
    if (r->gpus.empty()) {
        report.failures.push_back({"nvidia-smi", Error{ErrorCode::Unavailable, o.nvidiaSmi + " reports no GPU"}});
        return false;
    }
    report.source = "nvidia-smi";
    report.driverVersion = smi.lastSnapshot().driverVersion;
    report.gpus = std::move(r->gpus);
    return true;
}

std::string number(double v)
{
    if (std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

} // namespace

GpuProbeReport runGpuProbe(const GpuProbeOptions &options, CommandRunner &runner)
{
    GpuProbeOptions o = options;
    if (o.hostname.empty())
        o.hostname = QSysInfo::machineHostName().toStdString();
    GpuProbeReport report;
    if (!probeNvml(o, report))
        probeNvidiaSmi(o, runner, report);
    return report;
}

QJsonObject gpuProbeReportToJson(const GpuProbeReport &report)
{
    QJsonObject out;
    out["source"] = report.ok() ? QJsonValue(QString::fromStdString(report.source)) : QJsonValue();
    out["driver_version"] =
        report.driverVersion.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(report.driverVersion));
    QJsonArray gpus;
    for (const GpuReading &g : report.gpus)
        gpus.append(gpuReadingToJson(g));
    out["gpus"] = gpus;
    QJsonArray errors;
    for (const GpuProbeFailure &f : report.failures)
        errors.append(QJsonObject{{"source", QString::fromStdString(f.source)},
                                  {"code", errorCodeName(f.error.code)},
                                  {"message", QString::fromStdString(f.error.message)}});
    out["errors"] = errors;
    return out;
}

std::string gpuProbeReportToText(const GpuProbeReport &report)
{
    std::ostringstream s;
    if (report.ok()) {
        s << "source: " << report.source;
        if (!report.driverVersion.empty())
            s << " (driver " << report.driverVersion << ")";
        s << ", " << report.gpus.size() << " GPU" << (report.gpus.size() == 1 ? "" : "s") << "\n";
    } else {
        s << "no GPU could be read\n";
    }
    for (const GpuReading &g : report.gpus) {
        s << "\nGPU " << g.gpu << "  " << g.model << "  " << g.pciBusId << "  " << g.uuid << "\n";
        std::vector<std::string> missing;
        for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
            const auto f = static_cast<GpuField>(i);
            const metric::Info &info = metric::info(f);
            if (!g.has(f)) {
                missing.push_back(info.name);
                continue;
            }
            s << "  " << info.name << " " << number(g.get(f));
            if (*info.unit)
                s << " " << info.unit;
            s << "\n";
        }
        for (const NvlinkLinkReading &l : g.nvlinks)
            s << "  nvlink " << l.link << ": tx " << number(l.txBytesPerSecond) << " B/s, rx "
              << number(l.rxBytesPerSecond) << " B/s\n";
        if (!missing.empty()) {
            s << "  not reported:";
            for (const std::string &m : missing)
                s << " " << m;
            s << "\n";
        }
    }
    for (const GpuProbeFailure &f : report.failures)
        s << (report.ok() ? "\nalso tried " : "\n") << f.source << ": " << f.error.message << "\n";
    return s.str();
}

} // namespace sn
