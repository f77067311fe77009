// Slurm topology.conf and Kubernetes topology labels from the switch hierarchy. The Slurm file is
// read back with the grammar of topology.conf(5) (Slurm 22.05, the Debian 12 version): one
// switch per line, SwitchName= with Switches= or Nodes= as hostlist expressions, '#' comments,
// case-insensitive keys; every node under a switch, every named child switch defined.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/scheduler_topology_export.h"

#include <QRegularExpression>
#include <QStringList>
#include <QTest>

#include <map>
#include <set>

using namespace sn::comms;

namespace {

// Slurm's hostlist expressions: "node[0001-0004,0007],gpu-a" (as hostlist.c expands them).
QStringList expandHostlist(const QString &expr)
{
    QStringList out;
    static const QRegularExpression part(R"(([^,\[]+)(\[([^\]]+)\])?)");
    auto it = part.globalMatch(expr);
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.captured(3).isEmpty()) {
            out << m.captured(1);
            continue;
        }
        for (const QString &range : m.captured(3).split(',')) {
            const QStringList ends = range.split('-');
            const int width = ends[0].size();
            for (int v = ends[0].toInt(); v <= ends.back().toInt(); ++v)
                out << m.captured(1) + QString::number(v).rightJustified(width, '0');
        }
    }
    return out;
}

struct SlurmSwitch {
    QStringList nodes, switches;
};

// Fails the test on any line outside topology.conf's grammar.
std::map<QString, SlurmSwitch> readTopologyConf(const QString &text)
{
    std::map<QString, SlurmSwitch> out;
    for (QString line : text.split('\n')) {
        line = line.left(line.indexOf('#') < 0 ? line.size() : line.indexOf('#')).trimmed();
        if (line.isEmpty())
            continue;
        if (line.size() > 1024)
            qFatal("line longer than 1024 characters");
        QString name;
        SlurmSwitch s;
        for (const QString &token : line.split(' ', Qt::SkipEmptyParts)) {
            const qsizetype eq = token.indexOf('=');
            if (eq <= 0)
                qFatal("not key=value: %s", qPrintable(token));
            const QString key = token.left(eq).toLower(), value = token.mid(eq + 1);
            if (key == "switchname" && name.isEmpty())
                name = value;
            else if (key == "nodes")
                s.nodes = expandHostlist(value);
            else if (key == "switches")
                s.switches = expandHostlist(value);
            else if (key != "linkspeed")
                qFatal("unknown key %s", qPrintable(key));
        }
        if (name.isEmpty() || name.contains('[') || name.contains(','))
            qFatal("line without a plain SwitchName: %s", qPrintable(line));
        if (s.nodes.isEmpty() == s.switches.isEmpty())
            qFatal("a switch needs Nodes= or Switches=: %s", qPrintable(line));
        out[name] = s;
    }
    return out;
}

FabricShape twoUnits()
{
    FabricShape f;
    f.nodes = 48; // a full scalable unit of 32 and a part-filled one
    f.nodesPerLeaf = 32;
    f.spines = 4;
    return f;
}

} // namespace

