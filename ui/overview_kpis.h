#pragma once
// The Overview's headline numbers as text: which tiles there are, and how a ClusterSummary
// reads on each (value, unit, secondary line, health). Free functions, so the wording and the
// thresholds are tested without a window.

#include "backend/api/engine_api.h"
#include "widgets/health.h"

#include <QString>

#include <array>

namespace sn {

enum class Kpi {
    GpusBusy,
    UtilMean,
    UtilMax,
    TempMax,
    Power,
    GpuMemory,
    JobsRunning,
    JobsPending,
    AnomaliesOpen,
    NodesUp,
    GpusFaulted,
};

inline constexpr std::array kAllKpis{Kpi::GpusBusy,      Kpi::UtilMean,  Kpi::UtilMax,     Kpi::TempMax,
                                     Kpi::Power,         Kpi::GpuMemory, Kpi::JobsRunning, Kpi::JobsPending,
                                     Kpi::AnomaliesOpen, Kpi::NodesUp,   Kpi::GpusFaulted};

// Where GPU temperature turns into a warning and into an alarm (H100 slowdown starts near 87 °C).
inline constexpr double kTempWarningC = 80;
inline constexpr double kTempCriticalC = 87;

struct KpiReading {
    QString value;
    QString unit;
    QString detail;
    Health health = Health::Normal;
};

QString kpiTitle(Kpi kpi);
QString kpiId(Kpi kpi); // stable, for object names and tests: "gpus", "util-mean", ...
KpiReading readKpi(Kpi kpi, const pb::ClusterSummary &summary);

Health temperatureHealth(double celsius);

// "1.25 TiB" / "640 GiB": the unit the total reads best in, used for used and total alike.
struct ByteUnit {
    QString name;
    double bytes;
};
ByteUnit byteUnitFor(double bytes);

} // namespace sn
