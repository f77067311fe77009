#pragma once
// How healthy a shown value is, and the accent colours that say so. The colours are chosen for
// the palette in use (lighter tones on dark palettes, deeper ones on light), so they read well
// in both; "normal" is the palette's own highlight.

#include <QColor>
#include <QPalette>

namespace sn {

enum class Health { Normal, Warning, Critical };

bool isDarkPalette(const QPalette &palette);

// a at t = 0, b at t = 1.
QColor blendColours(const QColor &a, const QColor &b, double t);

// Fill colour for bars, outlines and badges.
QColor healthAccent(Health health, const QPalette &palette);

// Colour for text drawn on the palette's Base/Window background; Normal is the palette's text.
QColor healthText(Health health, const QPalette &palette);

} // namespace sn
