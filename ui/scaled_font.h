#pragma once
// The pages' headings and titles: the widget's font, larger and bold, so they follow the user's
// font size and the language's font.

#include <QFont>

namespace sn {

inline QFont scaledFont(const QFont &base, double factor, QFont::Weight weight = QFont::Bold)
{
    QFont font = base;
    font.setPointSizeF(base.pointSizeF() * factor);
    font.setWeight(weight);
    return font;
}

} // namespace sn
