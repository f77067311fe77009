// What a node agent registers (RegisterNode): malformed registrations are refused naming the
// field, changes between two registrations are said in words, and the merge into a cluster
// built from cluster.yaml replaces a configured node's hardware and in-node links (keeping its
// address and its links to the network) or adds a node only its agent knows; through the
// engine, a first registration and a changed one record events, an unchanged one does not.
#include "backend/engine/engine.h"
#include "backend/engine/node_registry.h"
#include "backend/api/proto_convert.h"

#include <QTest>

using namespace sn;

namespace {

pb::RegisterNodeRequest registration(const std::string &name, int gpus)
{
    pb::RegisterNodeRequest r;
    pb::Node &n = *r.mutable_node();
    n.set_name(name);
    n.set_cpu_cores(64);
    n.set_memory_bytes(512LL << 30);
    for (int i = 0; i < gpus; ++i) {
        pb::Gpu *g = n.add_gpus();
        g->set_index(i);
        g->set_uuid("GPU-0000000" + std::to_string(i));
        g->set_model("NVIDIA H100 80GB HBM3");
        g->set_memory_bytes(80LL << 30);
        g->set_pci_bus_id("00000000:1" + std::to_string(i) + ":00.0");
    }
    n.add_nvswitches()->set_model("NVSwitch");
    n.mutable_nvswitches(0)->set_id(name + "/nvswitch");
    pb::Nic *nic = n.add_nics();
    nic->set_name("mlx5_0");
    nic->set_type(pb::LINK_TYPE_INFINIBAND);
    nic->set_speed_gbps(400);
    for (int i = 0; i < gpus; ++i) {
        pb::Link *l = r.add_links();
        l->set_a(name + "/gpu" + std::to_string(i));
        l->set_b(name + "/nvswitch");
        l->set_type(pb::LINK_TYPE_NVLINK);
        l->set_lanes(18);
        l->set_healthy(true);
    }
    return r;
}

ClusterSpec configured()
{
    ClusterSpec spec;
    spec.name = "lab";
    NodeSpec n;
    n.name = "node01";
    n.address = "10.0.0.5";
    n.cpuCores = 32;
    for (int i = 0; i < 8; ++i)
        n.gpus.push_back({i, "NVIDIA A100-SXM4-80GB", 80LL << 30, "", "", -1});
    n.nics.push_back({"mlx5_0", LinkType::InfiniBand, 200});
    spec.nodes.push_back(n);
    spec.network.switches.push_back({"leaf01", LinkType::InfiniBand, 32, 400});
    spec.network.links.push_back({"node01/mlx5_0", "leaf01", LinkType::InfiniBand, 1, 50});
    spec.network.links.push_back({"node01/gpu0", "node01/gpu1", LinkType::NvLink, 12, 300});
    return spec;
}

// An engine over configured() with no collectors: registrations are all it hears.
Engine::Options engineOptions()
{
    Engine::Options o;
    o.spec = configured();
    o.spec.telemetry = TelemetrySpec{};
    o.spec.telemetry->source = TelemetrySource::NvidiaSmi;
    o.virtualTime = true;
    o.makeCollectors = [](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
        return std::vector<std::unique_ptr<Collector>>{};
    };
    return o;
}

} // namespace

