#include "backend/comms/switch_hierarchy.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace sn::comms {

namespace {

bool isNetLink(LinkKind k)
{
    return k == LinkKind::Roce || k == LinkKind::InfiniBand || k == LinkKind::Ethernet;
}

// "su0-leaf0".."su0-leaf7" -> "su0-leaf"; a lone switch keeps its name.
std::string commonName(const std::vector<std::string> &members)
{
    if (members.size() == 1)
        return members.front();
    std::string prefix = members.front();
    for (const std::string &m : members)
        prefix.resize(static_cast<std::size_t>(std::mismatch(prefix.begin(), prefix.end(), m.begin(), m.end()).first -
                                               prefix.begin()));
    while (!prefix.empty() && !std::isalpha(static_cast<unsigned char>(prefix.back())))
        prefix.pop_back(); // "spine1" and "spine12" share "spine1"; drop the partial number
    return prefix;
}

} // namespace

int SwitchHierarchy::topTier() const
{
    int t = 0;
    for (const SwitchGroup &g : groups)
        t = std::max(t, g.tier);
    return t;
}

int SwitchHierarchy::parentOf(int group) const
{
    int parent = -1;
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (std::find(groups[i].children.begin(), groups[i].children.end(), group) != groups[i].children.end()) {
            if (parent >= 0)
                return -1;
            parent = static_cast<int>(i);
        }
    return parent;
}

SwitchHierarchy switchHierarchy(const TopologyGraph &g)
{
    SwitchHierarchy h;
    const std::vector<int> switches = g.devicesOfKind(DeviceKind::NetSwitch);
    std::map<int, std::set<std::string>> hostsOf; // leaf switch -> hosts
    for (int s : switches)
        for (int li : g.linksOf(s)) {
            const Link &l = g.links()[static_cast<std::size_t>(li)];
            const Device &other = g.device(l.a == s ? l.b : l.a);
            if (isNetLink(l.kind) && other.kind == DeviceKind::Nic && !other.host.empty())
                hostsOf[s].insert(other.host);
        }
    // Tiers: given, or one above the highest tier of the switches below.
    std::map<int, int> tier;
    for (int s : switches)
        if (g.device(s).tier > 0)
            tier[s] = g.device(s).tier;
        else if (hostsOf.count(s))
            tier[s] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (int s : switches) {
            if (tier.count(s))
                continue;
            int below = 0;
            for (int li : g.linksOf(s)) {
                const Link &l = g.links()[static_cast<std::size_t>(li)];
                const int o = l.a == s ? l.b : l.a;
                if (tier.count(o))
                    below = std::max(below, tier[o]);
            }
            if (below > 0) {
                tier[s] = below + 1;
                changed = true;
            }
        }
    }
    // Group tier by tier: leaves by their hosts, higher switches by the groups below them.
    std::map<int, int> groupOf; // switch -> group
    const int top = [&] {
        int t = 0;
        for (const auto &[s, v] : tier)
            t = std::max(t, v);
        return t;
    }();
    for (int t = 1; t <= top; ++t) {
        std::map<std::vector<std::string>, std::vector<std::string>> byKey; // key -> member ids
        std::map<std::vector<std::string>, std::vector<int>> childrenOf;
        for (int s : switches) {
            if (!tier.count(s) || tier[s] != t)
                continue;
            std::vector<std::string> key;
            std::set<int> kids;
            if (t == 1) {
                key.assign(hostsOf[s].begin(), hostsOf[s].end());
            } else {
                for (int li : g.linksOf(s)) {
                    const Link &l = g.links()[static_cast<std::size_t>(li)];
                    const int o = l.a == s ? l.b : l.a;
                    if (tier.count(o) && tier[o] == t - 1 && groupOf.count(o))
                        kids.insert(groupOf[o]);
                }
                for (int k : kids)
                    key.push_back(std::to_string(k));
            }
            if (key.empty())
                continue; // a switch with nothing below it schedules nothing
            byKey[key].push_back(g.device(s).id);
            childrenOf[key].assign(kids.begin(), kids.end());
        }
        std::vector<SwitchGroup> tierGroups;
        for (auto &[key, members] : byKey) {
            std::sort(members.begin(), members.end());
            SwitchGroup sg{commonName(members), t, members, {}, childrenOf[key]};
            if (t == 1)
                sg.hosts = key;
            tierGroups.push_back(std::move(sg));
        }
        // Names must be unique: where two groups would share a common name, use the first member's.
        std::map<std::string, int> uses;
        for (const SwitchGroup &sg : tierGroups)
            ++uses[sg.name];
        for (const SwitchGroup &sg : h.groups)
            ++uses[sg.name];
        std::sort(tierGroups.begin(), tierGroups.end(),
                  [](const auto &a, const auto &b) { return a.members < b.members; });
        for (SwitchGroup &sg : tierGroups) {
            if (uses[sg.name] > 1 || sg.name.empty())
                sg.name = sg.members.front();
            const int index = static_cast<int>(h.groups.size());
            for (const std::string &m : sg.members)
                groupOf[g.find(m)] = index;
            if (t == 1)
                for (const std::string &host : sg.hosts)
                    h.leafGroups[host].push_back(index);
            h.groups.push_back(std::move(sg));
        }
    }
    std::set<std::string> gpuHosts;
    for (const Device &d : g.devices())
        if (d.kind == DeviceKind::Gpu && !d.host.empty())
            gpuHosts.insert(d.host);
    for (const std::string &host : gpuHosts)
        if (!h.leafGroups.count(host))
            h.hostsWithoutSwitch.push_back(host);
    return h;
}

std::string compressHostlist(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    struct Run {
        std::string prefix;
        std::size_t width;
        std::vector<long> numbers;
    };
    std::vector<Run> runs;
    std::vector<std::string> plain;
    for (const std::string &n : names) {
        std::size_t d = n.size();
        while (d > 0 && std::isdigit(static_cast<unsigned char>(n[d - 1])))
            --d;
        if (d == n.size() || n.size() - d > 9) {
            plain.push_back(n);
            continue;
        }
        const std::string prefix = n.substr(0, d);
        const std::size_t width = n.size() - d;
        const long number = std::stol(n.substr(d));
        auto r = std::find_if(runs.begin(), runs.end(),
                              [&](const Run &x) { return x.prefix == prefix && x.width == width; });
        if (r == runs.end())
            runs.push_back({prefix, width, {number}});
        else
            r->numbers.push_back(number);
    }
    std::vector<std::string> parts = plain;
    for (Run &r : runs) {
        std::sort(r.numbers.begin(), r.numbers.end());
        const auto num = [&](long v) {
            std::string s = std::to_string(v);
            return std::string(r.width > s.size() ? r.width - s.size() : 0, '0') + s;
        };
        if (r.numbers.size() == 1) {
            parts.push_back(r.prefix + num(r.numbers.front()));
            continue;
        }
        std::string ranges;
        for (std::size_t i = 0; i < r.numbers.size();) {
            std::size_t j = i;
            while (j + 1 < r.numbers.size() && r.numbers[j + 1] == r.numbers[j] + 1)
                ++j;
            ranges += (ranges.empty() ? "" : ",") + num(r.numbers[i]) + (j > i ? "-" + num(r.numbers[j]) : "");
            i = j + 1;
        }
        parts.push_back(r.prefix + "[" + ranges + "]");
    }
    std::sort(parts.begin(), parts.end());
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : ",") + p;
    return out;
}

} // namespace sn::comms
