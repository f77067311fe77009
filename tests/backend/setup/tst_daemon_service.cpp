// The head node's supernoded drop-in: the arguments it gives are ones supernoded accepts, with
// real certificates and a real tokens file made as the Security page makes them (its own
// --check-config logic: security rules, tokens, TLS credentials, cluster.yaml), with and
// without mutual TLS; a listen address that would break the unit file is refused with where.

#include "backend/remote/common/access_tokens.h"
#include "backend/remote/common/certificate_authority.h"
#include "backend/remote/daemon/daemon_options.h"
#include "backend/remote/daemon/supernode_daemon.h"
#include "backend/setup/daemon_service.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sn;
using namespace sn::setup;

class TestDaemonService : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_certs;

private slots:
    void initTestCase()
    {
        m_certs = m_dir.filePath("certs");
        auto files = rpc::initCertificates(m_certs.toStdString(), {"head.example.com", "10.0.0.11"});
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        auto token = rpc::createToken("admin", rpc::Role::Admin);
        QVERIFY(token);
        QVERIFY(rpc::appendToken(m_certs.toStdString() + "/tokens", token->entry).ok());
    }

    void supernodedAcceptsTheArguments_data()
    {
        QTest::addColumn<bool>("mutualTls");
        QTest::newRow("mutual TLS") << true;
        QTest::newRow("server TLS and token") << false;
    }
    void supernodedAcceptsTheArguments()
    {
        QFETCH(bool, mutualTls);
        DaemonServiceSettings s;
        s.mutualTls = mutualTls;
        auto args = daemonArguments(s, m_certs.toStdString());
        QVERIFY2(args, args ? "" : args.error().message.c_str());
        QStringList argv{"supernoded"};
        for (const std::string &a : *args)
            argv << QString::fromStdString(a == "/etc/supernode/cluster.yaml" ? SN_DEMO_CLUSTER_YAML : a);
        QCOMPARE(argv.contains("--tls-ca"), mutualTls);
        auto options = rpc::parseDaemonOptions(argv);
        QVERIFY2(options, options ? "" : options.error().message.c_str());
        QCOMPARE(options->listen.host, std::string("0.0.0.0"));
        std::string message;
        QCOMPARE(rpc::checkDaemonConfig(*options, &message), int(rpc::kDaemonOk));
        QVERIFY2(message.find("configuration ok") == 0, message.c_str());
    }

    void theDropInHandsTheFilesOverAsCredentials()
    {
        auto text = daemonDropIn({});
        QVERIFY(text);
        for (const char *line : {"[Service]\n", "LoadCredential=server.key:/etc/supernode/tls/server.key\n",
                                 "LoadCredential=tokens:/etc/supernode/tls/tokens\n", "ExecStart=\n",
                                 " --tls-key %d/server.key ", " --listen 0.0.0.0:7443 "})
            QVERIFY2(text->find(line) != std::string::npos, line);
        const auto files = daemonSecurityFiles("/home/admin/certs", "/tmp/root");
        QCOMPARE(files.size(), std::size_t(4));
        for (const InstallFile &f : files) {
            QVERIFY(f.remotePath.rfind("/tmp/root/etc/supernode/tls/", 0) == 0);
            const bool secret = f.localPath.ends_with(".key") || f.localPath.ends_with("tokens");
            QCOMPARE(f.mode, secret ? mode_t(0600) : mode_t(0644));
        }
    }

    void aListenAddressThatBreaksTheUnitIsRefused_data()
    {
        QTest::addColumn<QString>("listen");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << ""
                               << "is empty";
        QTest::newRow("space") << "0.0.0.0:7443 --insecure-no-tls"
                               << "' ' at position 13";
        QTest::newRow("specifier") << "%H:7443"
                                   << "'%' at position 1";
        QTest::newRow("quote") << "\"0.0.0.0:7443\""
                               << "at position 1";
    }
    void aListenAddressThatBreaksTheUnitIsRefused()
    {
        QFETCH(QString, listen);
        QFETCH(QString, expected);
        DaemonServiceSettings s;
        s.listen = listen.toStdString();
        auto text = daemonDropIn(s);
        QVERIFY(!text);
        QVERIFY2(text.error().message.find(expected.toStdString()) != std::string::npos, text.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDaemonService)
#include "tst_daemon_service.moc"
