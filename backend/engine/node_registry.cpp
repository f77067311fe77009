#include "backend/engine/node_registry.h"

#include "backend/model/cluster_spec.h"

#include <set>

namespace sn {

namespace {

std::string at(const char *list, int i)
{
    return "node." + std::string(list) + "[" + std::to_string(i) + "]";
}

bool insideNode(const std::string &id, const std::string &node)
{
    return id.size() > node.size() + 1 && id.compare(0, node.size(), node) == 0 && id[node.size()] == '/';
}

// The ids GetCluster uses ("node01/gpu3"), where the agent left them out.
void nameDevices(pb::Node &node)
{
    for (pb::Gpu &g : *node.mutable_gpus())
        if (g.id().empty())
            g.set_id(gpuId(node.name(), g.index()));
    for (pb::NvSwitch &s : *node.mutable_nvswitches())
        if (s.id().empty())
            s.set_id(nvswitchId(node.name(), s.index()));
    for (pb::Nic &n : *node.mutable_nics())
        if (n.id().empty())
            n.set_id(nicId(node.name(), n.name()));
}

template <typename T> std::string number(T v)
{
    return std::to_string(v);
}

std::string gib(std::int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1LL << 30));
    return text;
}

} // namespace

Status checkRegistration(const pb::RegisterNodeRequest &request)
{
    using L = RegistrationLimits;
    if (const std::size_t size = request.ByteSizeLong(); size > L::bytes)
        return invalidArgument("registration: " + number(size) + " bytes, more than " + number(L::bytes));
    const pb::Node &n = request.node();
    const auto tooMany = [](const char *what, int count, int limit) {
        return invalidArgument("node." + std::string(what) + ": " + number(count) + ", more than " + number(limit));
    };
    if (n.gpus_size() > L::gpus)
        return tooMany("gpus", n.gpus_size(), L::gpus);
    if (n.nvswitches_size() > L::nvswitches)
        return tooMany("nvswitches", n.nvswitches_size(), L::nvswitches);
    if (n.nics_size() > L::nics)
        return tooMany("nics", n.nics_size(), L::nics);
    if (request.links_size() > L::links)
        return invalidArgument("links: " + number(request.links_size()) + ", more than " + number(L::links));
    if (static_cast<int>(n.host_facts_size()) > L::hostFacts)
        return tooMany("host_facts", static_cast<int>(n.host_facts_size()), L::hostFacts);
    if (n.name().size() > L::nameBytes)
        return invalidArgument("node.name: " + number(n.name().size()) + " bytes, more than " + number(L::nameBytes));
    if (n.name().empty())
        return invalidArgument("node.name: empty; the agent names its node (--node or the host name)");
    if (n.name().find_first_of("/ \t\n") != std::string::npos)
        return invalidArgument("node.name: '" + n.name() + "' has a '/' or white space");
    if (n.cpu_cores() < 0 || n.memory_bytes() < 0)
        return invalidArgument("node.cpu_cores / node.memory_bytes: negative");
    std::set<int> gpus;
    for (int i = 0; i < n.gpus_size(); ++i) {
        const pb::Gpu &g = n.gpus(i);
        if (g.index() < 0)
            return invalidArgument(at("gpus", i) + ".index: negative (" + number(g.index()) + ")");
        if (!gpus.insert(g.index()).second)
            return invalidArgument(at("gpus", i) + ".index: repeats GPU " + number(g.index()));
        if (g.memory_bytes() < 0)
            return invalidArgument(at("gpus", i) + ".memory_bytes: negative");
        if (!g.id().empty() && g.id() != gpuId(n.name(), g.index()))
            return invalidArgument(at("gpus", i) + ".id: '" + g.id() + "', expected '" + gpuId(n.name(), g.index()) +
                                   "'");
    }
    std::set<int> switches;
    for (int i = 0; i < n.nvswitches_size(); ++i)
        if (!switches.insert(n.nvswitches(i).index()).second || n.nvswitches(i).index() < 0)
            return invalidArgument(at("nvswitches", i) + ".index: negative or repeated (" +
                                   number(n.nvswitches(i).index()) + ")");
    std::set<std::string> nics;
    for (int i = 0; i < n.nics_size(); ++i) {
        const pb::Nic &nic = n.nics(i);
        if (nic.name().empty() || nic.name().find_first_of("/ ") != std::string::npos)
            return invalidArgument(at("nics", i) + ".name: '" + nic.name() + "' is empty or has '/' or a space");
        if (!nics.insert(nic.name()).second)
            return invalidArgument(at("nics", i) + ".name: repeats " + nic.name());
        if (nic.speed_gbps() < 0)
            return invalidArgument(at("nics", i) + ".speed_gbps: negative");
    }
    for (int i = 0; i < request.links_size(); ++i) {
        const pb::Link &l = request.links(i);
        for (const std::string *end : {&l.a(), &l.b()})
            if (!insideNode(*end, n.name()))
                return invalidArgument("links[" + number(i) + "]: '" + *end + "' is not a device of " + n.name() +
                                       " (ids are '" + n.name() + "/...')");
        if (l.lanes() < 0 || l.bandwidth_bytes_per_second() < 0)
            return invalidArgument("links[" + number(i) + "]: negative lanes or bandwidth");
    }
    return success();
}

