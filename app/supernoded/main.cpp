// supernoded: the engine as a headless daemon (gRPC, /metrics, state on disk). All logic is in
// backend/remote/daemon; this parses, starts, and waits for SIGTERM/SIGINT.
#include "backend/remote/daemon/daemon_state_check.h"
#include "backend/remote/daemon/supernode_daemon.h"

#include <QCoreApplication>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <sys/stat.h>

namespace {
volatile std::sig_atomic_t g_stop = 0;
void onSignal(int)
{
    g_stop = 1;
}
} // namespace

int main(int argc, char **argv)
{
    // The state directory holds the audit log, jobs with their environments, telemetry and
    // locks: the daemon's alone (0700 directories, 0600 files) whoever starts it. The systemd
    // unit says so too; a daemon started by hand from a shell with umask 022 did not.
    ::umask(0077);
    QCoreApplication app(argc, argv);
    auto options = sn::rpc::parseDaemonOptions(QCoreApplication::arguments());
    if (!options) {
        std::fprintf(stderr, "supernoded: %s\nRun 'supernoded --help' for usage.\n", options.error().message.c_str());
        return sn::rpc::kDaemonUsage;
    }
    if (options->help) {
        std::fputs(sn::rpc::daemonUsageText(), stdout);
        return sn::rpc::kDaemonOk;
    }
    if (options->checkConfig) {
        std::string message;
        const int code = sn::rpc::checkDaemonConfig(*options, &message);
        std::fprintf(code == 0 ? stdout : stderr, "supernoded: %s\n", message.c_str());
        return code;
    }
    if (options->checkState) {
        auto result = sn::rpc::checkDaemonState(*options);
        if (!result) {
            std::fprintf(stderr, "supernoded: %s\n", result.error().message.c_str());
            return sn::rpc::kDaemonBadConfig;
        }
        for (const std::string &f : result->findings)
            std::fprintf(stderr, "supernoded: damaged: %s\n", f.c_str());
        for (const std::string &n : result->notes)
            std::printf("supernoded: note: %s\n", n.c_str());
        std::printf("supernoded: %s\n", result->summary.c_str());
        return result->findings.empty() ? sn::rpc::kDaemonOk : sn::rpc::kDaemonStateDamaged;
    }
    auto daemon = sn::rpc::SupernodeDaemon::start(*options);
    if (!daemon) {
        std::fprintf(stderr, "supernoded: %s\n", daemon.error().message.c_str());
        switch (daemon.error().code) {
        case sn::ErrorCode::PermissionDenied:
            return sn::rpc::kDaemonRefused;
        case sn::ErrorCode::InvalidArgument:
            return sn::rpc::kDaemonBadConfig;
        default:
            return sn::rpc::kDaemonFailed;
        }
    }
    // One line that scripts and tests wait for; the port is the one bound (useful with port 0).
    std::printf("supernoded: listening on %s", (*daemon)->describe().c_str());
    if ((*daemon)->metricsPort() != 0)
        std::printf(", metrics on port %u", (*daemon)->metricsPort());
    std::printf("\n");
    std::fflush(stdout);

    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [] {
        if (g_stop)
            QCoreApplication::quit();
    });
    poll.start(50);
    const int code = QCoreApplication::exec();
    daemon->reset();
    return code;
}
