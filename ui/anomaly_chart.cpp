#include "ui/anomaly_chart.h"

#include "backend/api/metric_catalogue.h"

namespace sn {

const GpuChartMetric *anomalyChartMetric(const pb::Event &e)
{
    if (e.gpu() < 0 || e.node().empty())
        return nullptr;
    const std::string &series = e.evidence().series();
    if (const auto brace = series.find('{'); brace != std::string::npos && brace > 0)
        if (const GpuChartMetric *m = gpuChartMetric(QString::fromStdString(series.substr(0, brace))))
            return m;
    const QString kind = QString::fromStdString(e.kind());
    const bool thermal = kind.contains(QLatin1String("thermal")) || kind.contains(QLatin1String("temp")) ||
                         kind.contains(QLatin1String("power"));
    return gpuChartMetric(QLatin1String(thermal ? metric::kGpuTemp : metric::kGpuUtil));
}

} // namespace sn
