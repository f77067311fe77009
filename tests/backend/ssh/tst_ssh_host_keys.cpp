// The SSH transport's host key and authentication rules against the real OpenSSH server of
// tst_ssh_transport (known_hosts accept / refuse unknown / refuse changed, agent, passphrase,
// keys the server does not know, ~/.ssh/config), and hosts that cannot be reached or answer
// half-open: bounded timeouts and clear errors.

#include "tests/backend/ssh/tst_ssh_transport.h"

void TestSshTransport::refusesAnUnknownHost()
{
    SshOptions o = options(m_userKey);
    o.knownHostsFile = m_sshd.path("empty_known_hosts").toStdString();
    writeFile(m_sshd.path("empty_known_hosts"), "");
    SshSession session(o);
    Status s = session.connect();
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::PermissionDenied);
    const QString message = QString::fromStdString(s.error().message);
    QVERIFY2(message.contains("is not known"), msg(s));
    // The fingerprint the user must check, exactly as ssh-keygen prints it.
    QVERIFY2(message.contains(m_sshd.hostKeyFingerprint()), msg(s));
    QCOMPARE(readFile(m_sshd.path("empty_known_hosts")), QByteArray());

    o.hostKeys.acceptFingerprint = "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    SshSession wrong(o);
    QVERIFY(!wrong.connect().ok());
    QCOMPARE(readFile(m_sshd.path("empty_known_hosts")), QByteArray());
}

void TestSshTransport::acceptsAnUnknownHostByFingerprintAndRecordsIt()
{
    const QString file = m_sshd.path("accept_known_hosts");
    QFile::remove(file);
    SshOptions o = options(m_userKey);
    o.knownHostsFile = file.toStdString();
    o.hostKeys.acceptFingerprint = m_sshd.hostKeyFingerprint().toStdString();
    QVERIFY(!o.hostKeys.acceptFingerprint.empty());
    SshSession session(o);
    Status s = session.connect();
    QVERIFY2(s.ok(), msg(s));
    QVERIFY2(readFile(file).contains(QString("[127.0.0.1]:%1 ssh-ed25519 ").arg(m_sshd.port()).toUtf8()),
             readFile(file).constData());

    // Recorded: the next connection needs no acceptance, and ssh-keygen finds the entry.
    o.hostKeys = {};
    SshSession later(o);
    s = later.connect();
    QVERIFY2(s.ok(), msg(s));
    QProcess keygen;
    keygen.start("ssh-keygen", {"-F", QString("[127.0.0.1]:%1").arg(m_sshd.port()), "-f", file});
    QVERIFY(keygen.waitForFinished(10000));
    QCOMPARE(keygen.exitCode(), 0);
}

void TestSshTransport::asksAboutAnUnknownHost()
{
    const QString file = m_sshd.path("ask_known_hosts");
    QFile::remove(file);
    SshOptions o = options(m_userKey);
    o.knownHostsFile = file.toStdString();
    SshHostKey asked;
    int questions = 0;
    o.hostKeys.acceptUnknown = [&](const SshHostKey &key) {
        asked = key;
        ++questions;
        return false;
    };
    SshSession no(o);
    QVERIFY(!no.connect().ok());
    QCOMPARE(questions, 1);
    QCOMPARE(QString::fromStdString(asked.fingerprint), m_sshd.hostKeyFingerprint());
    QCOMPARE(asked.type, std::string("ssh-ed25519"));
    QCOMPARE(asked.host, "[127.0.0.1]:" + std::to_string(m_sshd.port()));
    QVERIFY(!QFile::exists(file) || readFile(file).isEmpty());

    o.hostKeys.acceptUnknown = [&](const SshHostKey &) { return ++questions > 0; };
    SshSession yes(o);
    Status s = yes.connect();
    QVERIFY2(s.ok(), msg(s));
    QCOMPARE(questions, 2);
    QVERIFY(!readFile(file).isEmpty());
}

void TestSshTransport::refusesAChangedHostKey()
{
    // known_hosts holds another key for this host:port on line 4, after a comment, another
    // host and a blank line: what a reinstalled (or impersonated) node looks like.
    QProcess keygen;
    keygen.start("ssh-keygen", {"-q", "-t", "ed25519", "-N", "", "-f", m_sshd.path("impostor_key")});
    QVERIFY(keygen.waitForFinished(30000));
    const QList<QByteArray> old = readFile(m_sshd.path("impostor_key.pub")).trimmed().split(' ');
    const QString file = m_sshd.path("changed_known_hosts");
    const QByteArray content = "# managed by hand\nother.example ssh-ed25519 " + old[1] + "\n\n" +
                               QString("[127.0.0.1]:%1 ").arg(m_sshd.port()).toUtf8() + old[0] + " " + old[1] + "\n";
    writeFile(file, content);

    SshOptions o = options(m_userKey);
    o.knownHostsFile = file.toStdString();
    // Even a caller that would accept anything is not asked: a changed key is never accepted.
    bool asked = false;
    o.hostKeys.acceptFingerprint = m_sshd.hostKeyFingerprint().toStdString();
    o.hostKeys.acceptUnknown = [&](const SshHostKey &) { return asked = true; };
    SshSession session(o);
    Status s = session.connect();
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::PermissionDenied);
    const QString message = QString::fromStdString(s.error().message);
    QVERIFY2(message.contains("has CHANGED"), msg(s));
    QVERIFY2(message.contains(file + ":4"), msg(s));
    QVERIFY2(message.contains(m_sshd.hostKeyFingerprint()), msg(s));
    QVERIFY(!asked);
    QCOMPARE(readFile(file), content);
}

