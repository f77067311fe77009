#pragma once
// What supernode-agent does when its daemon asks (PushSamplesResponse.actions): thermal
// protection's power caps, through NVML on this node, as `supernode-agent --power-limit` does by
// hand (the same applyPowerLimit: range checked, the enforced limit read back). Only what the
// administrator allowed at start (`--allow power-cap`) runs; anything else is answered with why
// not, so the daemon's audit says it. An action asked again (the answer carrying its result was
// lost with a stream) is answered from memory, not run twice.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"
#include "backend/remote/common/agent_protocol.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sn {
class NvmlPowerLimitSetter;
}

namespace sn::agent {

// The actions an administrator can allow, as `--allow` names them (the protocol's names).
using rpc::kPowerCapAction;

// "power-cap" (a comma-separated list; repeats are fine); an unknown name is an InvalidArgument
// that names the known ones.
Result<std::vector<std::string>> parseAllowedActions(const std::vector<std::string> &values);

class AgentActions {
public:
    // node: this agent's node name (the daemon's Hostname label); nvmlLibrary: as the collector's.
    AgentActions(std::string node, std::string nvmlLibrary, std::vector<std::string> allowed);
    ~AgentActions();
    AgentActions(const AgentActions &) = delete;
    AgentActions &operator=(const AgentActions &) = delete;

    const std::vector<std::string> &allowed() const { return m_allowed; }
    // Runs one action (or answers it from memory); on the pusher's thread.
    supernode::v1::AgentActionResult run(const supernode::v1::AgentAction &action);

private:
    supernode::v1::AgentActionResult execute(const supernode::v1::AgentAction &action);
    bool allows(const std::string &name) const;

    std::string m_node;
    std::string m_nvmlLibrary;
    std::vector<std::string> m_allowed;
    std::unique_ptr<NvmlPowerLimitSetter> m_nvml; // opened at the first power action
    std::map<std::uint64_t, supernode::v1::AgentActionResult> m_done;
    std::deque<std::uint64_t> m_doneOrder; // oldest first, bounded
};

} // namespace sn::agent