std::vector<std::string> registrationChanges(const pb::Node &before, const pb::Node &after)
{
    std::vector<std::string> out;
    if (before.cpu_cores() != after.cpu_cores())
        out.push_back("cpu_cores " + number(before.cpu_cores()) + " -> " + number(after.cpu_cores()));
    if (before.memory_bytes() != after.memory_bytes())
        out.push_back("memory " + gib(before.memory_bytes()) + " -> " + gib(after.memory_bytes()));
    std::map<int, const pb::Gpu *> old, now;
    for (const pb::Gpu &g : before.gpus())
        old[g.index()] = &g;
    for (const pb::Gpu &g : after.gpus())
        now[g.index()] = &g;
    for (const auto &[index, g] : old)
        if (!now.contains(index))
            out.push_back("GPU" + number(index) + " gone (" + g->uuid() + ")");
    for (const auto &[index, g] : now) {
        const auto was = old.find(index);
        const std::string name = "GPU" + number(index);
        if (was == old.end()) {
            out.push_back(name + " added (" + g->model() + ", " + g->uuid() + ")");
            continue;
        }
        const pb::Gpu &a = *was->second;
        if (a.uuid() != g->uuid())
            out.push_back(name + " uuid " + a.uuid() + " -> " + g->uuid());
        if (a.model() != g->model())
            out.push_back(name + " model " + a.model() + " -> " + g->model());
        if (a.memory_bytes() != g->memory_bytes())
            out.push_back(name + " memory " + gib(a.memory_bytes()) + " -> " + gib(g->memory_bytes()));
        if (a.pci_bus_id() != g->pci_bus_id())
            out.push_back(name + " bus id " + a.pci_bus_id() + " -> " + g->pci_bus_id());
    }
    if (before.nvswitches_size() != after.nvswitches_size())
        out.push_back("NVSwitches " + number(before.nvswitches_size()) + " -> " + number(after.nvswitches_size()));
    std::map<std::string, const pb::Nic *> oldNics, nowNics;
    for (const pb::Nic &n : before.nics())
        oldNics[n.name()] = &n;
    for (const pb::Nic &n : after.nics())
        nowNics[n.name()] = &n;
    for (const auto &[name, n] : oldNics)
        if (!nowNics.contains(name))
            out.push_back("NIC " + name + " gone");
    for (const auto &[name, n] : nowNics) {
        const auto was = oldNics.find(name);
        if (was == oldNics.end())
            out.push_back("NIC " + name + " added");
        else if (was->second->speed_gbps() != n->speed_gbps() || was->second->type() != n->type())
            out.push_back("NIC " + name + " " + number(int(was->second->speed_gbps())) + " -> " +
                          number(int(n->speed_gbps())) + " Gb/s");
    }
    return out;
}

