// The SSH transport against a real OpenSSH server started by the test on 127.0.0.1: commands
// (output, exit codes, timeouts, hostile arguments through the one quoting function), SFTP with
// modes and a direct-tcpip tunnel to an HTTP server on the node's loopback. The host key and
// authentication rules are in tst_ssh_host_keys.cpp, the same test program.

#include "tests/backend/ssh/tst_ssh_transport.h"

void TestSshTransport::initTestCase()
{
    if (!test::requireOpenSsh())
        return;
    m_userKey = m_sshd.makeUserKey("id_user");
    QVERIFY(!m_userKey.isEmpty());
    QVERIFY(!m_sshd.makeUserKey("id_agent").isEmpty());
    QVERIFY(!m_sshd.makeUserKey("id_pass", true, "correct horse battery").isEmpty());
    QVERIFY(!m_sshd.makeUserKey("id_stranger", false).isEmpty());
    QString why;
    QVERIFY2(m_sshd.start(&why), qPrintable(why));
    m_knownHosts = m_sshd.path("known_hosts");
    writeFile(m_knownHosts, m_sshd.knownHostsLine().toUtf8() + "\n");
}

void TestSshTransport::parsesAddresses_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("error"); // part of the message; empty: must parse
    QTest::newRow("host") << "node01"
                          << ""
                          << "node01" << 0 << "";
    QTest::newRow("user@host") << "admin@node01"
                               << "admin"
                               << "node01" << 0 << "";
    QTest::newRow("host:port") << "10.0.0.5:2222"
                               << ""
                               << "10.0.0.5" << 2222 << "";
    QTest::newRow("user@host:port") << "root@127.0.0.1:22022"
                                    << "root"
                                    << "127.0.0.1" << 22022 << "";
    QTest::newRow("bare ipv6") << "fd00::2"
                               << ""
                               << "fd00::2" << 0 << "";
    QTest::newRow("bracketed ipv6 with port") << "ops@[fd00::2]:2200"
                                              << "ops"
                                              << "fd00::2" << 2200 << "";
    QTest::newRow("empty") << ""
                           << ""
                           << "" << 0 << "no host";
    QTest::newRow("empty user") << "@node"
                                << ""
                                << "" << 0 << "empty user";
    QTest::newRow("port zero") << "node:0"
                               << ""
                               << "" << 0 << "port '0'";
    QTest::newRow("port too big") << "node:65536"
                                  << ""
                                  << "" << 0 << "port '65536'";
    QTest::newRow("port not a number") << "node:ssh"
                                       << ""
                                       << "" << 0 << "port 'ssh'";
    QTest::newRow("unclosed bracket") << "[fd00::2:22"
                                      << ""
                                      << "" << 0 << "without ']'";
    QTest::newRow("junk after bracket") << "[fd00::2]x"
                                        << ""
                                        << "" << 0 << "expected ':PORT'";
    QTest::newRow("space in host") << "node 01"
                                   << ""
                                   << "" << 0 << "spaces";
    QTest::newRow("quote in user") << "a'b@node"
                                   << ""
                                   << "" << 0 << "quotes";
}

void TestSshTransport::parsesAddresses()
{
    QFETCH(QString, address);
    QFETCH(QString, user);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, error);
    const auto t = parseSshTarget(address.toStdString());
    if (!error.isEmpty()) {
        QVERIFY(!t.ok());
        QCOMPARE(t.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(t.error().message).contains(error), t.error().message.c_str());
        return;
    }
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
    QCOMPARE(QString::fromStdString(t->user), user);
    QCOMPARE(QString::fromStdString(t->host), host);
    QCOMPARE(int(t->port), port);
}

void TestSshTransport::quotesWordsForAPosixShell()
{
    QCOMPARE(shellQuote(""), std::string("''"));
    QCOMPARE(shellQuote("plain"), std::string("'plain'"));
    QCOMPARE(shellQuote("it's"), std::string("'it'\\''s'"));
    QCOMPARE(*shellCommandLine({"printf", "%s\n", "a b"}), std::string("'printf' '%s\n' 'a b'"));
    const auto nul = shellCommandLine({"echo", std::string("a\0b", 3)});
    QVERIFY(!nul.ok());
    QCOMPARE(nul.error().code, ErrorCode::InvalidArgument);
    QVERIFY(QString::fromStdString(nul.error().message).contains("argument 1 holds a NUL byte"));
    QVERIFY(!shellCommandLine({}).ok());
}

