#pragma once
// What the setup wizard knows, shared by its pages, and what it saves so it can be left and
// resumed: the nodes as the user typed them (and the host keys they accepted), the discovery
// results, the policy and security choices, the page reached. Discovery results are not saved:
// a resumed wizard discovers again, since the nodes may have changed meanwhile.

#include "backend/model/cluster_spec.h"
#include "backend/ssh/ssh_session.h"
#include "backend/setup/node_installer.h"
#include "backend/setup/setup_checks.h"
#include "backend/setup/node_inventory.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace sn {

// How the wizard connects and installs; tests point it at loopback servers and temporary roots.
struct SetupWizardOptions {
    QString stateFile;      // empty: not saved
    SshOptions sshDefaults; // known_hosts, config, agent, connect timeout; target set per node
    std::chrono::milliseconds discoveryBudget{60000};
    setup::InventoryOptions inventory;
    QString agentBinary;                                    // copied to every node
    QString daemonBinary;                                   // copied to the first node (the head)
    QString unitDir;                                        // supernode-agent.service, supernoded.service
    QString installRoot;                                    // "" on real nodes
    std::function<void(setup::NodeApplyPlan &)> adjustPlan; // tests: activation without systemd
    QString certificateDir; // where the Security page creates the CA; empty: next to the state file
    setup::CheckThresholds checks; // the readiness checks' limits (tests: this machine's free disk)
};

struct WizardNode {
    QString address;      // "admin@10.0.0.5:22"
    QString identityFile; // empty: ssh-agent and the default keys
    QString acceptedFingerprint;
    QString connection; // the last connection test, in words
    bool connected = false;
    bool dropped = false;
    std::optional<setup::NodeInventory> inventory;
    QString discoveryError;
    QString name() const; // node01, node02 ... from the position, unless the address is a name
};

// What the console needs to reach the new cluster's supernoded (the Done page's choice).
struct ConsoleConnection {
    QString address; // grpcs://HOST:PORT
    QString caFile, tokenFile, clientCertificate, clientKey;
};

struct SetupState {
    QString clusterName = QStringLiteral("supernode");
    QString importedYaml; // the Start page's import, when chosen
    QVector<WizardNode> nodes;
    SchedulingPolicy policy;
    QString backend = QStringLiteral("embedded"); // embedded, slurm, kubernetes
    QStringList allowedClients;                   // hostnames/IPs put in the server certificate
    QString listenAddress = QStringLiteral("0.0.0.0:7443");
    bool mutualTls = true; // clients show a certificate signed by the cluster's CA, besides a token
    QString certificateDir;
    bool certificatesCreated = false;
    QString outputYaml; // where cluster.yaml is written
    int page = 0;

    QJsonObject toJson() const;
    static SetupState fromJson(const QJsonObject &o);
    bool save(const QString &file, QString *why) const;
    static std::optional<SetupState> load(const QString &file, QString *why);

    // The nodes still in the cluster (not dropped), in order.
    QVector<int> activeNodes() const;
    SshOptions sshOptionsFor(const WizardNode &node, const SshOptions &defaults, QString *why) const;
};

} // namespace sn

Q_DECLARE_METATYPE(sn::ConsoleConnection)
