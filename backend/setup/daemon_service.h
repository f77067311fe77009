#pragma once
// How the head node's supernoded is started once the wizard has made the certificates: a
// systemd drop-in for supernoded.service that gives it the listen address, TLS and the tokens.
// supernoded refuses to start without TLS (or --insecure-no-tls on loopback), so the unit as
// shipped needs these. The unit runs as the system user supernode, which cannot read root's 0600 key: the
// drop-in hands the key, certificates and tokens over with LoadCredential=, and the arguments
// name them through systemd's %d (the service's credentials directory).

#include "backend/model/result.h"
#include "backend/setup/node_installer.h"

#include <string>
#include <vector>

namespace sn::setup {

struct DaemonServiceSettings {
    std::string listen = "0.0.0.0:7443"; // ADDR:PORT, as supernoded --listen takes it
    bool mutualTls = true;               // clients must also show a certificate signed by the CA
};

// Where the files go on the head node (before the install root is prefixed).
inline constexpr const char *kDaemonTlsDir = "/etc/supernode/tls";
inline constexpr const char *kDaemonDropIn = "/etc/systemd/system/supernoded.service.d/10-supernode-setup.conf";

// supernoded's arguments after the program name, with credentialsDir for systemd's %d.
// InvalidArgument when the listen address could break the unit file's word splitting.
Result<std::vector<std::string>> daemonArguments(const DaemonServiceSettings &settings,
                                                 const std::string &credentialsDir = "%d");

// The drop-in's text: LoadCredential= for each file, ExecStart= reset and set to the arguments.
Result<std::string> daemonDropIn(const DaemonServiceSettings &settings);

// The certificate directory's files the head node needs (ca.pem, server.pem, server.key,
// tokens), to kDaemonTlsDir under root; keys and tokens 0600, readable by root alone.
std::vector<InstallFile> daemonSecurityFiles(const std::string &certificateDir, const std::string &root = "");

} // namespace sn::setup
