#include "widgets/simulated_badge.h"

#include "widgets/health.h"

#include <QEvent>
#include <QPainter>

namespace sn {

SimulatedBadge::SimulatedBadge(QWidget *parent) : QLabel(parent)
{
    retranslate();
    QFont f = font();
    f.setWeight(QFont::Bold);
    setFont(f);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void SimulatedBadge::retranslate()
{
    setText(tr("Simulated cluster"));
    setToolTip(tr("The numbers come from a model of GPU servers, not from real hardware."));
    updateGeometry(); // the pill's width follows its text
}

void SimulatedBadge::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QLabel::changeEvent(event);
}

QSize SimulatedBadge::sizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(text()) + fm.height() * 3 / 2, fm.height() * 5 / 4 + 2};
}

void SimulatedBadge::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = isDarkPalette(palette());
    // Violet, so it is never mistaken for a warning or an error.
    const QColor fill = dark ? QColor(0xce, 0x93, 0xd8) : QColor(0x6a, 0x1b, 0x9a);
    const QColor ink = dark ? QColor(0x1a, 0x0a, 0x1f) : QColor(Qt::white);
    const QRectF pill = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const qreal radius = pill.height() / 2;
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawRoundedRect(pill, radius, radius);
    painter.setPen(ink);
    painter.setFont(font());
    painter.drawText(pill, Qt::AlignCenter, text());
}

} // namespace sn
