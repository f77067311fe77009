// The agent registers its node (RegisterNode), with real programs: a real supernoded over TLS
// with tokens, and a real `supernode-agent --daemon` on the test-only fake NVML libraries
// (tests/backend/telemetry/collectors/fake_nvml; this machine has no GPU). The agent's discovery runs the
// comms discovery on its own node, which runs the agent itself for NVML's interconnect.
// - GetCluster shows the node as registered and not configured, with the fake's GPUs (UUIDs,
//   bus ids), the HGX board's NVSwitch and NVLinks; a node.registered event is recorded;
// - the agent restarted on other hardware (2 GPUs) re-registers: the node is updated and a
//   node.hardware_changed event names what changed;
// - the daemon SIGKILLed and restarted: the agent registers again after the reconnect;
// - the agent's output never holds its token.
// The viewer's refusal is tst_security_rules' (RegisterNode is not on its read-only list).
#include "backend/remote/client/remote_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/streaming_agent.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

// reg-node's agent on one of the fake NVMLs; both boards share the buffer, as one node's agent
// restarted after a board change does.
test::StreamingAgentOptions agentOn(const char *nvml, const QString &dir)
{
    test::StreamingAgentOptions o;
    o.node = QStringLiteral("reg-node");
    o.nvml = QString::fromLatin1(nvml);
    o.dir = dir;
    return o;
}

} // namespace

class TestNodeRegistration : public QObject {
    Q_OBJECT

private slots:
    void agentRegistersItsNodeAndChangesAreRecorded()
    {
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options o;
        o.spec = sim::defaultSimulatedSpec(1);
        o.spec.simulation.jobArrivalsPerHour = 0;
        QString why;
        QVERIFY2(daemon.start(o, &why), qPrintable(why));
        o.port = daemon.port();
        QTemporaryDir dir;

        {
            test::StreamingAgent hgx(daemon, agentOn(FAKE_NVML_HGX, dir.path()));
            QVERIFY(hgx.started());
            rpc::RemoteEngine viewer(daemon.client("viewer"));
            const auto registered = [&] {
                auto c = waitFor(viewer.getCluster());
                return c.ok() && test::findNode(*c, "reg-node") != nullptr;
            };
            QTRY_VERIFY2_WITH_TIMEOUT(registered(), qPrintable(hgx.output()), 30000);
            const pb::Cluster c = *waitFor(viewer.getCluster());
            const pb::Node &n = *test::findNode(c, "reg-node");
            QVERIFY(n.registered());
            QVERIFY(n.unconfigured()); // the simulated cluster.yaml does not name it
            QVERIFY(n.registered_ms() > 0);
            QVERIFY(!test::findNode(c, c.nodes(0).name())->registered()); // the simulated node is not
            QCOMPARE(n.gpus_size(), 8);
            QCOMPARE(n.gpus(3).uuid(), std::string("GPU-5c6f9a2e-0000-4000-8000-000000000003"));
            QCOMPARE(n.gpus(3).model(), std::string("NVIDIA H100 80GB HBM3"));
            QCOMPARE(n.gpus(3).pci_bus_id(), std::string("00000000:5D:00.0"));
            QCOMPARE(n.gpus(3).id(), std::string("reg-node/gpu3"));
            QCOMPARE(n.nvswitches_size(), 1);
            QCOMPARE(n.host_facts().at("agent_version"), std::string(SN_VERSION));
            QVERIFY(!n.host_facts().at("kernel").empty());
            int nvlinks = 0;
            for (const pb::Link &l : c.links())
                if (l.type() == pb::LINK_TYPE_NVLINK && l.a().starts_with("reg-node/"))
                    ++nvlinks;
            QVERIFY2(nvlinks >= 8, qPrintable(QString::number(nvlinks))); // every GPU to the NVSwitch
            QTRY_COMPARE_WITH_TIMEOUT(test::eventsOfKind(viewer, "node.registered").size(), std::size_t{1}, 10000);
            QVERIFY(test::eventsOfKind(viewer, "node.hardware_changed").empty());
        }

        // Other hardware on the same node (a board swapped): two GPUs from the modern fake.
        {
            test::StreamingAgent modern(daemon, agentOn(FAKE_NVML_MODERN, dir.path()));
            QVERIFY(modern.started());
            rpc::RemoteEngine viewer(daemon.client("viewer"));
            QTRY_VERIFY2_WITH_TIMEOUT(test::eventsOfKind(viewer, "node.hardware_changed").size() == 1,
                                      qPrintable(modern.output()), 30000);
            const pb::Event e = test::eventsOfKind(viewer, "node.hardware_changed").front();
            QCOMPARE(e.node(), std::string("reg-node"));
            QCOMPARE(e.severity(), pb::SEVERITY_WARNING);
            QVERIFY2(QString::fromStdString(e.message()).contains("GPU7 gone"), e.message().c_str());
            const pb::Cluster c = *waitFor(viewer.getCluster());
            QCOMPARE(test::findNode(c, "reg-node")->gpus_size(), 2);
            QVERIFY(test::findNode(c, "reg-node")->gpus(0).memory_bytes() > 0);

            // A restarted daemon knows the node from state.db at once (tst_supernoded_nodes proves
            // that alone); here the agent reconnects and registers again without a second event.
            // The agent logs "registered" once the daemon has answered, which can be after the
            // event above is visible: wait for the line before counting.
            QTRY_VERIFY2_WITH_TIMEOUT(modern.output().contains("registered reg-node: 2 GPUs"),
                                      qPrintable(modern.output()), 30000);
            const qsizetype registrationsBefore = modern.output().count("registered reg-node: 2 GPUs");
            daemon.kill9();
            QVERIFY2(daemon.start(o, &why), qPrintable(why));
            rpc::RemoteEngine after(daemon.client("viewer"));
            QTRY_VERIFY2_WITH_TIMEOUT(
                [&] {
                    auto cluster = waitFor(after.getCluster());
                    return cluster.ok() && test::findNode(*cluster, "reg-node") &&
                           test::findNode(*cluster, "reg-node")->gpus_size() == 2;
                }(),
                qPrintable(modern.output()), 30000);
            QTRY_VERIFY2_WITH_TIMEOUT(modern.output().count("registered reg-node: 2 GPUs") > registrationsBefore,
                                      qPrintable(modern.output()), 30000);
            QCOMPARE(test::eventsOfKind(after, "node.registered").size(), std::size_t{1});
            QCOMPARE(test::eventsOfKind(after, "node.hardware_changed").size(), std::size_t{1});
            // Through registrations, a killed daemon and the reconnects, the agent never printed
            // its token (docs/security.md).
            QVERIFY(!modern.output().contains(daemon.token("operator").left(24)));
        }
    }
};

QTEST_GUILESS_MAIN(TestNodeRegistration)
#include "tst_node_registration.moc"
