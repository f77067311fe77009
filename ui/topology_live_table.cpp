#include "ui/topology_live_table.h"

#include "backend/api/metric_catalogue.h"

#include <cmath>
#include <string_view>
#include <unordered_map>

namespace sn {

namespace {
constexpr double kNaN = TopoGpuLive::kNaN;

// Metric names, dcgm-exporter's and the engine's own for NICs.
constexpr std::string_view kUtil = metric::kGpuUtil;
constexpr std::string_view kTemp = metric::kGpuTemp;
constexpr std::string_view kPower = metric::kPower;
constexpr std::string_view kPowerLimit = metric::kPowerLimit;
constexpr std::string_view kFbUsed = metric::kFbUsed;
constexpr std::string_view kFbFree = metric::kFbFree;
constexpr std::string_view kXid = metric::kXid;
constexpr std::string_view kNvlinkTx = metric::kNvlinkTx;
constexpr std::string_view kNvlinkRx = metric::kNvlinkRx;
constexpr std::string_view kPcieTx = metric::kPcieTx;
constexpr std::string_view kPcieRx = metric::kPcieRx;
constexpr std::string_view kNicTx = metric::kNicTx;
constexpr std::string_view kNicRx = metric::kNicRx;
constexpr std::string_view kNicUp = metric::kNicUp;

struct GpuAcc {
    double util = kNaN, temp = kNaN, power = kNaN, limit = kNaN, fbUsed = kNaN, fbFree = kNaN;
    double nvTx = kNaN, nvRx = kNaN, pcieTx = kNaN, pcieRx = kNaN;
    bool xid = false;
    std::string job;
};
struct NicAcc {
    double tx = kNaN, rx = kNaN, up = kNaN;
};

double busier(double a, double b)
{
    if (std::isnan(a))
        return b;
    if (std::isnan(b))
        return a;
    return std::max(a, b);
}

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}
bool sameGpu(const TopoGpuLive &a, const TopoGpuLive &b)
{
    return same(a.utilPercent, b.utilPercent) && same(a.tempC, b.tempC) && same(a.powerW, b.powerW) &&
           same(a.powerLimitW, b.powerLimitW) && same(a.memUsedPercent, b.memUsedPercent) && a.faulted == b.faulted &&
           a.job == b.job;
}
} // namespace

pb::SubscribeTelemetryRequest TopologyLiveTable::subscription()
{
    pb::SubscribeTelemetryRequest r;
    for (std::string_view m : {kUtil, kTemp, kPower, kPowerLimit, kFbUsed, kFbFree, kXid, kNvlinkTx, kNvlinkRx, kPcieTx,
                               kPcieRx, kNicTx, kNicRx, kNicUp})
        r.add_metrics(std::string(m));
    return r;
}

void TopologyLiveTable::setTopology(const pb::Cluster &cluster)
{
    m_gpuLinks.clear();
    m_nicLinks.clear();
    m_clusterHealthy.clear();
    m_downNodes.clear();
    for (const pb::Node &n : cluster.nodes()) {
        const QString node = QString::fromStdString(n.name());
        const bool down = n.state() == pb::NODE_STATE_DOWN;
        if (down)
            m_downNodes.insert(node);
        for (const pb::Gpu &g : n.gpus()) {
            const QString id = QString::fromStdString(g.id());
            TopoGpuLive &live = m_gpus[id];
            if (down && !live.faulted) {
                live = TopoGpuLive{};
                live.faulted = true;
                m_changedGpus.insert(id);
            }
        }
        for (const pb::Nic &nic : n.nics())
            m_nicLinks[QString::fromStdString(nic.id())].up = nic.link_up();
    }
    for (const pb::Link &link : cluster.links()) {
        const QString a = QString::fromStdString(link.a()), b = QString::fromStdString(link.b());
        const QString key = topoLinkKey(a, b);
        m_clusterHealthy.insert(key, link.healthy());
        const double bw = link.bandwidth_bytes_per_second();
        for (const QString &end : {a, b}) {
            if (end.contains(QLatin1String("/gpu"))) {
                GpuLinks &g = m_gpuLinks[end];
                if (link.type() == pb::LINK_TYPE_NVLINK) {
                    g.nvlinks << key;
                    g.nvlinkBandwidth += bw;
                } else if (link.type() == pb::LINK_TYPE_PCIE) {
                    g.pcie << key;
                    g.pcieBandwidth = std::max(g.pcieBandwidth, bw);
                }
            } else if (m_nicLinks.contains(end) && link.type() != pb::LINK_TYPE_PCIE) {
                NicLinks &nic = m_nicLinks[end];
                nic.fabric << key;
                nic.bandwidth = std::max(nic.bandwidth, bw);
            }
        }
        TopoLinkLive &live = m_links[key];
        const bool healthy = link.healthy();
        if (live.healthy != healthy) {
            live.healthy = healthy;
            m_changedLinks.insert(key);
        }
    }
}

