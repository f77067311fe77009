#include "ui/topology_details.h"

#include "translations/event_text.h"
#include "ui/details_html.h"

#include "widgets/topology_items.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <cmath>

namespace sn {

namespace {
struct TopologyDetails {
    Q_DECLARE_TR_FUNCTIONS(sn::TopologyDetails)
};

using details::row;

QString q(const std::string &s)
{
    return details::escaped(s);
}

QString bytes(double b)
{
    return QLocale().formattedDataSize(static_cast<qint64>(b), 1, QLocale::DataSizeTraditionalFormat);
}

QString eventList(const QVector<pb::Event> &events)
{
    if (events.isEmpty())
        return QStringLiteral("<p>") + TopologyDetails::tr("No recent events.") + QStringLiteral("</p>");
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    for (const pb::Event &e : events) {
        const QString time =
            QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.time_ms()).time(), QLocale::ShortFormat);
        html += QStringLiteral("<tr><td style='padding-right:8px'>%1</td><td style='padding-right:8px'><b>%2</b>%3</td>"
                               "<td>%4</td></tr>")
                    .arg(time, severityName(e.severity()), e.acknowledged() ? TopologyDetails::tr(" (ack)") : QString(),
                         eventMessageText(e.message()).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}
} // namespace

QString severityName(pb::Severity severity)
{
    switch (severity) {
    case pb::SEVERITY_INFO:
        return TopologyDetails::tr("info");
    case pb::SEVERITY_WARNING:
        return TopologyDetails::tr("warning");
    case pb::SEVERITY_ERROR:
        return TopologyDetails::tr("error");
    case pb::SEVERITY_CRITICAL:
        return TopologyDetails::tr("critical");
    default:
        return TopologyDetails::tr("unknown");
    }
}

const pb::Gpu *findGpu(const pb::Cluster &cluster, const QString &id, const pb::Node **node)
{
    const std::string want = id.toStdString();
    for (const pb::Node &n : cluster.nodes())
        for (const pb::Gpu &g : n.gpus())
            if (g.id() == want) {
                if (node)
                    *node = &n;
                return &g;
            }
    return nullptr;
}

const pb::Link *findLink(const pb::Cluster &cluster, const QString &a, const QString &b)
{
    const std::string sa = a.toStdString(), sb = b.toStdString();
    for (const pb::Link &l : cluster.links())
        if ((l.a() == sa && l.b() == sb) || (l.a() == sb && l.b() == sa))
            return &l;
    return nullptr;
}

QVector<pb::Event> eventsFor(const std::deque<pb::Event> &events, const QString &node, int gpu, int limit)
{
    QVector<pb::Event> out;
    const std::string n = node.toStdString();
    for (auto it = events.rbegin(); it != events.rend() && out.size() < limit; ++it)
        if (it->node() == n && (gpu < 0 || it->gpu() == gpu))
            out.append(*it);
    return out;
}

QString gpuDetailsHtml(const pb::Node &node, const pb::Gpu &gpu, const TopoGpuLive &live,
                       const QVector<pb::Event> &events)
{
    QString html = QStringLiteral("<h3>%1 · GPU %2</h3>").arg(q(node.name())).arg(gpu.index());
    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(TopologyDetails::tr("Model"), q(gpu.model()));
    html += row(TopologyDetails::tr("UUID"), q(gpu.uuid()));
    html += row(TopologyDetails::tr("PCI bus"), q(gpu.pci_bus_id()));
    html += row(TopologyDetails::tr("Memory"), bytes(static_cast<double>(gpu.memory_bytes())));
    if (gpu.numa_node() >= 0)
        html += row(TopologyDetails::tr("NUMA node"), QString::number(gpu.numa_node()));
    html +=
        QStringLiteral("</table><h4>%1</h4><table cellspacing='0' cellpadding='1'>").arg(TopologyDetails::tr("Now"));
    if (live.faulted) {
        html += row(TopologyDetails::tr("State"),
                    QStringLiteral("<span style='color:#d62728'><b>%1</b></span>")
                        .arg(node.state() == pb::NODE_STATE_DOWN ? TopologyDetails::tr("node down")
                                                                 : TopologyDetails::tr("not usable (lost)")));
    } else {
        html += row(TopologyDetails::tr("Utilization"), topoMetricText(TopoMetric::Utilization, live.utilPercent));
        html += row(TopologyDetails::tr("Temperature"), topoMetricText(TopoMetric::Temperature, live.tempC));
        html += row(TopologyDetails::tr("Power"), std::isnan(live.powerLimitW)
                                                      ? topoMetricText(TopoMetric::Power, live.powerW)
                                                      : TopologyDetails::tr("%1 of %2")
                                                            .arg(topoMetricText(TopoMetric::Power, live.powerW),
                                                                 topoMetricText(TopoMetric::Power, live.powerLimitW)));
        html += row(TopologyDetails::tr("Memory used"), topoMetricText(TopoMetric::Memory, live.memUsedPercent));
    }
    html +=
        row(TopologyDetails::tr("Job"), live.job.isEmpty() ? TopologyDetails::tr("idle") : live.job.toHtmlEscaped());
    html += QStringLiteral("</table><h4>%1</h4>").arg(TopologyDetails::tr("Recent events"));
    return html + eventList(events);
}

QString linkDetailsHtml(const pb::Link &link, const TopoLinkLive &live)
{
    const QLocale l;
    QString kind;
    switch (link.type()) {
    case pb::LINK_TYPE_NVLINK:
        kind = TopologyDetails::tr("NVLink, %1 links").arg(link.lanes());
        break;
    case pb::LINK_TYPE_PCIE:
        kind = TopologyDetails::tr("PCIe, x%1").arg(link.lanes());
        break;
    case pb::LINK_TYPE_ROCE:
        kind = TopologyDetails::tr("RoCE");
        break;
    case pb::LINK_TYPE_INFINIBAND:
        kind = TopologyDetails::tr("InfiniBand");
        break;
    default:
        kind = TopologyDetails::tr("Ethernet");
    }
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing='0' cellpadding='1'>").arg(kind);
    html += row(TopologyDetails::tr("From"), q(link.a()));
    html += row(TopologyDetails::tr("To"), q(link.b()));
    html += row(TopologyDetails::tr("Bandwidth"),
                TopologyDetails::tr("%1/s per direction").arg(bytes(link.bandwidth_bytes_per_second())));
    if (link.latency_us() > 0)
        html += row(TopologyDetails::tr("Latency"),
                    TopologyDetails::tr("%1 µs").arg(l.toString(link.latency_us(), 'f', 1)));
    html +=
        row(TopologyDetails::tr("State"), live.healthy ? TopologyDetails::tr("up")
                                                       : QStringLiteral("<span style='color:#d62728'><b>%1</b></span>")
                                                             .arg(TopologyDetails::tr("down or erroring")));
    if (!std::isnan(live.load))
        html += row(TopologyDetails::tr("Load"), TopologyDetails::tr("%1 % (%2/s)")
                                                     .arg(l.toString(live.load * 100, 'f', 0),
                                                          bytes(live.load * link.bandwidth_bytes_per_second())));
    return html + QStringLiteral("</table>");
}

QString deviceDetailsHtml(const pb::Cluster &cluster, const QString &deviceId, bool down,
                          const QVector<pb::Event> &events)
{
    const std::string id = deviceId.toStdString();
    const QString state =
        down ? QStringLiteral("<span style='color:#d62728'><b>%1</b></span>").arg(TopologyDetails::tr("down"))
             : TopologyDetails::tr("up");
    for (const pb::Switch &s : cluster.switches())
        if (s.name() == id)
            return QStringLiteral("<h3>%1</h3><table>").arg(TopologyDetails::tr("Switch %1").arg(q(s.name()))) +
                   row(TopologyDetails::tr("Ports"), QString::number(s.ports())) +
                   row(TopologyDetails::tr("Port speed"), TopologyDetails::tr("%1 Gb/s").arg(s.port_speed_gbps())) +
                   QStringLiteral("</table>");
    for (const pb::Node &n : cluster.nodes()) {
        for (const pb::Nic &nic : n.nics())
            if (nic.id() == id)
                return QStringLiteral("<h3>%1 · %2</h3><table>").arg(q(n.name()), q(nic.name())) +
                       row(TopologyDetails::tr("Speed"), TopologyDetails::tr("%1 Gb/s").arg(nic.speed_gbps())) +
                       row(TopologyDetails::tr("NUMA node"), QString::number(nic.numa_node())) +
                       row(TopologyDetails::tr("Port"), state) +
                       QStringLiteral("</table><h4>%1</h4>").arg(TopologyDetails::tr("Recent events of the node")) +
                       eventList(events);
        for (const pb::NvSwitch &s : n.nvswitches())
            if (s.id() == id)
                return QStringLiteral("<h3>%1 · NVSwitch %2</h3><table>").arg(q(n.name())).arg(s.index()) +
                       row(TopologyDetails::tr("Model"), q(s.model())) + row(TopologyDetails::tr("State"), state) +
                       QStringLiteral("</table>");
    }
    return {};
}

} // namespace sn
