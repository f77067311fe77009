#include "backend/model/directory_lock.h"

namespace sn {

Result<std::unique_ptr<QLockFile>> lockDirectory(const QString &dir, const std::string &what)
{
    auto lock = std::make_unique<QLockFile>(dir + QStringLiteral("/LOCK"));
    lock->setStaleLockTime(0);
    if (lock->tryLock(0))
        return lock;
    const std::string where = what + ": " + dir.toStdString();
    if (lock->error() != QLockFile::LockFailedError)
        return unavailable(where + "/LOCK cannot be created or read (" +
                           (lock->error() == QLockFile::PermissionError ? "permission denied" : "unknown error") + ")");
    qint64 pid = 0;
    QString host;
    QString program;
    if (!lock->getLockInfo(&pid, &host, &program))
        return failedPrecondition(where + " is in use by another process (its LOCK file names none)");
    return failedPrecondition(where + " is in use by process " + std::to_string(pid) + " (" +
                              (program.isEmpty() ? std::string("unnamed") : program.toStdString()) + " on " +
                              host.toStdString() +
                              "): one process at a time may hold it; stop that one or use "
                              "another directory");
}

} // namespace sn
