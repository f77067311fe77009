#pragma once
// Runs the real supernodectl binary as scripts and terminals do, for the ctl tests.

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace sn::test {

struct CtlRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// `locale` is the LANG it runs in; the default, English, keeps the tests' expectations whatever
// the developer's own locale is (supernodectl's human output follows LC_ALL/LC_MESSAGES/LANG).
inline CtlRun ctl(const QStringList &args, const QString &locale = QStringLiteral("C.UTF-8"))
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("LANG"), locale);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernodectl/supernodectl", args);
    if (!p.waitForFinished(120000))
        qFatal("supernodectl did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// stdout as one JSON object; warns (and returns {}) when it is not JSON.
inline QJsonObject json(const CtlRun &r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s (%s)", r.out.constData(), qPrintable(error.errorString()));
    return doc.object();
}

} // namespace sn::test
