// supernodectl known-hosts add against a real sshd: an unknown key is shown and refused without
// its fingerprint or with another one, recorded with the right one (then known), and a changed
// key is refused whatever the flag says. No account on the node is needed: no key is offered.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/openssh_server.h"

#include <QFile>
#include <QTest>

using namespace sn::test;

namespace {
QByteArray contentOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestSupernodectlKnownHosts : public QObject {
    Q_OBJECT
    OpenSshServer m_sshd;
    QString m_address;

    CtlRun add(const QString &knownHosts, const QStringList &more = {})
    {
        // No ssh config, no agent: nothing of the developer's own SSH set-up takes part.
        qputenv("SSH_AUTH_SOCK", "");
        return ctl(
            QStringList{"known-hosts", "add", m_address, "--known-hosts", knownHosts, "--ssh-config", "/dev/null"} +
            more);
    }

private slots:
    void initTestCase()
    {
        if (!requireOpenSsh())
            return;
        QString why;
        QVERIFY2(m_sshd.start(&why), qPrintable(why));
        m_address = QStringLiteral("127.0.0.1:%1").arg(m_sshd.port());
    }

    void anUnknownKeyIsShownAndRefused()
    {
        const QString file = m_sshd.path("unknown_known_hosts");
        const CtlRun r = add(file);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(m_sshd.hostKeyFingerprint().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("--accept-host-key"), r.err.constData());
        QVERIFY(!contentOf(file).contains("ssh-ed25519"));

        const CtlRun wrong = add(file, {"--accept-host-key", "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"});
        QCOMPARE(wrong.exitCode, 1);
        QVERIFY2(wrong.err.contains(m_sshd.hostKeyFingerprint().toUtf8()), wrong.err.constData());
        QVERIFY(!contentOf(file).contains("ssh-ed25519"));
    }

    void theRightFingerprintRecordsTheKey()
    {
        const QString file = m_sshd.path("accepted_known_hosts");
        const CtlRun r = add(file, {"--accept-host-key", m_sshd.hostKeyFingerprint()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("recorded"), r.out.constData());
        const QByteArray recorded = contentOf(file);
        QVERIFY2(recorded.contains(QStringLiteral("[127.0.0.1]:%1").arg(m_sshd.port()).toUtf8()) ||
                     recorded.startsWith("|1|"), // hashed, when the config says HashKnownHosts
                 recorded.constData());
        // Known now: the same command without the flag succeeds and changes nothing.
        const CtlRun again = add(file);
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.out.contains("known already"), again.out.constData());
        QCOMPARE(contentOf(file), recorded);
    }

    void aChangedKeyIsRefusedWhateverTheFlag()
    {
        const QString file = m_sshd.path("changed_known_hosts");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Another ed25519 key recorded for this address, as after a reinstall or an attack.
        f.write(QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB0dLfNk0bQ1ALsIfkbKDhdjWWbKqC7/"
                               "8EYN4PXwUJ4y\n")
                    .arg(m_sshd.port())
                    .toUtf8());
        f.close();
        const CtlRun r = add(file, {"--accept-host-key", m_sshd.hostKeyFingerprint()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("changed") || r.err.contains("CHANGED"), r.err.constData());
        QVERIFY2(r.err.contains(file.toUtf8() + ":1"), r.err.constData());
    }

    void usageErrors()
    {
        QCOMPARE(ctl({"known-hosts"}).exitCode, 2);
        QCOMPARE(ctl({"known-hosts", "add", m_address, "--accept-host-key", "MD5:aa:bb"}).exitCode, 2);
        QCOMPARE(ctl({"known-hosts", "add", m_address, "--bogus"}).exitCode, 2);
        QCOMPARE(ctl({"known-hosts", "add", "user@[::1"}).exitCode, 3);
    }

    void cleanupTestCase() { m_sshd.stop(); }
};

QTEST_GUILESS_MAIN(TestSupernodectlKnownHosts)
#include "tst_supernodectl_known_hosts.moc"
