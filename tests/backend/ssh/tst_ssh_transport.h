#pragma once
// The SSH transport's test class, shared by its two files: tst_ssh_transport.cpp (commands,
// SFTP, the tunnel) and tst_ssh_host_keys.cpp (host keys, authentication, unreachable hosts),
// both against one real OpenSSH server the test starts on 127.0.0.1.

#include "backend/ssh/sftp_transfer.h"
#include "backend/ssh/shell_quote.h"
#include "backend/ssh/ssh_command_runner.h"
#include "backend/ssh/ssh_session.h"
#include "backend/ssh/ssh_target.h"
#include "backend/ssh/ssh_tunnel.h"
#include "backend/telemetry/prometheus/http_client.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "backend/telemetry/prometheus/http_url.h"
#include "tests/support/openssh_server.h"

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <random>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace sn;
using namespace std::chrono_literals;

namespace ssh_test {

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    f.write(data);
}

inline mode_t modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? (st.st_mode & 07777) : mode_t(-1);
}

inline QByteArray randomBytes(std::size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    QByteArray out(static_cast<qsizetype>(n), '\0');
    for (char &c : out)
        c = static_cast<char>(rng());
    return out;
}

inline const char *msg(const Status &s)
{
    return s.ok() ? "" : s.error().message.c_str();
}

} // namespace ssh_test

using namespace ssh_test;

Q_DECLARE_METATYPE(std::string)

class TestSshTransport : public QObject {
    Q_OBJECT

    test::OpenSshServer m_sshd;
    QString m_userKey;
    QString m_knownHosts;

    // Options that read nothing of this machine's own ~/.ssh: the test's key and known_hosts.
    SshOptions options(const QString &key) const
    {
        SshOptions o;
        o.target = {m_sshd.user().toStdString(), "127.0.0.1", m_sshd.port()};
        o.configFile = "";
        o.knownHostsFile = m_knownHosts.toStdString();
        o.globalKnownHostsFile = m_sshd.path("no_global_known_hosts").toStdString();
        o.useAgent = false;
        o.tryDefaultKeys = false;
        if (!key.isEmpty())
            o.identityFiles = {key.toStdString()};
        o.connectTimeout = 10s;
        return o;
    }

private slots:
    void initTestCase();
    void cleanupTestCase() { m_sshd.stop(); }

    void parsesAddresses_data();
    void parsesAddresses();
    void quotesWordsForAPosixShell();

    void runsCommandsWithOutputAndExitCode();
    void carriesLargeOutput();
    void endlessOutputIsStoppedAtTheLimit();
    void feedsStandardInputByteExact();
    void timesOutAndRecovers();
    void hostileArgumentsArriveByteExact_data();
    void hostileArgumentsArriveByteExact();
    void reconnectsAfterTheConnectionDrops();

    void sftpRoundTripKeepsMode_data();
    void sftpRoundTripKeepsMode();
    void sftpMissingFileIsNotFound();

    void tunnelReachesAServerOnTheNodesLoopback();

    void refusesAnUnknownHost();
    void acceptsAnUnknownHostByFingerprintAndRecordsIt();
    void asksAboutAnUnknownHost();
    void refusesAChangedHostKey();
    void refusesAKeyTheServerDoesNotKnow();
    void usesAPassphraseProtectedKey();
    void authenticatesThroughSshAgent();
    void honoursTheSshConfigFile();
    void unreachableHostIsUnavailable();
    void aHalfOpenServerTimesOutWithinTheConnectTimeout();
};
