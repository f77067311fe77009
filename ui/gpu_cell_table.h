#pragma once
// The latest reading of every GPU, built from telemetry batches (dcgm-exporter names and
// labels: Hostname, gpu). It stores only; the Overview copies it to the heat strip on its own
// repaint timer (the Wireshark rule: callbacks store, the UI draws later).
//
// The topology (getCluster) seeds a cell for every GPU, so a GPU that never reports is shown
// rather than missing. A GPU is shown faulted when its node is down, when NVML stops answering
// for it (its batch carries the XID field but no utilization, as a GPU that has fallen off the
// bus does) or when nothing has been heard from it for kSilentAfterMs of engine time while
// other GPUs report (its node is down or unreachable).

#include "backend/api/engine_api.h"
#include "backend/api/metric_catalogue.h"
#include "widgets/gpu_cell.h"

#include <QMap>

namespace sn {

inline constexpr const char *kMetricGpuUtil = metric::kGpuUtil;
inline constexpr const char *kMetricGpuTemp = metric::kGpuTemp;
inline constexpr const char *kMetricGpuPower = metric::kPower;
inline constexpr const char *kMetricGpuXid = metric::kXid;

class GpuCellTable {
public:
    static constexpr qint64 kSilentAfterMs = 5000;

    // The subscription the table needs.
    static pb::SubscribeTelemetryRequest subscription();

    // Every GPU of the cluster, with no readings yet; GPUs of nodes that are down are faulted.
    void setTopology(const pb::Cluster &cluster);

    // Returns whether anything shown changed.
    bool apply(const pb::SampleBatch &batch);

    // Sorted by node name (numbers compared as numbers), then GPU index.
    QVector<GpuCell> cells() const;
    int size() const { return static_cast<int>(m_entries.size()); }

private:
    struct Entry {
        GpuCell cell;
        qint64 lastSeenMs = -1; // engine time of its last report; -1: never reported
    };
    QMap<QPair<QString, int>, Entry> m_entries;
    qint64 m_firstBatchMs = -1;
};

} // namespace sn
