#pragma once
// Runs the real supernodectl binary of this build (SN_BINARY_DIR, set by sn_add_test) the way
// scripts and terminals do, for the command-line tests.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace sn::test {

struct CtlRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline CtlRun runSupernodectl(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernodectl/supernodectl", args);
    if (!p.waitForFinished(timeoutMs))
        qFatal("supernodectl did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace sn::test
