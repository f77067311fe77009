#include "backend/model/command_runner.h"

#include <QProcess>
#include <QStringList>

namespace sn {

Result<CommandOutput> LocalCommandRunner::run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                                              const std::string &input)
{
    if (argv.empty())
        return invalidArgument("no program to run");
    QStringList args;
    for (std::size_t i = 1; i < argv.size(); ++i)
        args << QString::fromStdString(argv[i]);
    const QString program = QString::fromStdString(argv[0]);

    QProcess process;
    process.start(program, args, QIODevice::ReadWrite);
    if (!process.waitForStarted(static_cast<int>(timeout.count())))
        return Error{ErrorCode::Unavailable, "cannot run " + argv[0] + ": " + process.errorString().toStdString()};
    // QProcess buffers the write and feeds the pipe from waitFor*(); closing after it sends EOF
    // once everything is written.
    if (!input.empty())
        process.write(input.data(), static_cast<qint64>(input.size()));
    process.closeWriteChannel();
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
