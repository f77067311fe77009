#include "ui/connection_opener.h"

#include "backend/remote/client/remote_connection.h"
#include "backend/ssh/ssh_target.h"

#include <algorithm>

namespace sn {

namespace {

SshOptions sshOptions(const SavedConnection &c, const SshTarget &target, const ConnectionOpenOptions &o)
{
    SshOptions s;
    s.target = target;
    s.configFile = o.sshConfigFile;
    s.knownHostsFile = o.knownHostsFile;
    s.hostKeys.acceptFingerprint = o.acceptFingerprint;
    s.useAgent = o.sshUseAgent;
    s.tryDefaultKeys = o.sshDefaultKeys;
    if (!c.sshKeyFile.isEmpty())
        s.identityFiles = {c.sshKeyFile.toStdString()};
    return s;
}

} // namespace

PreparedConnection prepareConnection(const SavedConnection &c, const ConnectionOpenOptions &o)
{
    PreparedConnection p;
    p.opened = std::make_shared<OpenedEngine>();
    // Through SSH the daemon is dialled on the tunnel's local end; TLS and the token still apply.
    const std::string url = c.viaSsh() ? "grpcs://127.0.0.1:1" : c.url.trimmed().toStdString();
    auto options = rpc::remoteEngineOptions({url, c.tokenFile.toStdString(), c.caFile.toStdString(),
                                             c.clientCertFile.toStdString(), c.clientKeyFile.toStdString()});
    if (!options) {
        p.error = options.error();
        return p;
    }
    options->callTimeoutMs = o.callTimeoutMs;
    // gRPC also takes the least reconnect backoff as the time a connection attempt may take to
    // finish TCP, TLS and HTTP/2's SETTINGS: RemoteEngine's 100 ms is fine on loopback but too
    // short for a WAN or an SSH tunnel, whose forwarding thread works in slices.
    options->reconnectMinMs = std::max(options->reconnectMinMs, c.viaSsh() ? 5000 : 2000);
    options->serverName = c.tlsName.trimmed().toStdString();
    if (c.viaSsh()) {
        auto target = parseSshTarget(c.sshTarget.trimmed().toStdString());
        if (!target) {
            p.error = target.error();
            return p;
        }
        SshOptions ssh = sshOptions(c, *target, o);
        std::optional<SshHostKey> asked;
        ssh.hostKeys.acceptUnknown = [&asked](const SshHostKey &key) {
            asked = key;
            return false; // the user decides, with the fingerprint, and the next try carries it
        };
        p.opened->session = std::make_shared<SshSession>(std::move(ssh));
        if (Status s = p.opened->session->connect(); !s.ok()) {
            p.error = s.error();
            if (asked && s.error().code == ErrorCode::PermissionDenied)
                p.unknownKey = asked;
            return p;
        }
        p.opened->tunnel = std::make_unique<SshTunnel>(p.opened->session, "127.0.0.1", c.remotePort);
        if (Status s = p.opened->tunnel->start(); !s.ok()) {
            p.error = s.error();
            return p;
        }
        options->host = "127.0.0.1";
        options->port = p.opened->tunnel->localPort();
        options->description = QStringLiteral("%1 (grpcs://127.0.0.1:%2 via %3)")
                                   .arg(c.name)
                                   .arg(c.remotePort)
                                   .arg(QString::fromStdString(p.opened->session->where()))
                                   .toStdString();
    } else {
        // The status bar names the connection the user chose, then where it goes.
        options->description = QStringLiteral("%1 (%2)").arg(c.name, c.url.trimmed()).toStdString();
    }
    p.options = std::move(*options);
    return p;
}

} // namespace sn
