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

// What one run may print, stdout and stderr each: far above the largest answer the product reads
// (a big cluster's `squeue --json`), and what keeps a hostile or broken program (or node) from
// filling the engine's memory. Past it the program is stopped and the run is Unavailable, as one that does not finish.
inline constexpr std::size_t kMaxCommandOutputBytes = std::size_t{64} << 20;

inline Error commandOutputTooLarge(const std::string &program, const std::string &where)
{
    return Error{ErrorCode::Unavailable, program + " on " + where + " printed more than " +
                                             std::to_string(kMaxCommandOutputBytes >> 20) +
                                             " MiB; stopped it (the most a command may print)"};
}

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
    // time or printed more than kMaxCommandOutputBytes (Unavailable); a program that ran and failed is a CommandOutput
    // with exitCode != 0.
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
