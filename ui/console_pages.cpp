#include "ui/console_pages.h"

#include <QCoreApplication>
#include <QStringList>

namespace sn {

namespace {
struct ConsolePages {
    Q_DECLARE_TR_FUNCTIONS(sn::ConsolePages)
};

} // namespace

QVector<ConsolePage> consolePages()
{
    return {
        {QStringLiteral("overview"), ConsolePages::tr("Overview")},
        {QStringLiteral("topology"), ConsolePages::tr("Topology")},
        {QStringLiteral("gpus"), ConsolePages::tr("GPUs")},
        {QStringLiteral("logs"), ConsolePages::tr("Logs & anomalies")},
        {QStringLiteral("jobs"), ConsolePages::tr("Jobs")},
        {QStringLiteral("reports"), ConsolePages::tr("Reports")},
        {QStringLiteral("setup"), ConsolePages::tr("Setup")},
    };
}

QStringList consolePageIds()
{
    QStringList ids;
    for (const ConsolePage &p : consolePages())
        ids << p.id;
    return ids;
}

} // namespace sn
