#pragma once
// Paints a cell's numbers as a small filled line (a sparkline): the rate column of the log
// templates view. The values come from the index's ValuesRole as a QList<qreal>, oldest first;
// each row is scaled to its own maximum, since a sparkline shows shape, not magnitude (the
// count column gives that). The display text, if any, goes in the tooltip.

#include <QStyledItemDelegate>

namespace sn {

class SparklineDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit SparklineDelegate(int valuesRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_valuesRole;
};

} // namespace sn
