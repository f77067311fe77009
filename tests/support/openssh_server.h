#pragma once
// A real OpenSSH server for tests: its own host key, authorized_keys and config in a temporary
// directory, listening on 127.0.0.1 on a free port, run as `sshd -D -e -f CONFIG` and stopped by
// the PID this object started (never by name). Keys are made with the real ssh-keygen.

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace sn::test {

class OpenSshServer {
public:
    OpenSshServer();
    ~OpenSshServer(); // stops

    // Whether /usr/sbin/sshd and ssh-keygen exist. Tests QSKIP without them, QFAIL under CI=true
    // (see requireOpenSsh()).
    static bool available();

    // Makes an ed25519 key pair at dir()/name (and name.pub); with a passphrase if given.
    // authorize: appended to authorized_keys. Returns the private key's path, or "" on failure.
    QString makeUserKey(const QString &name, bool authorize = true, const QString &passphrase = {});
    // Lines appended to sshd_config before start() ("SetEnv PATH=..."). SetEnv lines are merged
    // into one, after HOME=dir() (sessions do not read the test user's dotfiles): sshd reads
    // only its first SetEnv line.
    void addConfig(const QString &line) { m_extraConfig << line; }
    // Generates the host key, writes the config, starts sshd and waits until it listens.
    bool start(QString *why);
    // Stops the listener and the connections it serves. Idempotent.
    void stop();

    QString dir() const { return m_dir.path(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    quint16 port() const { return m_port; }
    QString user() const; // the current user: the one the tests log in as
    // The host key as a known_hosts line for [127.0.0.1]:port, and its fingerprint as
    // `ssh-keygen -l -E sha256` prints it ("SHA256:...").
    QString knownHostsLine() const;
    QString hostKeyFingerprint() const;
    // The sshd log so far (dir()/sshd.log), for failure messages.
    QString log();

private:
    QTemporaryDir m_dir;
    quint16 m_port = 0;
    QStringList m_extraConfig;
    QProcess m_sshd;
};

// True when sshd is there; otherwise QSKIP()s, or QFAIL()s under CI=true.
bool requireOpenSsh();

} // namespace sn::test
