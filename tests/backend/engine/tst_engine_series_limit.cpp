// The engine says when its telemetry store refuses new series at its limit (cluster.yaml
// telemetry.maxSeries): a telemetry.series_limit warning with the count, at most once an hour
// while refusals go on (issue 29, item 7). Samples of an agent's push, through the engine.
#include "backend/engine/engine.h"

#include <QTest>

using namespace sn;

namespace {

Engine::Options options()
{
    Engine::Options o;
    NodeSpec node;
    node.name = "gpu01";
    o.spec.nodes.push_back(node);
    o.spec.telemetry = TelemetrySpec{};
    o.spec.telemetry->source = TelemetrySource::NvidiaSmi;
    o.spec.telemetry->maxSeries = 1000;
    o.virtualTime = true;
    o.makeCollectors = [](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
        return std::vector<std::unique_ptr<Collector>>{};
    };
    return o;
}

// `count` new series of one process-id label each, one sample each.
PushedBatch newSeries(PushStreamTable &table, int first, int count, std::int64_t timeMs)
{
    PushedBatch b;
    for (int i = 0; i < count; ++i) {
        b.newSeries.push_back({"DCGM_FI_DEV_FB_USED", {{"Hostname", "gpu01"}, {"pid", std::to_string(first + i)}}});
        b.samples.push_back({static_cast<tsdb::SeriesId>(table.store.size() + std::size_t(i)), timeMs, 1});
    }
    return b;
}

std::vector<pb::Event> limitEvents(Engine &engine)
{
    std::vector<pb::Event> out;
    const pb::ListEventsResponse events = engine.listEvents({});
    for (const pb::Event &e : events.events())
        if (e.kind() == "telemetry.series_limit")
            out.push_back(e);
    return out;
}

} // namespace

class TestEngineSeriesLimit : public QObject {
    Q_OBJECT

private slots:
    void refusedSeriesRaiseOneWarningAnHour()
    {
        Engine engine(options());
        PushStreamTable table;
        const std::int64_t t = kVirtualEpochMs;
        auto first = engine.ingestPushed(table, newSeries(table, 0, 1005, t));
        QVERIFY(first.ok());
        QCOMPARE(first->samples.accepted, std::size_t(1000));
        QCOMPARE(first->samples.rejected, std::size_t(5));
        auto events = limitEvents(engine);
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events[0].severity(), pb::SEVERITY_WARNING);
        QVERIFY2(events[0].message().find("holds 1000 series") != std::string::npos, events[0].message().c_str());
        QVERIFY2(events[0].message().find(": 5 samples of new series were not stored") != std::string::npos,
                 events[0].message().c_str());
        // More within the hour: counted, not said again.
        QVERIFY(engine.ingestPushed(table, newSeries(table, 2000, 10, t + 1000)).ok());
        QCOMPARE(limitEvents(engine).size(), std::size_t(1));
        // The series it has go on.
        PushedBatch known;
        known.samples.push_back({0, t + 2000, 2});
        QCOMPARE(engine.ingestPushed(table, known)->samples.accepted, std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestEngineSeriesLimit)
#include "tst_engine_series_limit.moc"
