// supernode: the desktop console. Parses the command line and wires an engine to the MainWindow:
// an embedded LocalEngine, or a RemoteEngine with --connect; all logic lives in ui/ and backend/.
#include "backend/api/engine_config.h"
#include "backend/api/local_engine.h"
#include "backend/remote/grpc/remote_connection.h"
#include "translations/translation_loader.h"
#include "ui/connection_dialog.h"
#include "ui/connection_switcher.h"
#include "ui/job_submit_dialog.h"
#include "ui/language_menu.h"
#include "ui/main_window.h"
#include "ui/setup/setup_wizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

void printErr(const QString &text)
{
    std::fputs(qPrintable(text + QLatin1Char('\n')), stderr);
}

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

} // namespace

int main(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    // Parsed before QApplication exists: without a display, constructing it would abort.
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("SuperNode Console: set up, watch and run a GPU super node."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Print the version and exit."));
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("The cluster.yaml to run (default: the built-in simulated super "
                                                   "node, 2 x 8 H100)."),
                                    QStringLiteral("cluster.yaml"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a picture of the window to FILE.png and exit; works "
                                                       "without a display."),
                                        QStringLiteral("FILE.png"));
    const QCommandLineOption page(QStringLiteral("page"),
                                  QStringLiteral("The page to show: %1.").arg(sn::MainWindow::pageIds().join(", ")),
                                  QStringLiteral("ID"), QStringLiteral("overview"));
    const QCommandLineOption after(QStringLiteral("after"),
                                   QStringLiteral("Seconds to run before the screenshot (default 3)."),
                                   QStringLiteral("SECONDS"), QStringLiteral("3"));
    const QCommandLineOption dialog(QStringLiteral("dialog"),
                                    QStringLiteral("With --screenshot: picture this dialog instead of the window "
                                                   "(submit: the job submitter with the multi-node template; "
                                                   "connection: the connection editor)."),
                                    QStringLiteral("NAME"));
    const QCommandLineOption connectTo(QStringLiteral("connect"),
                                       QStringLiteral("Show the supernoded at URL (grpcs://HOST:PORT) instead of an "
                                                      "embedded engine."),
                                       QStringLiteral("URL"));
    const QCommandLineOption tokenFile(QStringLiteral("token-file"),
                                       QStringLiteral("With --connect: the bearer token, one line."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption caFile(QStringLiteral("ca"),
                                    QStringLiteral("With --connect: the CA that signed the daemon's certificate."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption clientCert(QStringLiteral("client-cert"),
                                        QStringLiteral("With --connect: client certificate for mutual TLS."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption clientKey(QStringLiteral("client-key"),
                                       QStringLiteral("With --connect: the client certificate's key."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QStringLiteral("The console's language (zh_CN, en); default: the one chosen in the "
                                                 "Language menu, else the environment's (LANG)."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption setup(QStringLiteral("setup"),
                                   QStringLiteral("Open the setup wizard alone: from server addresses to a running "
                                                  "cluster (docs/setup-wizard.md)."));
    parser.addOptions({help, version, config, screenshot, page, after, dialog, connectTo, tokenFile, caFile, clientCert,
                       clientKey, setup, lang});
    if (!parser.parse(arguments)) {
        printErr(QStringLiteral("supernode: %1\nRun 'supernode --help' for usage.").arg(parser.errorText()));
        return 2;
    }
    if (parser.isSet(help)) {
        // Without a QCoreApplication the parser cannot know the program name.
        std::fputs(
            qPrintable(parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("supernode"))),
            stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("supernode %s\n", SN_VERSION);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("supernode: unexpected argument '%1'\nRun 'supernode --help' for usage.")
                     .arg(parser.positionalArguments().constFirst()));
        return 2;
    }
    const QString pageId = parser.value(page);
    if (!sn::MainWindow::pageIds().contains(pageId)) {
        printErr(QStringLiteral("supernode: unknown page '%1'; the pages are: %2")
                     .arg(pageId, sn::MainWindow::pageIds().join(", ")));
        return 2;
    }
    bool afterOk = false;
    const double afterSeconds = parser.value(after).toDouble(&afterOk);
    if (!afterOk || afterSeconds < 0 || afterSeconds > 3600) {
        printErr(QStringLiteral("supernode: --after needs a number of seconds between 0 and 3600, got '%1'")
                     .arg(parser.value(after)));
        return 2;
    }

    std::optional<sn::rpc::RemoteEngine::Options> remote;
    if (parser.isSet(connectTo)) {
        auto options =
            sn::rpc::remoteEngineOptions({parser.value(connectTo).toStdString(), parser.value(tokenFile).toStdString(),
                                          parser.value(caFile).toStdString(), parser.value(clientCert).toStdString(),
                                          parser.value(clientKey).toStdString()});
        if (!options) {
            printErr(QStringLiteral("supernode: %1").arg(QString::fromStdString(options.error().message)));
            return 3;
        }
        remote = std::move(*options);
    }
    auto spec = sn::engineClusterSpec(parser.value(config).toStdString());
    if (!spec) {
        printErr(QStringLiteral("supernode: %1").arg(QString::fromStdString(spec.error().message)));
        return 3;
    }

    const bool takeScreenshot = parser.isSet(screenshot);
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !hasDisplay()) {
        if (!takeScreenshot) {
            printErr(QStringLiteral("supernode: no display found. Run headless with QT_QPA_PLATFORM=offscreen "
                                    "supernode --screenshot overview.png --after 3, or start it from a desktop "
                                    "session."));
            return 2;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SuperNode"));
    QApplication::setApplicationName(QStringLiteral("SuperNode Console"));
    QApplication::setApplicationVersion(QStringLiteral(SN_VERSION));
    // --lang, else the Language menu's saved choice (not for screenshots: they show what --lang
    // says, whatever this user picked), else the environment's.
    const QString language = parser.isSet(lang) ? parser.value(lang)
                             : takeScreenshot   ? QString()
                                                : sn::savedConsoleLanguage();
    if (auto installed = sn::installTranslations(language); !installed && parser.isSet(lang)) {
        printErr(QStringLiteral("supernode: --lang: %1").arg(QString::fromStdString(installed.error().message)));
        return 2;
    }

    if (parser.isSet(setup)) {
        sn::SetupWizardOptions options = sn::defaultSetupWizardOptions();
        if (takeScreenshot)
            options.stateFile.clear(); // a screenshot neither reads nor writes the user's saved setup
        sn::SetupWizard wizard(options);
        if (takeScreenshot) {
            wizard.show();
            const QString file = parser.value(screenshot);
            QTimer::singleShot(static_cast<int>(afterSeconds * 1000), &wizard,
                               [&wizard, file] { QApplication::exit(wizard.grab().save(file) ? 0 : 1); });
            return QApplication::exec();
        }
        std::optional<sn::ConsoleConnection> requested;
        QObject::connect(&wizard, &sn::SetupWizard::connectRequested,
                         [&requested](const sn::ConsoleConnection &c) { requested = c; });
        if (wizard.exec() != QDialog::Accepted || !requested)
            return 0;
        // Done page: "connect the console to the new cluster": the console opens on it.
        auto connection = sn::rpc::remoteEngineOptions(
            {requested->address.toStdString(), requested->tokenFile.toStdString(), requested->caFile.toStdString(),
             requested->clientCertificate.toStdString(), requested->clientKey.toStdString()});
        if (!connection) {
            printErr(QStringLiteral("supernode: %1").arg(QString::fromStdString(connection.error().message)));
            return 3;
        }
        remote = std::move(*connection);
    }

    std::shared_ptr<sn::EngineApi> engine;
    if (remote) {
        engine = std::make_shared<sn::rpc::RemoteEngine>(std::move(*remote));
    } else {
        sn::LocalEngine::Options engineOptions;
        engineOptions.engine.spec = std::move(*spec); // real time: the simulated cluster runs on its own
        engine = std::make_shared<sn::LocalEngine>(std::move(engineOptions));
    }
    sn::MainWindowOptions windowOptions;
    windowOptions.rememberState = !takeScreenshot; // a screenshot leaves the user's settings alone
    windowOptions.embeddedConfig = parser.value(config);
    sn::MainWindow window(*engine, windowOptions);
    // The window holds the engine from now on: switching away from it ends it.
    window.setEngine(*engine, engine);
    engine.reset();
    if (remote)
        window.connectionSwitcher()->setCurrent(window.engine().description());
    if (!takeScreenshot) {
        // The command line wins; without one, the connection used last is opened again.
        if (!remote && !parser.isSet(config))
            window.connectionSwitcher()->reconnectLast();
        window.show();
        return QApplication::exec();
    }

    window.resize(1400, 900);
    window.setCurrentPage(pageId);
    window.show();
    std::unique_ptr<sn::JobSubmitDialog> submitter;
    std::unique_ptr<sn::ConnectionEditor> editor;
    QWidget *pictured = &window;
    if (parser.value(dialog) == QLatin1String("submit")) {
        submitter = std::make_unique<sn::JobSubmitDialog>(window.engine(), &window);
        submitter->applyTemplate(sn::JobSubmitDialog::MultiNodeGangTraining);
        submitter->resize(1600, 860);
        submitter->show();
        pictured = submitter.get();
    } else if (parser.value(dialog) == QLatin1String("connection")) {
        // An example through SSH whose files are not here: the inline checks show as they would.
        sn::SavedConnection example;
        example.name = QStringLiteral("lab cluster");
        example.sshTarget = QStringLiteral("alice@head01");
        example.remotePort = 7443;
        example.caFile = QStringLiteral("/etc/supernode/certs/ca.pem");
        example.tokenFile = QStringLiteral("/home/alice/alice.token");
        editor = std::make_unique<sn::ConnectionEditor>(example, QStringList(), &window);
        editor->resize(720, editor->sizeHint().height());
        editor->show();
        pictured = editor.get();
    } else if (parser.isSet(dialog)) {
        printErr(
            QStringLiteral("supernode: --dialog takes 'submit' or 'connection', not '%1'").arg(parser.value(dialog)));
        return 2;
    }
    const QString file = parser.value(screenshot);
    QTimer::singleShot(static_cast<int>(afterSeconds * 1000), &window, [pictured, file] {
        if (!pictured->grab().save(file)) {
            printErr(QStringLiteral("supernode: could not write the screenshot to '%1'").arg(file));
            QApplication::exit(1);
            return;
        }
        QApplication::exit(0);
    });
    return QApplication::exec();
}