void TestSshTransport::runsCommandsWithOutputAndExitCode()
{
    SshCommandRunner runner(options(m_userKey));
    QCOMPARE(runner.where(), "ssh://" + m_sshd.user().toStdString() + "@127.0.0.1:" + std::to_string(m_sshd.port()));
    auto out = runner.run({"sh", "-c", "echo out; echo err >&2; exit 3"}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out, std::string("out\n"));
    QCOMPARE(out->err, std::string("err\n"));
    QCOMPARE(out->exitCode, 3);

    auto ok = runner.run({"true"}, 10s);
    QVERIFY(ok.ok());
    QCOMPARE(ok->exitCode, 0);
    QVERIFY(ok->out.empty());

    // A program that does not exist is the shell's exit 127, as locally.
    auto missing = runner.run({"no-such-program-sn"}, 10s);
    QVERIFY(missing.ok());
    QCOMPARE(missing->exitCode, 127);
    QVERIFY2(QString::fromStdString(missing->err).contains("no-such-program-sn"), missing->err.c_str());
}

void TestSshTransport::carriesLargeOutput()
{
    SshCommandRunner runner(options(m_userKey));
    // More than the channel window (libssh: 1280 KiB by default) on stdout, and some stderr.
    auto out = runner.run({"sh", "-c", "head -c 3000000 /dev/zero; head -c 70000 /dev/zero >&2"}, 30s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out.size(), std::size_t(3000000));
    QCOMPARE(out->err.size(), std::size_t(70000));
    QCOMPARE(out->out.find_first_not_of('\0'), std::string::npos);
}

void TestSshTransport::endlessOutputIsStoppedAtTheLimit()
{
    // A node whose program prints without end: stopped at the limit, not buffered until the
    // engine's memory runs out; the runner keeps working.
    SshCommandRunner runner(options(m_userKey));
    auto out = runner.run({"yes"}, 120s);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Unavailable);
    QVERIFY2(out.error().message.find("printed more than 64 MiB") != std::string::npos, out.error().message.c_str());
    auto next = runner.run({"echo", "again"}, 10s);
    QVERIFY2(next.ok(), next.ok() ? "" : next.error().message.c_str());
    QCOMPARE(next->out, std::string("again\n"));
}

void TestSshTransport::feedsStandardInputByteExact()
{
    SshCommandRunner runner(options(m_userKey));
    std::string input = "#!/bin/sh\necho \"$(id)\" `date`; rm -rf / ;\n'quoted'\n";
    input.push_back('\0');
    input += std::string(200000, 'x');
    auto out = runner.run({"cat"}, 30s, input);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->exitCode, 0);
    QVERIFY(out->out == input);
    auto none = runner.run({"cat"}, 10s); // EOF at once: cat ends instead of waiting
    QVERIFY2(none.ok(), none.ok() ? "" : none.error().message.c_str());
    QCOMPARE(none->out, std::string());
}

void TestSshTransport::timesOutAndRecovers()
{
    SshCommandRunner runner(options(m_userKey));
    const QString marker = m_sshd.path("slept");
    auto slow = runner.run({"sh", "-c", "sleep 3 && touch \"$0\"", marker.toStdString()}, 300ms);
    QVERIFY(!slow.ok());
    QCOMPARE(slow.error().code, ErrorCode::Unavailable);
    QVERIFY2(QString::fromStdString(slow.error().message).contains("did not finish within 300 ms"),
             slow.error().message.c_str());
    // The same runner keeps working, and the killed command never finished.
    auto next = runner.run({"echo", "again"}, 10s);
    QVERIFY2(next.ok(), next.ok() ? "" : next.error().message.c_str());
    QCOMPARE(next->out, std::string("again\n"));
    QTest::qWait(3500);
    QVERIFY2(!QFile::exists(marker), qPrintable("the timed-out command was not killed: " + m_sshd.log().right(3000)));
}

