#include "backend/comms/link_live_state.h"

#include "backend/api/metric_catalogue.h"

#include <algorithm>
#include <map>
#include <set>

namespace sn::comms {

namespace {

struct Traffic {
    double tx = kUnknown, rx = kUnknown;
    std::int64_t txTime = -1, rxTime = -1;
    void set(bool isTx, double v, std::int64_t t)
    {
        double &value = isTx ? tx : rx;
        std::int64_t &time = isTx ? txTime : rxTime;
        if (t >= time) {
            value = v;
            time = t;
        }
    }
    double busier() const
    {
        if (!known(tx) && !known(rx))
            return kUnknown;
        return std::max(known(tx) ? tx : 0.0, known(rx) ? rx : 0.0);
    }
};

struct Latest {
    double value = kUnknown;
    std::int64_t time = -1;
    void set(double v, std::int64_t t)
    {
        if (t >= time) {
            value = v;
            time = t;
        }
    }
};

std::string label(const MetricSample &s, const char *key)
{
    const auto it = s.labels.find(key);
    return it == s.labels.end() ? std::string() : it->second;
}

} // namespace

LiveStateUpdate applyTelemetry(TopologyGraph &g, const std::vector<MetricSample> &samples)
{
    std::map<int, std::map<int, Traffic>> nvlinkPerLink; // gpu device -> link -> traffic
    std::map<int, Traffic> nvlinkTotal, pcie, nic;
    std::map<int, Latest> replays, nicUp;
    LiveStateUpdate out;
    std::set<std::string> missing;
    for (const MetricSample &s : samples) {
        const std::string host = label(s, "Hostname");
        const bool isNic = s.metric.starts_with(metric::kNicPrefix);
        const std::string id = host + "/" + (isNic ? label(s, "device") : "gpu" + label(s, "gpu"));
        const auto perLink = metric::parseNvlinkLinkMetric(s.metric);
        const bool relevant = perLink || isNic || s.metric == metric::kNvlinkTx || s.metric == metric::kNvlinkRx ||
                              s.metric == metric::kPcieTx || s.metric == metric::kPcieRx ||
                              s.metric == metric::kPcieReplay;
        if (!relevant)
            continue;
        const int d = g.find(id);
        if (d < 0) {
            if (missing.insert(id).second)
                out.unmatched.push_back(id + ": no such device in the topology");
            continue;
        }
        if (perLink)
            nvlinkPerLink[d][perLink->link].set(perLink->tx, s.value, s.timeMs);
        else if (s.metric == metric::kNvlinkTx || s.metric == metric::kNvlinkRx)
            nvlinkTotal[d].set(s.metric == metric::kNvlinkTx, s.value, s.timeMs);
        else if (s.metric == metric::kPcieTx || s.metric == metric::kPcieRx)
            pcie[d].set(s.metric == metric::kPcieTx, s.value, s.timeMs);
        else if (s.metric == metric::kPcieReplay)
            replays[d].set(s.value, s.timeMs);
        else if (s.metric == metric::kNicTx || s.metric == metric::kNicRx)
            nic[d].set(s.metric == metric::kNicTx, s.value, s.timeMs);
        else if (s.metric == metric::kNicUp)
            nicUp[d].set(s.value, s.timeMs);
    }
    // Per-link counters, summed per direction, stand for the GPU's total where both are there.
    for (const auto &[gpu, links] : nvlinkPerLink) {
        Traffic sum{0, 0, 0, 0};
        for (const auto &[n, t] : links) {
            sum.tx += known(t.tx) ? t.tx : 0;
            sum.rx += known(t.rx) ? t.rx : 0;
        }
        nvlinkTotal[gpu] = sum;
    }
    std::set<int> touched;
    auto apply = [&](int device, double bytesPerSecond, auto &&which) {
        if (!known(bytesPerSecond))
            return;
        double bandwidth = 0;
        std::vector<int> chosen;
        for (int li : g.linksOf(device)) {
            const Link &l = g.links()[static_cast<std::size_t>(li)];
            if (which(l, g.device(l.a == device ? l.b : l.a))) {
                chosen.push_back(li);
                bandwidth += known(l.bandwidthGBps) ? l.bandwidthGBps : 0;
            }
        }
        for (int li : chosen) {
            Link &l = g.links()[static_cast<std::size_t>(li)];
            if (bandwidth > 0 && known(l.bandwidthGBps))
                l.utilization = std::min(1.0, bytesPerSecond / (bandwidth * 1e9));
            touched.insert(li);
        }
    };
    const auto nvlinkOf = [](const Link &l, const Device &) { return l.kind == LinkKind::NvLink; };
    const auto uplinkOf = [](const Link &l, const Device &other) {
        return l.kind == LinkKind::Pcie && (other.kind == DeviceKind::PcieSwitch || other.kind == DeviceKind::Cpu);
    };
    const auto networkOf = [](const Link &l, const Device &) {
        return l.kind == LinkKind::Roce || l.kind == LinkKind::InfiniBand || l.kind == LinkKind::Ethernet;
    };
    for (const auto &[gpu, t] : nvlinkTotal)
        apply(gpu, t.busier(), nvlinkOf);
    for (const auto &[gpu, t] : pcie)
        apply(gpu, t.busier(), uplinkOf);
    for (const auto &[n, t] : nic)
        apply(n, t.busier(), networkOf);
    for (const auto &[gpu, r] : replays)
        for (int li : g.linksOf(gpu)) {
            Link &l = g.links()[static_cast<std::size_t>(li)];
            if (uplinkOf(l, g.device(l.a == gpu ? l.b : l.a))) {
                l.errors = static_cast<std::int64_t>(r.value);
                touched.insert(li);
            }
        }
    for (const auto &[n, up] : nicUp) {
        const LinkHealth h = up.value >= 0.5 ? LinkHealth::Up : LinkHealth::Down;
        g.device(n).health = h;
        for (int li : g.linksOf(n)) {
            Link &l = g.links()[static_cast<std::size_t>(li)];
            if (networkOf(l, g.device(l.a == n ? l.b : l.a))) {
                l.health = h;
                touched.insert(li);
            }
        }
    }
    out.linksUpdated = static_cast<int>(touched.size());
    return out;
}

} // namespace sn::comms
