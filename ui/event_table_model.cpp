#include "ui/event_table_model.h"

#include "translations/event_text.h"
#include "ui/event_details.h"
#include "ui/topology_details.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>

#include <algorithm>

namespace sn {

namespace {
QColor severityColour(pb::Severity s)
{
    switch (s) {
    case pb::SEVERITY_CRITICAL:
        return QColor(0xc0, 0x10, 0x28);
    case pb::SEVERITY_ERROR:
        return QColor(0xe0, 0x4b, 0x2b);
    case pb::SEVERITY_WARNING:
        return QColor(0xd4, 0x9a, 0x00);
    default:
        return QColor(0x1f, 0x77, 0xb4);
    }
}
} // namespace

EventTableModel::EventTableModel(QObject *parent) : QAbstractTableModel(parent) {}

int EventTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_events.size());
}

int EventTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const pb::Event &e = m_events[index.row()];
    switch (role) {
    case IdRole:
        return QVariant::fromValue<qulonglong>(e.id());
    case SeverityRole:
        return static_cast<int>(e.severity());
    case AcknowledgedRole:
        return e.acknowledged();
    case TimeMsRole:
        return QVariant::fromValue<qint64>(e.time_ms());
    case Qt::ForegroundRole:
        if (index.column() == Severity)
            return QBrush(severityColour(e.severity()));
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Action)
            return eventActionText(e.action_taken());
        if (index.column() == Evidence || index.column() == Ended)
            return eventDetailsText(e); // when, the evidence in full, who acted on it
        return eventMessageText(e.message());
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case Severity:
        return severityName(e.severity());
    case Time:
        return QDateTime::fromMSecsSinceEpoch(e.time_ms()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case Ended:
        return eventEndText(e);
    case Kind:
        return QString::fromStdString(e.kind());
    case Where:
        if (e.node().empty())
            return tr("cluster");
        return e.gpu() >= 0 ? tr("%1 · GPU %2").arg(QString::fromStdString(e.node())).arg(e.gpu())
                            : QString::fromStdString(e.node());
    case Message:
        return eventMessageText(e.message());
    case Evidence:
        return eventEvidenceText(e);
    case Action:
        return eventActionText(e.action_taken());
    case State:
        if (e.resolved())
            return tr("resolved by %1").arg(QString::fromStdString(e.resolved_by()));
        return e.acknowledged() ? tr("acknowledged") : tr("open");
    default:
        return {};
    }
}

QVariant EventTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Severity:
        return tr("Severity");
    case Time:
        return tr("Time");
    case Ended:
        return tr("Ended");
    case Kind:
        return tr("Kind");
    case Where:
        return tr("Where");
    case Message:
        return tr("What the engine saw");
    case Evidence:
        return tr("Evidence");
    case Action:
        return tr("Action taken");
    case State:
        return tr("State");
    default:
        return {};
    }
}

void EventTableModel::upsert(const QVector<pb::Event> &events)
{
    QVector<pb::Event> fresh;
    for (const pb::Event &e : events) {
        const int row = m_rowById.value(e.id(), -1);
        if (row >= 0) {
            m_events[row] = e;
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        } else {
            fresh.append(e);
        }
    }
    if (fresh.isEmpty())
        return;
    // New events are almost always newer than all known ones: insert them at the top in one go,
    // otherwise (an older page of history) reset once.
    std::sort(fresh.begin(), fresh.end(), [](const pb::Event &a, const pb::Event &b) { return a.id() > b.id(); });
    if (m_events.isEmpty() || fresh.back().id() > m_events.front().id()) {
        beginInsertRows({}, 0, static_cast<int>(fresh.size()) - 1);
        m_events = fresh + m_events;
        reindex();
        endInsertRows();
    } else {
        beginResetModel();
        m_events += fresh;
        std::sort(m_events.begin(), m_events.end(),
                  [](const pb::Event &a, const pb::Event &b) { return a.id() > b.id(); });
        reindex();
        endResetModel();
    }
}

void EventTableModel::reindex()
{
    m_rowById.clear();
    for (int i = 0; i < m_events.size(); ++i)
        m_rowById.insert(m_events[i].id(), i);
}

int EventTableModel::openCount() const
{
    return static_cast<int>(std::count_if(m_events.begin(), m_events.end(), [](const pb::Event &e) {
        return !e.acknowledged() && e.severity() >= pb::SEVERITY_WARNING;
    }));
}

void EventFilterModel::setMinimumSeverity(pb::Severity severity)
{
    m_minimum = severity;
    invalidateFilter();
}

void EventFilterModel::setOpenOnly(bool openOnly)
{
    m_openOnly = openOnly;
    invalidateFilter();
}

bool EventFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const pb::Event &e = static_cast<const EventTableModel *>(sourceModel())->event(sourceRow);
    return e.severity() >= m_minimum && !(m_openOnly && e.acknowledged());
}

} // namespace sn
