#pragma once
// supernoded's command line and the security rules it is held to before anything binds:
// loopback unless told otherwise; --insecure-no-tls only on loopback; a non-loopback address
// needs TLS and a tokens file.

#include "backend/model/host_port.h"
#include "backend/model/result.h"

#include <QStringList>

#include <optional>
#include <string>

namespace sn::rpc {

struct DaemonOptions {
    HostPort listen{"127.0.0.1", 7443};
    std::string stateDir;               // default: /var/lib/supernode for root, else $XDG_STATE_HOME/supernode
    std::string configPath;             // empty: the built-in simulated super node
    std::string tlsCert, tlsKey, tlsCa; // tlsCa: clients must present a certificate it signed
    std::string tokensFile;
    std::optional<HostPort> metricsListen;
    bool insecureNoTls = false;
    bool checkConfig = false;
    bool checkState = false;  // check the state directory's databases, then exit
    bool virtualTime = false; // the simulated engine moves only on AdvanceTime (tests, demos)
    double callsPerSecond = 1000;
    int maxStreams = 32;                      // server streams open at once per principal
    std::int64_t streamQueueBytes = 32 << 20; // per server stream, for a slow reader
    int maxRequestBytes = 16 << 20;
    std::int64_t auditRows = 200000;   // StateStore::Retention
    std::int64_t eventRows = 20000;    // also the events the engine keeps in memory
    std::int64_t endedJobRows = 50000; // ended jobs kept; pending and running ones always
    bool help = false;
};

// Exit codes of supernoded (docs/remote.md).
enum DaemonExit {
    kDaemonOk = 0,
    kDaemonFailed = 1,
    kDaemonUsage = 2,
    kDaemonBadConfig = 3,
    kDaemonRefused = 4,
    kDaemonStateDamaged = 5 // --check-state found something
};

// arguments[0] is the program name. Errors name the flag.
Result<DaemonOptions> parseDaemonOptions(const QStringList &arguments);
// The security rules; PermissionDenied with the reason when the options would be unsafe.
Status checkDaemonSecurity(const DaemonOptions &options);
std::string defaultStateDir();
const char *daemonUsageText();

} // namespace sn::rpc
