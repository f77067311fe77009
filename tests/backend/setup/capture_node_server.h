#pragma once
// A "GPU node" for the setup tests: a real sshd on loopback (tests/support/openssh_server.h)
// whose PATH starts with a fake nvidia-smi that prints one machine's real captured outputs
// (../shared/data/nvidia-smi/full-captures), section by section, as that machine printed them.
// The host tools (lscpu, free, lsblk, df, ip, ldconfig, date) are this machine's own. This
// machine runs no systemd, so `timedatectl` is a script printing what a synchronised host does.

#include "backend/ssh/ssh_session.h"
#include "tests/support/openssh_server.h"

#include <QString>

namespace sn::test {

class CaptureNodeServer {
public:
    // modelAndDriver: "nvidia-h100-80gb-hbm3__590.48.01".
    bool start(const QString &modelAndDriver, QString *why);
    // Rewrites one capture file (query-gpu.csv, version.txt, nvlink-s.txt, table.txt, ...):
    // the fault a test injects into otherwise real output.
    void replaceInCapture(const QString &file, const QByteArray &from, const QByteArray &to);
    void setCapture(const QString &file, const QByteArray &content);
    void resetCapture(); // back to the unmodified capture

    OpenSshServer &sshd() { return m_sshd; }
    // Options that read nothing of ~/.ssh: this server's key; knownHosts as given.
    SshOptions options(const QString &knownHostsFile) const;

private:
    OpenSshServer m_sshd;
    QString m_model;
    QString m_key;
};

} // namespace sn::test
