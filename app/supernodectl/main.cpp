// supernodectl: the command line. All logic is in backend/ctl.
#include "backend/ctl/ctl.h"

#include <QCoreApplication>
#include <QLoggingCategory>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // The engine's informational log is for daemons and the console; a command prints only
    // its answer unless asked (QT_LOGGING_RULES="sn.*.info=true").
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("sn.*.info=false"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return sn::ctl::run(QCoreApplication::arguments(), out, err);
}
