#include "ui/log_template_table_model.h"

#include "ui/topology_details.h"

#include <QColor>
#include <QDateTime>
#include <QFontDatabase>
#include <QSet>

namespace sn {

namespace {
QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QStringList nodesOf(const pb::LogTemplateInfo &t)
{
    QStringList nodes;
    for (const std::string &n : t.nodes())
        nodes << QString::fromStdString(n);
    return nodes;
}
} // namespace

LogTemplateTableModel::LogTemplateTableModel(QObject *parent) : QAbstractTableModel(parent) {}

int LogTemplateTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LogTemplateTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogTemplateTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const pb::LogTemplateInfo &t = m_rows[index.row()];
    switch (role) {
    case IdRole:
        return QString::fromStdString(t.id());
    case NodesRole:
        return nodesOf(t);
    case RateRole: {
        QList<qreal> rate;
        rate.reserve(t.rate_size());
        for (std::uint32_t r : t.rate())
            rate << qreal(r);
        return QVariant::fromValue(rate);
    }
    case SortRole:
        switch (index.column()) {
        case Severity:
            return static_cast<int>(t.severity());
        case Count:
            return QVariant::fromValue<qulonglong>(t.count());
        case FirstSeen:
            return QVariant::fromValue<qint64>(t.first_ms());
        case LastSeen:
            return QVariant::fromValue<qint64>(t.last_ms());
        case Rate: // the recent rate: the last bucket's lines
            return t.rate_size() > 0 ? QVariant::fromValue<qulonglong>(t.rate(t.rate_size() - 1)) : QVariant(0);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::FontRole:
        if (index.column() == Template)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Count)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Template)
            return tr("%1\ntemplate %2 · %3 lines since the engine learnt it")
                .arg(QString::fromStdString(t.text()), QString::fromStdString(t.id()))
                .arg(t.total_count());
        if (index.column() == Rate && m_bucketMs > 0)
            return tr("lines per %1 s, oldest left; newest bucket: %2")
                .arg(double(m_bucketMs) / 1000.0, 0, 'g', 3)
                .arg(t.rate_size() > 0 ? t.rate(t.rate_size() - 1) : 0);
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case Severity:
        return severityName(t.severity());
    case Template:
        // A template whose miner entry was evicted still has its lines: show the id.
        return t.text().empty() ? tr("(template %1)").arg(QString::fromStdString(t.id()))
                                : QString::fromStdString(t.text());
    case Count:
        return QVariant::fromValue<qulonglong>(t.count());
    case Rate:
        return {}; // painted by SparklineDelegate
    case FirstSeen:
        return when(t.first_ms());
    case LastSeen:
        return when(t.last_ms());
    case Nodes:
        return nodesOf(t).join(QStringLiteral(", "));
    default:
        return {};
    }
}

QVariant LogTemplateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Severity:
        return tr("Severity");
    case Template:
        return tr("Template");
    case Count:
        return tr("Lines");
    case Rate:
        return tr("Rate");
    case FirstSeen:
        return tr("First seen");
    case LastSeen:
        return tr("Last seen");
    case Nodes:
        return tr("Nodes");
    default:
        return {};
    }
}

void LogTemplateTableModel::update(const pb::ListLogTemplatesResponse &response)
{
    m_bucketMs = response.bucket_ms();
    QSet<QString> present;
    for (const pb::LogTemplateInfo &t : response.templates())
        present.insert(QString::fromStdString(t.id()));
    // Vanished rows go first, from the bottom so the rows above keep their numbers.
    for (int row = static_cast<int>(m_rows.size()) - 1; row >= 0; --row)
        if (!present.contains(QString::fromStdString(m_rows[row].id()))) {
            beginRemoveRows({}, row, row);
            m_rows.removeAt(row);
            endRemoveRows();
        }
    reindex();
    QVector<pb::LogTemplateInfo> fresh;
    for (const pb::LogTemplateInfo &t : response.templates()) {
        const int row = m_rowById.value(QString::fromStdString(t.id()), -1);
        if (row < 0) {
            fresh.append(t);
            continue;
        }
        m_rows[row] = t;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    if (!fresh.isEmpty()) {
        const int first = static_cast<int>(m_rows.size());
        beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
        m_rows += fresh;
        reindex();
        endInsertRows();
    }
}

void LogTemplateTableModel::reindex()
{
    m_rowById.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowById.insert(QString::fromStdString(m_rows[i].id()), i);
}

LogTemplateFilterModel::LogTemplateFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(LogTemplateTableModel::SortRole);
    setDynamicSortFilter(true);
}

void LogTemplateFilterModel::setText(const QString &text)
{
    m_text = text;
    invalidateFilter();
}

void LogTemplateFilterModel::setNode(const QString &node)
{
    m_node = node;
    invalidateFilter();
}

bool LogTemplateFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const pb::LogTemplateInfo &t = static_cast<const LogTemplateTableModel *>(sourceModel())->info(sourceRow);
    if (!m_node.isEmpty() && std::find(t.nodes().begin(), t.nodes().end(), m_node.toStdString()) == t.nodes().end())
        return false;
    return m_text.isEmpty() || QString::fromStdString(t.text()).contains(m_text, Qt::CaseInsensitive) ||
           QString::fromStdString(t.id()).startsWith(m_text, Qt::CaseInsensitive);
}

} // namespace sn