Status NodeRegistry::admits(const std::string &node) const
{
    if (m_nodes.size() < RegistrationLimits::nodes || m_nodes.contains(node))
        return success();
    return failedPrecondition(node + ": " + number(m_nodes.size()) +
                              " nodes are registered, the most this engine keeps; a new node cannot register");
}

NodeRegistry::Outcome NodeRegistry::add(pb::RegisterNodeRequest request, std::int64_t nowMs)
{
    pb::Node &node = *request.mutable_node();
    nameDevices(node);
    node.set_registered(true);
    node.set_registered_ms(nowMs);
    Outcome outcome;
    const auto was = m_nodes.find(node.name());
    outcome.first = was == m_nodes.end();
    if (!outcome.first)
        outcome.changes = registrationChanges(was->second.node(), node);
    const std::string name = node.name();
    m_nodes[name] = std::move(request);
    return outcome;
}

Status NodeRegistry::restore(pb::RegisterNodeRequest stored)
{
    if (Status ok = checkRegistration(stored); !ok)
        return ok;
    pb::Node &node = *stored.mutable_node();
    if (node.registered_ms() <= 0)
        return invalidArgument("node.registered_ms: " + std::to_string(node.registered_ms()) +
                               "; a kept registration says when it was made");
    if (Status ok = admits(node.name()); !ok)
        return ok;
    nameDevices(node);
    node.set_registered(true);
    const std::string name = node.name();
    m_nodes[name] = std::move(stored);
    return success();
}

const pb::RegisterNodeRequest *NodeRegistry::find(const std::string &node) const
{
    const auto it = m_nodes.find(node);
    return it == m_nodes.end() ? nullptr : &it->second;
}

void NodeRegistry::applyTo(pb::Cluster &cluster, const std::function<bool(const std::string &)> &reporting) const
{
    for (const auto &[name, reg] : m_nodes) {
        pb::Node *target = nullptr;
        for (pb::Node &n : *cluster.mutable_nodes())
            if (n.name() == name)
                target = &n;
        const bool configured = target != nullptr;
        if (!target)
            target = cluster.add_nodes();
        const std::string address = target->address();
        const pb::NodeState state = target->state();
        *target = reg.node();
        if (configured) {
            target->set_address(address); // where cluster.yaml reaches it
            target->set_state(state);     // what telemetry says now
        } else {
            target->set_unconfigured(true);
            target->set_state(reporting(name) ? pb::NODE_STATE_UP : pb::NODE_STATE_DOWN);
        }
        // The configured node's in-node links give way to what the node found; links that leave
        // the node (NIC to switch) stay, unless their NIC is no longer there.
        std::set<std::string> devices;
        for (const pb::Gpu &g : target->gpus())
            devices.insert(g.id());
        for (const pb::NvSwitch &s : target->nvswitches())
            devices.insert(s.id());
        for (const pb::Nic &n : target->nics())
            devices.insert(n.id());
        auto *links = cluster.mutable_links();
        for (int i = links->size() - 1; i >= 0; --i) {
            const pb::Link &l = links->Get(i);
            const bool a = insideNode(l.a(), name), b = insideNode(l.b(), name);
            const bool stale = (a && b) || (a && !devices.contains(l.a())) || (b && !devices.contains(l.b()));
            if (stale)
                links->DeleteSubrange(i, 1);
        }
        const bool down = target->state() == pb::NODE_STATE_DOWN;
        for (const pb::Link &l : reg.links()) {
            pb::Link *link = cluster.add_links();
            *link = l;
            link->set_healthy(l.healthy() && !down);
        }
    }
}

} // namespace sn
