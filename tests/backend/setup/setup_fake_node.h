#pragma once
// A node for the setup engine's unit tests: a CommandRunner (isolating the unit, no SSH) that
// answers each command with a real capture: nvidia-smi from ../shared/data's full captures (or a
// -q -x XML), the host tools with what they print on this build machine, ip from
// tests/data/comms. The SSH test (tst_setup_over_ssh) runs the same captures through a real sshd.

#include "backend/model/command_runner.h"

#include <map>
#include <string>
#include <vector>

namespace sn::test {

class CaptureRunner final : public CommandRunner {
public:
    // Exact command lines; a key ending in '*' matches every line that starts with the rest.
    std::map<std::string, CommandOutput> outputs;
    std::vector<std::string> ran;
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override;
    std::string where() const override { return "capture"; }
};

// "nvidia-h100-80gb-hbm3__590.48.01": nvidia-smi answers --query-gpu, --version, the table,
// topo -m and nvlink -s from that full capture; -q -x is not installed-like (not in the capture).
CaptureRunner captureNode(const std::string &modelAndDriver);
// The A100 of nvidia-smi/xml/a100-sxm4-v12.xml: nvidia-smi -q -x only.
CaptureRunner xmlNode(const std::string &xmlFile);

} // namespace sn::test
