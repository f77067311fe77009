#include "ui/log_table_model.h"

#include "ui/topology_details.h"

#include <QColor>
#include <QDateTime>
#include <QFontDatabase>
#include <QLocale>

namespace sn {

LogTableModel::LogTableModel(int maxLines, QObject *parent)
    : QAbstractTableModel(parent), m_maxLines(std::max(1, maxLines))
{
}

int LogTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_lines.size());
}

int LogTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const pb::LogLine &l = m_lines[static_cast<std::size_t>(index.row())];
    if (role == TimeMsRole)
        return QVariant::fromValue<qint64>(l.time_ms());
    if (role == GpuRole)
        return l.gpu();
    if (role == SeverityRole)
        return int(l.severity());
    if (role == Qt::ForegroundRole && index.column() == Level && l.severity() >= pb::SEVERITY_ERROR)
        return QColor(0xc6, 0x28, 0x28); // as the submitter's errors; readable on light and dark
    if (role == Qt::FontRole && index.column() == Text)
        return QFontDatabase::systemFont(QFontDatabase::FixedFont); // log lines line up as in a terminal
    if (role == Qt::ToolTipRole && index.column() == Text)
        return QString::fromStdString(l.text());
    if (role == Qt::ToolTipRole && index.column() == Time)
        return QDateTime::fromMSecsSinceEpoch(l.time_ms()).toString(Qt::ISODateWithMs);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time:
        return QDateTime::fromMSecsSinceEpoch(l.time_ms()).toString(QStringLiteral("HH:mm:ss.zzz")); // date: tooltip
    case Node:
        return QString::fromStdString(l.node());
    case Source:
        return QString::fromStdString(l.source());
    case Gpu:
        return l.gpu() >= 0 ? QVariant(l.gpu()) : QVariant(QString());
    case Job:
        return QString::fromStdString(l.job_id());
    case Level:
        return l.severity() > pb::SEVERITY_INFO ? severityName(l.severity()) : QString(); // info is the rule
    case Text:
        return QString::fromStdString(l.text());
    default:
        return {};
    }
}

QVariant LogTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time");
    case Node:
        return tr("Node");
    case Source:
        return tr("Source");
    case Gpu:
        return tr("GPU");
    case Job:
        return tr("Job");
    case Level:
        return tr("Level");
    case Text:
        return tr("Line");
    default:
        return {};
    }
}

void LogTableModel::append(const QVector<pb::LogLine> &lines)
{
    if (lines.isEmpty())
        return;
    // Only the newest maxLines of the batch can stay.
    const qsizetype skip = std::max<qsizetype>(0, lines.size() - m_maxLines);
    const int first = static_cast<int>(m_lines.size());
    beginInsertRows({}, first, first + static_cast<int>(lines.size() - skip) - 1);
    for (qsizetype i = skip; i < lines.size(); ++i)
        m_lines.push_back(lines[i]);
    endInsertRows();
    const int excess = static_cast<int>(m_lines.size()) - m_maxLines;
    if (excess > 0) {
        beginRemoveRows({}, 0, excess - 1);
        m_lines.erase(m_lines.begin(), m_lines.begin() + excess);
        endRemoveRows();
    }
}

void LogTableModel::clear()
{
    beginResetModel();
    m_lines.clear();
    endResetModel();
}

void LogFilterModel::setNode(const QString &node)
{
    m_node = node;
    invalidateFilter();
}
void LogFilterModel::setSource(const QString &source)
{
    m_source = source;
    invalidateFilter();
}
void LogFilterModel::setGpu(int gpu)
{
    m_gpu = gpu;
    invalidateFilter();
}
void LogFilterModel::setJob(const QString &job)
{
    m_job = job;
    invalidateFilter();
}
void LogFilterModel::setText(const QString &text)
{
    m_text = text;
    invalidateFilter();
}

void LogFilterModel::setTemplate(const QString &id)
{
    m_template = id;
    invalidateFilter();
}
void LogFilterModel::setTimeWindow(qint64 fromMs, qint64 toMs)
{
    m_fromMs = fromMs;
    m_toMs = toMs;
    invalidateFilter();
}

void LogFilterModel::setMinimumSeverity(pb::Severity severity)
{
    m_minimumSeverity = severity;
    invalidateFilter();
}

bool LogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const auto *model = static_cast<const LogTableModel *>(sourceModel());
    const pb::LogLine &l = model->line(sourceRow);
    if (!m_node.isEmpty() && QString::fromStdString(l.node()) != m_node)
        return false;
    if (!m_source.isEmpty() && !QString::fromStdString(l.source()).startsWith(m_source))
        return false;
    if (m_gpu >= 0 && l.gpu() != m_gpu)
        return false;
    if (l.severity() < m_minimumSeverity)
        return false;
    if (!m_job.isEmpty() && QString::fromStdString(l.job_id()) != m_job)
        return false;
    if (!m_text.isEmpty() && !QString::fromStdString(l.text()).contains(m_text, Qt::CaseInsensitive))
        return false;
    if (!m_template.isEmpty() && QString::fromStdString(l.template_id()) != m_template)
        return false;
    if ((m_fromMs != 0 || m_toMs != 0) && (l.time_ms() < m_fromMs || l.time_ms() > m_toMs))
        return false;
    return true;
}

} // namespace sn
