#pragma once
// Colour scales for GPU cells. Fixed colours rather than palette roles, since a heat map must
// mean the same thing in light and dark themes; both scales stay readable on either.

#include <QColor>

namespace sn {

// Viridis-like, 0 % dark violet to 100 % yellow: ordered, colour-blind safe, and busy is not
// painted as alarming.
QColor utilizationColour(double percent);

// Blue below 40 °C through yellow to deep red at 90 °C and above.
QColor temperatureColour(double celsius);

// Black or white, whichever reads better on background.
QColor contrastingInk(const QColor &background);

} // namespace sn
