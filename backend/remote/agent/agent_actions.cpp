#include "backend/remote/agent/agent_actions.h"

#include "backend/power/nvml_power_limit_setter.h"
#include "backend/power/power_limit_command.h"

#include <algorithm>

namespace sn::agent {

namespace pb = supernode::v1;

namespace {

// Results remembered for repeats: far more than the actions one lost answer can carry.
constexpr std::size_t kRemembered = 256;

pb::AgentActionResult refused(std::uint64_t id, std::string why)
{
    pb::AgentActionResult r;
    r.set_id(id);
    r.set_ok(false);
    r.set_error(std::move(why));
    return r;
}

} // namespace

Result<std::vector<std::string>> parseAllowedActions(const std::vector<std::string> &values)
{
    std::vector<std::string> allowed;
    for (const std::string &value : values) {
        std::size_t start = 0;
        while (start <= value.size()) {
            const std::size_t comma = std::min(value.find(',', start), value.size());
            const std::string name = value.substr(start, comma - start);
            start = comma + 1;
            if (name.empty())
                continue;
            if (name != kPowerCapAction)
                return invalidArgument("--allow '" + name +
                                       "': not an action the agent runs (the actions are: " + kPowerCapAction + ")");
            if (std::find(allowed.begin(), allowed.end(), name) == allowed.end())
                allowed.push_back(name);
        }
    }
    return allowed;
}

AgentActions::AgentActions(std::string node, std::string nvmlLibrary, std::vector<std::string> allowed)
    : m_node(std::move(node)), m_nvmlLibrary(std::move(nvmlLibrary)), m_allowed(std::move(allowed))
{
}

AgentActions::~AgentActions() = default;

bool AgentActions::allows(const std::string &name) const
{
    return std::find(m_allowed.begin(), m_allowed.end(), name) != m_allowed.end();
}

pb::AgentActionResult AgentActions::run(const pb::AgentAction &action)
{
    if (const auto it = m_done.find(action.id()); it != m_done.end())
        return it->second;
    pb::AgentActionResult result = execute(action);
    m_done.emplace(action.id(), result);
    m_doneOrder.push_back(action.id());
    if (m_doneOrder.size() > kRemembered) {
        m_done.erase(m_doneOrder.front());
        m_doneOrder.pop_front();
    }
    return result;
}

pb::AgentActionResult AgentActions::execute(const pb::AgentAction &action)
{
    if (action.kind() != pb::AgentAction::KIND_POWER_RANGE && action.kind() != pb::AgentAction::KIND_SET_POWER_LIMIT)
        return refused(action.id(), "the agent on " + m_node + " does not know action kind " +
                                        std::to_string(int(action.kind())) + " (an older agent than the daemon?)");
    if (!allows(kPowerCapAction))
        return refused(action.id(), "the agent on " + m_node + " does not allow power-cap (start it with --allow " +
                                        kPowerCapAction + ")");
    if (!m_nvml) {
        auto opened = m_nvmlLibrary.empty() ? NvmlPowerLimitSetter::open(m_node)
                                            : NvmlPowerLimitSetter::open(m_node, m_nvmlLibrary);
        if (!opened)
            return refused(action.id(),
                           "the agent on " + m_node + " cannot set power limits: " + opened.error().message);
        m_nvml = std::move(*opened);
    }
    pb::AgentActionResult result;
    result.set_id(action.id());
    if (action.kind() == pb::AgentAction::KIND_POWER_RANGE) {
        auto range = m_nvml->powerRange(m_node, action.gpu());
        if (!range)
            return refused(action.id(), range.error().message);
        result.set_ok(true);
        result.set_min_watts(range->minW);
        result.set_default_watts(range->defaultW);
        if (auto enforced = m_nvml->enforcedLimit(m_node, action.gpu()))
            result.set_enforced_watts(*enforced);
        return result;
    }
    PowerLimitRequest request;
    request.gpu = action.gpu();
    request.watts = action.watts();
    auto change = applyPowerLimit(*m_nvml, m_node, request);
    if (!change)
        return refused(action.id(), change.error().message);
    result.set_ok(true);
    result.set_min_watts(change->range.minW);
    result.set_default_watts(change->range.defaultW);
    result.set_enforced_watts(change->enforcedW);
    return result;
}

} // namespace sn::agent
