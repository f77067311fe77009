#pragma once
// The job queue as a table: id, name, user, queue, priority, state, GPUs, placement, wait and,
// for a pending job, why it waits. Fed whole ListJobs answers; rows keep their identity by job
// id so that selections survive a refresh.

#include "backend/api/engine_api.h"

#include <QAbstractTableModel>

#include <vector>

namespace sn {

class JobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Name, User, Queue, Priority, State, Gpus, Placement, Wait, WhyPending, ColumnCount };
    static constexpr int JobIdRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    // nowMs: the engine's clock, for how long pending jobs have waited.
    void setJobs(const pb::ListJobsResponse &jobs, qint64 nowMs);
    const pb::Job *job(int row) const;
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString stateText(pb::JobState state);
    static QString placementText(const pb::Job &job); // "node01: 0-3, node02: 0-3"

private:
    std::vector<pb::Job> m_jobs;
    qint64 m_nowMs = 0;
};

} // namespace sn