void TestSshTransport::refusesAKeyTheServerDoesNotKnow()
{
    SshSession session(options(m_sshd.path("id_stranger")));
    Status s = session.connect();
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::PermissionDenied);
    QVERIFY2(QString::fromStdString(s.error().message).contains("accepted none of the keys"), msg(s));
    QVERIFY2(QString::fromStdString(s.error().message).contains("id_stranger"), msg(s));
    QVERIFY(!session.connected());
}

void TestSshTransport::usesAPassphraseProtectedKey()
{
    SshOptions o = options(m_sshd.path("id_pass"));
    SshSession without(o);
    Status s = without.connect();
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::PermissionDenied);
    QVERIFY2(QString::fromStdString(s.error().message).contains("cannot read it"), msg(s));

    o.passphrase = "wrong";
    SshSession wrong(o);
    QVERIFY(!wrong.connect().ok());

    o.passphrase = "correct horse battery";
    SshCommandRunner runner(o);
    auto out = runner.run({"echo", "unlocked"}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out, std::string("unlocked\n"));
}

void TestSshTransport::authenticatesThroughSshAgent()
{
    if (QStandardPaths::findExecutable("ssh-agent").isEmpty() || QStandardPaths::findExecutable("ssh-add").isEmpty())
        QSKIP("ssh-agent / ssh-add (openssh-client) not installed");
    const QString socket = m_sshd.path("agent.sock");
    QProcess agent;
    agent.start("ssh-agent", {"-D", "-a", socket});
    QVERIFY(agent.waitForStarted(10000));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(socket), 10000);
    QProcess add;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("SSH_AUTH_SOCK", socket);
    add.setProcessEnvironment(env);
    add.start("ssh-add", {m_sshd.path("id_agent")});
    QVERIFY(add.waitForFinished(10000));
    QCOMPARE(add.exitCode(), 0);

    SshOptions o = options({});
    o.useAgent = true;
    o.agentSocket = socket.toStdString();
    SshCommandRunner runner(o);
    auto out = runner.run({"echo", "agent"}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out, std::string("agent\n"));
    // The log names the key the server took: the agent's, not one of the files.
    QVERIFY2(m_sshd.log().contains("Accepted publickey for " + m_sshd.user()), qPrintable(m_sshd.log()));

    agent.terminate(); // the PID we started
    QVERIFY(agent.waitForFinished(5000));
    SshSession gone(o);
    QVERIFY(!gone.connect().ok());
}

void TestSshTransport::honoursTheSshConfigFile()
{
    const QString config = m_sshd.path("ssh_config");
    writeFile(config, QString("Host sn-test-node\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  IdentityFile %3\n"
                              "  UserKnownHostsFile %4\n")
                          .arg(m_sshd.port())
                          .arg(m_sshd.user(), m_userKey, m_knownHosts)
                          .toUtf8());
    SshOptions o;
    o.target = *parseSshTarget("sn-test-node");
    o.configFile = config.toStdString();
    o.globalKnownHostsFile = m_sshd.path("no_global_known_hosts").toStdString();
    o.useAgent = false;
    SshCommandRunner runner(o);
    QCOMPARE(runner.where(), "ssh://" + m_sshd.user().toStdString() + "@127.0.0.1:" + std::to_string(m_sshd.port()));
    auto out = runner.run({"echo", "configured"}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out, std::string("configured\n"));

    // What the caller spells out wins over the file, as on ssh's command line.
    o.target.port = 1;
    SshSession explicitPort(o);
    QCOMPARE(explicitPort.port(), std::uint16_t(1));
    QCOMPARE(explicitPort.connect().error().code, ErrorCode::Unavailable);

    writeFile(m_sshd.path("bad_config"), "Host *\n  Port notaport\n");
    o.target.port = 0;
    o.configFile = m_sshd.path("bad_config").toStdString();
    SshSession bad(o);
    Status s = bad.connect();
    QVERIFY(!s.ok());
}

void TestSshTransport::unreachableHostIsUnavailable()
{
    SshOptions o = options(m_userKey);
    o.target.port = 1; // nothing listens there
    SshCommandRunner runner(o);
    auto out = runner.run({"true"}, 5s);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Unavailable);
    QVERIFY2(QString::fromStdString(out.error().message).contains("ssh://"), out.error().message.c_str());
}

void TestSshTransport::aHalfOpenServerTimesOutWithinTheConnectTimeout()
{
    // A listening socket that never accept()s: the kernel completes the TCP handshake from its
    // backlog and then nothing is ever said, as with a hung sshd or a black-holing middlebox.
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(listener >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(listener, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    QCOMPARE(::listen(listener, 8), 0);
    socklen_t length = sizeof address;
    QCOMPARE(::getsockname(listener, reinterpret_cast<sockaddr *>(&address), &length), 0);

    SshOptions o = options(m_userKey);
    o.target.port = ntohs(address.sin_port);
    o.connectTimeout = 1500ms;
    SshSession session(o);
    QElapsedTimer clock;
    clock.start();
    const Status s = session.connect();
    const qint64 tookMs = clock.elapsed();
    ::close(listener);
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::Unavailable);
    QVERIFY2(QString::fromStdString(s.error().message).contains("ssh://"), msg(s));
    // Bounded: the connect timeout and the banner wait, not libssh's default of minutes.
    QVERIFY2(tookMs < 20000, qPrintable(QStringLiteral("connect gave up after %1 ms").arg(tookMs)));
    qInfo("a half-open server: refused after %lld ms: %s", tookMs, s.error().message.c_str());
}
