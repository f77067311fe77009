#pragma once
// The log templates view: one row per template of the kept lines (ListLogTemplates): severity
// (the worst of its lines), template text, line count, a rate sparkline, first and last seen,
// nodes. Each refresh updates rows in place by template id (new ones appended, vanished ones
// removed), so a sorted, selected view keeps its selection while the counts move.
// LogTemplateFilterModel narrows it by text and node and sorts numerically.

#include "backend/api/engine_api.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>

namespace sn {

class LogTemplateTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Severity, Template, Count, Rate, FirstSeen, LastSeen, Nodes, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1, // the template id ("0a1b2c3d")
        RateRole,                  // QList<qreal>: lines per bucket, oldest first
        SortRole,                  // numbers for Count and the times, text otherwise
        NodesRole                  // QStringList
    };

    explicit LogTemplateTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces the set with the engine's answer, in place by id.
    void update(const pb::ListLogTemplatesResponse &response);
    const pb::LogTemplateInfo &info(int row) const { return m_rows[row]; }
    int rowOf(const QString &id) const { return m_rowById.value(id, -1); }
    qint64 bucketMs() const { return m_bucketMs; }

private:
    void reindex();
    QVector<pb::LogTemplateInfo> m_rows;
    QHash<QString, int> m_rowById;
    qint64 m_bucketMs = 0;
};

class LogTemplateFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LogTemplateFilterModel(QObject *parent = nullptr);
    void setText(const QString &text); // case-insensitive, in the template text; empty: all
    void setNode(const QString &node); // templates seen on it; empty: all

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text, m_node;
};

} // namespace sn
