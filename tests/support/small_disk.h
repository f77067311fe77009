#pragma once
// A small file system for disk-full and read-only tests: a tmpfs mounted at a directory (needs
// root, as CI has; a test skips without it), and a filler that uses up its space.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace sn::test {

inline bool runQuietly(const QString &program, const QStringList &args, QString *output = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    const bool ok = p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (output)
        *output = QString::fromLocal8Bit(p.readAll());
    return ok;
}

// A tmpfs of sizeMb at dir, unmounted when this goes.
class SmallDisk {
public:
    bool mount(const QString &dir, int sizeMb, bool readOnly, QString *why)
    {
        QDir().mkpath(dir);
        QStringList options{QStringLiteral("size=%1m").arg(sizeMb)};
        if (readOnly)
            options << QStringLiteral("ro");
        if (!runQuietly(QStringLiteral("mount"), {"-t", "tmpfs", "-o", options.join(','), "tmpfs", dir}, why))
            return false;
        m_dir = dir;
        return true;
    }
    bool remount(bool readOnly)
    {
        return runQuietly(QStringLiteral("mount"), {"-o", readOnly ? "remount,ro" : "remount,rw", m_dir});
    }
    ~SmallDisk()
    {
        if (!m_dir.isEmpty())
            runQuietly(QStringLiteral("umount"), {"-l", m_dir});
    }

private:
    QString m_dir;
};

// Writes zeros into dir/filler until the file system says it is full; the bytes written.
inline qint64 fillUp(const QString &dir)
{
    QFile f(dir + QStringLiteral("/filler"));
    if (!f.open(QIODevice::WriteOnly))
        return -1;
    const QByteArray block(64 * 1024, '\0');
    qint64 written = 0;
    while (true) {
        const qint64 n = f.write(block);
        if (n <= 0 || !f.flush())
            break;
        written += n;
    }
    return written;
}

} // namespace sn::test
