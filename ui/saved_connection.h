#pragma once
// The console's saved connections (the Connection menu): a remote supernoded reached over
// gRPC/TLS directly or through an SSH tunnel to the head node's loopback. Kept in QSettings as
// paths only: the token, keys and certificates stay in their files and are read when connecting,
// so the settings file never holds a secret.

#include <QList>
#include <QString>
#include <QVector>

namespace sn {

struct SavedConnection {
    QString name;      // what the menu says: "lab cluster"
    QString url;       // direct: grpcs://head01:7443 (grpc:// only for a loopback daemon without TLS)
    QString caFile;    // the CA that signed the daemon's certificate; empty: the system's roots
    QString tokenFile; // one line: the bearer token
    QString clientCertFile, clientKeyFile; // mutual TLS; both or neither
    QString sshTarget;                     // non-empty: through SSH, "user@host[:port]"; the url is then not used
    quint16 remotePort = 7443;             // through SSH: the daemon's port on the head node's loopback
    QString sshKeyFile;                    // through SSH: a private key; empty: ssh-agent, then ~/.ssh's keys
    QString tlsName;                       // the name the daemon's certificate must carry; empty: the host dialled

    bool viaSsh() const { return !sshTarget.isEmpty(); }
    // "grpcs://head01:7443" or "ssh://alice@head01 → 127.0.0.1:7443", for menus and the status bar.
    QString where() const;
    bool operator==(const SavedConnection &) const = default;
};

// A problem with one field of a connection, for the editor's inline messages.
struct ConnectionProblem {
    QString field; // "name", "url", "caFile", "tokenFile", "clientCertFile", "clientKeyFile", "sshTarget",
                   // "sshKeyFile", "remotePort"
    QString message;
};
// Everything wrong with `c` (empty: it can be saved); otherNames: the names already taken. Files
// must exist and be readable; their contents are checked when connecting.
QList<ConnectionProblem> validateConnection(const SavedConnection &c, const QStringList &otherNames);

// Reads and writes the list and the last connection used ("" for the embedded engine).
class ConnectionStore {
public:
    // file: an INI file (tests); empty: the console's QSettings("SuperNode", "SuperNode Console").
    explicit ConnectionStore(QString file = {});

    QVector<SavedConnection> load() const;
    void save(const QVector<SavedConnection> &connections) const;
    QString last() const;
    void setLast(const QString &name) const;

private:
    QString m_file;
};

} // namespace sn
