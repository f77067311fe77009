#pragma once
// The engine's telemetry intake as a service (issue 33): samples from the simulator, the
// collectors and the node agents' pushes reach the store, the live streams and the anomaly watch
// here, in one place and in time order. What it asks of the engine (who listens, the watch, the
// clock) comes through its Host; the live streams' wire form is the engine's business, so the
// service hands it engine types, one sample time at a time. It lives on the engine's thread.

#include "backend/model/result.h"
#include "backend/telemetry/ingest/pushed_samples.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/time_series_store.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sn {

class TelemetryIngest {
public:
    // What the service asks of the engine that hosts it, always on the engine's thread.
    struct Host {
        std::function<std::int64_t()> nowMs;
        // Whether anyone streams the live telemetry: the live batches are built only then (each
        // sample's labels on the wire are most of a tick's cost where nobody streams).
        std::function<bool()> live;
        // One sample time's collected samples, for the live streams.
        std::function<void(std::span<const MetricSample>, bool simulated)> publish;
        // One sample time's pushed samples (refs of the stream's table), for the live streams.
        std::function<void(const PushStreamTable &, std::span<const tsdb::RefSample>)> publishPushed;
        // Whether the anomaly watch reads a metric, and a sample for it (time order per series).
        std::function<bool(const std::string &metric)> watches;
        std::function<void(const MetricSample &)> watch;
    };

    TelemetryIngest(Host host, std::unique_ptr<tsdb::TimeSeriesStore> store);

    // The store cluster.yaml's telemetry section asks for; a data directory that cannot be used
    // is reported and the engine runs on a memory-only store rather than not at all, with why in
    // *unavailable (then pushed samples are not acknowledged: Engine::ingestPushed).
    static std::unique_ptr<tsdb::TimeSeriesStore> openStore(const std::string &dataDir, std::int64_t retentionMs,
                                                            std::size_t maxSeries, std::string *unavailable = nullptr);

    // Collected or simulated samples: put in time order, published, watched and stored. A store
    // that refuses them is logged: a collector cannot send them again.
    void ingest(std::vector<MetricSample> samples, bool simulated);
    // A node agent's samples (supernoded's PushSamples). New series are resolved once per
    // stream, and samples reach the store by ref, without label maps. Subscribers and the watch
    // see only samples newer than the newest pushed one of their series, so a batch the agent
    // resends after a lost answer is not news twice (the store drops it by itself); the watch
    // gets samples only of the series it reads. Once this returns the store's WAL has the
    // samples (the agent's ack); an error means none was acknowledged.
    Result<tsdb::AppendResult> ingestPushed(PushStreamTable &table, PushedBatch &batch);

    // When (engine time) a node's agent last pushed a sample of it; none when it never did.
    std::optional<std::int64_t> lastPushMs(const std::string &node) const;

    const tsdb::TimeSeriesStore &store() const { return *m_store; }

private:
    void registerSeries(PushStreamTable &table, PushedSeries &series);
    // The store series of a stream ref, asked of the store again when it has none.
    tsdb::SeriesId storeSeries(PushStreamTable &table, std::size_t ref);
    // Refs whose series the store forgot since the table was last checked lose them.
    void dropForgottenSeries(PushStreamTable &table) const;

    Host m_host;
    std::unique_ptr<tsdb::TimeSeriesStore> m_store;
    std::vector<std::int64_t> m_pushedUntil;          // store series -> newest pushed sample time
    std::map<std::string, std::int64_t> m_pushedAtMs; // node -> engine time its agent last pushed
};

} // namespace sn
