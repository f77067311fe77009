#include "widgets/sparkline_delegate.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace sn {

SparklineDelegate::SparklineDelegate(int valuesRole, QObject *parent)
    : QStyledItemDelegate(parent), m_valuesRole(valuesRole)
{
}

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem base = option;
    initStyleOption(&base, index);
    base.text.clear(); // the background and selection only; the line replaces the text
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &base, painter, widget);

    const QList<qreal> values = index.data(m_valuesRole).value<QList<qreal>>();
    if (values.size() < 2)
        return;
    const qreal top = *std::max_element(values.begin(), values.end());
    if (top <= 0)
        return;
    const QRectF r = QRectF(option.rect).adjusted(3, 3, -3, -3);
    const qreal step = r.width() / qreal(values.size() - 1);
    QPainterPath line;
    for (int i = 0; i < values.size(); ++i) {
        const QPointF p(r.left() + i * step, r.bottom() - values[i] / top * r.height());
        if (i == 0)
            line.moveTo(p);
        else
            line.lineTo(p);
    }
    QPainterPath area = line;
    area.lineTo(r.right(), r.bottom());
    area.lineTo(r.left(), r.bottom());
    area.closeSubpath();
    const bool selected = option.state & QStyle::State_Selected;
    QColor colour = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Highlight);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = colour;
    fill.setAlphaF(0.25);
    painter->fillPath(area, fill);
    painter->setPen(QPen(colour, 1.2));
    painter->drawPath(line);
    painter->restore();
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(std::max(s.width(), option.fontMetrics.height() * 6));
    return s;
}

} // namespace sn
