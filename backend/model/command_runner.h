#pragma once
// Runs a program and collects what it printed: locally (LocalCommandRunner) or on a cluster
// node through the SSH transport (remote area). Collectors (nvidia-smi), scheduler backends
// (sbatch, squeue) and the setup wizard all take this interface, so each works on either.

#include "backend/model/result.h"

#include <chrono>
#include <string>
#include <vector>

namespace sn {

struct CommandOutput {
    int exitCode = 0;
    std::string out; // stdout
    std::string err; // stderr
};

// A command for messages ("sbatch --parsable -"): the words joined by spaces, not quoted, so it is
// no shell command line.
inline std::string argvText(const std::vector<std::string> &argv)
{
    std::string text;
    for (const std::string &word : argv)
        text += (text.empty() ? "" : " ") + word;
    return text;
}

class CommandRunner {
public:
    virtual ~CommandRunner() = default;
    // argv[0] is the program. An error means the program could not be run or did not finish in
    // time (Unavailable); a program that ran and failed is a CommandOutput with exitCode != 0.
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout)
    {
        return run(argv, timeout, std::string());
    }
    // The same, with `input` written to the program's standard input, which is then closed (an
    // sbatch script, a manifest for `kubectl apply -f -`): user text travels as data, never
    // inside a command line.
    virtual Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                                      const std::string &input) = 0;
    // Where commands run, for messages: "local", "ssh://admin@node01".
    virtual std::string where() const = 0;
};

// Runs programs on this machine, found through PATH.
class LocalCommandRunner final : public CommandRunner {
public:
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override;
    std::string where() const override { return "local"; }
};

} // namespace sn
