// When a node counts as reporting (Engine::nodeReporting, GetCluster's node state and
// GetSummary's nodes_up) for a real cluster whose agents push their samples (supernoded's
// PushSamples) instead of being polled: a node is UP while pushes of its samples arrive, DOWN
// once none came for three telemetry intervals, and a pushed series without a Hostname label
// speaks for no node. A registration restored from an earlier run (Engine::restoreRegistration)
// raises no event, and its node's state follows its pushes like any other's.
#include "backend/engine/engine.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

ClusterSpec twoNodes()
{
    ClusterSpec spec;
    spec.name = "lab";
    for (const char *name : {"node01", "node02"}) {
        NodeSpec n;
        n.name = name;
        n.address = std::string("10.0.0.") + (name[5] == '1' ? "1" : "2");
        n.gpus.push_back({0, "NVIDIA H100 80GB HBM3", 80LL << 30, "", "", -1});
        spec.nodes.push_back(n);
    }
    spec.telemetry = TelemetrySpec{};
    spec.telemetry->source = TelemetrySource::NvidiaSmi; // real, but no collector polls: agents push
    spec.telemetry->intervalMs = 1000;
    return spec;
}

Engine::Options options(const QString &dataDir)
{
    Engine::Options o;
    o.spec = twoNodes();
    o.spec.telemetry->dataDir = dataDir.toStdString();
    o.virtualTime = true;
    o.makeCollectors = [](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
        return std::vector<std::unique_ptr<Collector>>{};
    };
    return o;
}

PushedBatch batch(const std::vector<Labels> &newSeries, int refs, std::int64_t timeMs)
{
    PushedBatch b;
    for (const Labels &l : newSeries)
        b.newSeries.push_back({"DCGM_FI_DEV_GPU_TEMP", l});
    for (int r = 0; r < refs; ++r)
        b.samples.push_back({tsdb::SeriesId(r), timeMs, 40.0 + r});
    return b;
}

pb::NodeState stateOf(const Engine &engine, const std::string &node)
{
    const pb::Cluster cluster = engine.cluster();
    for (const pb::Node &n : cluster.nodes())
        if (n.name() == node)
            return n.state();
    return pb::NODE_STATE_UNSPECIFIED;
}

} // namespace

class TestEngineNodeReporting : public QObject {
    Q_OBJECT

private slots:
    void pushedSamplesMakeTheirNodeReporting()
    {
        QTemporaryDir dir;
        Engine engine(options(dir.path()));
        QCOMPARE(stateOf(engine, "node01"), pb::NODE_STATE_DOWN);
        QCOMPARE(engine.summary().nodes_up(), 0);

        PushStreamTable table;
        const std::int64_t t = engine.clock().nowMs();
        // node01's agent; a series without Hostname says nothing of any node.
        auto stored = engine.ingestPushed(table, batch({{{"Hostname", "node01"}, {"gpu", "0"}}, {{"gpu", "9"}}}, 2, t));
        QVERIFY2(stored.ok(), stored.ok() ? "" : stored.error().message.c_str());
        QCOMPARE(stateOf(engine, "node01"), pb::NODE_STATE_UP);
        QCOMPARE(stateOf(engine, "node02"), pb::NODE_STATE_DOWN);
        QCOMPARE(engine.summary().nodes_up(), 1);

        // Within three intervals it still counts; past them, silence is DOWN.
        QVERIFY(engine.advanceTime(3000).ok());
        QCOMPARE(stateOf(engine, "node01"), pb::NODE_STATE_UP);
        QVERIFY(engine.advanceTime(1).ok());
        QCOMPARE(stateOf(engine, "node01"), pb::NODE_STATE_DOWN);

        // A backlog (old sample times) the agent sends after an outage: it is there now.
        QVERIFY(engine.ingestPushed(table, batch({}, 1, t + 500)).ok());
        QCOMPARE(stateOf(engine, "node01"), pb::NODE_STATE_UP);
    }

    void restoredRegistrationRaisesNoEventAndFollowsPushes()
    {
        QTemporaryDir dir;
        Engine engine(options(dir.path()));
        pb::RegisterNodeRequest r;
        pb::Node &n = *r.mutable_node();
        n.set_name("gpu-extra");
        n.set_registered(true);
        n.set_registered_ms(1'700'000'000'000);
        pb::Gpu *g = n.add_gpus();
        g->set_index(0);
        g->set_model("NVIDIA A100-SXM4-80GB");
        QVERIFY(engine.restoreRegistration(r).ok());
        QCOMPARE(engine.listEvents({}).events_size(), 0);
        const pb::Cluster c = engine.cluster();
        QCOMPARE(c.nodes_size(), 3);
        QCOMPARE(c.nodes(2).name(), std::string("gpu-extra"));
        QVERIFY(c.nodes(2).registered() && c.nodes(2).unconfigured());
        QCOMPARE(c.nodes(2).registered_ms(), std::int64_t(1'700'000'000'000));
        QCOMPARE(c.nodes(2).gpus(0).id(), std::string("gpu-extra/gpu0"));
        QCOMPARE(c.nodes(2).state(), pb::NODE_STATE_DOWN); // known from disk, not heard from
        PushStreamTable table;
        QVERIFY(engine.ingestPushed(table, batch({{{"Hostname", "gpu-extra"}}}, 1, engine.clock().nowMs())).ok());
        QCOMPARE(stateOf(engine, "gpu-extra"), pb::NODE_STATE_UP);
        // The agent reconnects with the same hardware: still no event.
        pb::RegisterNodeRequest again = r;
        again.mutable_node()->clear_registered();
        again.mutable_node()->clear_registered_ms();
        auto answered = engine.registerNode(again);
        QVERIFY(answered.ok());
        QCOMPARE(answered->event_id(), std::uint64_t(0));
        QCOMPARE(engine.listEvents({}).events_size(), 0);
        QVERIFY(engine.registration("gpu-extra")->node().registered_ms() == engine.clock().nowMs());

        pb::RegisterNodeRequest bad = r;
        bad.mutable_node()->set_name("bad node");
        const Status refused = engine.restoreRegistration(bad);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.find("node.name") != std::string::npos, refused.error().message.c_str());
        QCOMPARE(engine.cluster().nodes_size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestEngineNodeReporting)
#include "tst_engine_node_reporting.moc"
