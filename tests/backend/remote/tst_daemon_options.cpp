// supernoded's command line, its security rules, ADDR:PORT and the tokens file: what is
// accepted, and what is refused with words that name the flag, file and line.
#include "backend/model/host_port.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/daemon/daemon_options.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sn;
using namespace sn::rpc;

class TestDaemonOptions : public QObject {
    Q_OBJECT

private slots:
    void hostPortParses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("host"); // empty: refused
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("ipv4") << "127.0.0.1:7443"
                              << "127.0.0.1" << 7443 << "";
        QTest::newRow("any") << "0.0.0.0:0"
                             << "0.0.0.0" << 0 << "";
        QTest::newRow("ipv6") << "[::1]:9"
                              << "::1" << 9 << "";
        QTest::newRow("name") << "head01:7443"
                              << "head01" << 7443 << "";
        QTest::newRow("no port") << "127.0.0.1"
                                 << "" << 0 << "expected ADDR:PORT";
        QTest::newRow("empty port") << "127.0.0.1:"
                                    << "" << 0 << "port must be a number";
        QTest::newRow("big port") << "127.0.0.1:65536"
                                  << "" << 0 << "port must be a number";
        QTest::newRow("word port") << "127.0.0.1:http"
                                   << "" << 0 << "port must be a number";
        QTest::newRow("no host") << ":7443"
                                 << "" << 0 << "address is missing";
        QTest::newRow("bare ipv6") << "::1:7443"
                                   << "" << 0 << "brackets";
        QTest::newRow("bad ipv6") << "[zz]:7443"
                                  << "" << 0 << "not an IPv6 address";
        QTest::newRow("open bracket") << "[::1:7443"
                                      << "" << 0 << "[ADDR]:PORT";
    }
    void hostPortParses()
    {
        QFETCH(QString, text);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, complaint);
        const auto hp = parseHostPort(text.toStdString(), "--listen");
        QCOMPARE(hp.ok(), !host.isEmpty());
        if (hp.ok()) {
            QCOMPARE(QString::fromStdString(hp->host), host);
            QCOMPARE(int(hp->port), port);
        } else {
            QVERIFY2(QString::fromStdString(hp.error().message).contains("--listen"), hp.error().message.c_str());
            QVERIFY2(QString::fromStdString(hp.error().message).contains(complaint), hp.error().message.c_str());
        }
    }

    void loopbackIsRecognised()
    {
        QVERIFY(isLoopbackHost("127.0.0.1"));
        QVERIFY(isLoopbackHost("127.8.9.10"));
        QVERIFY(isLoopbackHost("::1"));
        QVERIFY(isLoopbackHost("localhost"));
        QVERIFY(!isLoopbackHost("0.0.0.0"));
        QVERIFY(!isLoopbackHost("10.0.0.1"));
        QVERIFY(!isLoopbackHost("head01"));
    }

    void securityRules_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("refusal"); // empty: accepted
        const QStringList tls{"--tls-cert", "c.pem", "--tls-key", "k.pem"};
        QTest::newRow("default needs tls or an explicit insecure flag") << QStringList{} << "no TLS";
        QTest::newRow("insecure on loopback") << QStringList{"--insecure-no-tls"} << "";
        QTest::newRow("insecure beyond loopback")
            << QStringList{"--listen", "0.0.0.0:7443", "--insecure-no-tls"} << "loopback addresses only";
        QTest::newRow("tls on loopback without tokens") << tls << "";
        QTest::newRow("tls beyond loopback without tokens")
            << (QStringList{"--listen", "0.0.0.0:7443"} + tls) << "needs --tokens";
        QTest::newRow("tls and tokens beyond loopback")
            << (QStringList{"--listen", "10.1.2.3:7443", "--tokens", "t"} + tls) << "";
        // /metrics beyond loopback: HTTPS and a bearer token, as the gRPC port (metrics_access.h).
        QTest::newRow("metrics on loopback, plain")
            << QStringList{"--insecure-no-tls", "--metrics-listen", "127.0.0.1:9400"} << "";
        QTest::newRow("metrics beyond loopback without tls")
            << QStringList{"--insecure-no-tls", "--metrics-listen", "0.0.0.0:9400"} << "is served over TLS";
        QTest::newRow("metrics beyond loopback without tokens")
            << (QStringList{"--metrics-listen", "[::]:9400"} + tls) << "needs --tokens: Prometheus";
        QTest::newRow("metrics beyond loopback with tls and tokens")
            << (QStringList{"--metrics-listen", "0.0.0.0:9400", "--tokens", "t"} + tls) << "";
    }
    void securityRules()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, refusal);
        const auto options = parseDaemonOptions(QStringList{"supernoded"} + args);
        QVERIFY2(options.ok(), options.ok() ? "" : options.error().message.c_str());
        const Status s = checkDaemonSecurity(*options);
        QCOMPARE(s.ok(), refusal.isEmpty());
        if (!s.ok()) {
            QCOMPARE(s.error().code, ErrorCode::PermissionDenied);
            QVERIFY2(QString::fromStdString(s.error().message).contains(refusal), s.error().message.c_str());
        }
    }

    void badCommandLinesNameTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("unknown") << QStringList{"--listne", "x"} << "unknown option '--listne'";
        QTest::newRow("missing value") << QStringList{"--state-dir"} << "--state-dir needs a value";
        QTest::newRow("flag as value") << QStringList{"--tokens", "--insecure-no-tls"} << "--tokens needs a value";
        QTest::newRow("cert without key") << QStringList{"--tls-cert", "c"} << "go together";
        QTest::newRow("ca without cert") << QStringList{"--tls-ca", "ca"} << "needs --tls-cert";
        QTest::newRow("bad listen") << QStringList{"--listen", "7443"} << "--listen '7443'";
        QTest::newRow("bad rate") << QStringList{"--rate-limit", "fast"} << "--rate-limit needs a number";
        QTest::newRow("no audit") << QStringList{"--audit-rows", "0"} << "--audit-rows needs a number from 1";
        QTest::newRow("no events") << QStringList{"--event-rows", "0"} << "--event-rows needs a number from 1";
        QTest::newRow("no ended jobs") << QStringList{"--ended-jobs", "-5"} << "--ended-jobs needs a number from 1";
        QTest::newRow("contradiction") << QStringList{"--insecure-no-tls", "--tls-cert", "c", "--tls-key", "k"}
                                       << "contradicts";
    }
    void badCommandLinesNameTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, complaint);
        const auto options = parseDaemonOptions(QStringList{"supernoded"} + args);
        QVERIFY(!options.ok());
        QVERIFY2(QString::fromStdString(options.error().message).contains(complaint), options.error().message.c_str());
    }

    void auditRetentionIsRead()
    {
        QCOMPARE(parseDaemonOptions({"supernoded"})->auditRows, std::int64_t(200000));
        QCOMPARE(parseDaemonOptions({"supernoded", "--audit-rows", "5000"})->auditRows, std::int64_t(5000));
        QCOMPARE(parseDaemonOptions({"supernoded"})->eventRows, std::int64_t(20000));
        QCOMPARE(parseDaemonOptions({"supernoded", "--event-rows", "700"})->eventRows, std::int64_t(700));
        QCOMPARE(parseDaemonOptions({"supernoded"})->endedJobRows, std::int64_t(50000));
        QCOMPARE(parseDaemonOptions({"supernoded", "--ended-jobs", "900"})->endedJobRows, std::int64_t(900));
    }

    void streamLimitsAreRead()
    {
        const auto defaults = parseDaemonOptions({"supernoded"});
        QCOMPARE(defaults->maxStreams, 32);
        QCOMPARE(defaults->streamQueueBytes, std::int64_t(32 << 20));
        QCOMPARE(defaults->callsPerSecond, 1000.0);
        const auto set = parseDaemonOptions({"supernoded", "--max-streams", "4", "--stream-queue-bytes", "1e6"});
        QCOMPARE(set->maxStreams, 4);
        QCOMPARE(set->streamQueueBytes, std::int64_t(1000000));
        QVERIFY(!parseDaemonOptions({"supernoded", "--max-streams", "-1"}).ok());
    }

    void tokensAreStoredHashedAndVerified()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("tokens").toStdString();
        const auto alice = createToken("alice", Role::Operator);
        const auto bob = createToken("bob", Role::Viewer);
        QVERIFY(alice.ok() && bob.ok());
        QVERIFY(alice->token != bob->token);
        QVERIFY(appendToken(path, alice->entry).ok());
        QVERIFY(appendToken(path, bob->entry).ok());
        QCOMPARE(appendToken(path, alice->entry).error().code, ErrorCode::InvalidArgument); // name taken
        struct stat st {};
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QFile file(dir.filePath("tokens"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray stored = file.readAll();
        QVERIFY(!stored.contains(QByteArray::fromStdString(alice->token))); // only hashes on disk
        const auto store = TokenStore::load(path);
        QVERIFY(store.ok());
        QCOMPARE(store->verify(alice->token)->name, std::string("alice"));
        QCOMPARE(store->verify(alice->token)->role, Role::Operator);
        QCOMPARE(store->verify(bob->token)->role, Role::Viewer);
        QVERIFY(!store->verify(alice->token + "x"));
        QVERIFY(!store->verify(""));
    }

    void malformedTokenFilesNameFileAndLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("complaint");
        const QString salt(32, 'a'), hash(64, 'b');
        QTest::newRow("too few words") << "# supernode tokens v1\nalice admin\n"
                                       << "tokens:2: expected";
        QTest::newRow("too many words") << QString("a admin %1 %2 extra\n").arg(salt, hash) << "tokens:1: expected";
        QTest::newRow("bad role") << QString("a root %1 %2\n").arg(salt, hash) << "unknown role 'root'";
        QTest::newRow("short salt") << QString("a admin abc %1\n").arg(hash) << "salt must be 32";
        QTest::newRow("upper hash") << QString("a admin %1 %2\n").arg(salt, QString(64, 'B')) << "hash must be 64";
        QTest::newRow("bad name") << QString("a/b admin %1 %2\n").arg(salt, hash) << "the name 'a/b'";
        QTest::newRow("twice") << QString("a admin %1 %2\na viewer %1 %2\n").arg(salt, hash)
                               << "tokens:2: the name 'a' is used twice";
    }
    void malformedTokenFilesNameFileAndLine()
    {
        QFETCH(QString, text);
        QFETCH(QString, complaint);
        const auto store = TokenStore::parse(text.toStdString(), "tokens");
        QVERIFY(!store.ok());
        QVERIFY2(QString::fromStdString(store.error().message).contains(complaint), store.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDaemonOptions)
#include "tst_daemon_options.moc"
