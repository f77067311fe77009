#pragma once
// supernodectl's human output in the language installTranslations() chose (--lang, else
// LC_ALL/LC_MESSAGES/LANG): CtlText::tr() as ReportText does for reports. --json keys, command
// names and exit codes stay as they are, whatever the language.

#include <QCoreApplication>
#include <QString>

namespace sn::ctl {

struct CtlText {
    Q_DECLARE_TR_FUNCTIONS(sn::ctl::CtlText)
};

// `text` followed by spaces to `columns` terminal columns; CJK characters take two columns,
// so the values after a Chinese label line up as they do after an English one.
QString padToColumns(const QString &text, int columns);

} // namespace sn::ctl
