#include "ui/gpu_chart_data.h"

#include "backend/api/metric_catalogue.h"
#include "translations/event_text.h"

#include <QCoreApplication>

namespace sn {

namespace {
struct GpuChartText {
    Q_DECLARE_TR_FUNCTIONS(sn::GpuChartText)
};
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QVector<GpuChartMetric> makeMetrics()
{
    return {
        {metric::kGpuUtil, GpuChartText::tr("Utilization"), QStringLiteral("%"), 1, 0, 100},
        {metric::kGpuTemp, GpuChartText::tr("Temperature"), QStringLiteral("°C"), 1, kNaN, kNaN},
        {metric::kPower, GpuChartText::tr("Power"), QStringLiteral("W"), 1, 0, kNaN},
        {metric::kFbUsed, GpuChartText::tr("Memory used"), QStringLiteral("GiB"), 1.0 / 1024, 0, kNaN},
        {metric::kMemoryTemp, GpuChartText::tr("Memory temperature"), QStringLiteral("°C"), 1, kNaN, kNaN},
        {metric::kSmClock, GpuChartText::tr("SM clock"), QStringLiteral("MHz"), 1, 0, kNaN},
        {metric::kPcieTx, GpuChartText::tr("PCIe transmit"), QStringLiteral("GB/s"), 1e-9, 0, kNaN},
        {metric::kPcieRx, GpuChartText::tr("PCIe receive"), QStringLiteral("GB/s"), 1e-9, 0, kNaN},
        {metric::kNvlinkTx, GpuChartText::tr("NVLink transmit"), QStringLiteral("GB/s"), 1e-9, 0, kNaN},
        {metric::kNvlinkRx, GpuChartText::tr("NVLink receive"), QStringLiteral("GB/s"), 1e-9, 0, kNaN},
    };
}
} // namespace

const QVector<GpuChartMetric> &gpuChartMetrics()
{
    static const QVector<GpuChartMetric> metrics = makeMetrics(); // after a translator is installed
    return metrics;
}

const GpuChartMetric *gpuChartMetric(const QString &metric)
{
    for (const GpuChartMetric &m : gpuChartMetrics())
        if (metric == QLatin1String(m.metric))
            return &m;
    return nullptr;
}

const QVector<TimeRangePreset> &timeRangePresets()
{
    static const QVector<TimeRangePreset> presets{
        {GpuChartText::tr("Last 5 minutes"), 5LL * 60 * 1000},
        {GpuChartText::tr("Last 15 minutes"), 15LL * 60 * 1000},
        {GpuChartText::tr("Last hour"), 3600LL * 1000},
        {GpuChartText::tr("Last 6 hours"), 6 * 3600LL * 1000},
        {GpuChartText::tr("Last 24 hours"), 24 * 3600LL * 1000},
        {GpuChartText::tr("Last 7 days"), 7 * 24 * 3600LL * 1000},
    };
    return presets;
}

pb::QueryRangeRequest gpuChartQuery(const char *metric, qint64 startMs, qint64 endMs, int pixelColumns,
                                    const QString &node, int gpu)
{
    pb::QueryRangeRequest q;
    q.set_metric(metric);
    q.set_start_ms(startMs);
    q.set_end_ms(endMs);
    q.set_pixel_columns(std::max(1, pixelColumns));
    if (!node.isEmpty())
        (*q.mutable_match_labels())["Hostname"] = node.toStdString();
    if (gpu >= 0)
        (*q.mutable_match_labels())["gpu"] = std::to_string(gpu);
    return q;
}

QString seriesGpuId(const pb::Series &series)
{
    const auto host = series.labels().find("Hostname");
    const auto gpu = series.labels().find("gpu");
    if (host == series.labels().end() || gpu == series.labels().end())
        return {};
    return QString::fromStdString(host->second) + QStringLiteral("/gpu") + QString::fromStdString(gpu->second);
}

QList<QPointF> seriesPoints(const pb::Series &series, double scale)
{
    QList<QPointF> points;
    points.reserve(series.points_size());
    for (const pb::Point &p : series.points())
        points.append(QPointF(static_cast<qreal>(p.time_ms()), p.value() * scale));
    return points;
}

QVector<ChartMarker> gpuMarkers(const pb::ListJobsResponse &jobs, const QVector<pb::Event> &events, const QString &node,
                                int gpu, qint64 startMs, qint64 endMs)
{
    QVector<ChartMarker> markers;
    const std::string n = node.toStdString();
    const auto inRange = [&](qint64 t) { return t > 0 && t >= startMs && t <= endMs; };
    for (const pb::Job &job : jobs.jobs()) {
        bool here = false;
        for (const pb::GpuRef &ref : job.gpus())
            here |= ref.node() == n && ref.gpu() == gpu;
        if (!here)
            continue;
        const QString id = QString::fromStdString(job.id());
        if (inRange(job.start_time_ms()))
            markers.append({job.start_time_ms(), GpuChartText::tr("job %1 started").arg(id), QColor(0x2c, 0xa0, 0x2c)});
        if (inRange(job.end_time_ms()))
            markers.append({job.end_time_ms(), GpuChartText::tr("job %1 ended").arg(id), QColor(0x7f, 0x7f, 0x7f)});
    }
    for (const pb::Event &e : events) {
        if (e.node() != n || (e.gpu() >= 0 && e.gpu() != gpu) || !inRange(e.time_ms()))
            continue;
        const QColor colour = e.severity() >= pb::SEVERITY_ERROR     ? QColor(0xd6, 0x27, 0x28)
                              : e.severity() >= pb::SEVERITY_WARNING ? QColor(0xe3, 0x9b, 0x00)
                                                                     : QColor(0x1f, 0x77, 0xb4);
        markers.append({e.time_ms(), eventMessageText(e.message()), colour});
    }
    return markers;
}

} // namespace sn
