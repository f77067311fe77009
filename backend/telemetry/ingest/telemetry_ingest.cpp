#include "backend/telemetry/ingest/telemetry_ingest.h"

#include <QLoggingCategory>
#include <QString>

#include <algorithm>
#include <limits>

Q_LOGGING_CATEGORY(lcIngest, "sn.telemetry.ingest")

namespace sn {

namespace {

// Calls `each` with every run of equal sample times in `samples` (already in time order): the
// live streams get one batch per sample time, as a collector sends them.
template <typename Sample, typename Each>
void forEachSampleTime(std::span<const Sample> samples, Each each)
{
    std::size_t first = 0;
    for (std::size_t i = 1; i <= samples.size(); ++i)
        if (i == samples.size() || samples[i].timeMs != samples[first].timeMs) {
            each(samples.subspan(first, i - first));
            first = i;
        }
}

// An agent's batch is mostly one collection time, so already in order: checking is a pass,
// where stable_sort would still allocate and merge.
template <typename Sample>
void sortByTime(std::vector<Sample> &samples)
{
    const auto byTime = [](const Sample &a, const Sample &b) { return a.timeMs < b.timeMs; };
    if (!std::is_sorted(samples.begin(), samples.end(), byTime))
        std::stable_sort(samples.begin(), samples.end(), byTime);
}

} // namespace

TelemetryIngest::TelemetryIngest(Host host, std::unique_ptr<tsdb::TimeSeriesStore> store)
    : m_host(std::move(host)), m_store(std::move(store))
{
}

std::unique_ptr<tsdb::TimeSeriesStore> TelemetryIngest::openStore(const std::string &dataDir, std::int64_t retentionMs,
                                                                  std::size_t maxSeries, std::string *unavailable)
{
    tsdb::StoreOptions options;
    options.dataDir = QString::fromStdString(dataDir);
    options.retentionMs = retentionMs;
    options.maxSeries = maxSeries;
    auto opened = tsdb::TimeSeriesStore::open(options);
    if (opened)
        return std::move(*opened);
    qCCritical(lcIngest).noquote() << "telemetry store in" << options.dataDir << "cannot be opened ("
                                   << QString::fromStdString(opened.error().message)
                                   << "); keeping telemetry in memory only";
    if (unavailable)
        *unavailable = "the telemetry store in " + dataDir + " cannot be opened (" + opened.error().message + ")";
    options.dataDir.clear();
    return std::move(tsdb::TimeSeriesStore::open(options).value());
}

void TelemetryIngest::ingest(std::vector<MetricSample> samples, bool simulated)
{
    sortByTime(samples);
    if (m_host.live())
        forEachSampleTime<MetricSample>(samples, [&](std::span<const MetricSample> sameTime) {
            m_host.publish(sameTime, simulated);
        });
    for (const MetricSample &s : samples)
        m_host.watch(s);
    if (auto stored = m_store->append(samples); !stored)
        qCWarning(lcIngest).noquote() << "telemetry not stored:" << QString::fromStdString(stored.error().message);
}

tsdb::SeriesId TelemetryIngest::storeSeries(PushStreamTable &table, std::size_t ref)
{
    tsdb::SeriesId &id = table.store[ref];
    if (id != tsdb::kNoSeries)
        return id;
    id = m_store->seriesRef(table.series[ref].metric, table.series[ref].labels);
    if (id != tsdb::kNoSeries && id >= m_pushedUntil.size())
        m_pushedUntil.resize(std::size_t(id) + 1, std::numeric_limits<std::int64_t>::min());
    return id;
}

void TelemetryIngest::dropForgottenSeries(PushStreamTable &table) const
{
    // The store forgets a series none of whose samples it keeps any more (a finished job's, a
    // metric gone for hours); a stream that sends it again gets a new one.
    if (table.storeForgetGeneration == m_store->forgetGeneration())
        return;
    table.storeForgetGeneration = m_store->forgetGeneration();
    for (tsdb::SeriesId &id : table.store)
        if (id != tsdb::kNoSeries && !m_store->isLive(id))
            id = tsdb::kNoSeries;
}

void TelemetryIngest::registerSeries(PushStreamTable &table, PushedSeries &series)
{
    table.store.push_back(tsdb::kNoSeries); // resolved at its first sample (storeSeries)
    if (m_host.watches(series.metric)) {
        table.watched.push_back(static_cast<int>(table.watchedSamples.size()));
        table.watchedSamples.push_back(MetricSample{series.metric, series.labels, 0, 0});
    } else {
        table.watched.push_back(-1);
    }
    const auto host = series.labels.find("Hostname");
    if (host == series.labels.end()) {
        table.node.push_back(-1);
    } else {
        const auto known = std::find(table.nodes.begin(), table.nodes.end(), host->second);
        table.node.push_back(static_cast<int>(known - table.nodes.begin()));
        if (known == table.nodes.end())
            table.nodes.push_back(host->second);
    }
    table.series.push_back(std::move(series));
}

Result<tsdb::AppendResult> TelemetryIngest::ingestPushed(PushStreamTable &table, PushedBatch &batch)
{
    if (table.store.empty()) // a new stream: nothing it holds can have been forgotten
        table.storeForgetGeneration = m_store->forgetGeneration();
    dropForgottenSeries(table);
    for (PushedSeries &s : batch.newSeries)
        registerSeries(table, s);
    batch.newSeries.clear();
    const bool live = m_host.live();
    std::vector<tsdb::RefSample> fresh;   // stream refs; only what subscribers or the watch need
    std::vector<tsdb::RefSample> watched; // ref: index in table.watchedSamples
    if (live)
        fresh.reserve(batch.samples.size());
    if (!table.watchedSamples.empty())
        watched.reserve(batch.samples.size());
    // Nodes this batch has samples of; an agent's stream is almost always one node.
    std::vector<bool> heard(table.nodes.size(), false);
    for (const tsdb::RefSample &s : batch.samples) {
        if (const int n = table.node[s.ref]; n >= 0)
            heard[std::size_t(n)] = true;
        // Without a store series (refused at its limit) a sample cannot be told from a resend.
        if (const tsdb::SeriesId id = storeSeries(table, s.ref); id != tsdb::kNoSeries) {
            std::int64_t &until = m_pushedUntil[id];
            if (s.timeMs <= until)
                continue;
            until = s.timeMs;
        }
        if (live)
            fresh.push_back(s);
        if (const int w = table.watched[s.ref]; w >= 0)
            watched.push_back({static_cast<tsdb::SeriesId>(w), s.timeMs, s.value});
    }
    if (!fresh.empty()) {
        sortByTime(fresh);
        forEachSampleTime<tsdb::RefSample>(fresh, [&](std::span<const tsdb::RefSample> sameTime) {
            m_host.publishPushed(table, sameTime);
        });
    }
    // In time order, as the watch gets collected samples (the load-aware detectors pair a GPU's
    // power and temperature by time); no label map is built per sample.
    sortByTime(watched);
    for (const tsdb::RefSample &s : watched) {
        MetricSample &sample = table.watchedSamples[s.ref];
        sample.timeMs = s.timeMs;
        sample.value = s.value;
        m_host.watch(sample);
    }
    // When the engine heard from the node, not the samples' own times: the agent's clock may be
    // off from this one, and a backlog it sends after an outage is old but the agent is there.
    for (std::size_t n = 0; n < heard.size(); ++n)
        if (heard[n])
            m_pushedAtMs[table.nodes[n]] = m_host.nowMs();
    for (tsdb::RefSample &s : batch.samples)
        s.ref = table.store[s.ref];
    return m_store->append(batch.samples.data(), batch.samples.size());
}

std::optional<std::int64_t> TelemetryIngest::lastPushMs(const std::string &node) const
{
    const auto it = m_pushedAtMs.find(node);
    if (it == m_pushedAtMs.end())
        return std::nullopt;
    return it->second;
}

} // namespace sn
