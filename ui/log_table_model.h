#pragma once
// Log lines for the live tail: time, node, source, GPU, job, level, text; the newest at the bottom.
// Bounded (the oldest lines leave as new ones come), appended a batch at a time with one
// beginInsertRows per batch. LogFilterModel narrows it by node, source, GPU, job, level, text,
// template and time window.

#include "backend/api/engine_api.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <deque>

namespace sn {

class LogTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Node, Source, Gpu, Job, Level, Text, ColumnCount };
    enum Role { TimeMsRole = Qt::UserRole + 1, GpuRole, SeverityRole };

    explicit LogTableModel(int maxLines = 20000, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Appends lines oldest first, then drops the oldest beyond the bound.
    void append(const QVector<pb::LogLine> &lines);
    void clear();
    const pb::LogLine &line(int row) const { return m_lines[static_cast<std::size_t>(row)]; }
    int maxLines() const { return m_maxLines; }

private:
    std::deque<pb::LogLine> m_lines;
    int m_maxLines;
};

class LogFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setNode(const QString &node);              // empty: all
    void setSource(const QString &source);          // prefix ("job/" matches every job); empty: all
    void setGpu(int gpu);                           // -1: all
    void setJob(const QString &job);                // empty: all
    void setText(const QString &text);              // case-insensitive substring; empty: all
    void setTemplate(const QString &id);            // the miner's template id; empty: all
    void setTimeWindow(qint64 fromMs, qint64 toMs); // inclusive; 0, 0: all
    void setMinimumSeverity(pb::Severity severity); // the pipeline's level (signature or line); UNSPECIFIED: all
    QString templateId() const { return m_template; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_node, m_source, m_job, m_text, m_template;
    int m_gpu = -1;
    qint64 m_fromMs = 0, m_toMs = 0;
    pb::Severity m_minimumSeverity = pb::SEVERITY_UNSPECIFIED;
};

} // namespace sn
