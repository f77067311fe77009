#pragma once
// What the GPUs page charts and how it asks for it: the metrics a chart can show (dcgm-exporter
// name, title, unit, scale to that unit, fixed range), the time ranges of the picker, the
// downsampled range query (pixel_columns: M4, at most 4 points per pixel column), the points of
// a returned series, and the markers (job start/end, events) for one GPU. Free functions.

#include "backend/api/engine_api.h"
#include "widgets/metric_chart.h"

#include <QList>
#include <QString>
#include <QVector>

#include <limits>

namespace sn {

struct GpuChartMetric {
    const char *metric; // DCGM_FI_DEV_GPU_UTIL, ...
    QString title;      // translated
    QString unit;       // "%", "°C", "W", "GiB", "MHz", "GB/s"
    double scale = 1;   // the stored value times this is in unit
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
};

// Utilization, temperature, power, memory used, memory temperature, SM clock, PCIe and NVLink traffic.
const QVector<GpuChartMetric> &gpuChartMetrics();
const GpuChartMetric *gpuChartMetric(const QString &metric);

struct TimeRangePreset {
    QString title; // "Last 5 minutes"
    qint64 spanMs;
};
// 5 minutes, 15 minutes, 1 hour, 6 hours, 24 hours, 7 days.
const QVector<TimeRangePreset> &timeRangePresets();

// One query for the metric of every GPU (node empty) or of one GPU, M4-downsampled to the
// chart's pixel columns.
pb::QueryRangeRequest gpuChartQuery(const char *metric, qint64 startMs, qint64 endMs, int pixelColumns,
                                    const QString &node = {}, int gpu = -1);
// "node01/gpu3" for a series labelled Hostname=node01, gpu=3; empty when it lacks them.
QString seriesGpuId(const pb::Series &series);
QList<QPointF> seriesPoints(const pb::Series &series, double scale);

// Job starts and ends on this GPU and events about it (or its node) within [startMs, endMs].
QVector<ChartMarker> gpuMarkers(const pb::ListJobsResponse &jobs, const QVector<pb::Event> &events, const QString &node,
                                int gpu, qint64 startMs, qint64 endMs);

} // namespace sn
