#pragma once
// Sets a GPU's power limit with `nvidia-smi -i N -pl W` on its node, through the node's
// CommandRunner (local, or SSH for a remote node). nvidia-smi needs root for this and answers
// with its own message when the value is out of the card's range or the call is not allowed;
// that text is what the error carries.

#include "backend/model/command_runner.h"
#include "backend/power/power_limit_setter.h"

#include <chrono>
#include <functional>
#include <string>

namespace sn {

class NvidiaSmiPowerLimitSetter final : public PowerLimitSetter {
public:
    // The runner for a node; null when the node is unknown.
    using RunnerFor = std::function<CommandRunner *(const std::string &node)>;

    explicit NvidiaSmiPowerLimitSetter(RunnerFor runnerFor, std::string program = "nvidia-smi",
                                       std::chrono::milliseconds timeout = std::chrono::seconds(20));

    // nvidia-smi -i N --query-gpu=power.min_limit,power.default_limit --format=csv,noheader,nounits
    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override;
    Status setPowerLimit(const std::string &node, int gpu, double watts) override;
    std::string name() const override { return "nvidia-smi"; }

private:
    Result<CommandOutput> run(const std::string &node, const std::vector<std::string> &args);

    RunnerFor m_runnerFor;
    std::string m_program;
    std::chrono::milliseconds m_timeout;
};

} // namespace sn
