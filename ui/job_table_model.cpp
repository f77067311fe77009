#include "ui/job_table_model.h"

#include <QColor>

#include <map>

namespace sn {

void JobTableModel::setJobs(const pb::ListJobsResponse &jobs, qint64 nowMs)
{
    m_nowMs = nowMs;
    std::vector<pb::Job> next(jobs.jobs().begin(), jobs.jobs().end());
    const bool sameRows =
        next.size() == m_jobs.size() && std::equal(next.begin(), next.end(), m_jobs.begin(),
                                                   [](const pb::Job &a, const pb::Job &b) { return a.id() == b.id(); });
    if (sameRows) {
        m_jobs = std::move(next);
        if (!m_jobs.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_jobs = std::move(next);
    endResetModel();
}

const pb::Job *JobTableModel::job(int row) const
{
    return row >= 0 && row < rowCount() ? &m_jobs[std::size_t(row)] : nullptr;
}

int JobTableModel::rowOf(const QString &id) const
{
    for (int i = 0; i < rowCount(); ++i)
        if (QString::fromStdString(m_jobs[std::size_t(i)].id()) == id)
            return i;
    return -1;
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

namespace {

QString waitText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms / 1000);
    if (s < 120)
        return QStringLiteral("%1 s").arg(s);
    if (s < 7200)
        return QStringLiteral("%1 min").arg(s / 60);
    return QStringLiteral("%1 h").arg(s / 3600);
}

} // namespace

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
        return QString::fromStdString(j->plan_warning());
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
    case Wait: {
        const qint64 started = j->start_time_ms() > 0 ? j->start_time_ms() : m_nowMs;
        return waitText(started - j->submit_time_ms());
    }
    case WhyPending:
        return j->state() == pb::JOB_STATE_PENDING ? QString::fromStdString(j->pending_reason()) : QString();
    case ColumnCount:
        break;
    }
    return {};
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
    case WhyPending:
        return tr("Why pending");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sn
