#include "backend/comms/collective_plan.h"

#include "backend/comms/placement_score.h"

#include <algorithm>
#include <map>

namespace sn::comms {

namespace {

LinkKind netKindOf(const TopologyGraph &g, const std::string &host)
{
    for (int n : g.devicesOfKind(DeviceKind::Nic))
        if (g.device(n).host == host)
            for (int li : g.linksOf(n)) {
                const LinkKind k = g.links()[static_cast<std::size_t>(li)].kind;
                if (k == LinkKind::Roce || k == LinkKind::InfiniBand || k == LinkKind::Ethernet)
                    return k;
            }
    return LinkKind::Roce;
}

std::vector<int> heapParents(int n, int shift)
{
    // Node at position p (of the order rotated by `shift`) has the parent at position (p-1)/2.
    std::vector<int> parent(static_cast<std::size_t>(n), -1);
    for (int p = 1; p < n; ++p)
        parent[static_cast<std::size_t>((p + shift) % n)] = ((p - 1) / 2 + shift) % n;
    return parent;
}

} // namespace

bool RingChannel::railAligned() const
{
    return std::all_of(hops.begin(), hops.end(),
                       [](const PlanHop &h) { return h.via == LinkKind::NvLink || !h.rail.empty(); });
}

Result<CollectivePlan> planAllReduce(const TopologyGraph &g, const std::vector<std::string> &gpus, double bytes,
                                     const CostParams &params)
{
    CollectivePlan p;
    std::map<std::string, std::vector<std::pair<int, std::string>>> byHost; // host -> (local index, id)
    std::vector<int> indices;
    PlacementScorer scorer(g, params);
    for (const std::string &id : gpus) {
        const int d = g.find(id);
        if (d < 0 || g.device(d).kind != DeviceKind::Gpu)
            return notFound(id + " is not a GPU of the topology");
        byHost[g.device(d).host].push_back({g.device(d).index, id});
        indices.push_back(
            static_cast<int>(std::find(scorer.gpuIds().begin(), scorer.gpuIds().end(), id) - scorer.gpuIds().begin()));
    }
    if (byHost.empty())
        return invalidArgument("no GPUs to plan for");
    const std::size_t perNode = byHost.begin()->second.size();
    for (auto &[host, list] : byHost) {
        if (list.size() != perNode)
            return invalidArgument("the set has " + std::to_string(list.size()) + " GPUs on " + host + " but " +
                                   std::to_string(perNode) + " on " + byHost.begin()->first +
                                   "; plans need the same count on every node");
        std::sort(list.begin(), list.end());
        p.nodes.push_back(host);
    }
    const int n = static_cast<int>(p.nodes.size()), gpn = static_cast<int>(perNode);
    const LinkKind net = netKindOf(g, p.nodes.front());
    const CommShape shape = scorer.shapeOf(indices);
    int planes = 0; // NVSwitches of the node: the rails of a single-node ring
    for (int s : g.devicesOfKind(DeviceKind::NvSwitch))
        planes += g.device(s).host == p.nodes.front();
    const int channels = std::max(1, std::min(gpn, n > 1 ? shape.nicsPerNode : planes));
    // Rings: node k is walked forwards on even k, backwards on odd k, so the exit GPU of one node and
    // the entry GPU of the next have the same local index: the hop stays on that rail.
    for (int c = 0; c < channels; ++c) {
        RingChannel ring{c};
        for (int k = 0; k < n; ++k) {
            const auto &list = byHost[p.nodes[static_cast<std::size_t>(k)]];
            for (int j = 0; j < gpn; ++j) {
                const int step = k % 2 == 0 ? j : gpn - 1 - j;
                ring.order.push_back(list[static_cast<std::size_t>((c + step) % gpn)].second);
            }
        }
        for (std::size_t i = 0; i < ring.order.size(); ++i) {
            const std::string &a = ring.order[i], &b = ring.order[(i + 1) % ring.order.size()];
            const Device &da = g.device(g.find(a)), &db = g.device(g.find(b));
            PlanHop hop{a, b, LinkKind::NvLink};
            if (da.host != db.host) {
                hop.via = net;
                if (da.index == db.index)
                    hop.rail = "rail" + std::to_string(da.index);
            }
            if (ring.order.size() > 1)
                ring.hops.push_back(hop);
        }
        p.rings.push_back(std::move(ring));
    }
    p.treeParents = {heapParents(n, 0), heapParents(n, n > 1 ? 1 : 0)};
    // Hierarchical all-reduce.
    std::vector<std::vector<std::string>> nodeGroups, railGroups(static_cast<std::size_t>(gpn));
    for (const std::string &host : p.nodes) {
        std::vector<std::string> ids;
        for (int j = 0; j < gpn; ++j) {
            ids.push_back(byHost[host][static_cast<std::size_t>(j)].second);
            railGroups[static_cast<std::size_t>(j)].push_back(ids.back());
        }
        nodeGroups.push_back(ids);
    }
    const double share = bytes / gpn;
    p.hierarchical = {
        {"reduce-scatter within each node over NVLink", nodeGroups, LinkKind::NvLink, bytes * (gpn - 1) / gpn},
        {"all-reduce of each GPU's 1/" + std::to_string(gpn) + " share across nodes on its rail", railGroups, net,
         n > 1 ? 2 * share * (n - 1) / n : 0},
        {"all-gather within each node over NVLink", nodeGroups, LinkKind::NvLink, bytes * (gpn - 1) / gpn},
    };
    p.ring = predict(Collective::AllReduce, bytes, shape, params, Algorithm::Ring);
    p.tree = predict(Collective::AllReduce, bytes, shape, params, Algorithm::Tree);
    return p;
}

} // namespace sn::comms
