#pragma once
// supernode's own command line: its options, help and errors in the user's language.
//
// The command line is parsed before QApplication exists (without a display constructing it
// would abort), and a translation needs an application object. So the words come from a
// QCoreApplication made only for them: speak() creates it (no display needed), installs the
// language (--lang, else the environment's), and the caller prints and exits; a normal start
// never makes one and goes on to QApplication.

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

#include <memory>

namespace sn {

struct ConsoleCommandLine {
    Q_DECLARE_TR_FUNCTIONS(sn::ConsoleCommandLine)
public:
    ConsoleCommandLine(); // every option, described in the language installed now
    void addTo(QCommandLineParser &parser) const;

    // The help text, in the language speak() installed.
    static QString helpText();

    QCommandLineOption help, version, config, screenshot, page, after, dialog, connectTo, tokenFile, caFile, clientCert,
        clientKey, lang, setup;
};

// The value of --lang in `arguments` ("--lang X" or "--lang=X"), empty when absent.
QString requestedLanguage(const QStringList &arguments);

// Makes the words-only QCoreApplication and installs `language` (empty: LANG); an unknown
// language quietly leaves English, the caller is about to report the real problem. The caller
// keeps it while it prints (destroyed before main returns: Qt's globals are gone after that).
std::unique_ptr<QCoreApplication> speak(int &argc, char **argv, const QString &language);

} // namespace sn
