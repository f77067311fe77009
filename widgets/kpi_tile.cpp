#include "widgets/kpi_tile.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

namespace sn {

namespace {
void setForeground(QLabel *label, const QColor &colour)
{
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, colour);
    label->setPalette(p);
}
} // namespace

KpiTile::KpiTile(const QString &title, const QString &unit, QWidget *parent)
    : QFrame(parent), m_title(new QLabel(title, this)), m_value(new QLabel(QStringLiteral("–"), this)),
      m_unit(new QLabel(unit, this)), m_detail(new QLabel(this))
{
    setAttribute(Qt::WA_StyledBackground, false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    QFont titleFont = font();
    titleFont.setWeight(QFont::DemiBold);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);

    // Sizes relative to the user's font, so the tile scales with DPI and font settings.
    QFont valueFont = font();
    valueFont.setPointSizeF(font().pointSizeF() * 2.0);
    valueFont.setWeight(QFont::Bold);
    m_value->setFont(valueFont);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);

    QFont unitFont = font();
    unitFont.setPointSizeF(font().pointSizeF() * 1.15);
    m_unit->setFont(unitFont);

    m_detail->setWordWrap(true);

    const int pad = fontMetrics().height() / 2;
    auto *column = new QVBoxLayout(this);
    // The accent bar sits in the left margin.
    column->setContentsMargins(pad + fontMetrics().height() / 3, pad, pad, pad);
    column->setSpacing(pad / 3);
    column->addWidget(m_title);
    auto *valueRow = new QHBoxLayout;
    valueRow->setSpacing(pad / 2);
    valueRow->addWidget(m_value, 0, Qt::AlignBaseline);
    valueRow->addWidget(m_unit, 0, Qt::AlignBaseline);
    valueRow->addStretch(1);
    column->addLayout(valueRow);
    column->addWidget(m_detail);
    // Keep the tile's height steady whether or not a detail line is set.
    m_detail->setMinimumHeight(fontMetrics().height());
    applyColours();
}

void KpiTile::setValue(const QString &value)
{
    m_value->setText(value);
}
void KpiTile::setUnit(const QString &unit)
{
    m_unit->setText(unit);
}
void KpiTile::setDetail(const QString &detail)
{
    m_detail->setText(detail);
}

void KpiTile::setState(Health state)
{
    if (state == m_state)
        return;
    m_state = state;
    applyColours();
    update();
}

QString KpiTile::title() const
{
    return m_title->text();
}
QString KpiTile::value() const
{
    return m_value->text();
}
QString KpiTile::unit() const
{
    return m_unit->text();
}
QString KpiTile::detail() const
{
    return m_detail->text();
}

void KpiTile::applyColours()
{
    const QPalette p = palette();
    const QColor text = p.color(QPalette::Text);
    const QColor muted = blendColours(text, p.color(QPalette::Base), 0.35);
    setForeground(m_title, muted);
    setForeground(m_detail, muted);
    setForeground(m_unit, muted);
    setForeground(m_value, healthText(m_state, p));
}

void KpiTile::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyColours();
}

void KpiTile::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette p = palette();
    const qreal radius = fontMetrics().height() / 3.0;
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);

    QPainterPath outline;
    outline.addRoundedRect(box, radius, radius);
    painter.fillPath(outline, p.color(QPalette::Base));

    // The accent bar, clipped to the rounded outline.
    const qreal barWidth = std::max(3.0, fontMetrics().height() / 4.0);
    painter.save();
    painter.setClipPath(outline);
    painter.fillRect(QRectF(box.left(), box.top(), barWidth, box.height()), healthAccent(m_state, p));
    painter.restore();

    QColor border = m_state == Health::Normal ? blendColours(p.color(QPalette::Base), p.color(QPalette::Text), 0.18)
                                              : healthAccent(m_state, p);
    painter.setPen(QPen(border, 1));
    painter.drawPath(outline);
}

} // namespace sn
