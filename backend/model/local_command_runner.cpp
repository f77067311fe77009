#include "backend/model/command_runner.h"

#include <QProcess>
#include <QStringList>

namespace sn {

Result<CommandOutput> LocalCommandRunner::run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout)
{
    if (argv.empty())
        return invalidArgument("no program to run");
    QStringList args;
    for (std::size_t i = 1; i < argv.size(); ++i)
        args << QString::fromStdString(argv[i]);
    const QString program = QString::fromStdString(argv[0]);

    QProcess process;
    process.start(program, args, QIODevice::ReadOnly);
    if (!process.waitForStarted(static_cast<int>(timeout.count())))
        return Error{ErrorCode::Unavailable, "cannot run " + argv[0] + ": " + process.errorString().toStdString()};
    if (!process.waitForFinished(static_cast<int>(timeout.count()))) {
        process.kill();
        process.waitForFinished(1000);
        return Error{ErrorCode::Unavailable,
                     argv[0] + " did not finish within " + std::to_string(timeout.count()) + " ms"};
    }
    if (process.exitStatus() == QProcess::CrashExit)
        return Error{ErrorCode::Unavailable, argv[0] + " crashed: " + process.errorString().toStdString()};
    CommandOutput output;
    output.exitCode = process.exitCode();
    output.out = process.readAllStandardOutput().toStdString();
    output.err = process.readAllStandardError().toStdString();
    return output;
}

} // namespace sn
