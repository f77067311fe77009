#include "backend/report/report_data.h"

#include <QDateTime>
#include <QLocale>

namespace sn::report {

const Section *ReportData::section(const std::string &key) const
{
    for (const Section &s : sections)
        if (s.key == key)
            return &s;
    return nullptr;
}

const Table *ReportData::table(const std::string &id) const
{
    for (const Section &s : sections)
        for (const Table &t : s.tables)
            if (t.id == id)
                return &t;
    return nullptr;
}

std::string cellText(const Cell &cell)
{
    if (!cell.number)
        return cell.text;
    // The C locale: reports are read next to other tools' numbers, so no digit grouping.
    return QString::number(*cell.number, 'f', cell.decimals).toStdString();
}

std::string formatUtc(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")).toStdString();
}

} // namespace sn::report
