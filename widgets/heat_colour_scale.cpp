#include "widgets/heat_colour_scale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sn {

namespace {
struct Stop {
    double at;
    QRgb colour;
};

template <std::size_t N> QColor interpolate(const std::array<Stop, N> &stops, double x)
{
    if (std::isnan(x))
        return QColor(Qt::gray);
    x = std::clamp(x, stops.front().at, stops.back().at);
    for (std::size_t i = 1; i < N; ++i) {
        if (x <= stops[i].at) {
            const double t = (x - stops[i - 1].at) / (stops[i].at - stops[i - 1].at);
            const QColor a(stops[i - 1].colour), b(stops[i].colour);
            return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                                    a.blueF() + (b.blueF() - a.blueF()) * t);
        }
    }
    return QColor(stops.back().colour);
}
} // namespace

QColor utilizationColour(double percent)
{
    static constexpr std::array<Stop, 5> stops{{
        {0, 0x440154},
        {25, 0x3b528b},
        {50, 0x21918c},
        {75, 0x5ec962},
        {100, 0xfde725},
    }};
    return interpolate(stops, percent);
}

QColor temperatureColour(double celsius)
{
    static constexpr std::array<Stop, 5> stops{{
        {30, 0x313695},
        {50, 0x74add1},
        {68, 0xfee090},
        {80, 0xf46d43},
        {90, 0xa50026},
    }};
    return interpolate(stops, celsius);
}

QColor contrastingInk(const QColor &background)
{
    // Relative luminance (sRGB approximation), as WCAG weighs the channels.
    const double luminance = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.45 ? QColor(0x11, 0x11, 0x11) : QColor(Qt::white);
}

} // namespace sn
