#include "tests/support/openssh_server.h"

#include "tests/support/child_process.h"
#include "tests/support/loopback_port.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sn::test {

namespace {

const char *kSshd = "/usr/sbin/sshd";

bool runKeygen(const QStringList &args, QByteArray *out = nullptr)
{
    QProcess p;
    p.start("ssh-keygen", args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return false;
    if (out)
        *out = p.readAllStandardOutput();
    return true;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

OpenSshServer::OpenSshServer() = default;

OpenSshServer::~OpenSshServer()
{
    stop();
}

bool OpenSshServer::available()
{
    return QFileInfo(kSshd).isExecutable() && !QStandardPaths::findExecutable("ssh-keygen").isEmpty();
}

QString OpenSshServer::user() const
{
    const passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString("root");
}

QString OpenSshServer::makeUserKey(const QString &name, bool authorize, const QString &passphrase)
{
    const QString key = path(name);
    if (!runKeygen({"-q", "-t", "ed25519", "-N", passphrase, "-C", name, "-f", key}))
        return {};
    if (authorize) {
        QFile keys(path("authorized_keys"));
        if (!keys.open(QIODevice::Append))
            return {};
        keys.write(readAll(key + ".pub"));
    }
    return key;
}

bool OpenSshServer::start(QString *why)
{
    if (!m_dir.isValid())
        return *why = "no temporary directory", false;
    // sshd's privilege separation directory; Debian's package creates it only at boot.
    QDir().mkpath("/run/sshd");
    QFile::setPermissions("/run/sshd", QFileDevice::Permissions(0x7755));
    if (!QFileInfo::exists(path("host_ed25519")) &&
        !runKeygen({"-q", "-t", "ed25519", "-N", "", "-C", "test-host", "-f", path("host_ed25519")}))
        return *why = "ssh-keygen could not make a host key", false;
    QFile(path("authorized_keys")).open(QIODevice::Append);

    for (int attempt = 0; attempt < 5; ++attempt) {
        m_port = freeLoopbackPort();
        QFile config(path("sshd_config"));
        if (!config.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return *why = "cannot write sshd_config", false;
        QStringList lines{"ListenAddress 127.0.0.1",
                          "Port " + QString::number(m_port),
                          "HostKey " + path("host_ed25519"),
                          "AuthorizedKeysFile " + path("authorized_keys"),
                          "PidFile " + path("sshd.pid"),
                          "StrictModes no",
                          "UsePAM no",
                          "PermitRootLogin prohibit-password",
                          "PasswordAuthentication no",
                          "KbdInteractiveAuthentication no",
                          "AllowTcpForwarding yes",
                          "Subsystem sftp internal-sftp",
                          "LogLevel VERBOSE"};
        // A session's HOME is this server's directory, not the test user's: bash started by
        // sshd reads ~/.bashrc even for `bash -c`, and a development machine's (pyenv and the
        // like) cost a second or two per command, on every command the "node" ran. sshd takes
        // only its first SetEnv line, so the tests' own variables join this one.
        QStringList environment{"HOME=" + dir()};
        for (const QString &line : m_extraConfig) {
            if (line.startsWith("SetEnv "))
                environment += line.mid(7).split(' ', Qt::SkipEmptyParts);
            else
                lines += line;
        }
        lines += "SetEnv " + environment.join(' ');
        config.write(lines.join('\n').toUtf8() + '\n');
        config.close();

        // A file, not a pipe: a pipe nobody drains would block sshd once it fills.
        m_sshd.setProcessChannelMode(QProcess::MergedChannels);
        m_sshd.setStandardOutputFile(path("sshd.log"), QIODevice::Truncate);
        dieWithTheTest(m_sshd);
        m_sshd.start(kSshd, {"-D", "-e", "-f", path("sshd_config")});
        if (!m_sshd.waitForStarted(10000))
            return *why = "cannot start sshd: " + m_sshd.errorString(), false;
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 15000 && m_sshd.state() == QProcess::Running) {
            m_sshd.waitForFinished(100);
            if (log().contains("Server listening on 127.0.0.1 port " + QString::number(m_port)))
                return true;
        }
        const QString output = log();
        stop();
        if (!output.contains("Address already in use"))
            return *why = "sshd did not start listening: " + output, false;
    }
    return *why = "no free port for sshd after 5 attempts", false;
}

void OpenSshServer::stop()
{
    if (m_sshd.state() == QProcess::NotRunning)
        return;
    // sshd's per-connection children outlive the listener; a node whose sshd "goes away" loses
    // them too. They are found as the children of the PID we started, never by name.
    const qint64 pid = m_sshd.processId();
    for (const QString &entry : QDir("/proc").entryList(QDir::Dirs)) {
        bool numeric = false;
        const int child = entry.toInt(&numeric);
        if (!numeric)
            continue;
        QFile stat("/proc/" + entry + "/stat");
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toLongLong() == pid)
            ::kill(child, SIGTERM);
    }
    m_sshd.terminate(); // SIGTERM to the PID we started
    if (!m_sshd.waitForFinished(5000)) {
        m_sshd.kill();
        m_sshd.waitForFinished(5000);
    }
}

QString OpenSshServer::knownHostsLine() const
{
    const QList<QByteArray> parts = readAll(path("host_ed25519.pub")).trimmed().split(' ');
    return QString("[127.0.0.1]:%1 %2 %3").arg(m_port).arg(QString(parts.value(0)), QString(parts.value(1)));
}

QString OpenSshServer::hostKeyFingerprint() const
{
    QByteArray out;
    if (!runKeygen({"-l", "-E", "sha256", "-f", path("host_ed25519.pub")}, &out))
        return {};
    return QString::fromUtf8(out.split(' ').value(1));
}

QString OpenSshServer::log()
{
    return QString::fromLocal8Bit(readAll(path("sshd.log")));
}

bool requireOpenSsh()
{
    if (OpenSshServer::available())
        return true;
    if (qgetenv("CI") == "true") {
        QTest::qFail("OpenSSH server (/usr/sbin/sshd, ssh-keygen) missing under CI=true: scripts/deps installs "
                     "openssh-server",
                     __FILE__, __LINE__);
        return false;
    }
    QTest::qSkip("OpenSSH server (/usr/sbin/sshd) not installed: run scripts/deps", __FILE__, __LINE__);
    return false;
}

} // namespace sn::test
