// Node agents registering their hardware (RegisterNode): checked, kept in the registry that
// cluster() merges, and an event for a node that registers for the first time and for one whose
// hardware changed since (a GPU swapped, a NIC gone), so the timeline says when the cluster's
// shape changed and how. A registration supernoded stored comes back at its start without an
// event: the node registered then, and the timeline (restored with it) says so once.
#include "backend/engine/engine.h"

namespace sn {

namespace {
Status notSimulated(const ClusterSpec &spec, bool simulated, const std::string &name)
{
    if (simulated && spec.findNode(name) != nullptr)
        return failedPrecondition(name + " is a simulated node; a real agent registers under another name (--node)");
    return success();
}
} // namespace

Result<pb::RegisterNodeResponse> Engine::registerNode(const pb::RegisterNodeRequest &request)
{
    if (Status ok = checkRegistration(request); !ok)
        return ok.error();
    const std::string &name = request.node().name();
    const ClusterSpec &spec = m_sim ? m_sim->spec() : m_options.spec;
    const bool configured = spec.findNode(name) != nullptr;
    if (Status ok = notSimulated(spec, m_sim != nullptr, name); !ok)
        return ok.error();
    if (Status ok = m_registry.admits(name); !ok)
        return ok.error();
    const NodeRegistry::Outcome outcome = m_registry.add(request, m_clock->nowMs());
    m_thermalGuard->forgetRangeFailures(name);
    pb::RegisterNodeResponse response;
    response.set_configured(configured);
    response.set_changed(!outcome.first && !outcome.changes.empty());
    for (const std::string &c : outcome.changes)
        response.add_changes(c);
    if (!outcome.first && outcome.changes.empty())
        return response; // a reconnect: nothing new to say
    Event e;
    e.timeMs = m_clock->nowMs();
    e.node = name;
    if (outcome.first) {
        e.kind = "node.registered";
        e.severity = Severity::Info;
        e.message = name + " registered by its agent: " + std::to_string(request.node().gpus_size()) + " GPUs, " +
                    std::to_string(request.node().nvswitches_size()) + " NVSwitches, " +
                    std::to_string(request.node().nics_size()) + " NICs" + (configured ? "" : " (not in cluster.yaml)");
    } else {
        e.kind = "node.hardware_changed";
        e.severity = Severity::Warning;
        e.message = name + " hardware changed: ";
        for (std::size_t i = 0; i < outcome.changes.size(); ++i)
            e.message += (i ? "; " : "") + outcome.changes[i];
    }
    record(e);
    response.set_event_id(m_events.back().id);
    return response;
}

Status Engine::restoreRegistration(const pb::RegisterNodeRequest &stored)
{
    // A cluster.yaml changed since to simulate a node of that name: the simulator's node wins,
    // as it would against the agent's next registration.
    if (Status ok = notSimulated(m_sim ? m_sim->spec() : m_options.spec, m_sim != nullptr, stored.node().name()); !ok)
        return ok;
    return m_registry.restore(stored);
}

} // namespace sn
