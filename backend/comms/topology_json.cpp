#include "backend/comms/topology_json.h"

#include <QJsonArray>

namespace sn::comms {

namespace {

QJsonValue number(double v)
{
    return known(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonValue optionalInt(const std::optional<int> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// What kind of link carries traffic between two devices nvidia-smi relates this way.
const char *linkTypeOfPath(TopoPath p)
{
    switch (p) {
    case TopoPath::Self:
        return "self";
    case TopoPath::NvLink:
        return "nvlink";
    case TopoPath::Pix:
    case TopoPath::Pxb:
        return "pcie_switch";
    case TopoPath::Phb:
        return "pcie_host_bridge";
    case TopoPath::Node:
        return "pcie_numa_node";
    case TopoPath::Sys:
        return "pcie_cpu_interconnect";
    }
    return "unknown";
}

} // namespace

QJsonObject graphToJson(const TopologyGraph &graph)
{
    QJsonArray devices;
    for (const Device &d : graph.devices()) {
        QJsonObject o{{"id", q(d.id)}, {"kind", deviceKindName(d.kind)}, {"host", q(d.host)}};
        o["index"] = d.index >= 0 ? QJsonValue(d.index) : QJsonValue(QJsonValue::Null);
        o["numa_node"] = d.numaNode >= 0 ? QJsonValue(d.numaNode) : QJsonValue(QJsonValue::Null);
        if (!d.cpuAffinity.empty())
            o["cpu_affinity"] = q(d.cpuAffinity);
        if (!d.model.empty())
            o["model"] = q(d.model);
        if (d.tier > 0)
            o["tier"] = d.tier;
        if (!d.rail.empty())
            o["rail"] = q(d.rail);
        devices.append(o);
    }
    QJsonArray links;
    for (const Link &l : graph.links()) {
        QJsonObject o{{"a", q(graph.device(l.a).id)},
                      {"b", q(graph.device(l.b).id)},
                      {"type", linkKindName(l.kind)},
                      {"health", linkHealthName(l.health)}};
        if (l.lanes > 0)
            o[l.kind == LinkKind::NvLink ? "nvlinks" : "lanes"] = l.lanes;
        if (l.generation > 0)
            o["generation"] = l.generation;
        o["bandwidth_gbps_per_direction"] = number(l.bandwidthGBps);
        o["latency_us"] = number(l.latencyUs);
        if (known(l.utilization))
            o["utilization"] = l.utilization;
        if (l.errors >= 0)
            o["errors"] = static_cast<double>(l.errors);
        links.append(o);
    }
    return {{"devices", devices}, {"links", links}};
}

QJsonObject topoMatrixToJson(const TopoMatrix &m, const TopologyGraph &graph)
{
    const std::size_t n = m.devices.size();
    QJsonArray devices;
    for (const TopoMatrixDevice &d : m.devices) {
        QJsonObject o{{"name", q(d.name)}, {"label", q(d.label)}, {"kind", d.isGpu ? "gpu" : "nic"}};
        o["cpu_affinity"] = d.cpuAffinity.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q(d.cpuAffinity));
        o["numa_node"] = optionalInt(d.numaNode);
        o["gpu_numa_id"] = optionalInt(d.gpuNumaId);
        devices.append(o);
    }
    QJsonArray pairs;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const TopoCell &c = m.at(i, j);
            QJsonObject o{{"a", q(m.devices[i].name)},
                          {"b", q(m.devices[j].name)},
                          {"connection", q(c.text())},
                          {"link_type", linkTypeOfPath(c.path)}};
            if (c.path == TopoPath::NvLink)
                o["nvlinks"] = c.nvlinks;
            pairs.append(o);
        }
    QJsonArray nics;
    for (std::size_t i = 0; i < n; ++i) {
        if (m.devices[i].isGpu)
            continue;
        // The GPUs closest to this NIC, by nvidia-smi's ranking PIX < PXB < PHB < NODE < SYS.
        TopoPath best = TopoPath::Sys;
        bool any = false;
        for (std::size_t j = 0; j < n; ++j)
            if (m.devices[j].isGpu && (!any || m.at(i, j).path < best)) {
                best = m.at(i, j).path;
                any = true;
            }
        QJsonArray nearest;
        for (std::size_t j = 0; j < n; ++j)
            if (any && m.devices[j].isGpu && m.at(i, j).path == best)
                nearest.append(q(m.devices[j].name));
        const int g = graph.find(graph.devices().empty() ? "" : graph.devices().front().host + "/" + m.devices[i].name);
        QJsonObject o{{"name", q(m.devices[i].name)}, {"nearest_gpus", nearest}};
        o["nearest_path"] = any ? QJsonValue(topoPathName(best)) : QJsonValue(QJsonValue::Null);
        o["numa_node"] = g >= 0 && graph.device(g).numaNode >= 0 ? QJsonValue(graph.device(g).numaNode)
                                                                 : QJsonValue(QJsonValue::Null);
        nics.append(o);
    }
    return {{"devices", devices}, {"gpus", m.gpuCount()}, {"nics_count", m.nicCount()},
            {"pairs", pairs},     {"nics", nics},         {"graph", graphToJson(graph)}};
}

} // namespace sn::comms
