#pragma once
// What the Topology page's details panel says about the selected GPU, link or device: its
// identity from the Cluster, its live values, its job and its recent events, as rich text.
// Free functions over engine messages and the view's plain values, so they are tested alone.

#include "backend/api/engine_api.h"
#include "widgets/topology_types.h"

#include <deque>

namespace sn {

// The GPU of the cluster with this topology id; null when there is none.
const pb::Gpu *findGpu(const pb::Cluster &cluster, const QString &id, const pb::Node **node = nullptr);
const pb::Link *findLink(const pb::Cluster &cluster, const QString &a, const QString &b);

// Events about one GPU (or, with gpu < 0, about the node as a whole), newest first.
QVector<pb::Event> eventsFor(const std::deque<pb::Event> &events, const QString &node, int gpu, int limit);

QString gpuDetailsHtml(const pb::Node &node, const pb::Gpu &gpu, const TopoGpuLive &live,
                       const QVector<pb::Event> &events);
QString linkDetailsHtml(const pb::Link &link, const TopoLinkLive &live);
QString deviceDetailsHtml(const pb::Cluster &cluster, const QString &deviceId, bool down,
                          const QVector<pb::Event> &events);

QString severityName(pb::Severity severity);

} // namespace sn
