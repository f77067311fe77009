#include "backend/comms/scheduler_topology_export.h"

#include <regex>
#include <set>

namespace sn::comms {

Result<std::string> slurmTopologyConf(const TopologyGraph &graph)
{
    const SwitchHierarchy h = switchHierarchy(graph);
    if (h.groups.empty())
        return failedPrecondition("the topology has no network switches with nodes below them");
    if (!h.hostsWithoutSwitch.empty())
        return failedPrecondition("Slurm's tree plugin needs every node under a switch; no switch reaches " +
                                  compressHostlist(h.hostsWithoutSwitch));
    std::string out = "# topology.conf for Slurm's topology/tree plugin (TopologyPlugin=topology/tree),\n"
                      "# written by SuperNode Console from the discovered switch hierarchy.\n";
    for (int t = 1; t <= h.topTier(); ++t)
        for (const SwitchGroup &g : h.groups) {
            if (g.tier != t)
                continue;
            if (g.members.size() > 1)
                out += "# " + g.name + ": " + std::to_string(g.members.size()) + " switches with the same " +
                       (t == 1 ? "nodes" : "switches") + " below (" + g.members.front() + " .. " + g.members.back() +
                       ")\n";
            out += "SwitchName=" + g.name;
            if (t == 1) {
                out += " Nodes=" + compressHostlist(g.hosts);
            } else {
                std::vector<std::string> kids;
                for (int c : g.children)
                    kids.push_back(h.groups[static_cast<std::size_t>(c)].name);
                out += " Switches=" + compressHostlist(kids);
            }
            out += "\n";
        }
    return out;
}

Result<NodeLabels> kubernetesTopologyLabels(const TopologyGraph &graph, const std::string &prefix)
{
    static const std::regex value("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");
    static const char *const tierLabel[] = {"", "block", "spine", "datacenter"};
    const SwitchHierarchy h = switchHierarchy(graph);
    std::set<std::string> nvlinkHosts;
    for (const Link &l : graph.links())
        if (l.kind == LinkKind::NvLink)
            nvlinkHosts.insert(graph.device(l.a).host);
    NodeLabels out;
    auto put = [&](const std::string &host, const std::string &key, const std::string &v) -> std::string {
        if (!std::regex_match(v, value))
            return "'" + v + "' is not a valid Kubernetes label value (63 characters of A-Z a-z 0-9 - _ .)";
        out[host][prefix + "/" + key] = v;
        return {};
    };
    for (const std::string &host : nvlinkHosts)
        if (!host.empty())
            if (auto e = put(host, "accelerator", host); !e.empty())
                return invalidArgument(e);
    for (const auto &[host, leaves] : h.leafGroups) {
        if (leaves.size() > 1)
            return failedPrecondition(
                host + " is under several leaf groups (" + h.groups[static_cast<std::size_t>(leaves[0])].name + ", " +
                h.groups[static_cast<std::size_t>(leaves[1])].name + "); a block label holds one value");
        for (int gi = leaves.front(); gi >= 0; gi = h.parentOf(gi)) {
            const SwitchGroup &g = h.groups[static_cast<std::size_t>(gi)];
            if (g.tier > 3)
                break;
            if (auto e = put(host, tierLabel[g.tier], g.name); !e.empty())
                return invalidArgument(e);
        }
    }
    return out;
}

std::string kubectlLabelCommands(const NodeLabels &labels)
{
    std::string out;
    for (const auto &[host, kv] : labels) {
        out += "kubectl label node " + host;
        for (const auto &[k, v] : kv)
            out += " " + k + "=" + v;
        out += " --overwrite\n";
    }
    return out;
}

} // namespace sn::comms
