#include "backend/remote/daemon/agent_power_limit_setter.h"

#include "backend/remote/common/agent_protocol.h"

namespace sn::rpc {

namespace pb = supernode::v1;

AgentPowerLimitSetter::AgentPowerLimitSetter(std::shared_ptr<AgentActionBoard> board,
                                             std::unique_ptr<PowerLimitSetter> fallback, std::string noFallback)
    : m_board(std::move(board)), m_fallback(std::move(fallback)), m_noFallback(std::move(noFallback))
{
}

std::string AgentPowerLimitSetter::name() const
{
    return m_fallback ? "supernode-agent, else " + m_fallback->name() : "supernode-agent";
}

Error AgentPowerLimitSetter::neither(const Error &agentWhy) const
{
    return Error{agentWhy.code, agentWhy.message + "; and " + m_noFallback};
}

Result<pb::AgentActionResult> AgentPowerLimitSetter::askAgent(const std::string &node, pb::AgentAction action)
{
    auto answer = m_board->ask(node, kPowerCapAction, std::move(action),
                               std::chrono::duration_cast<std::chrono::milliseconds>(kAnswerWithin));
    if (!answer)
        return answer.error();
    if (!answer->ok())
        return unavailable("the agent on " + node + ": " + answer->error());
    return answer;
}

Result<PowerLimitRange> AgentPowerLimitSetter::powerRange(const std::string &node, int gpu)
{
    if (Status can = m_board->canAsk(node, kPowerCapAction); !can) {
        if (m_fallback)
            return m_fallback->powerRange(node, gpu);
        return neither(can.error());
    }
    pb::AgentAction action;
    action.set_kind(pb::AgentAction::KIND_POWER_RANGE);
    action.set_gpu(gpu);
    auto answer = askAgent(node, std::move(action));
    if (!answer)
        return answer.error();
    return PowerLimitRange{answer->min_watts(), answer->default_watts()};
}

Status AgentPowerLimitSetter::setPowerLimit(const std::string &node, int gpu, double watts)
{
    if (Status can = m_board->canAsk(node, kPowerCapAction); !can) {
        if (m_fallback)
            return m_fallback->setPowerLimit(node, gpu, watts);
        return neither(can.error());
    }
    pb::AgentAction action;
    action.set_kind(pb::AgentAction::KIND_SET_POWER_LIMIT);
    action.set_gpu(gpu);
    action.set_watts(watts);
    auto answer = askAgent(node, std::move(action));
    if (!answer)
        return answer.error();
    return success();
}

} // namespace sn::rpc
