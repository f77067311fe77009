#include "backend/model/command_runner.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

#include <algorithm>

namespace sn {

namespace {
constexpr qint64 kSliceMs = 100;
} // namespace

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
    // Waited for in slices, what it printed taken out after each, so that a program printing
    // without end is stopped at the limit rather than buffered whole.
    CommandOutput output;
    const auto takeOutput = [&] {
        output.out += process.readAllStandardOutput().toStdString();
        output.err += process.readAllStandardError().toStdString();
        return output.out.size() <= kMaxCommandOutputBytes && output.err.size() <= kMaxCommandOutputBytes;
    };
    const auto stop = [&] {
        process.kill();
        process.waitForFinished(1000);
    };
    QElapsedTimer waited;
    waited.start();
    // (Never a negative wait: that is QProcess's "forever".)
    const auto slice = [&] {
        return static_cast<int>(std::clamp<qint64>(timeout.count() - waited.elapsed(), 0, kSliceMs));
    };
    while (!process.waitForFinished(slice())) {
        if (!takeOutput()) {
            stop();
            return commandOutputTooLarge(argv[0], where());
        }
        if (waited.elapsed() >= timeout.count() || process.state() == QProcess::NotRunning) {
            if (process.state() == QProcess::NotRunning)
                break; // it failed to be waited for, not to finish: the checks below say how
            stop();
            return Error{ErrorCode::Unavailable,
                         argv[0] + " did not finish within " + std::to_string(timeout.count()) + " ms"};
        }
    }
    if (!takeOutput())
        return commandOutputTooLarge(argv[0], where());
    if (process.exitStatus() == QProcess::CrashExit)
        return Error{ErrorCode::Unavailable, argv[0] + " crashed: " + process.errorString().toStdString()};
    output.exitCode = process.exitCode();
    return output;
}

} // namespace sn
