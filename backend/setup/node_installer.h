#pragma once
// Review & apply: puts the agent and the daemon with their systemd units on each node over
// SFTP, activates them (systemctl daemon-reload, enable --now), and waits until each node
// reports (its copied agent answers). Nodes are done one after the other; the first failure
// stops, says what and where, and rolls back every node already changed: files put back as
// they were (a replaced file from its backup, a new one removed), activation undone.

#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sn::setup {

struct InstallFile {
    std::string localPath;
    std::string remotePath; // absolute on the node
    mode_t mode = 0644;
};

struct NodeApplyPlan {
    std::string node;
    std::shared_ptr<SshSession> session;
    std::vector<InstallFile> files;
    std::vector<std::vector<std::string>> activate;   // after the files are in place, in order
    std::vector<std::vector<std::string>> deactivate; // on rollback, before the files go back
    std::vector<std::string> report;                  // exits 0 with output once the node reports
    std::chrono::milliseconds reportTimeout{30000};
};

// The production plan of a node: /usr/bin/supernode-agent and the agent unit on every node, and
// supernoded with its unit where `head` is set; systemctl daemon-reload and enable --now; the
// report is the agent's probe. root prefixes every remote path ("" on a real node).
NodeApplyPlan systemdApplyPlan(const std::string &node, std::shared_ptr<SshSession> session,
                               const std::string &agentBinary, const std::string &daemonBinary,
                               const std::string &unitDir, bool head, const std::string &root = "");

enum class NodeApplyState { Pending, Applying, Applied, Failed, RolledBack };
const char *nodeApplyStateName(NodeApplyState state);

struct NodeApplyResult {
    std::string node;
    NodeApplyState state = NodeApplyState::Pending;
    std::string message; // what failed, or what the node reported
};

using ApplyProgress = std::function<void(const NodeApplyResult &)>;

// Ok when every node applied and reported; otherwise the results say which failed and which
// were rolled back (the error is the first failure).
struct ApplyOutcome {
    std::vector<NodeApplyResult> nodes;
    Status status = success();
};
ApplyOutcome applyToNodes(const std::vector<NodeApplyPlan> &plans, const ApplyProgress &progress = {});

} // namespace sn::setup
