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

// `locale`, when given, is the LC_ALL it runs in. Without one it runs in English (LANG=C.UTF-8,
// no LC_MESSAGES) whatever the developer's locale, so the tests' English expectations hold;
// an LC_ALL the test itself set (qputenv) still wins, as it does for any program.
inline CtlRun ctl(const QStringList &args, const QString &locale = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    if (!locale.isEmpty())
        env.insert(QStringLiteral("LC_ALL"), locale);
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
