// Telemetry pushed by node agents (supernoded's PushSamples): the fast path of ingress. Series
// are resolved once per stream and samples go to the store by ref, so a million samples a
// second cost no label maps. Pushed samples get what collected ones get (Engine::ingestSamples):
// live subscribers and the anomaly watch see them, but only samples newer than the newest
// pushed one of their series, so a batch the agent resends after a lost answer is not news
// twice (the store drops it by itself); the watch gets MetricSamples only for the series it
// watches, so the unwatched bulk costs nothing there. The batch's log lines go where every
// line goes (Engine::ingestLogs), once per batch however often it is sent.
#include "backend/engine/engine.h"

#include <algorithm>
#include <limits>

namespace sn {

namespace {

// One SampleBatch per sample time, as the collectors' batches come. `fresh` is in time order.
void publishPushed(const PushStreamTable &table, const std::vector<tsdb::RefSample> &fresh,
                   const std::function<void(SharedSampleBatch)> &emitBatch)
{
    auto batch = std::make_shared<pb::SampleBatch>();
    for (const tsdb::RefSample &s : fresh) {
        if (batch->samples_size() > 0 && batch->time_ms() != s.timeMs) {
            emitBatch(std::move(batch));
            batch = std::make_shared<pb::SampleBatch>();
        }
        batch->set_time_ms(s.timeMs);
        pb::Sample *out = batch->add_samples();
        *out = table.names[s.ref];
        out->set_time_ms(s.timeMs);
        out->set_value(s.value);
    }
    if (batch->samples_size() > 0)
        emitBatch(std::move(batch));
}

} // namespace

bool Engine::firstTimeLogBatch(const PushedBatch &batch)
{
    if (batch.run == 0)
        return true;
    auto key = std::make_pair(batch.agent, batch.run);
    auto [it, added] = m_pushedLogBatch.try_emplace(key, 0);
    if (added) {
        m_pushedLogRuns.push_back(std::move(key));
        constexpr std::size_t kRunsRemembered = 4096; // agent restarts the daemon lives through
        if (m_pushedLogRuns.size() > kRunsRemembered) {
            m_pushedLogBatch.erase(m_pushedLogRuns.front());
            m_pushedLogRuns.pop_front();
        }
    }
    if (batch.sequence <= it->second)
        return false;
    it->second = batch.sequence;
    return true;
}

Result<PushedResult> Engine::ingestPushed(PushStreamTable &table, PushedBatch batch)
{
    for (PushedSeries &s : batch.newSeries) {
        const tsdb::SeriesId id = m_store->seriesRef(s.metric, s.labels);
        table.store.push_back(id);
        if (m_watch && m_watch->watches(s.metric)) {
            table.watched.push_back(static_cast<int>(table.watchedSamples.size()));
            table.watchedSamples.push_back(MetricSample{s.metric, s.labels, 0, 0});
        } else {
            table.watched.push_back(-1);
        }
        const auto host = s.labels.find("Hostname");
        if (host == s.labels.end()) {
            table.node.push_back(-1);
        } else {
            const auto known = std::find(table.nodes.begin(), table.nodes.end(), host->second);
            table.node.push_back(static_cast<int>(known - table.nodes.begin()));
            if (known == table.nodes.end())
                table.nodes.push_back(host->second);
        }
        if (id >= m_pushedUntil.size())
            m_pushedUntil.resize(std::size_t(id) + 1, std::numeric_limits<std::int64_t>::min());
        pb::Sample name;
        name.set_metric(std::move(s.metric));
        for (auto &[k, v] : s.labels)
            (*name.mutable_labels())[k] = v;
        table.names.push_back(std::move(name));
    }
    const bool live = hasTelemetrySubscribers();
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
        std::int64_t &until = m_pushedUntil[table.store[s.ref]];
        if (s.timeMs <= until)
            continue;
        until = s.timeMs;
        if (live)
            fresh.push_back(s);
        if (const int w = table.watched[s.ref]; w >= 0)
            watched.push_back({static_cast<tsdb::SeriesId>(w), s.timeMs, s.value});
    }
    // An agent's batch is mostly one collection time, so already in order: checking is a
    // pass, where stable_sort would still allocate and merge.
    const auto byTime = [](const tsdb::RefSample &a, const tsdb::RefSample &b) { return a.timeMs < b.timeMs; };
    if (!fresh.empty()) {
        if (!std::is_sorted(fresh.begin(), fresh.end(), byTime))
            std::stable_sort(fresh.begin(), fresh.end(), byTime);
        publishPushed(table, fresh, [this](SharedSampleBatch b) { emit telemetry(b); });
    }
    if (!watched.empty()) {
        // In time order, as the watch gets collected samples (the load-aware detectors pair a
        // GPU's power and temperature by time); no label map is built per sample.
        if (!std::is_sorted(watched.begin(), watched.end(), byTime))
            std::stable_sort(watched.begin(), watched.end(), byTime);
        for (const tsdb::RefSample &s : watched) {
            MetricSample &sample = table.watchedSamples[s.ref];
            sample.timeMs = s.timeMs;
            sample.value = s.value;
            watchSample(sample);
        }
    }
    // When the engine heard from the node, not the samples' own times: the agent's clock may
    // be off from this one, and a backlog it sends after an outage is old but the agent is there.
    for (std::size_t n = 0; n < heard.size(); ++n)
        if (heard[n])
            m_pushedAtMs[table.nodes[n]] = m_clock->nowMs();
    for (tsdb::RefSample &s : batch.samples)
        s.ref = table.store[s.ref];
    auto appended = m_store->append(batch.samples.data(), batch.samples.size());
    if (!appended)
        return appended.error(); // not acknowledged: the agent sends the batch, lines too, again
    PushedResult result{*appended, 0};
    if (!batch.logLines.empty() && firstTimeLogBatch(batch)) {
        result.logLinesKept = batch.logLines.size();
        ingestLogs(std::move(batch.logLines));
    }
    return result;
}

} // namespace sn
