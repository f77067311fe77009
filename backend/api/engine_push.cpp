// Telemetry pushed by node agents (supernoded's PushSamples): the fast path of ingress. Series
// are resolved once per stream and samples go to the store by ref, so a million samples a
// second cost no label maps; live subscribers get SampleBatches only when someone listens.
#include "backend/api/engine.h"

#include <QMetaMethod>

namespace sn {

namespace {

// One SampleBatch per run of equal times, as the collectors' batches come.
void publishPushed(const PushStreamTable &table, const std::vector<tsdb::RefSample> &samples,
                   const std::function<void(const pb::SampleBatch &)> &emitBatch)
{
    pb::SampleBatch batch;
    for (const tsdb::RefSample &s : samples) {
        if (batch.samples_size() > 0 && batch.time_ms() != s.timeMs) {
            emitBatch(batch);
            batch.clear_samples();
        }
        batch.set_time_ms(s.timeMs);
        pb::Sample *out = batch.add_samples();
        *out = table.names[s.ref];
        out->set_time_ms(s.timeMs);
        out->set_value(s.value);
    }
    if (batch.samples_size() > 0)
        emitBatch(batch);
}

} // namespace

Result<tsdb::AppendResult> Engine::ingestPushed(PushStreamTable &table, PushedBatch batch)
{
    for (PushedSeries &s : batch.newSeries) {
        table.store.push_back(m_store->seriesRef(s.metric, s.labels));
        pb::Sample name;
        name.set_metric(std::move(s.metric));
        for (auto &[k, v] : s.labels)
            (*name.mutable_labels())[k] = v;
        table.names.push_back(std::move(name));
    }
    static const QMetaMethod telemetrySignal = QMetaMethod::fromSignal(&Engine::telemetry);
    if (isSignalConnected(telemetrySignal))
        publishPushed(table, batch.samples, [this](const pb::SampleBatch &b) { emit telemetry(b); });
    for (tsdb::RefSample &s : batch.samples)
        s.ref = table.store[s.ref];
    return m_store->append(batch.samples.data(), batch.samples.size());
}

} // namespace sn
