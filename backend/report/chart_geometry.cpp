#include "backend/report/chart_geometry.h"

#include "backend/report/report_text.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace sn::report {

ChartGeometry chartGeometry(const Chart &chart, std::int64_t startMs, std::int64_t endMs)
{
    ChartGeometry g;
    g.startMs = startMs;
    g.endMs = std::max(endMs, startMs + 1);
    double lo = 0, hi = 0;
    bool any = false;
    for (const ChartSeries &s : chart.series)
        for (const auto &[t, v] : s.points) {
            lo = any ? std::min(lo, v) : v;
            hi = any ? std::max(hi, v) : v;
            any = true;
        }
    // Percentages read best on 0..100; other units from zero so that areas compare honestly.
    lo = std::min(0.0, lo);
    if (chart.unit == "%")
        hi = std::max(hi, 100.0);
    if (hi <= lo)
        hi = lo + 1;
    const double raw = (hi - lo) / 4;
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    g.minValue = std::floor(lo / step) * step;
    g.maxValue = std::ceil(hi / step) * step;
    for (double v = g.minValue; v <= g.maxValue + step / 2; v += step)
        g.ticks.push_back(v);
    return g;
}

const char *seriesColor(std::size_t i)
{
    static const char *palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    return palette[i % std::size(palette)];
}

std::string shortTime(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(ReportText::tr("MM-dd HH:mm", "short date and time pattern of QDateTime::toString"))
        .toStdString();
}

} // namespace sn::report
