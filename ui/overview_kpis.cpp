#include "ui/overview_kpis.h"

#include <QCoreApplication>

namespace sn {

namespace {
struct OverviewKpis {
    Q_DECLARE_TR_FUNCTIONS(sn::OverviewKpis)
};

QString number(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}
QString count(int v)
{
    return QString::number(v);
}
} // namespace

QString kpiTitle(Kpi kpi)
{
    switch (kpi) {
    case Kpi::GpusBusy:
        return OverviewKpis::tr("GPUs busy");
    case Kpi::UtilMean:
        return OverviewKpis::tr("Mean GPU utilization");
    case Kpi::UtilMax:
        return OverviewKpis::tr("Max GPU utilization");
    case Kpi::TempMax:
        return OverviewKpis::tr("Max GPU temperature");
    case Kpi::Power:
        return OverviewKpis::tr("Power draw");
    case Kpi::GpuMemory:
        return OverviewKpis::tr("GPU memory used");
    case Kpi::JobsRunning:
        return OverviewKpis::tr("Jobs running");
    case Kpi::JobsPending:
        return OverviewKpis::tr("Jobs pending");
    case Kpi::AnomaliesOpen:
        return OverviewKpis::tr("Open anomalies");
    case Kpi::NodesUp:
        return OverviewKpis::tr("Nodes up");
    case Kpi::GpusFaulted:
        return OverviewKpis::tr("Faulted GPUs");
    }
    return {};
}

QString kpiId(Kpi kpi)
{
    switch (kpi) {
    case Kpi::GpusBusy:
        return QStringLiteral("gpus");
    case Kpi::UtilMean:
        return QStringLiteral("util-mean");
    case Kpi::UtilMax:
        return QStringLiteral("util-max");
    case Kpi::TempMax:
        return QStringLiteral("temp-max");
    case Kpi::Power:
        return QStringLiteral("power");
    case Kpi::GpuMemory:
        return QStringLiteral("gpu-memory");
    case Kpi::JobsRunning:
        return QStringLiteral("jobs-running");
    case Kpi::JobsPending:
        return QStringLiteral("jobs-pending");
    case Kpi::AnomaliesOpen:
        return QStringLiteral("anomalies");
    case Kpi::NodesUp:
        return QStringLiteral("nodes");
    case Kpi::GpusFaulted:
        return QStringLiteral("gpus-faulted");
    }
    return {};
}

Health temperatureHealth(double celsius)
{
    if (celsius >= kTempCriticalC)
        return Health::Critical;
    if (celsius >= kTempWarningC)
        return Health::Warning;
    return Health::Normal;
}

ByteUnit byteUnitFor(double bytes)
{
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    constexpr double kTiB = kGiB * 1024.0;
    if (bytes >= kTiB)
        return {OverviewKpis::tr("TiB"), kTiB};
    return {OverviewKpis::tr("GiB"), kGiB};
}

KpiReading readKpi(Kpi kpi, const pb::ClusterSummary &s)
{
    KpiReading r;
    switch (kpi) {
    case Kpi::GpusBusy:
        r.value = count(s.gpus_busy());
        r.detail = OverviewKpis::tr("of %1").arg(s.gpus_total());
        break;
    case Kpi::UtilMean:
        r.value = number(s.gpu_util_mean_percent(), 0);
        r.unit = QStringLiteral("%");
        r.detail = OverviewKpis::tr("average over all GPUs");
        break;
    case Kpi::UtilMax:
        r.value = number(s.gpu_util_max_percent(), 0);
        r.unit = QStringLiteral("%");
        r.detail = OverviewKpis::tr("busiest GPU");
        break;
    case Kpi::TempMax:
        r.value = number(s.gpu_temp_max_c(), 0);
        r.unit = QStringLiteral("°C");
        r.health = temperatureHealth(s.gpu_temp_max_c());
        r.detail = r.health == Health::Critical  ? OverviewKpis::tr("hottest GPU: throttling range")
                   : r.health == Health::Warning ? OverviewKpis::tr("hottest GPU: running hot")
                                                 : OverviewKpis::tr("hottest GPU");
        break;
    case Kpi::Power: {
        const double kw = s.power_draw_watts() / 1000.0;
        r.value = number(kw, kw < 10 ? 2 : 1);
        r.unit = OverviewKpis::tr("kW");
        r.detail = OverviewKpis::tr("all GPUs");
        break;
    }
    case Kpi::GpuMemory: {
        const ByteUnit unit = byteUnitFor(s.gpu_memory_total_bytes());
        const int decimals = unit.bytes > 1024.0 * 1024.0 * 1024.0 ? 2 : 0;
        r.value = number(s.gpu_memory_used_bytes() / unit.bytes, decimals);
        r.unit = unit.name;
        const double percent =
            s.gpu_memory_total_bytes() > 0 ? 100.0 * s.gpu_memory_used_bytes() / s.gpu_memory_total_bytes() : 0;
        r.detail = OverviewKpis::tr("of %1 %2 (%3 %)")
                       .arg(number(s.gpu_memory_total_bytes() / unit.bytes, decimals), unit.name, number(percent, 0));
        break;
    }
    case Kpi::JobsRunning:
        r.value = count(s.jobs_running());
        r.detail = OverviewKpis::tr("on %1 GPUs").arg(s.gpus_busy());
        break;
    case Kpi::JobsPending:
        r.value = count(s.jobs_pending());
        r.detail = OverviewKpis::tr("waiting in the queue");
        break;
    case Kpi::AnomaliesOpen:
        r.value = count(s.anomalies_open());
        r.health = s.anomalies_open() > 0 ? Health::Warning : Health::Normal;
        r.detail =
            s.anomalies_open() > 0 ? OverviewKpis::tr("not yet acknowledged") : OverviewKpis::tr("nothing to look at");
        break;
    case Kpi::NodesUp:
        r.value = count(s.nodes_up());
        r.health = s.nodes_up() < s.nodes_total() ? Health::Critical : Health::Normal;
        r.detail = s.nodes_up() < s.nodes_total()
                       ? OverviewKpis::tr("of %1 — %2 down").arg(s.nodes_total()).arg(s.nodes_total() - s.nodes_up())
                       : OverviewKpis::tr("of %1").arg(s.nodes_total());
        break;
    case Kpi::GpusFaulted:
        r.value = count(s.gpus_faulted());
        r.health = s.gpus_faulted() > 0 ? Health::Critical : Health::Normal;
        r.detail =
            s.gpus_faulted() > 0 ? OverviewKpis::tr("not usable until reset") : OverviewKpis::tr("all GPUs usable");
        break;
    }
    return r;
}

} // namespace sn
