#include "app/supernode/console_command_line.h"

#include "translations/translation_loader.h"
#include "ui/main_window.h"

namespace sn {

ConsoleCommandLine::ConsoleCommandLine()
    : help({QStringLiteral("h"), QStringLiteral("help")}, tr("Show this help.")),
      version(QStringLiteral("version"), tr("Print the version and exit.")),
      config(QStringLiteral("config"),
             tr("The cluster.yaml to run (default: the built-in simulated super node, 2 x 8 H100)."),
             QStringLiteral("cluster.yaml")),
      screenshot(QStringLiteral("screenshot"),
                 tr("Save a picture of the window to FILE.png and exit; works without a display."),
                 QStringLiteral("FILE.png")),
      page(QStringLiteral("page"), tr("The page to show: %1.").arg(MainWindow::pageIds().join(", ")),
           QStringLiteral("ID"), QStringLiteral("overview")),
      after(QStringLiteral("after"), tr("Seconds to run before the screenshot (default 3)."), QStringLiteral("SECONDS"),
            QStringLiteral("3")),
      dialog(QStringLiteral("dialog"),
             tr("With --screenshot: picture this dialog instead of the window (submit: the job submitter with "
                "the multi-node template; connection: the connection editor)."),
             QStringLiteral("NAME")),
      connectTo(QStringLiteral("connect"),
                tr("Show the supernoded at URL (grpcs://HOST:PORT) instead of an embedded engine."),
                QStringLiteral("URL")),
      tokenFile(QStringLiteral("token-file"), tr("With --connect: the bearer token, one line."),
                QStringLiteral("FILE")),
      caFile(QStringLiteral("ca"), tr("With --connect: the CA that signed the daemon's certificate."),
             QStringLiteral("FILE")),
      clientCert(QStringLiteral("client-cert"), tr("With --connect: client certificate for mutual TLS."),
                 QStringLiteral("FILE")),
      clientKey(QStringLiteral("client-key"), tr("With --connect: the client certificate's key."),
                QStringLiteral("FILE")),
      lang(QStringLiteral("lang"),
           tr("The console's language (zh_CN, en); default: the one chosen in the Language menu, else the "
              "environment's (LANG)."),
           QStringLiteral("LANG")),
      setup(QStringLiteral("setup"), tr("Open the setup wizard alone: from server addresses to a running cluster "
                                        "(docs/setup-wizard.md)."))
{
}

void ConsoleCommandLine::addTo(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(tr("SuperNode Console: set up, watch and run a GPU super node."));
    parser.addOptions({help, version, config, screenshot, page, after, dialog, connectTo, tokenFile, caFile, clientCert,
                       clientKey, setup, lang});
}

QString ConsoleCommandLine::helpText()
{
    QCommandLineParser parser;
    ConsoleCommandLine().addTo(parser);
    // The usage line names the program as it was started (argv[0], a build path) or, with no
    // application object, "<executable_name>": either way users type "supernode". The words
    // around it ("Usage:", "Options:") are Qt's own (qtbase translations).
    QString text = parser.helpText();
    const QString started =
        QCoreApplication::instance() ? QCoreApplication::arguments().value(0) : QStringLiteral("<executable_name>");
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    const qsizetype at = text.indexOf(started);
    if (!started.isEmpty() && at >= 0 && (lineEnd < 0 || at < lineEnd))
        text.replace(at, started.size(), QStringLiteral("supernode"));
    return text;
}

QString requestedLanguage(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (arguments[i].startsWith(QLatin1String("--lang=")))
            return arguments[i].mid(7);
    }
    return {};
}

std::unique_ptr<QCoreApplication> speak(int &argc, char **argv, const QString &language)
{
    std::unique_ptr<QCoreApplication> words;
    if (!QCoreApplication::instance())
        words = std::make_unique<QCoreApplication>(argc, argv);
    if (!installTranslations(language))
        (void)installTranslations();
    return words;
}

} // namespace sn
