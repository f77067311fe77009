#pragma once
// The one layout of a report line chart, shared by the SVG (HTML) and QPainter (PDF) writers so
// both draw the same thing: value range rounded out to tidy ticks, a palette, time labels.

#include "backend/report/report_data.h"

#include <string>
#include <vector>

namespace sn::report {

struct ChartGeometry {
    double minValue = 0, maxValue = 1;
    std::vector<double> ticks; // value gridlines, minValue..maxValue
    std::int64_t startMs = 0, endMs = 1;
};

ChartGeometry chartGeometry(const Chart &chart, std::int64_t startMs, std::int64_t endMs);
// Tableau-like palette: distinguishable, printable; wraps for more series.
const char *seriesColor(std::size_t i);
// Time axis labels: "01-05 12:00".
std::string shortTime(std::int64_t ms);

} // namespace sn::report
