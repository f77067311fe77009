// supernodectl: the command line. All logic is in backend/ctl.
#include "backend/ctl/ctl.h"
#include "translations/translation_loader.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QLoggingCategory>

#include <cstring>
#include <memory>

int main(int argc, char **argv)
{
    // A PDF report paints text (QPdfWriter, QPainter), which needs a QGuiApplication; the
    // offscreen platform means it never needs a display. Every other command stays QtCore.
    bool paints = false;
    for (int i = 1; i < argc; ++i)
        paints = paints || std::strcmp(argv[i], "report") == 0;
    if (paints && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> application =
        paints ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    // The engine's informational log is for daemons and the console; a command prints only
    // its answer unless asked (QT_LOGGING_RULES="sn.*.info=true").
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("sn.*.info=false"));
    // The environment's language (LANG); `report --lang` chooses another for one report.
    (void)sn::installTranslations();
    QTextStream out(stdout);
    QTextStream err(stderr);
    return sn::ctl::run(QCoreApplication::arguments(), out, err);
}