void TestSshTransport::hostileArgumentsArriveByteExact_data()
{
    QTest::addColumn<std::string>("word");
    QTest::newRow("empty") << std::string();
    QTest::newRow("single quote") << std::string("it's");
    QTest::newRow("only quotes") << std::string("'''");
    QTest::newRow("quote escape attempt") << std::string("'\\''; echo pwned; '");
    QTest::newRow("double quotes") << std::string("\"a\" \"\"");
    QTest::newRow("command substitution") << std::string("$(touch /tmp/sn-ssh-pwned)");
    QTest::newRow("backticks") << std::string("`touch /tmp/sn-ssh-pwned`");
    QTest::newRow("variables") << std::string("$HOME ${PATH} $0 $$ $1");
    QTest::newRow("semicolon and pipe") << std::string("; touch /tmp/sn-ssh-pwned | cat && false || true &");
    QTest::newRow("newlines") << std::string("line1\nline2\n\ntouch /tmp/sn-ssh-pwned\n");
    QTest::newRow("carriage return and tab") << std::string("a\r\tb");
    QTest::newRow("globbing") << std::string("* ? [a-z] /* ~ ~root {a,b}");
    QTest::newRow("backslashes") << std::string("\\ \\\\ \\n \\'");
    QTest::newRow("history and redirection") << std::string("!! !$ > /tmp/sn-ssh-pwned < /etc/passwd 2>&1");
    QTest::newRow("leading dash") << std::string("-n");
    QTest::newRow("percent") << std::string("%s %d %%");
    QTest::newRow("spaces only") << std::string("   ");
    QTest::newRow("non-UTF-8 bytes") << std::string("\xff\xfe\x80 \xc3\x28 \xed\xa0\x80");
    QTest::newRow("control bytes") << std::string("\x01\x1b[31m\x7f");
    QTest::newRow("utf-8") << std::string("超节点 ĥéllo");
}

void TestSshTransport::hostileArgumentsArriveByteExact()
{
    QFETCH(std::string, word);
    QFile::remove("/tmp/sn-ssh-pwned");
    SshCommandRunner runner(options(m_userKey));
    // Twice, with a neighbour, so that an argument that split or merged would show.
    auto out = runner.run({"printf", "%s\\n", word, "next", word}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->exitCode, 0);
    QCOMPARE(out->out, word + "\n" + "next\n" + word + "\n");
    QVERIFY(out->err.empty());
    QVERIFY2(!QFile::exists("/tmp/sn-ssh-pwned"), "an argument was executed by the remote shell");
}

void TestSshTransport::reconnectsAfterTheConnectionDrops()
{
    auto session = std::make_shared<SshSession>(options(m_userKey));
    SshCommandRunner runner(session);
    QVERIFY(runner.run({"true"}, 10s).ok());
    // Kill this connection's own sshd process (the nearest sshd above the remote shell).
    auto killed = runner.run({"sh", "-c",
                              "p=$PPID; while [ \"$(cat /proc/$p/comm)\" != sshd ]; do "
                              "p=$(cut -d' ' -f4 /proc/$p/stat); done; kill -9 $p"},
                             10s);
    QVERIFY(!killed.ok() || killed->exitCode != 0);
    QTRY_VERIFY_WITH_TIMEOUT(!session->connected(), 5000);
    auto again = runner.run({"echo", "back"}, 10s);
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    QCOMPARE(again->out, std::string("back\n"));
}

void TestSshTransport::sftpRoundTripKeepsMode_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("size");
    QTest::newRow("key 0600") << 0600 << 411;
    QTest::newRow("binary 0755, several chunks") << 0755 << 1'000'003;
    QTest::newRow("config 0644") << 0644 << 5000;
    QTest::newRow("empty file 0640") << 0640 << 0;
}

