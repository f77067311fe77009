#include "ui/job_filter_model.h"

#include "ui/job_table_model.h"
#include "ui/natural_compare.h"

namespace sn {

JobFilterModel::JobFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(JobTableModel::SortRole);
    setDynamicSortFilter(true);
}

void JobFilterModel::setText(const QString &text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

void JobFilterModel::setStateFilter(StateFilter filter)
{
    m_state = filter;
    invalidateFilter();
}

void JobFilterModel::setQueue(const QString &queue)
{
    m_queue = queue;
    invalidateFilter();
}

namespace {

bool stateAccepted(JobFilterModel::StateFilter filter, pb::JobState state)
{
    switch (filter) {
    case JobFilterModel::AllStates:
        return true;
    case JobFilterModel::Active:
        return JobTableModel::isActive(state);
    case JobFilterModel::Pending:
        return state == pb::JOB_STATE_PENDING;
    case JobFilterModel::Running:
        return state == pb::JOB_STATE_RUNNING;
    case JobFilterModel::Finished:
        return !JobTableModel::isActive(state);
    }
    return true;
}

bool textMatches(const pb::Job &job, const QString &text)
{
    const auto has = [&text](const std::string &field) {
        return QString::fromStdString(field).contains(text, Qt::CaseInsensitive);
    };
    if (has(job.id()) || has(job.spec().name()) || has(job.spec().user()) || has(job.spec().command()) ||
        has(job.backend_job_id()))
        return true;
    for (const pb::GpuRef &g : job.gpus())
        if (has(g.node()))
            return true;
    for (const std::string &node : job.backend_nodes())
        if (has(node))
            return true;
    return false;
}

} // namespace

bool JobFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const pb::Job *job = static_cast<const JobTableModel *>(sourceModel())->job(sourceRow);
    if (!job)
        return false;
    if (!stateAccepted(m_state, job->state()))
        return false;
    if (!m_queue.isEmpty() && QString::fromStdString(job->spec().queue()) != m_queue)
        return false;
    return m_text.isEmpty() || textMatches(*job, m_text);
}

bool JobFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(sortRole()), b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString && b.typeId() == QMetaType::QString)
        return naturalCompare(a.toString(), b.toString()) < 0;
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace sn
