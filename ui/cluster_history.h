#pragma once
// The Overview's history line from stored telemetry: per sample time, the mean utilization over
// all GPUs and the hottest GPU's temperature, from two range queries. Lets the chart open with
// the last minutes filled in instead of empty.

#include "backend/api/supernode.pb.h"

#include <QList>
#include <QPointF>

namespace sn {

struct ClusterHistory {
    QList<QPointF> utilPercent; // x: engine time in ms, oldest first
    QList<QPointF> maxTempC;    // same x as utilPercent
};

// The two range queries the history needs, over [startMs, now] with one point per stepMs.
supernode::v1::QueryRangeRequest historyQuery(const char *metric, qint64 startMs, qint64 stepMs);

// util: DCGM_FI_DEV_GPU_UTIL series, temp: DCGM_FI_DEV_GPU_TEMP series. Only times present in
// both are kept.
ClusterHistory clusterHistory(const supernode::v1::QueryRangeResponse &util,
                              const supernode::v1::QueryRangeResponse &temp);

} // namespace sn