void TestSshTransport::sftpRoundTripKeepsMode()
{
    QFETCH(int, mode);
    QFETCH(int, size);
    const QByteArray data = randomBytes(static_cast<std::size_t>(size), static_cast<unsigned>(mode + size));
    const QString local = m_sshd.path("local.bin");
    writeFile(local, data);
    QVERIFY(::chmod(local.toLocal8Bit().constData(), static_cast<mode_t>(mode)) == 0);
    QDir(m_sshd.dir()).mkpath("remote");
    const QString remote = m_sshd.path("remote/deployed.bin");
    QFile::remove(remote);

    SshSession session(options(m_userKey));
    Status up = sftpUpload(session, local.toStdString(), remote.toStdString());
    QVERIFY2(up.ok(), msg(up));
    QCOMPARE(readFile(remote), data);
    QCOMPARE(int(modeOf(remote)), mode);

    // An explicit mode wins over the local file's, on a file that already exists.
    up = sftpUpload(session, local.toStdString(), remote.toStdString(), 0700);
    QVERIFY2(up.ok(), msg(up));
    QCOMPARE(int(modeOf(remote)), 0700);
    QVERIFY(::chmod(remote.toLocal8Bit().constData(), static_cast<mode_t>(mode)) == 0);

    const QString back = m_sshd.path("downloaded.bin");
    QFile::remove(back);
    Status down = sftpDownload(session, remote.toStdString(), back.toStdString());
    QVERIFY2(down.ok(), msg(down));
    QCOMPARE(readFile(back), data);
    QCOMPARE(int(modeOf(back)), mode);
    QVERIFY(!QFile::exists(back + ".sn-partial"));
}

void TestSshTransport::sftpMissingFileIsNotFound()
{
    SshSession session(options(m_userKey));
    const QString local = m_sshd.path("keep.txt");
    writeFile(local, "untouched");
    Status down = sftpDownload(session, m_sshd.path("no/such/file").toStdString(), local.toStdString());
    QVERIFY(!down.ok());
    QCOMPARE(down.error().code, ErrorCode::NotFound);
    QVERIFY2(QString::fromStdString(down.error().message).contains("no/such/file"), msg(down));
    QCOMPARE(readFile(local), QByteArray("untouched"));
    Status up = sftpUpload(session, m_sshd.path("no-such-local").toStdString(), m_sshd.path("x").toStdString());
    QVERIFY(!up.ok());
    QVERIFY2(QString::fromStdString(up.error().message).contains("no-such-local"), msg(up));
}

void TestSshTransport::tunnelReachesAServerOnTheNodesLoopback()
{
    const std::string big = randomBytes(2'500'000, 7).toBase64().toStdString();
    HttpServer server;
    server.handle("/hello", [](const HttpRequest &r) { return HttpReply{200, "text/plain", "hello " + r.query}; });
    server.handle("/big", [&](const HttpRequest &) { return HttpReply{200, "text/plain", big}; });
    QVERIFY(server.start("127.0.0.1", 0).ok());

    auto session = std::make_shared<SshSession>(options(m_userKey));
    SshTunnel tunnel(session, "127.0.0.1", server.port());
    Status started = tunnel.start();
    QVERIFY2(started.ok(), msg(started));
    QVERIFY(tunnel.localPort() != 0);
    QVERIFY(tunnel.localPort() != server.port());
    const std::string base = "http://127.0.0.1:" + std::to_string(tunnel.localPort());

    for (int i = 0; i < 5; ++i) {
        auto body = httpGetBody(*parseHttpUrl(base + "/hello?n=" + std::to_string(i)));
        QVERIFY2(body.ok(), body.ok() ? "" : (body.error().message + " / " + tunnel.lastError()).c_str());
        QCOMPARE(*body, "hello n=" + std::to_string(i));
    }
    // Several at once, a large body among them, while a command runs on the same session.
    std::vector<std::thread> clients;
    std::atomic<int> good{0};
    for (int i = 0; i < 4; ++i)
        clients.emplace_back([&] {
            auto body = httpGetBody(*parseHttpUrl(base + "/big"));
            if (body.ok() && *body == big)
                ++good;
        });
    SshCommandRunner runner(session);
    auto out = runner.run({"sh", "-c", "sleep 0.2; echo side"}, 10s);
    for (auto &c : clients)
        c.join();
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out, std::string("side\n"));
    QCOMPARE(good.load(), 4);

    // Nothing listens on the target: the node refuses, the client sees the connection close.
    SshTunnel nowhere(session, "127.0.0.1", 1);
    QVERIFY(nowhere.start().ok());
    auto refused = httpGet(*parseHttpUrl("http://127.0.0.1:" + std::to_string(nowhere.localPort()) + "/"));
    QVERIFY(!refused.ok());
    QTRY_VERIFY(QString::fromStdString(nowhere.lastError()).contains("refused to forward to 127.0.0.1:1"));
    tunnel.stop();
    QVERIFY(!httpGet(*parseHttpUrl(base + "/hello")).ok());
}

QTEST_GUILESS_MAIN(TestSshTransport)
