#pragma once
// CommandRunner over SSH: each run() is one exec channel on a shared, lazily connected session,
// its argv quoted by shellCommandLine() (the only way words reach the remote shell). stdout,
// stderr and the exit status come back separately; the timeout covers the whole command, and the
// node kills the command's process group shortly after it (coreutils timeout, where installed).

#include "backend/model/command_runner.h"
#include "backend/ssh/ssh_session.h"

#include <memory>

namespace sn {

class SshCommandRunner final : public CommandRunner {
public:
    explicit SshCommandRunner(SshOptions options); // its own session
    explicit SshCommandRunner(std::shared_ptr<SshSession> session);

    // Connects on first use and again after the connection dropped. Errors: InvalidArgument
    // (argv), the session's connect errors, Unavailable (channel failed, timeout: the remote
    // command is sent SIGKILL, or exited on a signal).
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override;
    std::string where() const override { return m_session->where(); } // ssh://user@host:port

    SshSession &session() { return *m_session; }

private:
    std::shared_ptr<SshSession> m_session;
};

} // namespace sn