class TestSchedulerTopologyExport : public QObject {
    Q_OBJECT
private slots:
    void compressesHostlists_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("expr");
        QTest::newRow("one") << QStringList{"node01"} << "node01";
        QTest::newRow("range") << QStringList{"node03", "node01", "node02"} << "node[01-03]";
        QTest::newRow("gap") << QStringList{"n1", "n2", "n4"} << "n[1-2,4]";
        QTest::newRow("widths kept apart") << QStringList{"n1", "n01"} << "n01,n1";
        QTest::newRow("no digits") << QStringList{"gpu-a", "gpu-b"} << "gpu-a,gpu-b";
        QTest::newRow("prefixes") << QStringList{"a1", "b1", "a2"} << "a[1-2],b1";
    }
    void compressesHostlists()
    {
        QFETCH(QStringList, names);
        QFETCH(QString, expr);
        std::vector<std::string> v;
        for (const QString &n : names)
            v.push_back(n.toStdString());
        QCOMPARE(QString::fromStdString(compressHostlist(v)), expr);
        QStringList sorted = names;
        sorted.sort();
        QStringList back = expandHostlist(expr);
        back.sort();
        QCOMPARE(back, sorted);
    }

    void railLeavesOfAUnitAreOneSlurmSwitch()
    {
        const TopologyGraph g = buildFabric(twoUnits());
        auto conf = slurmTopologyConf(g);
        QVERIFY2(conf.ok(), conf.ok() ? "" : conf.error().message.c_str());
        const auto switches = readTopologyConf(QString::fromStdString(*conf));
        QCOMPARE(switches.size(), std::size_t{3}); // su0-leaf, su1-leaf, spine
        QCOMPARE(switches.at("su0-leaf").nodes.size(), 32);
        QCOMPARE(switches.at("su1-leaf").nodes.size(), 16);
        QCOMPARE(switches.at("su1-leaf").nodes.front(), "node0033");
        QCOMPARE(switches.at("spine").switches, (QStringList{"su0-leaf", "su1-leaf"}));
        QVERIFY(conf->find("SwitchName=su0-leaf Nodes=node[0001-0032]\n") != std::string::npos);
        QVERIFY(conf->find("# su0-leaf: 8 switches with the same nodes below (su0-leaf0 .. su0-leaf7)") !=
                std::string::npos);
        // Every node is under a leaf; every named child switch is defined.
        std::set<QString> nodes;
        for (const auto &[name, s] : switches) {
            for (const QString &n : s.nodes)
                nodes.insert(n);
            for (const QString &c : s.switches)
                QVERIFY2(switches.count(c), qPrintable(c));
        }
        QCOMPARE(nodes.size(), std::size_t{48});
    }

    void oneTierClusterFromClusterYaml()
    {
        sn::ClusterSpec spec;
        for (int n = 1; n <= 3; ++n) {
            sn::NodeSpec node;
            node.name = "gpu0" + std::to_string(n);
            node.gpus = {{0, "NVIDIA A100-SXM4-80GB"}};
            node.nics = {{"mlx5_0", sn::LinkType::Roce, 100, 0}};
            spec.nodes.push_back(node);
            spec.network.links.push_back({node.name + "/mlx5_0", n < 3 ? "tor1" : "tor2", sn::LinkType::Roce});
        }
        spec.network.switches = {{"tor1", sn::LinkType::Roce}, {"tor2", sn::LinkType::Roce}};
        const TopologyGraph g = graphFromClusterSpec(spec);
        auto conf = slurmTopologyConf(g);
        QVERIFY(conf.ok());
        const auto switches = readTopologyConf(QString::fromStdString(*conf));
        QCOMPARE(switches.at("tor1").nodes, (QStringList{"gpu01", "gpu02"}));
        QCOMPARE(switches.at("tor2").nodes, (QStringList{"gpu03"}));
        auto labels = kubernetesTopologyLabels(g);
        QVERIFY(labels.ok());
        QCOMPARE(labels->at("gpu03").at("network.topology.nvidia.com/block"), std::string("tor2"));
        QVERIFY(!labels->at("gpu03").count("network.topology.nvidia.com/spine"));
    }

    void refusesNodesWithoutASwitch()
    {
        sn::ClusterSpec spec;
        sn::NodeSpec node;
        node.name = "lonely";
        node.gpus = {{0, "NVIDIA L40S"}};
        spec.nodes = {node};
        auto none = slurmTopologyConf(graphFromClusterSpec(spec));
        QVERIFY(!none.ok());
        TopologyGraph g = buildFabric(twoUnits());
        g.addDevice({"stray/gpu0", DeviceKind::Gpu, "stray", 0});
        auto conf = slurmTopologyConf(g);
        QVERIFY(!conf.ok());
        QVERIFY2(conf.error().message.find("no switch reaches stray") != std::string::npos,
                 conf.error().message.c_str());
    }

    void kubernetesLabelsFollowTheTiers()
    {
        const TopologyGraph g = buildFabric(twoUnits());
        auto labels = kubernetesTopologyLabels(g);
        QVERIFY(labels.ok());
        QCOMPARE(labels->size(), std::size_t{48});
        const auto &n40 = labels->at("node0040");
        QCOMPARE(n40.at("network.topology.nvidia.com/accelerator"), std::string("node0040"));
        QCOMPARE(n40.at("network.topology.nvidia.com/block"), std::string("su1-leaf"));
        QCOMPARE(n40.at("network.topology.nvidia.com/spine"), std::string("spine"));
        const std::string kubectl = kubectlLabelCommands(*labels);
        QVERIFY(kubectl.find("kubectl label node node0001 network.topology.nvidia.com/accelerator=node0001 "
                             "network.topology.nvidia.com/block=su0-leaf network.topology.nvidia.com/spine=spine "
                             "--overwrite\n") != std::string::npos);
        auto custom = kubernetesTopologyLabels(g, "topology.example.com");
        QVERIFY(custom->at("node0001").count("topology.example.com/block"));
    }

    void refusesAHostOnTwoBlocks()
    {
        TopologyGraph g = buildFabric(twoUnits());
        // Wire node0001's rail-0 NIC to the second unit's leaf too: its block is ambiguous.
        g.addLink({g.find("node0001/mlx5_0"), g.find("su1-leaf0"), LinkKind::InfiniBand});
        auto labels = kubernetesTopologyLabels(g);
        QVERIFY(!labels.ok());
        QVERIFY2(labels.error().message.find("node0001 is under several leaf groups") != std::string::npos,
                 labels.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSchedulerTopologyExport)
#include "tst_scheduler_topology_export.moc"
