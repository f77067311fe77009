#pragma once
// The anomalies list: the engine's events, newest first, with severity, time, kind, where,
// what the engine saw (its message) and whether someone acknowledged it. Events arrive from
// listEvents and the event stream; an acknowledged event is updated in place by id.
//
// Action is what the engine did about it (Event.action_taken: thermal protection's power cap).
// A field the engine adds to Event becomes one more Column and one more case in data() and
// headerData().

#include "backend/api/engine_api.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>

#include <functional>

namespace sn {

class EventTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Severity, Time, Ended, Kind, Where, Message, Evidence, Action, State, ColumnCount };
    enum Role { IdRole = Qt::UserRole + 1, SeverityRole, AcknowledgedRole, TimeMsRole };

    explicit EventTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Adds new events, replaces known ones (by id); keeps newest first.
    void upsert(const QVector<pb::Event> &events);
    const pb::Event &event(int row) const { return m_events[row]; }
    int rowOf(std::uint64_t id) const { return m_rowById.value(id, -1); }
    int openCount() const; // warning or worse, not acknowledged

private:
    void reindex();
    QVector<pb::Event> m_events; // newest first
    QHash<std::uint64_t, int> m_rowById;
};

// Narrows the anomalies by minimum severity and open-only.
class EventFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMinimumSeverity(pb::Severity severity);
    void setOpenOnly(bool openOnly);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    pb::Severity m_minimum = pb::SEVERITY_INFO;
    bool m_openOnly = false;
};

} // namespace sn
