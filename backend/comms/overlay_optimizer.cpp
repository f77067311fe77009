#include "backend/comms/overlay_optimizer.h"

#include "backend/comms/fabric_builder.h"

#include <algorithm>
#include <numeric>
#include <queue>

namespace sn::comms {

namespace {

struct DisjointSets {
    std::vector<int> parent;
    explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int root(int i)
    {
        while (parent[static_cast<std::size_t>(i)] != i)
            i = parent[static_cast<std::size_t>(i)] =
                parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
        return i;
    }
    bool join(int a, int b)
    {
        a = root(a);
        b = root(b);
        if (a == b)
            return false;
        parent[static_cast<std::size_t>(a)] = b;
        return true;
    }
};

// Bridges by Tarjan's low-link, iteratively (a 10,000-node chain must not overflow the stack).
// Parallel links are not bridges: only the link we arrived by is skipped, not its endpoints.
std::vector<int> bridges(const TopologyGraph &g, const std::vector<bool> &usable)
{
    const std::size_t n = g.devices().size();
    std::vector<int> order(n, -1), low(n, 0), out;
    struct Frame {
        int device;
        int viaLink;
        std::size_t next;
    };
    std::vector<Frame> stack;
    int counter = 0;
    for (std::size_t start = 0; start < n; ++start) {
        if (order[start] >= 0)
            continue;
        stack.push_back({static_cast<int>(start), -1, 0});
        order[start] = low[start] = counter++;
        while (!stack.empty()) {
            Frame &f = stack.back();
            const std::vector<int> &adj = g.linksOf(f.device);
            if (f.next < adj.size()) {
                const int l = adj[f.next++];
                if (l == f.viaLink || !usable[static_cast<std::size_t>(l)])
                    continue;
                const Link &link = g.links()[static_cast<std::size_t>(l)];
                const int other = link.a == f.device ? link.b : link.a;
                if (order[static_cast<std::size_t>(other)] < 0) {
                    order[static_cast<std::size_t>(other)] = low[static_cast<std::size_t>(other)] = counter++;
                    stack.push_back({other, l, 0});
                } else {
                    low[static_cast<std::size_t>(f.device)] =
                        std::min(low[static_cast<std::size_t>(f.device)], order[static_cast<std::size_t>(other)]);
                }
                continue;
            }
            const Frame done = f;
            stack.pop_back();
            if (!stack.empty()) {
                const std::size_t parent = static_cast<std::size_t>(stack.back().device);
                low[parent] = std::min(low[parent], low[static_cast<std::size_t>(done.device)]);
                if (low[static_cast<std::size_t>(done.device)] > order[parent])
                    out.push_back(done.viaLink);
            }
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

Overlay optimizeOverlay(const TopologyGraph &g, int redundancy)
{
    Overlay o;
    o.redundancy = std::max(0, redundancy);
    const std::size_t n = g.devices().size();
    const std::size_t m = g.links().size();
    std::vector<double> latency(m);
    std::vector<bool> usable(m), used(m, false);
    for (std::size_t l = 0; l < m; ++l) {
        const Link &link = g.links()[l];
        usable[l] = link.health != LinkHealth::Down && link.a != link.b;
        latency[l] = linkLatencyUs(link);
    }

    // Prim from every device not reached yet: the min-latency spanning forest.
    std::vector<bool> inTree(n, false);
    using Entry = std::pair<double, int>; // latency, link
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    auto reach = [&](int d) {
        inTree[static_cast<std::size_t>(d)] = true;
        for (int l : g.linksOf(d)) {
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            const int other = link.a == d ? link.b : link.a;
            if (usable[static_cast<std::size_t>(l)] && !inTree[static_cast<std::size_t>(other)])
                heap.push({latency[static_cast<std::size_t>(l)], l});
        }
    };
    for (std::size_t start = 0; start < n; ++start) {
        if (inTree[start])
            continue;
        ++o.components;
        reach(static_cast<int>(start));
        while (!heap.empty()) {
            const auto [lat, l] = heap.top();
            heap.pop();
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            const bool aIn = inTree[static_cast<std::size_t>(link.a)], bIn = inTree[static_cast<std::size_t>(link.b)];
            if (aIn && bIn)
                continue;
            used[static_cast<std::size_t>(l)] = true;
            o.treeLinks.push_back(l);
            o.treeLatencyUs += lat;
            reach(aIn ? link.b : link.a);
        }
    }

    // r more maximal spanning forests of what is left, each in latency order (Kruskal).
    std::vector<int> byLatency;
    byLatency.reserve(m);
    for (std::size_t l = 0; l < m; ++l)
        if (usable[l] && !used[l])
            byLatency.push_back(static_cast<int>(l));
    std::stable_sort(byLatency.begin(), byLatency.end(), [&](int x, int y) {
        return latency[static_cast<std::size_t>(x)] < latency[static_cast<std::size_t>(y)];
    });
    for (int forest = 0; forest < o.redundancy && !byLatency.empty(); ++forest) {
        DisjointSets sets(n);
        std::vector<int> rest;
        rest.reserve(byLatency.size());
        for (int l : byLatency) {
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            if (sets.join(link.a, link.b))
                o.redundantLinks.push_back(l);
            else
                rest.push_back(l);
        }
        byLatency.swap(rest);
    }
    o.singlePointsOfFailure = bridges(g, usable);
    return o;
}

} // namespace sn::comms
