#include "widgets/chart_scale.h"

#include <algorithm>
#include <cmath>

namespace sn {

double niceStep(double span, int ticks)
{
    if (span <= 0)
        return 1;
    const double raw = span / std::max(1, ticks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (raw <= m * magnitude)
            return m * magnitude;
    return 10 * magnitude;
}

ValueScale valueScale(double dataMin, double dataMax, double fixedMin, double fixedMax, int ticks)
{
    double lo = std::isnan(fixedMin) ? dataMin : fixedMin;
    double hi = std::isnan(fixedMax) ? dataMax : fixedMax;
    if (!std::isnan(fixedMax) && dataMax > hi)
        hi = dataMax; // a fixed range never hides a value above it
    if (std::isnan(fixedMin) && lo > 0 && lo < (hi - lo))
        lo = 0;
    if (hi <= lo)
        hi = lo + 1;
    ValueScale s;
    s.step = niceStep(hi - lo, ticks);
    s.min = std::floor(lo / s.step) * s.step;
    s.max = std::max(s.min + s.step * (ticks - 1), std::ceil(hi / s.step) * s.step);
    s.ticks = static_cast<int>(std::lround((s.max - s.min) / s.step)) + 1;
    return s;
}

QString timeLabelFormat(qint64 spanMs, const QLocale &locale)
{
    QString clock = locale.timeFormat(QLocale::ShortFormat); // "HH:mm", "h:mm AP", ...
    if (spanMs <= 15 * 60 * 1000 && !clock.contains(QLatin1String("ss"))) {
        const qsizetype minutes = clock.indexOf(QLatin1String("mm"));
        if (minutes >= 0)
            clock.insert(minutes + 2, QLatin1String(":ss"));
    }
    if (spanMs > 36LL * 3600 * 1000)
        return QStringLiteral("ddd ") + clock;
    return clock;
}

} // namespace sn
