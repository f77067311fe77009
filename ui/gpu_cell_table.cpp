#include "ui/gpu_cell_table.h"

#include "ui/natural_compare.h"

#include <QHash>

#include <algorithm>

#include <cmath>
#include <limits>

namespace sn {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool sameValue(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}
bool sameCell(const GpuCell &a, const GpuCell &b)
{
    return sameValue(a.util, b.util) && sameValue(a.tempC, b.tempC) && sameValue(a.powerW, b.powerW) &&
           a.faulted == b.faulted && a.reason == b.reason;
}

struct Seen {
    bool util = false, temp = false, power = false, xid = false;
    double utilV = kNaN, tempV = kNaN, powerV = kNaN;
};
} // namespace

pb::SubscribeTelemetryRequest GpuCellTable::subscription()
{
    pb::SubscribeTelemetryRequest request;
    for (const char *metric : {kMetricGpuUtil, kMetricGpuTemp, kMetricGpuPower, kMetricGpuXid})
        request.add_metrics(metric);
    return request;
}

void GpuCellTable::setTopology(const pb::Cluster &cluster)
{
    for (const pb::Node &node : cluster.nodes()) {
        const QString name = QString::fromStdString(node.name());
        for (const pb::Gpu &gpu : node.gpus()) {
            auto entry = m_entries.find({name, gpu.index()});
            if (entry == m_entries.end()) {
                entry = m_entries.insert({name, gpu.index()}, Entry{});
                entry->cell.node = name;
                entry->cell.index = gpu.index();
            }
            if (node.state() == pb::NODE_STATE_DOWN) {
                entry->cell.faulted = true;
                entry->cell.reason = GpuCellReason::NodeDown;
                entry->cell.util = entry->cell.tempC = entry->cell.powerW = kNaN;
            }
        }
    }
}

bool GpuCellTable::apply(const pb::SampleBatch &batch)
{
    if (m_firstBatchMs < 0)
        m_firstBatchMs = batch.time_ms();
    QHash<QPair<QString, int>, Seen> seen;
    for (const pb::Sample &s : batch.samples()) {
        const auto host = s.labels().find("Hostname");
        const auto gpu = s.labels().find("gpu");
        if (host == s.labels().end() || gpu == s.labels().end())
            continue;
        bool ok = false;
        const int index = QString::fromStdString(gpu->second).toInt(&ok);
        if (!ok)
            continue;
        Seen &g = seen[{QString::fromStdString(host->second), index}];
        if (s.metric() == kMetricGpuUtil) {
            g.util = true;
            g.utilV = s.value();
        } else if (s.metric() == kMetricGpuTemp) {
            g.temp = true;
            g.tempV = s.value();
        } else if (s.metric() == kMetricGpuPower) {
            g.power = true;
            g.powerV = s.value();
        } else if (s.metric() == kMetricGpuXid) {
            g.xid = true;
        }
    }

    bool changed = false;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        auto entry = m_entries.find(it.key());
        if (entry == m_entries.end()) {
            entry = m_entries.insert(it.key(), Entry{});
            entry->cell.node = it.key().first;
            entry->cell.index = it.key().second;
            changed = true;
        }
        const Seen &g = it.value();
        GpuCell next = entry->cell;
        const bool lost = g.xid && !g.util;
        next.faulted = lost;
        next.reason = lost ? GpuCellReason::Lost : GpuCellReason::None;
        if (lost) {
            next.util = next.tempC = next.powerW = kNaN;
        } else {
            if (g.util)
                next.util = g.utilV;
            if (g.temp)
                next.tempC = g.tempV;
            if (g.power)
                next.powerW = g.powerV;
        }
        entry->lastSeenMs = std::max<qint64>(entry->lastSeenMs, batch.time_ms());
        if (!sameCell(next, entry->cell)) {
            entry->cell = next;
            changed = true;
        }
    }

    // GPUs that have gone quiet: their node is down or cannot be reached.
    for (Entry &e : m_entries) {
        const qint64 heardMs = e.lastSeenMs >= 0 ? e.lastSeenMs : m_firstBatchMs;
        if (batch.time_ms() - heardMs > kSilentAfterMs && !e.cell.faulted) {
            e.cell.faulted = true;
            e.cell.reason = GpuCellReason::Silent;
            e.cell.util = e.cell.tempC = e.cell.powerW = kNaN;
            changed = true;
        }
    }
    return changed;
}

QVector<GpuCell> GpuCellTable::cells() const
{
    QVector<GpuCell> out;
    out.reserve(static_cast<int>(m_entries.size()));
    for (const Entry &e : m_entries)
        out.append(e.cell);
    std::stable_sort(out.begin(), out.end(), [](const GpuCell &a, const GpuCell &b) {
        const int byNode = naturalCompare(a.node, b.node);
        return byNode != 0 ? byNode < 0 : a.index < b.index;
    });
    return out;
}

} // namespace sn
