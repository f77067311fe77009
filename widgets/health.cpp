#include "widgets/health.h"

namespace sn {

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor blendColours(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t);
}

QColor healthAccent(Health health, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    switch (health) {
    case Health::Warning:
        return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xef, 0x8f, 0x00);
    case Health::Critical:
        return dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xd3, 0x2f, 0x2f);
    case Health::Normal:
        break;
    }
    return palette.color(QPalette::Highlight);
}

QColor healthText(Health health, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    switch (health) {
    // Deeper than the accent on light palettes: amber text on white is otherwise hard to read.
    case Health::Warning:
        return dark ? QColor(0xff, 0xc2, 0x66) : QColor(0xa8, 0x5a, 0x00);
    case Health::Critical:
        return dark ? QColor(0xff, 0x80, 0x80) : QColor(0xb7, 0x1c, 0x1c);
    case Health::Normal:
        break;
    }
    return palette.color(QPalette::Text);
}

} // namespace sn
