#include "backend/comms/pcie_tree.h"

#include <algorithm>

namespace sn::comms {

PcieTree pcieTreeOf(const TopologyGraph &g)
{
    const std::size_t n = g.devices().size();
    PcieTree t{std::vector<int>(n, -1), std::vector<int>(n, -1)};
    std::vector<char> seen(n, 0);
    std::vector<int> queue = g.devicesOfKind(DeviceKind::Cpu);
    for (int c : queue)
        seen[static_cast<std::size_t>(c)] = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int u = queue[head];
        for (int li : g.linksOf(u)) {
            const Link &l = g.links()[static_cast<std::size_t>(li)];
            const int v = l.a == u ? l.b : l.a;
            const DeviceKind k = g.device(v).kind;
            if (l.kind != LinkKind::Pcie || seen[static_cast<std::size_t>(v)] ||
                (k != DeviceKind::PcieSwitch && k != DeviceKind::Gpu && k != DeviceKind::Nic))
                continue;
            seen[static_cast<std::size_t>(v)] = 1;
            t.parent[static_cast<std::size_t>(v)] = u;
            t.uplink[static_cast<std::size_t>(v)] = li;
            if (k == DeviceKind::PcieSwitch)
                queue.push_back(v); // endpoints have no children
        }
    }
    return t;
}

int PcieTree::cpuOf(int d) const
{
    int root = -1;
    for (int p = parent[static_cast<std::size_t>(d)]; p >= 0; p = parent[static_cast<std::size_t>(p)])
        root = p;
    return root;
}

std::optional<TopoPath> pcieDistance(const PcieTree &t, int a, int b)
{
    auto chain = [&](int d) {
        std::vector<int> up;
        for (int p = t.parent[static_cast<std::size_t>(d)]; p >= 0; p = t.parent[static_cast<std::size_t>(p)])
            up.push_back(p);
        return up; // switches, then the CPU last
    };
    const std::vector<int> ua = chain(a), ub = chain(b);
    if (ua.empty() || ub.empty())
        return std::nullopt;
    if (ua.back() != ub.back())
        return TopoPath::Sys;
    if (ua.front() == ub.front() && ua.size() > 1)
        return TopoPath::Pix;
    for (std::size_t i = 0; i + 1 < ua.size(); ++i) // a common switch below the CPU
        if (std::find(ub.begin(), ub.end() - 1, ua[i]) != ub.end() - 1)
            return TopoPath::Pxb;
    return TopoPath::Phb;
}

} // namespace sn::comms
