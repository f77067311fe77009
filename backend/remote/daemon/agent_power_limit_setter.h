#pragma once
// supernoded's power-limit executor for thermal protection: a node whose agent streams and
// allows power-cap is capped by that agent (agent_action_board.h, NVML on the node, the way
// `supernode-agent --power-limit` does it); any other node by what cluster.yaml's telemetry
// source offers (nvidia-smi or NVML, power_limit_setters.h), when it offers one. A node with
// neither is refused with both reasons, which the engine reports once per node.

#include "backend/power/power_limit_setter.h"
#include "backend/model/result.h"
#include "backend/remote/daemon/agent_action_board.h"

#include <chrono>
#include <memory>
#include <string>

namespace sn::rpc {

class AgentPowerLimitSetter final : public PowerLimitSetter {
public:
    // How long a change may wait for the agent: its stream's end (about a second), NVML's call
    // and the read-back of the enforced limit (at most 3 s), its next stream.
    static constexpr std::chrono::seconds kAnswerWithin{20};

    // fallback: the cluster's own executor, or null with `noFallback` saying why there is none.
    AgentPowerLimitSetter(std::shared_ptr<AgentActionBoard> board, std::unique_ptr<PowerLimitSetter> fallback,
                          std::string noFallback);

    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override;
    Status setPowerLimit(const std::string &node, int gpu, double watts) override;
    std::string name() const override;

private:
    // The agent's result when it did what was asked; its refusal or the board's error otherwise.
    Result<supernode::v1::AgentActionResult> askAgent(const std::string &node, supernode::v1::AgentAction action);
    // Why a node has no executor: the agent's reason and the cluster's.
    Error neither(const Error &agentWhy) const;

    std::shared_ptr<AgentActionBoard> m_board;
    std::unique_ptr<PowerLimitSetter> m_fallback;
    std::string m_noFallback;
};

} // namespace sn::rpc
