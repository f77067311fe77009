#pragma once
// supernodectl's human output in the language installTranslations() chose (--lang, else
// LC_ALL/LC_MESSAGES/LANG): CtlText::tr() as ReportText does for reports. --json keys, command
// names and exit codes stay as they are, whatever the language.

#include "backend/api/supernode.pb.h"

#include <QCoreApplication>
#include <QString>

namespace sn::ctl {

struct CtlText {
    Q_DECLARE_TR_FUNCTIONS(sn::ctl::CtlText)
};

// How many terminal columns `text` takes: a CJK character (or full-width form) takes two.
int terminalColumns(const QString &text);
// `text` followed by spaces to `columns` terminal columns (at least one space), so the values
// after a Chinese label line up as they do after an English one.
QString padToColumns(const QString &text, int columns);

// Engine text (UTF-8) as a QString, for tr().arg().
inline QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

// "info", "warning", "error", "critical" in the language chosen.
QString severityText(pb::Severity severity);

} // namespace sn::ctl
