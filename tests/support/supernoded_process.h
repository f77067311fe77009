#pragma once
// A real supernoded for tests: certificates (CA, server, client) and a tokens file with one
// token per role in a temporary directory, the daemon started from the build tree on
// 127.0.0.1 port 0 (it prints the port it bound) and stopped by the PID this object started.
// The state directory survives stop()/kill9() so a test can restart on the same state.

#include "backend/model/cluster_spec.h"
#include "backend/remote/client/remote_engine.h"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <map>

namespace sn::test {

class SupernodedProcess {
public:
    struct Options {
        ClusterSpec spec; // written to a cluster.yaml the daemon reads
        bool tls = true;
        bool mutualTls = false;
        bool tokens = true;
        bool virtualTime = true;
        quint16 port = 0;                     // 0: the daemon picks one and prints it
        QString serverCertificate, serverKey; // empty: the ones certs init made
        QStringList extraArguments;
    };

    SupernodedProcess();
    ~SupernodedProcess(); // stops

    static QString binary(); // $SN_BINARY_DIR/app/supernoded/supernoded

    // Starts and waits until it listens; false with *why (its stderr) otherwise.
    bool start(const Options &options, QString *why);
    void stop();  // SIGTERM to the PID, then SIGKILL after 5 s
    void kill9(); // SIGKILL to the PID: the crash test
    qint64 pid() const { return m_process.processId(); }

    quint16 port() const { return m_port; }
    QString dir() const { return m_dir.path(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString stateDir() const { return m_dir.filePath(QStringLiteral("state")); }
    QString token(const QString &role) const { return m_tokens.value(role); }
    QString output(); // what the daemon printed so far
    // supernoded --check-state on this daemon's state directory and cluster.yaml (while it is
    // stopped or killed): the exit code, and what it printed in *report.
    int checkState(QString *report) const;

    // Client options for this daemon: its CA, the given role's token ("" for none), and the
    // client certificate when mutual TLS is on.
    rpc::RemoteEngine::Options client(const QString &role = QStringLiteral("admin")) const;

private:
    bool prepare(QString *why);

    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    bool m_prepared = false;
    Options m_options;
    QMap<QString, QString> m_tokens;
    QString m_output;
};

} // namespace sn::test
