#pragma once
// The report's own words (titles, KPI names, column headers, findings) go through Qt's
// translation system in the context "ReportText", so a report made while
// translations/translation_loader.h has installed zh_CN reads in Chinese. tr8() is tr()
// returning UTF-8 for the std::string model; lupdate knows it as an alias of tr
// (translations/CMakeLists.txt).

#include <QCoreApplication>
#include <QString>

#include <string>

namespace sn::report {

class ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportText)
public:
    static std::string tr8(const char *source, const char *disambiguation = nullptr, int n = -1)
    {
        return tr(source, disambiguation, n).toStdString();
    }
};

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace sn::report
