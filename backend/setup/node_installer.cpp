#include "backend/setup/node_installer.h"

#include "backend/ssh/sftp_transfer.h"
#include "backend/ssh/ssh_command_runner.h"

#include <thread>

namespace sn::setup {

const char *nodeApplyStateName(NodeApplyState state)
{
    switch (state) {
    case NodeApplyState::Pending:
        return "pending";
    case NodeApplyState::Applying:
        return "applying";
    case NodeApplyState::Applied:
        return "applied";
    case NodeApplyState::Failed:
        return "failed";
    case NodeApplyState::RolledBack:
        return "rolled back";
    }
    return "?";
}

NodeApplyPlan systemdApplyPlan(const std::string &node, std::shared_ptr<SshSession> session,
                               const std::string &agentBinary, const std::string &daemonBinary,
                               const std::string &unitDir, bool head, const std::string &root)
{
    NodeApplyPlan p;
    p.node = node;
    p.session = std::move(session);
    p.files.push_back({agentBinary, root + "/usr/bin/supernode-agent", 0755});
    p.files.push_back(
        {unitDir + "/supernode-agent.service", root + "/etc/systemd/system/supernode-agent.service", 0644});
    // The units run as system users (installer/systemd/*.sysusers); systemd-sysusers creates them.
    p.files.push_back({unitDir + "/supernode-agent.sysusers", root + "/etc/sysusers.d/supernode-agent.conf", 0644});
    std::vector<std::string> enable{"systemctl", "enable", "--now", "supernode-agent.service"};
    std::vector<std::string> disable{"systemctl", "disable", "--now", "supernode-agent.service"};
    if (head) {
        p.files.push_back({daemonBinary, root + "/usr/bin/supernoded", 0755});
        p.files.push_back({unitDir + "/supernoded.service", root + "/etc/systemd/system/supernoded.service", 0644});
        p.files.push_back({unitDir + "/supernoded.sysusers", root + "/etc/sysusers.d/supernoded.conf", 0644});
        enable.push_back("supernoded.service");
        disable.push_back("supernoded.service");
    }
    p.activate = {{"systemd-sysusers"}, {"systemctl", "daemon-reload"}, enable};
    p.deactivate = {disable};
    p.report = {root + "/usr/bin/supernode-agent", "--probe", "--json"};
    return p;
}

namespace {

std::string parentOf(const std::string &path)
{
    const auto slash = path.find_last_of('/');
    return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

std::string backupOf(const std::string &path)
{
    return path + ".sn-rollback";
}

std::string joined(const std::vector<std::string> &argv)
{
    std::string s;
    for (const auto &a : argv)
        s += (s.empty() ? "" : " ") + a;
    return s;
}

// What one node has had done to it, so it can be undone in reverse.
struct NodeChanges {
    std::vector<std::pair<std::string, bool>> files; // remote path, had a previous version (backed up)
    bool activated = false;
};

class NodeApply {
public:
    explicit NodeApply(const NodeApplyPlan &p) : m_p(p), m_run(p.session) {}

    Status apply()
    {
        for (const InstallFile &f : m_p.files) {
            if (Status s = ok({"mkdir", "-p", parentOf(f.remotePath)}); !s.ok())
                return s;
            auto exists = m_run.run({"test", "-e", f.remotePath}, kCommand);
            if (!exists)
                return exists.error();
            const bool had = exists->exitCode == 0;
            if (had)
                if (Status s = ok({"cp", "-p", f.remotePath, backupOf(f.remotePath)}); !s.ok())
                    return s;
            m_changes.files.push_back({f.remotePath, had});
            if (Status s = sftpUpload(*m_p.session, f.localPath, f.remotePath, f.mode); !s.ok())
                return s;
        }
        m_changes.activated = true;
        for (const auto &argv : m_p.activate)
            if (Status s = ok(argv); !s.ok())
                return s;
        return success();
    }

    Result<std::string> waitForReport()
    {
        const auto deadline = std::chrono::steady_clock::now() + m_p.reportTimeout;
        std::string last = "no answer";
        while (std::chrono::steady_clock::now() < deadline) {
            auto out = m_run.run(m_p.report, m_p.reportTimeout);
            if (out && out->exitCode == 0 && !out->out.empty())
                return out->out;
            last = !out ? out.error().message
                        : "exit " + std::to_string(out->exitCode) + ": " + (out->err.empty() ? out->out : out->err);
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        return Error{ErrorCode::Unavailable, "did not report within " +
                                                 std::to_string(m_p.reportTimeout.count() / 1000) + " s (" +
                                                 joined(m_p.report) + ": " + last.substr(0, last.find('\n')) + ")"};
    }

    // Best effort, in reverse; the first thing that could not be undone is said.
    Status rollback()
    {
        std::string problems;
        if (m_changes.activated)
            for (const auto &argv : m_p.deactivate)
                if (Status s = ok(argv); !s.ok())
                    problems += (problems.empty() ? "" : "; ") + s.error().message;
        for (auto it = m_changes.files.rbegin(); it != m_changes.files.rend(); ++it) {
            const auto &[path, had] = *it;
            Status s = had ? ok({"mv", "-f", backupOf(path), path}) : ok({"rm", "-f", path});
            if (!s.ok())
                problems += (problems.empty() ? "" : "; ") + s.error().message;
        }
        if (!problems.empty())
            return Error{ErrorCode::Unavailable, "rollback incomplete on " + m_p.node + ": " + problems};
        return success();
    }

    void dropBackups()
    {
        for (const auto &[path, had] : m_changes.files)
            if (had)
                (void)ok({"rm", "-f", backupOf(path)});
    }

private:
    static constexpr std::chrono::milliseconds kCommand{30000};

    Status ok(const std::vector<std::string> &argv)
    {
        auto out = m_run.run(argv, kCommand);
        if (!out)
            return out.error();
        if (out->exitCode != 0) {
            std::string said = out->err.empty() ? out->out : out->err;
            said.erase(said.find_last_not_of(" \t\r\n") + 1); // its last newline: not before what follows
            return Error{ErrorCode::FailedPrecondition,
                         "`" + joined(argv) + "` exited " + std::to_string(out->exitCode) + ": " + said};
        }
        return success();
    }

    const NodeApplyPlan &m_p;
    SshCommandRunner m_run;
    NodeChanges m_changes;
};

} // namespace

ApplyOutcome applyToNodes(const std::vector<NodeApplyPlan> &plans, const ApplyProgress &progress)
{
    ApplyOutcome outcome;
    for (const auto &p : plans)
        outcome.nodes.push_back({p.node, NodeApplyState::Pending, {}});
    auto say = [&](std::size_t i, NodeApplyState s, std::string message) {
        outcome.nodes[i].state = s;
        outcome.nodes[i].message = std::move(message);
        if (progress)
            progress(outcome.nodes[i]);
    };
    std::vector<std::unique_ptr<NodeApply>> done;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        say(i, NodeApplyState::Applying, "copying " + std::to_string(plans[i].files.size()) + " files");
        auto node = std::make_unique<NodeApply>(plans[i]);
        Status s = node->apply();
        Result<std::string> report = s.ok() ? node->waitForReport() : Result<std::string>(s.error());
        if (report) {
            say(i, NodeApplyState::Applied, "reported: " + report->substr(0, 4000));
            done.push_back(std::move(node));
            continue;
        }
        // Stop here: this node and every one before it go back to how they were.
        const Error failure = report.error();
        Status undo = node->rollback();
        say(i, NodeApplyState::Failed,
            failure.message + (undo.ok() ? " (its changes were undone)" : "; " + undo.error().message));
        for (std::size_t k = done.size(); k-- > 0;) {
            Status u = done[k]->rollback();
            say(k, u.ok() ? NodeApplyState::RolledBack : NodeApplyState::Failed,
                u.ok() ? "rolled back after " + plans[i].node + " failed" : u.error().message);
        }
        outcome.status = Error{failure.code, plans[i].node + ": " + failure.message};
        return outcome;
    }
    for (auto &n : done)
        n->dropBackups();
    return outcome;
}

} // namespace sn::setup
