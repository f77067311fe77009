#pragma once
// Samples a node agent pushed to supernoded (PushSamples, docs/remote.md "Telemetry ingress"),
// decoded off the wire but not yet resolved to store series: the stream names each series once
// and then refers to it by its stream ref. The engine thread resolves refs through the stream's
// PushStreamTable (TelemetryIngest::ingestPushed), which lives as long as the stream and is
// touched only on that thread.

#include "backend/model/log_record.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/series_index.h"
#include "backend/telemetry/store/time_series_store.h"
#include "backend/telemetry/store/wal.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn {

struct PushedSeries {
    std::string metric;
    Labels labels;
};

struct PushedBatch {
    std::vector<PushedSeries> newSeries;  // get the stream refs table.size(), table.size() + 1, ...
    std::vector<tsdb::RefSample> samples; // ref: the stream's ref, already checked to be registered
    // The node's log lines (node filled in), and the batch's name at the agent: a batch sent
    // twice (its answer lost) has its lines kept once.
    std::vector<LogRecord> logLines;
    std::string agent;
    std::uint64_t run = 0; // 0: an agent that does not say; its lines are always kept
    std::uint64_t sequence = 0;
};

struct PushedResult {
    tsdb::AppendResult samples;
    std::size_t logLinesKept = 0;
};

struct PushStreamTable {
    // stream ref -> store series; kNoSeries while it has none (refused at the store's series
    // limit, or forgotten by the store): the next sample of the ref asks the store again.
    std::vector<tsdb::SeriesId> store;
    std::uint64_t storeForgetGeneration = 0; // the store's forgetGeneration() `store` was checked at
    std::vector<PushedSeries> series;  // stream ref -> metric and labels, for live subscribers
    // stream ref -> index in `watchedSamples` (its metric and labels, built once; only time and
    // value change per sample), or -1 when the anomaly watch does not read its metric.
    std::vector<int> watched;
    std::vector<MetricSample> watchedSamples;
    // stream ref -> index in `nodes` (its Hostname label), or -1 without one: a sample is the
    // sign that its node is reporting (TelemetryIngest::lastPushMs).
    std::vector<int> node;
    std::vector<std::string> nodes;
};

} // namespace sn
