// supernode: the desktop console. Parses the command line and wires an engine to the MainWindow:
// an embedded LocalEngine, or a RemoteEngine with --connect; all logic lives in ui/ and backend/.
#include "app/supernode/console_command_line.h"
#include "backend/engine/engine_config.h"
#include "backend/engine/local_engine.h"
#include "backend/remote/client/remote_connection.h"
#include "translations/engine_message.h"
#include "translations/translation_loader.h"
#include "ui/connection_dialog.h"
#include "ui/connection_switcher.h"
#include "ui/job_submit_dialog.h"
#include "ui/jobs_page.h"
#include "ui/language_menu.h"
#include "ui/main_window.h"
#include "ui/setup/setup_wizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QTableView>
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

    // Parsed before QApplication exists: without a display, constructing it would abort. Help and
    // errors are printed in the user's language by a words-only application (speak()).
    const QString requestedLanguage = sn::requestedLanguage(arguments);
    const auto say = [&](const QString &text) {
        printErr(text);
        return 2;
    };
    QCommandLineParser parser;
    const sn::ConsoleCommandLine options;
    options.addTo(parser);
    if (!parser.parse(arguments)) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        QCommandLineParser translated; // Qt's own words of the error, now in the language
        sn::ConsoleCommandLine().addTo(translated);
        (void)translated.parse(arguments);
        return say(
            sn::ConsoleCommandLine::tr("supernode: %1\nRun 'supernode --help' for usage.").arg(translated.errorText()));
    }
    if (parser.isSet(options.help)) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        std::fputs(qPrintable(sn::ConsoleCommandLine::helpText()), stdout);
        return 0;
    }
    if (parser.isSet(options.version)) {
        std::printf("supernode %s\n", SN_VERSION);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        return say(sn::ConsoleCommandLine::tr("supernode: unexpected argument '%1'\nRun 'supernode --help' for usage.")
                       .arg(parser.positionalArguments().constFirst()));
    }
    const QString pageId = parser.value(options.page);
    if (!sn::MainWindow::pageIds().contains(pageId)) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        return say(sn::ConsoleCommandLine::tr("supernode: unknown page '%1'; the pages are: %2")
                       .arg(pageId, sn::MainWindow::pageIds().join(", ")));
    }
    bool afterOk = false;
    const double afterSeconds = parser.value(options.after).toDouble(&afterOk);
    if (!afterOk || afterSeconds < 0 || afterSeconds > 3600) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        return say(
            sn::ConsoleCommandLine::tr("supernode: --after needs a number of seconds between 0 and 3600, got '%1'")
                .arg(parser.value(options.after)));
    }
    const QCommandLineOption &config = options.config, &screenshot = options.screenshot, &lang = options.lang,
                             &setup = options.setup, &dialog = options.dialog, &connectTo = options.connectTo,
                             &tokenFile = options.tokenFile, &caFile = options.caFile, &clientCert = options.clientCert,
                             &clientKey = options.clientKey;

    std::optional<sn::rpc::RemoteEngine::Options> remote;
    if (parser.isSet(connectTo)) {
        auto connection =
            sn::rpc::remoteEngineOptions({parser.value(connectTo).toStdString(), parser.value(tokenFile).toStdString(),
                                          parser.value(caFile).toStdString(), parser.value(clientCert).toStdString(),
                                          parser.value(clientKey).toStdString()});
        if (!connection) {
            const auto words = sn::speak(argc, argv, requestedLanguage);
            printErr(QStringLiteral("supernode: %1").arg(sn::errorText(connection.error())));
            return 3;
        }
        remote = std::move(*connection);
    }
    auto spec = sn::engineClusterSpec(parser.value(config).toStdString());
    if (!spec) {
        const auto words = sn::speak(argc, argv, requestedLanguage);
        printErr(QStringLiteral("supernode: %1").arg(sn::errorText(spec.error())));
        return 3;
    }

    const bool takeScreenshot = parser.isSet(screenshot);
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !hasDisplay()) {
        if (!takeScreenshot) {
            const auto words = sn::speak(argc, argv, requestedLanguage);
            printErr(
                sn::ConsoleCommandLine::tr("supernode: no display found. Run headless with QT_QPA_PLATFORM=offscreen "
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
        printErr(QStringLiteral("supernode: --lang: %1").arg(sn::errorText(installed.error())));
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
            printErr(QStringLiteral("supernode: %1").arg(sn::errorText(connection.error())));
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
        printErr(sn::ConsoleCommandLine::tr("supernode: --dialog takes 'submit' or 'connection', not '%1'")
                     .arg(parser.value(dialog)));
        return 2;
    }
    if (auto *jobs = window.findChild<sn::JobsPage *>(); jobs && pageId == QLatin1String("jobs") && !parser.isSet(dialog))
        // The picture shows a job's details too: the newest job, selected a moment before it is taken.
        QTimer::singleShot(static_cast<int>(std::max(0.0, afterSeconds - 1.0) * 1000), jobs,
                           [jobs] { jobs->table()->selectRow(0); });
    const QString file = parser.value(screenshot);
    QTimer::singleShot(static_cast<int>(afterSeconds * 1000), &window, [pictured, file] {
        if (!pictured->grab().save(file)) {
            printErr(sn::ConsoleCommandLine::tr("supernode: could not write the screenshot to '%1'").arg(file));
            QApplication::exit(1);
            return;
        }
        QApplication::exit(0);
    });
    return QApplication::exec();
}
