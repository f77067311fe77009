#pragma once
// The job queue as a table: id, name, user, queue, priority, state, GPUs, placement, wait,
// queue position and, for a pending job, why it waits. Fed whole ListJobs answers and updated in
// place by job id (rows that vanished removed, the rest changed, new ones appended), so that
// selections and the sort order a proxy keeps survive the page's one-second refresh.

#include "backend/api/engine_api.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace sn {

class JobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Name,
        User,
        Queue,
        Priority,
        State,
        Gpus,
        Placement,
        Wait,
        Position,
        WhyPending,
        ColumnCount
    };
    static constexpr int JobIdRole = Qt::UserRole + 1;
    static constexpr int SortRole = Qt::UserRole + 2; // numbers where the column is a number

    using QAbstractTableModel::QAbstractTableModel;

    // nowMs: the engine's clock, for how long pending jobs have waited.
    void setJobs(const pb::ListJobsResponse &jobs, qint64 nowMs);
    const pb::Job *job(int row) const;
    int rowOf(const QString &id) const { return m_rowById.value(id, -1); }
    qint64 nowMs() const { return m_nowMs; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString stateText(pb::JobState state);
    static QString placementText(const pb::Job &job); // "node01: 0-3, node02: 0-3"
    static bool isActive(pb::JobState state);         // pending or running: it can still be cancelled
    // How long it waited (to its start, or to nowMs while it waits): "45 s", "12 min", "3 h".
    static QString waitText(qint64 ms);
    static qint64 waitMs(const pb::Job &job, qint64 nowMs);

private:
    void reindex();
    // The engine's English reason in the console's language (engineReasonText), translated once
    // per distinct text: a queue of thousands repeats a few reasons and the view asks on every paint.
    QString reasonText(const std::string &reason) const;

    std::vector<pb::Job> m_jobs;
    QHash<QString, int> m_rowById;
    qint64 m_nowMs = 0;
    mutable QHash<QString, QString> m_reasonText;
};

} // namespace sn
