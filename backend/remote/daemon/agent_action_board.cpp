#include "backend/remote/daemon/agent_action_board.h"

#include <algorithm>
#include <random>

namespace sn::rpc {

namespace pb = supernode::v1;

AgentActionBoard::AgentActionBoard()
{
    std::random_device device;
    m_nextId = ((std::uint64_t(device()) << 32) | device()) >> 1; // room to count up without wrapping
    if (m_nextId == 0)
        m_nextId = 1;
}

void AgentActionBoard::streamBegan(const std::string &agent, std::vector<std::string> allowed)
{
    std::lock_guard lock(m_mutex);
    Agent &a = m_agents[agent];
    a.allowed = std::move(allowed);
    a.lastBegan = Clock::now();
}

void AgentActionBoard::resultsArrived(const std::string &agent,
                                      const google::protobuf::RepeatedPtrField<pb::AgentActionResult> &results)
{
    if (results.empty())
        return;
    {
        std::lock_guard lock(m_mutex);
        for (const pb::AgentActionResult &r : results) {
            const auto it = m_pending.find(r.id());
            // Only from the agent it was asked of; a result for an action no longer waited for
            // (timed out, answered already by an earlier stream) is dropped.
            if (it == m_pending.end() || it->second.agent != agent || it->second.answered)
                continue;
            it->second.answered = true;
            it->second.result = r;
        }
    }
    m_answered.notify_all();
}

std::vector<pb::AgentAction> AgentActionBoard::actionsFor(const std::string &agent) const
{
    std::vector<pb::AgentAction> out;
    std::lock_guard lock(m_mutex);
    for (const auto &[id, p] : m_pending)
        if (p.agent == agent && !p.answered)
            out.push_back(p.action);
    return out;
}

Status AgentActionBoard::canAskLocked(const std::string &agent, const std::string &allow) const
{
    if (m_closed)
        return unavailable("supernoded is stopping");
    const auto it = m_agents.find(agent);
    if (it == m_agents.end())
        return failedPrecondition("no supernode-agent streams from " + agent);
    const auto quiet = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - it->second.lastBegan);
    if (quiet >= kAwayAfter)
        return unavailable("the agent on " + agent + " has not streamed for " + std::to_string(quiet.count()) + " s");
    if (std::find(it->second.allowed.begin(), it->second.allowed.end(), allow) == it->second.allowed.end())
        return failedPrecondition("the agent on " + agent + " does not allow " + allow + " (start it with --allow " +
                                  allow + ")");
    return success();
}

Status AgentActionBoard::canAsk(const std::string &agent, const std::string &allow) const
{
    std::lock_guard lock(m_mutex);
    return canAskLocked(agent, allow);
}

Result<pb::AgentActionResult> AgentActionBoard::ask(const std::string &agent, const std::string &allow,
                                                    pb::AgentAction action, std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    if (Status ok = canAskLocked(agent, allow); !ok)
        return ok.error();
    const std::uint64_t id = m_nextId++;
    action.set_id(id);
    m_pending.emplace(id, Pending{agent, std::move(action), false, {}});
    const bool answered = m_answered.wait_for(lock, timeout, [&] { return m_closed || m_pending.at(id).answered; }) &&
                          m_pending.at(id).answered;
    Pending done = std::move(m_pending.at(id));
    m_pending.erase(id);
    if (answered)
        return done.result;
    if (m_closed)
        return unavailable("supernoded stopped before the agent on " + agent + " answered");
    return unavailable("the agent on " + agent + " did not answer within " +
                       std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) + " s");
}

void AgentActionBoard::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_answered.notify_all();
}

} // namespace sn::rpc