class TestNodeRegistry : public QObject {
    Q_OBJECT

private slots:
    void malformedRegistrationIsRefusedNamingTheField_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no name") << 0 << "node.name: empty";
        QTest::newRow("slash in name") << 1 << "node.name: 'a/b'";
        QTest::newRow("repeated gpu") << 2 << "node.gpus[1].index: repeats GPU 0";
        QTest::newRow("negative gpu") << 3 << "node.gpus[0].index: negative";
        QTest::newRow("wrong gpu id") << 4 << "node.gpus[0].id: 'other/gpu0', expected 'n1/gpu0'";
        QTest::newRow("nic without name") << 5 << "node.nics[0].name: ''";
        QTest::newRow("link leaves node") << 6 << "links[0]: 'n2/gpu0' is not a device of n1";
        QTest::newRow("negative memory") << 7 << "node.cpu_cores / node.memory_bytes: negative";
        // Bounds (issue 29): each one past its limit, named with the limit.
        QTest::newRow("gpus past the limit") << 8 << "node.gpus: 65, more than 64";
        QTest::newRow("nics past the limit") << 9 << "node.nics: 513, more than 512";
        QTest::newRow("links past the limit") << 10 << "links: 4097, more than 4096";
        QTest::newRow("name past a DNS name") << 11 << "node.name: 254 bytes, more than 253";
        QTest::newRow("message past 256 KiB") << 12 << "registration: 262";
        QTest::newRow("host facts past the limit") << 13 << "node.host_facts: 65, more than 64";
        QTest::newRow("nvswitches past the limit") << 14 << "node.nvswitches: 65, more than 64";
    }
    void malformedRegistrationIsRefusedNamingTheField()
    {
        QFETCH(int, row);
        QFETCH(QString, expected);
        pb::RegisterNodeRequest r = registration("n1", 2);
        switch (row) {
        case 0:
            r.mutable_node()->set_name("");
            break;
        case 1:
            r.mutable_node()->set_name("a/b");
            break;
        case 2:
            r.mutable_node()->mutable_gpus(1)->set_index(0);
            break;
        case 3:
            r.mutable_node()->mutable_gpus(0)->set_index(-1);
            break;
        case 4:
            r.mutable_node()->mutable_gpus(0)->set_id("other/gpu0");
            break;
        case 5:
            r.mutable_node()->mutable_nics(0)->set_name("");
            break;
        case 6:
            r.mutable_links(0)->set_a("n2/gpu0");
            break;
        case 7:
            r.mutable_node()->set_memory_bytes(-1);
            break;
        case 8:
            r = registration("n1", RegistrationLimits::gpus + 1);
            r.clear_links();
            break;
        case 9:
            for (int i = 1; i <= RegistrationLimits::nics; ++i)
                r.mutable_node()->add_nics()->set_name("eth" + std::to_string(i));
            break;
        case 10:
            while (r.links_size() <= RegistrationLimits::links)
                *r.add_links() = r.links(0);
            break;
        case 11:
            r.mutable_node()->set_name(std::string(254, 'n'));
            r.clear_links();
            break;
        case 12:
            (*r.mutable_node()->mutable_host_facts())["kernel"] = std::string(RegistrationLimits::bytes, 'k');
            break;
        case 13:
            for (int i = 0; i <= RegistrationLimits::hostFacts; ++i)
                (*r.mutable_node()->mutable_host_facts())["fact" + std::to_string(i)] = "x";
            break;
        case 14:
            for (int i = 1; i <= RegistrationLimits::nvswitches; ++i)
                r.mutable_node()->add_nvswitches()->set_index(i);
            break;
        }
        const Status s = checkRegistration(r);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(s.error().message).startsWith(expected), s.error().message.c_str());
        QVERIFY(checkRegistration(registration("n1", 2)).ok());
    }

    void changesAreSaidInWords()
    {
        const pb::Node before = registration("n1", 2).node();
        pb::Node after = before;
        after.mutable_gpus(1)->set_uuid("GPU-swapped");
        after.add_gpus()->set_index(2);
        after.mutable_nics(0)->set_name("mlx5_1");
        const std::vector<std::string> c = registrationChanges(before, after);
        QCOMPARE(c.size(), std::size_t{4});
        QCOMPARE(c[0], std::string("GPU1 uuid GPU-00000001 -> GPU-swapped"));
        QVERIFY(c[1].starts_with("GPU2 added"));
        QCOMPARE(c[2], std::string("NIC mlx5_0 gone"));
        QCOMPARE(c[3], std::string("NIC mlx5_1 added"));
        QVERIFY(registrationChanges(before, before).empty());
    }

    void registrationReplacesAConfiguredNodesHardware()
    {
        NodeRegistry registry;
        QVERIFY(registry.add(registration("node01", 2), 1000).first);
        pb::Cluster c = toProto(configured(), false);
        registry.applyTo(c, [](const std::string &) { return true; });
        QCOMPARE(c.nodes_size(), 1);
        const pb::Node &n = c.nodes(0);
        QVERIFY(n.registered());
        QVERIFY(!n.unconfigured());
        QCOMPARE(n.registered_ms(), std::int64_t{1000});
        QCOMPARE(n.address(), std::string("10.0.0.5")); // cluster.yaml's, the engine reaches it there
        QCOMPARE(n.gpus_size(), 2);
        QCOMPARE(n.gpus(1).id(), std::string("node01/gpu1")); // named by the daemon
        QCOMPARE(n.gpus(1).model(), std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(n.nics(0).id(), std::string("node01/mlx5_0"));
        int nvlinks = 0, network = 0;
        for (const pb::Link &l : c.links()) {
            if (l.a() == "node01/gpu0" && l.b() == "node01/gpu1")
                QFAIL("the configured in-node link is still there");
            nvlinks += l.type() == pb::LINK_TYPE_NVLINK;
            network += l.b() == "leaf01";
        }
        QCOMPARE(nvlinks, 2);
        QCOMPARE(network, 1); // its NIC is still there, so is its cable
    }

    void nodeOnlyItsAgentKnowsIsAdded()
    {
        NodeRegistry registry;
        registry.add(registration("gpu-new", 1), 5);
        pb::Cluster c = toProto(configured(), false);
        registry.applyTo(c, [](const std::string &name) { return name == "gpu-new"; });
        QCOMPARE(c.nodes_size(), 2);
        QVERIFY(!c.nodes(0).registered());
        QVERIFY(c.nodes(1).registered() && c.nodes(1).unconfigured());
        QCOMPARE(c.nodes(1).state(), pb::NODE_STATE_UP);
        QVERIFY(c.links(c.links_size() - 1).healthy());
        // Its telemetry stopped (or a restart restored it and the agent is not back): known, not up.
        pb::Cluster silent = toProto(configured(), false);
        registry.applyTo(silent, [](const std::string &) { return false; });
        QCOMPARE(silent.nodes(1).state(), pb::NODE_STATE_DOWN);
        QVERIFY(!silent.links(silent.links_size() - 1).healthy());
    }

    void restoredRegistrationComesBackAsKept()
    {
        NodeRegistry first;
        first.add(registration("node01", 2), 1234);
        const pb::RegisterNodeRequest kept = *first.find("node01");
        QCOMPARE(kept.node().registered_ms(), std::int64_t(1234));
        QCOMPARE(kept.node().gpus(1).id(), std::string("node01/gpu1"));

        NodeRegistry restarted;
        QVERIFY(restarted.restore(kept).ok());
        QCOMPARE(restarted.find("node01")->SerializeAsString(), kept.SerializeAsString());
        // The agent reconnects with the same hardware: not a first registration, nothing changed.
        const NodeRegistry::Outcome again = restarted.add(registration("node01", 2), 5000);
        QVERIFY(!again.first);
        QVERIFY(again.changes.empty());
        QCOMPARE(restarted.find("node01")->node().registered_ms(), std::int64_t(5000));
    }

    void aRegistrationAtEveryLimitIsAccepted()
    {
        // Every count at its limit (a long name on its own: 4,096 links naming it would pass the
        // byte limit, which is what that limit is for).
        QVERIFY(checkRegistration(registration(std::string(RegistrationLimits::nameBytes, 'n'), 8)).ok());
        pb::RegisterNodeRequest r = registration("n1", RegistrationLimits::gpus);
        for (int i = 1; i < RegistrationLimits::nics; ++i)
            r.mutable_node()->add_nics()->set_name("eth" + std::to_string(i));
        while (r.links_size() < RegistrationLimits::links)
            *r.add_links() = r.links(0);
        const Status s = checkRegistration(r);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    }

    void newNodesPastTheLimitAreRefusedKnownOnesNot()
    {
        // One hostile agent registering under ever new names (before: as many as it sent, each
        // kept in memory and in state.db).
        Engine engine(engineOptions());
        for (std::size_t i = 0; i < RegistrationLimits::nodes; ++i) {
            auto r = engine.registerNode(registration("n" + std::to_string(i), 1));
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        }
        auto refused = engine.registerNode(registration("one-too-many", 1));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::FailedPrecondition);
        QVERIFY2(refused.error().message.find("1024 nodes are registered") != std::string::npos,
                 refused.error().message.c_str());
        QVERIFY(engine.registerNode(registration("n7", 2)).ok()); // a registered node still may
        NodeRegistry restarted;
        for (std::size_t i = 0; i < RegistrationLimits::nodes; ++i) {
            pb::RegisterNodeRequest kept = registration("n" + std::to_string(i), 1);
            kept.mutable_node()->set_registered_ms(5);
            QVERIFY(restarted.restore(kept).ok());
        }
        pb::RegisterNodeRequest extra = registration("one-too-many", 1);
        extra.mutable_node()->set_registered_ms(5);
        QVERIFY(!restarted.restore(extra).ok()); // a state.db written by a hostile agent alike
    }

    void restoreRefusesWhatAddWould_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("row");
        QTest::newRow("repeated GPU index") << "gpus[1].index" << 0;
        QTest::newRow("no registration time") << "registered_ms" << 1;
        QTest::newRow("no name") << "node.name" << 2;
    }

    void restoreRefusesWhatAddWould()
    {
        QFETCH(QString, field);
        QFETCH(int, row);
        NodeRegistry registry;
        registry.add(registration("node01", 2), 99);
        pb::RegisterNodeRequest r = *registry.find("node01");
        if (row == 0)
            r.mutable_node()->mutable_gpus(1)->set_index(0);
        else if (row == 1)
            r.mutable_node()->set_registered_ms(0);
        else
            r.mutable_node()->clear_name();
        NodeRegistry restarted;
        const Status s = restarted.restore(r);
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error().message).contains(field), s.error().message.c_str());
        QVERIFY(!restarted.contains("node01"));
    }

    void engineRecordsFirstAndChangedRegistrationsOnly()
    {
        Engine engine(engineOptions());
        const auto kinds = [&] {
            std::vector<std::string> k;
            const pb::ListEventsResponse events = engine.listEvents({});
            for (const pb::Event &e : events.events())
                if (e.kind().starts_with("node."))
                    k.push_back(e.kind());
            return k;
        };
        auto first = engine.registerNode(registration("node01", 2));
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
        QVERIFY(first->configured());
        QVERIFY(!first->changed());
        QVERIFY(first->event_id() > 0);
        auto again = engine.registerNode(registration("node01", 2)); // a reconnect
        QVERIFY(again.ok() && !again->changed() && again->event_id() == 0);
        auto changed = engine.registerNode(registration("node01", 3));
        QVERIFY(changed.ok() && changed->changed());
        QCOMPARE(changed->changes(0), std::string("GPU2 added (NVIDIA H100 80GB HBM3, GPU-00000002)"));
        QCOMPARE(kinds(), (std::vector<std::string>{"node.hardware_changed", "node.registered"})); // newest first
        QCOMPARE(engine.cluster().nodes(0).gpus_size(), 3);
        pb::RegisterNodeRequest bad = registration("node01", 1);
        bad.mutable_node()->mutable_gpus(0)->set_index(-4);
        QCOMPARE(engine.registerNode(bad).error().code, ErrorCode::InvalidArgument);
        QCOMPARE(engine.cluster().nodes(0).gpus_size(), 3); // a refused registration changes nothing
    }
};

QTEST_GUILESS_MAIN(TestNodeRegistry)
#include "tst_node_registry.moc"