void TopologyLiveTable::setLinkLoad(const QString &key, double load)
{
    TopoLinkLive &live = m_links[key];
    const bool healthy = m_clusterHealthy.value(key, true);
    if (!same(live.load, load) || live.healthy != healthy) {
        live.load = load;
        live.healthy = healthy;
        m_changedLinks.insert(key);
    }
}

bool TopologyLiveTable::apply(const pb::SampleBatch &batch)
{
    const qsizetype before = m_changedGpus.size() + m_changedLinks.size();
    std::unordered_map<std::string, GpuAcc> gpus;
    std::unordered_map<std::string, NicAcc> nics;
    for (const pb::Sample &s : batch.samples()) {
        const auto &labels = s.labels();
        const auto host = labels.find("Hostname");
        if (host == labels.end())
            continue;
        const std::string_view metric = s.metric();
        if (metric.starts_with(metric::kNicPrefix)) {
            const auto device = labels.find("device");
            if (device == labels.end())
                continue;
            NicAcc &n = nics[host->second + '/' + device->second];
            if (metric == kNicTx)
                n.tx = s.value();
            else if (metric == kNicRx)
                n.rx = s.value();
            else if (metric == kNicUp)
                n.up = s.value();
            continue;
        }
        const auto gpu = labels.find("gpu");
        if (gpu == labels.end())
            continue;
        GpuAcc &g = gpus[host->second + "/gpu" + gpu->second];
        const double v = s.value();
        if (metric == kUtil)
            g.util = v;
        else if (metric == kTemp)
            g.temp = v;
        else if (metric == kPower)
            g.power = v;
        else if (metric == kPowerLimit)
            g.limit = v;
        else if (metric == kFbUsed)
            g.fbUsed = v;
        else if (metric == kFbFree)
            g.fbFree = v;
        else if (metric == kXid)
            g.xid = true;
        else if (metric == kNvlinkTx)
            g.nvTx = v;
        else if (metric == kNvlinkRx)
            g.nvRx = v;
        else if (metric == kPcieTx)
            g.pcieTx = v;
        else if (metric == kPcieRx)
            g.pcieRx = v;
        if (g.job.empty())
            if (const auto job = labels.find("job"); job != labels.end())
                g.job = job->second;
    }

    for (const auto &[idUtf8, g] : gpus) {
        const QString id = QString::fromStdString(idUtf8);
        TopoGpuLive next;
        const QString node = id.left(id.indexOf(QLatin1Char('/')));
        next.faulted = m_downNodes.contains(node) || (g.xid && std::isnan(g.util));
        if (!next.faulted) {
            next.utilPercent = g.util;
            next.tempC = g.temp;
            next.powerW = g.power;
            next.powerLimitW = g.limit;
            if (!std::isnan(g.fbUsed) && !std::isnan(g.fbFree) && g.fbUsed + g.fbFree > 0)
                next.memUsedPercent = 100.0 * g.fbUsed / (g.fbUsed + g.fbFree);
            next.job = QString::fromStdString(g.job);
        }
        TopoGpuLive &live = m_gpus[id];
        if (!sameGpu(live, next)) {
            live = next;
            m_changedGpus.insert(id);
        }
        const auto links = m_gpuLinks.constFind(id);
        if (links == m_gpuLinks.constEnd())
            continue;
        const double nv = busier(g.nvTx, g.nvRx), pcie = busier(g.pcieTx, g.pcieRx);
        if (links->nvlinkBandwidth > 0 && !std::isnan(nv))
            for (const QString &key : links->nvlinks)
                setLinkLoad(key, next.faulted ? 0 : nv / links->nvlinkBandwidth);
        if (links->pcieBandwidth > 0 && !std::isnan(pcie))
            for (const QString &key : links->pcie)
                setLinkLoad(key, next.faulted ? 0 : pcie / links->pcieBandwidth);
    }
    for (const auto &[idUtf8, n] : nics) {
        const auto it = m_nicLinks.find(QString::fromStdString(idUtf8));
        if (it == m_nicLinks.end())
            continue;
        if (!std::isnan(n.up))
            it->up = n.up > 0.5;
        const double load = it->bandwidth > 0 ? busier(n.tx, n.rx) / it->bandwidth : kNaN;
        for (const QString &key : it->fabric) {
            setLinkLoad(key, load);
            if (!it->up && m_links[key].healthy) {
                m_links[key].healthy = false; // the port says down before the next Cluster does
                m_changedLinks.insert(key);
            }
        }
    }
    return m_changedGpus.size() + m_changedLinks.size() != before;
}

QHash<QString, TopoGpuLive> TopologyLiveTable::takeChangedGpus()
{
    QHash<QString, TopoGpuLive> out;
    out.reserve(m_changedGpus.size());
    for (const QString &id : std::as_const(m_changedGpus))
        out.insert(id, m_gpus.value(id));
    m_changedGpus.clear();
    return out;
}

QHash<QString, TopoLinkLive> TopologyLiveTable::takeChangedLinks()
{
    QHash<QString, TopoLinkLive> out;
    out.reserve(m_changedLinks.size());
    for (const QString &key : std::as_const(m_changedLinks))
        out.insert(key, m_links.value(key));
    m_changedLinks.clear();
    return out;
}

} // namespace sn
