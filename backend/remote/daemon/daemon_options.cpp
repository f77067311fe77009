#include "backend/remote/daemon/daemon_options.h"

#include <QDir>
#include <QStandardPaths>

#include <unistd.h>

namespace sn::rpc {

const char *daemonUsageText()
{
    return R"(usage: supernoded --listen ADDR:PORT --state-dir DIR [--config cluster.yaml]
                  [--tls-cert F --tls-key F [--tls-ca F]] [--tokens F] [--metrics-listen ADDR:PORT]
                  [--insecure-no-tls] [--virtual-time] [--rate-limit CALLS_PER_S] [--max-request-bytes N]
                  [--max-streams N] [--stream-queue-bytes N] [--audit-rows N] [--event-rows N]
                  [--ended-jobs N]
       supernoded --check-config [--config cluster.yaml] [...]
       supernoded --check-state [--state-dir DIR] [--config cluster.yaml]

  --listen ADDR:PORT         gRPC address (default 127.0.0.1:7443; port 0 picks one)
  --state-dir DIR            jobs, events, audit (SQLite) and telemetry (default /var/lib/supernode,
                             or $XDG_STATE_HOME/supernode when not root)
  --config FILE              cluster.yaml (default: the built-in simulated super node)
  --tls-cert F --tls-key F   serve TLS with this certificate and key (PEM)
  --tls-ca F                 mutual TLS: clients must present a certificate signed by this CA
  --tokens F                 bearer tokens with roles (supernodectl tokens create)
  --metrics-listen ADDR:PORT Prometheus /metrics on its own port
  --insecure-no-tls          plain gRPC; loopback addresses only
  --virtual-time             the simulated engine moves only when AdvanceTime asks (tests, demos)
  --rate-limit CALLS_PER_S   calls per second per principal (default 1000, bursts of 2 s)
  --max-streams N            server streams open at once per principal (default 32)
  --stream-queue-bytes N     what one stream may queue for a slow reader (default 32 MiB)
  --max-request-bytes N      the largest request accepted (default 16 MiB)
  --audit-rows N             audit rows kept, the oldest dropped beyond (default 200000)
  --event-rows N             events kept, the oldest dropped beyond (default 20000)
  --ended-jobs N             ended jobs kept, those that ended first dropped beyond (default 50000);
                             pending and running jobs are always kept
  --check-config             validate the configuration and security options, then exit
  --check-state              check the state directory in place (SQLite integrity, the telemetry
                             store's consistency), print the findings, then exit; run it while no
                             daemon uses the directory

A non-loopback --listen needs --tls-cert/--tls-key and --tokens.
Exit codes: 0 ok, 1 failed while running, 2 usage error, 3 invalid configuration, 4 refused as unsafe,
5 --check-state found damage.
)";
}

std::string defaultStateDir()
{
    if (::geteuid() == 0)
        return "/var/lib/supernode";
    QString base = qEnvironmentVariable("XDG_STATE_HOME");
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/state");
    return (base + QStringLiteral("/supernode")).toStdString();
}

Result<DaemonOptions> parseDaemonOptions(const QStringList &arguments)
{
    DaemonOptions o;
    o.stateDir = defaultStateDir();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString flag = arguments[i];
        auto value = [&](std::string *out) -> Status {
            if (i + 1 >= arguments.size() || arguments[i + 1].startsWith(QLatin1String("--")))
                return invalidArgument(flag.toStdString() + " needs a value");
            *out = arguments[++i].toStdString();
            return success();
        };
        std::string text;
        Status s = success();
        if (flag == QLatin1String("--help") || flag == QLatin1String("-h")) {
            o.help = true;
        } else if (flag == QLatin1String("--listen") || flag == QLatin1String("--metrics-listen")) {
            if (!(s = value(&text)))
                return s.error();
            auto hp = parseHostPort(text, flag.toStdString());
            if (!hp)
                return hp.error();
            if (flag == QLatin1String("--listen")) {
                o.listen = *hp;
            } else {
                o.metricsListen = *hp;
            }
        } else if (flag == QLatin1String("--state-dir")) {
            s = value(&o.stateDir);
        } else if (flag == QLatin1String("--config")) {
            s = value(&o.configPath);
        } else if (flag == QLatin1String("--tls-cert")) {
            s = value(&o.tlsCert);
        } else if (flag == QLatin1String("--tls-key")) {
            s = value(&o.tlsKey);
        } else if (flag == QLatin1String("--tls-ca")) {
            s = value(&o.tlsCa);
        } else if (flag == QLatin1String("--tokens")) {
            s = value(&o.tokensFile);
        } else if (flag == QLatin1String("--insecure-no-tls")) {
            o.insecureNoTls = true;
        } else if (flag == QLatin1String("--check-config")) {
            o.checkConfig = true;
        } else if (flag == QLatin1String("--check-state")) {
            o.checkState = true;
        } else if (flag == QLatin1String("--virtual-time")) {
            o.virtualTime = true;
        } else if (flag == QLatin1String("--rate-limit") || flag == QLatin1String("--max-request-bytes") ||
                   flag == QLatin1String("--audit-rows") || flag == QLatin1String("--event-rows") ||
                   flag == QLatin1String("--ended-jobs") || flag == QLatin1String("--max-streams") ||
                   flag == QLatin1String("--stream-queue-bytes")) {
            if (!(s = value(&text)))
                return s.error();
            bool ok = false;
            const double v = QString::fromStdString(text).toDouble(&ok);
            if (!ok || v < 1 || v > 1e9)
                return invalidArgument(flag.toStdString() + " needs a number from 1 to 1e9, got '" + text + "'");
            if (flag == QLatin1String("--rate-limit"))
                o.callsPerSecond = v;
            else if (flag == QLatin1String("--audit-rows"))
                o.auditRows = static_cast<std::int64_t>(v);
            else if (flag == QLatin1String("--event-rows"))
                o.eventRows = static_cast<std::int64_t>(v);
            else if (flag == QLatin1String("--ended-jobs"))
                o.endedJobRows = static_cast<std::int64_t>(v);
            else if (flag == QLatin1String("--max-streams"))
                o.maxStreams = static_cast<int>(v);
            else if (flag == QLatin1String("--stream-queue-bytes"))
                o.streamQueueBytes = static_cast<std::int64_t>(v);
            else
                o.maxRequestBytes = static_cast<int>(v);
        } else {
            return invalidArgument("unknown option '" + flag.toStdString() + "'");
        }
        if (!s)
            return s.error();
    }
    if (o.tlsCert.empty() != o.tlsKey.empty())
        return invalidArgument("--tls-cert and --tls-key go together");
    if (!o.tlsCa.empty() && o.tlsCert.empty())
        return invalidArgument("--tls-ca (mutual TLS) needs --tls-cert and --tls-key");
    if (o.insecureNoTls && !o.tlsCert.empty())
        return invalidArgument("--insecure-no-tls contradicts --tls-cert");
    return o;
}

