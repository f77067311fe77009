#include "backend/setup/daemon_service.h"

namespace sn::setup {

namespace {

struct Credential {
    const char *name; // the file's name in the certificate directory and in %d
    mode_t mode;
};
constexpr Credential kCredentials[] = {{"ca.pem", 0644}, {"server.pem", 0644}, {"server.key", 0600}, {"tokens", 0600}};

} // namespace

Result<std::vector<std::string>> daemonArguments(const DaemonServiceSettings &settings,
                                                 const std::string &credentialsDir)
{
    if (settings.listen.empty())
        return invalidArgument("the listen address is empty; give ADDR:PORT, e.g. 0.0.0.0:7443");
    // The drop-in is split into words by systemd: nothing that quotes, escapes or expands.
    const auto bad = settings.listen.find_first_of(" \t\n\"'\\%$;");
    if (bad != std::string::npos)
        return invalidArgument("the listen address '" + settings.listen + "' has '" + settings.listen[bad] +
                               "' at position " + std::to_string(bad + 1) + "; give ADDR:PORT, e.g. 0.0.0.0:7443");
    std::vector<std::string> args{"--state-dir", "/var/lib/supernode",
                                  "--config",    "/etc/supernode/cluster.yaml",
                                  "--listen",    settings.listen,
                                  "--tls-cert",  credentialsDir + "/server.pem",
                                  "--tls-key",   credentialsDir + "/server.key",
                                  "--tokens",    credentialsDir + "/tokens"};
    if (settings.mutualTls) {
        args.push_back("--tls-ca");
        args.push_back(credentialsDir + "/ca.pem");
    }
    return args;
}

Result<std::string> daemonDropIn(const DaemonServiceSettings &settings)
{
    auto args = daemonArguments(settings);
    if (!args)
        return args.error();
    std::string text = "# Written by the SuperNode setup wizard (docs/setup-wizard.md): TLS, tokens and the\n"
                       "# listen address for supernoded. The files are root's; LoadCredential= hands them to\n"
                       "# the service's dynamic user.\n"
                       "[Service]\n";
    for (const Credential &c : kCredentials)
        text += std::string("LoadCredential=") + c.name + ":" + kDaemonTlsDir + "/" + c.name + "\n";
    text += "ExecStart=\nExecStart=/usr/bin/supernoded";
    for (const std::string &a : *args)
        text += " " + a;
    return text + "\n";
}

std::vector<InstallFile> daemonSecurityFiles(const std::string &certificateDir, const std::string &root)
{
    std::vector<InstallFile> files;
    for (const Credential &c : kCredentials)
        files.push_back({certificateDir + "/" + c.name, root + kDaemonTlsDir + "/" + c.name, c.mode});
    return files;
}

} // namespace sn::setup
