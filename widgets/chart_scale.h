#pragma once
// Axis arithmetic shared by the charts (MetricChart on Qt Charts, SparkChart painted by hand):
// "nice" value steps, the value range a chart shows for its data, and time label formats that
// suit the span. One place, so a small multiple and the detail chart of the same GPU agree.

#include <QLocale>
#include <QString>

#include <limits>

namespace sn {

// A "nice" step (1, 2, 2.5 or 5 x 10^k) so an axis reads 0, 20, 40 rather than 0, 17.3, 34.6.
double niceStep(double span, int ticks);

struct ValueScale {
    double min = 0, max = 1, step = 1;
    int ticks = 2; // min, min + step, ..., max
};

// The range to show: a fixed end (NaN: follow the data) never hides a value beyond it, values far
// from zero keep a zero baseline so a small change does not look huge, and the ends are rounded
// to nice steps.
ValueScale valueScale(double dataMin, double dataMax, double fixedMin, double fixedMax, int ticks);

// Time labels for the span in the locale's clock (24-hour or AM/PM): with seconds for minutes,
// hours and minutes for a day, the weekday too for a week.
QString timeLabelFormat(qint64 spanMs, const QLocale &locale = QLocale());

} // namespace sn
