#include "backend/report/report_data.h"
#include "backend/report/report_text.h"

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
    return localNumber(*cell.number, cell.decimals);
}

std::string localNumber(double value, int decimals)
{
    // The default locale's digits and decimal point (translations/translation_loader.h sets it
    // with the language), but no digit grouping: reports are read next to other tools' numbers.
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', decimals).toStdString();
}

std::string formatUtc(std::int64_t ms)
{
    // The date pattern is translated with the rest ("yyyy年M月d日 HH:mm" in Chinese).
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(ReportText::tr("yyyy-MM-dd HH:mm 'UTC'", "date and time pattern of QDateTime::toString"))
        .toStdString();
}

} // namespace sn::report
