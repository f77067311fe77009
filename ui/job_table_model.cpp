#include "ui/job_table_model.h"

#include "translations/engine_message.h"

#include <QColor>

#include <limits>
#include <map>

namespace sn {

void JobTableModel::setJobs(const pb::ListJobsResponse &jobs, qint64 nowMs)
{
    m_nowMs = nowMs;
    QHash<QString, const pb::Job *> incoming;
    for (const pb::Job &j : jobs.jobs())
        incoming.insert(QString::fromStdString(j.id()), &j);
    // Vanished rows first, from the bottom so the rows above keep their numbers.
    for (int row = rowCount() - 1; row >= 0; --row)
        if (!incoming.contains(QString::fromStdString(m_jobs[std::size_t(row)].id()))) {
            beginRemoveRows({}, row, row);
            m_jobs.erase(m_jobs.begin() + row);
            endRemoveRows();
        }
    reindex();
    std::vector<pb::Job> fresh;
    for (const pb::Job &j : jobs.jobs()) {
        const int row = rowOf(QString::fromStdString(j.id()));
        if (row < 0)
            fresh.push_back(j);
        else
            m_jobs[std::size_t(row)] = j;
    }
    if (rowCount() > 0) // wait times move every refresh: every row may have changed
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    if (!fresh.empty()) {
        const int first = rowCount();
        beginInsertRows({}, first, first + int(fresh.size()) - 1);
        for (pb::Job &j : fresh)
            m_jobs.push_back(std::move(j));
        reindex();
        endInsertRows();
    }
}

void JobTableModel::reindex()
{
    m_rowById.clear();
    for (int i = 0; i < rowCount(); ++i)
        m_rowById.insert(QString::fromStdString(m_jobs[std::size_t(i)].id()), i);
}

const pb::Job *JobTableModel::job(int row) const
{
    return row >= 0 && row < rowCount() ? &m_jobs[std::size_t(row)] : nullptr;
}

int JobTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_jobs.size());
}

int JobTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobTableModel::stateText(pb::JobState state)
{
    switch (state) {
    case pb::JOB_STATE_PENDING:
        return tr("pending");
    case pb::JOB_STATE_RUNNING:
        return tr("running");
    case pb::JOB_STATE_COMPLETED:
        return tr("completed");
    case pb::JOB_STATE_FAILED:
        return tr("failed");
    case pb::JOB_STATE_CANCELLED:
        return tr("cancelled");
    case pb::JOB_STATE_PREEMPTED:
        return tr("preempted");
    default:
        return tr("unknown");
    }
}

QString JobTableModel::placementText(const pb::Job &job)
{
    std::map<std::string, QStringList> byNode;
    for (const pb::GpuRef &g : job.gpus())
        byNode[g.node()] << QString::number(g.gpu());
    QStringList parts;
    for (const auto &[node, gpus] : byNode)
        parts << QStringLiteral("%1: %2").arg(QString::fromStdString(node), gpus.join(','));
    return parts.join(QStringLiteral("; "));
}

bool JobTableModel::isActive(pb::JobState state)
{
    return state == pb::JOB_STATE_PENDING || state == pb::JOB_STATE_RUNNING;
}

qint64 JobTableModel::waitMs(const pb::Job &job, qint64 nowMs)
{
    const qint64 started = job.start_time_ms() > 0 ? job.start_time_ms() : nowMs;
    return std::max<qint64>(0, started - job.submit_time_ms());
}

QString JobTableModel::waitText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms / 1000);
    if (s < 120)
        return tr("%1 s").arg(s);
    if (s < 7200)
        return tr("%1 min").arg(s / 60);
    return tr("%1 h").arg(s / 3600);
}

QVariant JobTableModel::data(const QModelIndex &index, int role) const
{
    const pb::Job *j = index.isValid() ? job(index.row()) : nullptr;
    if (!j || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    if (role == JobIdRole)
        return QString::fromStdString(j->id());
    if (role == Qt::ForegroundRole && index.column() == State) {
        switch (j->state()) {
        case pb::JOB_STATE_RUNNING:
            return QColor(0x2e, 0x7d, 0x32);
        case pb::JOB_STATE_FAILED:
            return QColor(0xc6, 0x28, 0x28);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Name && !j->plan_warning().empty())
        return reasonText(j->plan_warning());
    if (role == Qt::ToolTipRole && index.column() == WhyPending && j->state() == pb::JOB_STATE_PENDING)
        return reasonText(j->pending_reason());
    if (role == SortRole) {
        switch (Column(index.column())) {
        case State:
            return int(j->state());
        case Gpus:
            return j->gpus_size() > 0 ? j->gpus_size() : j->spec().gpus_max();
        case Wait:
            return waitMs(*j, m_nowMs);
        case Position: // jobs that do not wait sort after every waiting one
            return j->queue_position() > 0 ? j->queue_position() : std::numeric_limits<int>::max();
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == Gpus || index.column() == Position))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const pb::JobSpec &s = j->spec();
    switch (Column(index.column())) {
    case Id:
        return QString::fromStdString(j->id());
    case Name:
        return QString::fromStdString(s.name()) + (j->plan_warning().empty() ? QString() : QStringLiteral(" ⚠"));
    case User:
        return QString::fromStdString(s.user());
    case Queue:
        return QString::fromStdString(s.queue());
    case Priority:
        return QString::fromStdString(s.priority_class());
    case State:
        return stateText(j->state());
    case Gpus:
        return j->gpus_size() > 0 ? j->gpus_size()
                                  : (s.gpus_min() == s.gpus_max()
                                         ? QVariant(s.gpus_max())
                                         : QVariant(QStringLiteral("%1-%2").arg(s.gpus_min()).arg(s.gpus_max())));
    case Placement:
        return placementText(*j);
    case Wait:
        return waitText(waitMs(*j, m_nowMs));
    case Position:
        return j->queue_position() > 0 ? QVariant(j->queue_position()) : QVariant();
    case WhyPending:
        return j->state() == pb::JOB_STATE_PENDING ? reasonText(j->pending_reason()) : QString();
    case ColumnCount:
        break;
    }
    return {};
}

QString JobTableModel::reasonText(const std::string &reason) const
{
    const QString english = QString::fromStdString(reason);
    if (const auto it = m_reasonText.constFind(english); it != m_reasonText.constEnd())
        return *it;
    if (m_reasonText.size() > 8192) // each pending job's own position makes its text unique
        m_reasonText.clear();
    return *m_reasonText.insert(english, engineReasonText(english));
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Id:
        return tr("ID");
    case Name:
        return tr("Name");
    case User:
        return tr("User");
    case Queue:
        return tr("Queue");
    case Priority:
        return tr("Priority");
    case State:
        return tr("State");
    case Gpus:
        return tr("GPUs");
    case Placement:
        return tr("Placement");
    case Wait:
        return tr("Wait");
    case Position:
        return tr("Position");
    case WhyPending:
        return tr("Why pending");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sn