Status checkDaemonSecurity(const DaemonOptions &o)
{
    const bool loopback = isLoopbackHost(o.listen.host);
    const bool tls = !o.tlsCert.empty();
    if (!tls && !o.insecureNoTls)
        return Error{ErrorCode::PermissionDenied,
                     "no TLS: give --tls-cert and --tls-key (supernodectl certs init DIR), "
                     "or --insecure-no-tls on a loopback address"};
    if (o.insecureNoTls && !loopback)
        return Error{ErrorCode::PermissionDenied,
                     "--insecure-no-tls is accepted on loopback addresses only, not " + o.listen.host};
    if (!loopback && o.tokensFile.empty())
        return Error{ErrorCode::PermissionDenied, "listening on " + o.listen.host +
                                                      " (beyond loopback) needs --tokens: anyone who can reach "
                                                      "the port could otherwise run jobs"};
    // /metrics beyond loopback: HTTPS with the daemon's certificate and a bearer token
    // (metrics_access.h); on loopback it stays plain and open to this machine.
    if (o.metricsListen && !isLoopbackHost(o.metricsListen->host)) {
        if (!tls)
            return Error{ErrorCode::PermissionDenied,
                         "--metrics-listen " + o.metricsListen->toString() +
                             " (beyond loopback) is served over TLS: give --tls-cert and --tls-key "
                             "(Prometheus scrapes it with scheme: https), or listen on 127.0.0.1"};
        if (o.tokensFile.empty())
            return Error{ErrorCode::PermissionDenied,
                         "--metrics-listen " + o.metricsListen->toString() +
                             " (beyond loopback) needs --tokens: Prometheus presents a token of that file "
                             "(authorization: credentials_file), or listen on 127.0.0.1"};
    }
    return success();
}

} // namespace sn::rpc
