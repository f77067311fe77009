#pragma once
// A program's file-system calls as strace (Debian's strace) records them, for tests of
// durability that no assertion inside the process can see: a rename or a new file survives a
// power loss only once its directory is fsynced. `strace -f -y` prints each file descriptor
// with its path, `fsync(5</tmp/x/wal>)`, so a test can ask "was this directory synced after
// that rename, before that unlink?" of a real run.

#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTemporaryDir>

namespace sn::test {

struct SyscallTrace {
    QStringList lines; // one call per line, the pid prefix removed
    QString error;     // why there is no trace (strace missing, the program failed)

    // Index of the first line at or after `from` that matches, or -1.
    int find(const QRegularExpression &pattern, int from = 0) const
    {
        for (int i = std::max(from, 0); i < lines.size(); ++i)
            if (pattern.match(lines[i]).hasMatch())
                return i;
        return -1;
    }
    // Whether `dir` itself was fsynced between lines `from` and `to` (exclusive; -1: the end).
    bool directorySynced(const QString &dir, int from, int to = -1) const
    {
        const QRegularExpression sync("^f(data)?sync\\(\\d+<" + QRegularExpression::escape(dir) + ">\\)\\s+= 0");
        const int at = find(sync, from);
        return at >= 0 && (to < 0 || at < to);
    }
};

// Runs `program` to completion under `strace -f -y -e trace=SYSCALLS`; `env` is added to the
// test's environment. A failing program or a missing strace is reported in `error`.
inline SyscallTrace traceSyscalls(const QString &program, const QStringList &args, const QString &syscalls,
                                  const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    SyscallTrace trace;
    QTemporaryDir dir;
    const QString log = dir.filePath("strace.log");
    // LeakSanitizer stops the world with ptrace at exit, which a traced process cannot: it would
    // fail the run. The test of the same program without strace still looks for leaks.
    QProcessEnvironment traced = env;
    traced.insert("ASAN_OPTIONS",
                  (traced.value("ASAN_OPTIONS").isEmpty() ? QString() : traced.value("ASAN_OPTIONS") + ":") +
                      "detect_leaks=0");
    QProcess p;
    p.setProcessEnvironment(traced);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start("strace", QStringList{"-f", "-y", "-qq", "-o", log, "-e", "trace=" + syscalls, program} + args);
    if (!p.waitForStarted(10000)) {
        trace.error = "strace did not start: " + p.errorString();
        return trace;
    }
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        trace.error = "strace " + program + " failed (exit " + QString::number(p.exitCode()) +
                      "): " + QString::fromLocal8Bit(p.readAll().right(2000));
        return trace;
    }
    QFile f(log);
    if (!f.open(QIODevice::ReadOnly)) {
        trace.error = "no strace log: " + f.errorString();
        return trace;
    }
    static const QRegularExpression pid("^\\d+\\s+");
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.isEmpty())
            trace.lines << QString::fromLocal8Bit(line).remove(pid);
    return trace;
}

} // namespace sn::test
