// The overlay: a minimum-latency spanning tree, r-failure tolerance wherever the hardware allows
// it (checked by brute force over every set of r failures), and single points of failure, on
// generated HGX fabrics and on graphs read from real nvidia-smi captures.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/overlay_optimizer.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QTest>

#include <numeric>

using namespace sn::comms;

namespace {

// Component label of every device using only the links `keep` allows.
std::vector<int> components(const TopologyGraph &g, const std::vector<bool> &keep)
{
    std::vector<int> label(g.devices().size(), -1);
    int next = 0;
    for (std::size_t s = 0; s < label.size(); ++s) {
        if (label[s] >= 0)
            continue;
        std::vector<int> stack{static_cast<int>(s)};
        label[s] = next;
        while (!stack.empty()) {
            const int d = stack.back();
            stack.pop_back();
            for (int l : g.linksOf(d)) {
                if (!keep[static_cast<std::size_t>(l)])
                    continue;
                const Link &link = g.links()[static_cast<std::size_t>(l)];
                const int o = link.a == d ? link.b : link.a;
                if (label[static_cast<std::size_t>(o)] < 0) {
                    label[static_cast<std::size_t>(o)] = next;
                    stack.push_back(o);
                }
            }
        }
        ++next;
    }
    return label;
}

bool samePartition(const std::vector<int> &a, const std::vector<int> &b)
{
    // Same components: equal labels pairwise, checked through a label map both ways.
    std::vector<int> ab(a.size(), -1), ba(b.size(), -1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        int &x = ab[static_cast<std::size_t>(a[i])];
        int &y = ba[static_cast<std::size_t>(b[i])];
        if (x < 0)
            x = b[i];
        if (y < 0)
            y = a[i];
        if (x != b[i] || y != a[i])
            return false;
    }
    return true;
}

TopologyGraph smallFabric()
{
    // Dense enough (six NVSwitches, as on A100 boards) that three forests leave links out.
    FabricShape f;
    f.nodes = 2;
    f.gpusPerNode = 8;
    f.nvswitchesPerNode = 6;
    f.nicsPerNode = 4;
    f.nodesPerLeaf = 2;
    f.spines = 2;
    return buildFabric(f);
}

TopologyGraph fromCapture(const QString &name)
{
    QFile file(sn::test::sharedDataPath("nvidia-smi/topo/" + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    auto m = parseNvidiaSmiTopoMatrix(file.readAll().toStdString());
    if (!m)
        qFatal("%s", m.error().message.c_str());
    return graphFromTopoMatrix(*m, "h");
}

} // namespace

class TestOverlayOptimizer : public QObject {
    Q_OBJECT
private slots:
    void treeSpansEveryDeviceAtMinimumLatency()
    {
        const TopologyGraph g = smallFabric();
        const Overlay o = optimizeOverlay(g, 0);
        QCOMPARE(o.components, 1);
        QCOMPARE(o.treeLinks.size(), g.devices().size() - 1);
        QVERIFY(o.redundantLinks.empty());
        // Kruskal over all links gives the same (minimum) total: Prim found a minimum tree.
        std::vector<int> order(g.links().size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return linkLatencyUs(g.links()[static_cast<std::size_t>(a)]) <
                   linkLatencyUs(g.links()[static_cast<std::size_t>(b)]);
        });
        std::vector<int> parent(g.devices().size());
        std::iota(parent.begin(), parent.end(), 0);
        auto root = [&](int i) {
            while (parent[static_cast<std::size_t>(i)] != i)
                i = parent[static_cast<std::size_t>(i)];
            return i;
        };
        double kruskal = 0;
        for (int l : order) {
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            const int a = root(link.a), b = root(link.b);
            if (a != b) {
                parent[static_cast<std::size_t>(a)] = b;
                kruskal += linkLatencyUs(link);
            }
        }
        QVERIFY(std::abs(o.treeLatencyUs - kruskal) < 1e-9);
    }

    void survivesAnyTwoFailuresTheHardwareSurvives()
    {
        const TopologyGraph g = smallFabric();
        const Overlay o = optimizeOverlay(g, 2);
        std::vector<bool> inOverlay(g.links().size(), false);
        for (int l : o.treeLinks)
            inOverlay[static_cast<std::size_t>(l)] = true;
        for (int l : o.redundantLinks)
            inOverlay[static_cast<std::size_t>(l)] = true;
        QVERIFY(o.treeLinks.size() + o.redundantLinks.size() < g.links().size()); // it is sparser
        const std::size_t m = g.links().size();
        int checked = 0;
        for (std::size_t x = 0; x < m; ++x)
            for (std::size_t y = x; y < m; ++y) {
                std::vector<bool> physical(m, true), overlay = inOverlay;
                physical[x] = physical[y] = overlay[x] = overlay[y] = false;
                QVERIFY2(samePartition(components(g, physical), components(g, overlay)),
                         qPrintable(QString("links %1 and %2").arg(x).arg(y)));
                ++checked;
            }
        QVERIFY(checked > 1000);
    }

    void oneForestIsNotEnoughForTwoFailures()
    {
        // The check above can fail: with r = 1 some pair of failures splits the overlay only.
        const TopologyGraph g = smallFabric();
        const Overlay o = optimizeOverlay(g, 1);
        std::vector<bool> inOverlay(g.links().size(), false);
        for (int l : o.treeLinks)
            inOverlay[static_cast<std::size_t>(l)] = true;
        for (int l : o.redundantLinks)
            inOverlay[static_cast<std::size_t>(l)] = true;
        bool split = false;
        for (std::size_t x = 0; x < g.links().size() && !split; ++x)
            for (std::size_t y = x + 1; y < g.links().size() && !split; ++y) {
                std::vector<bool> physical(g.links().size(), true), overlay = inOverlay;
                physical[x] = physical[y] = overlay[x] = overlay[y] = false;
                split = !samePartition(components(g, physical), components(g, overlay));
            }
        QVERIFY(split);
    }

    void singlePointsOfFailureOnRealCaptures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("bridges");
        // Two GPUs and two NICs hanging off two CPUs: a tree, every link a single point of failure.
        QTest::newRow("2xA100 SYS 2 NICs") << "jdh4-della-i14g20_2xA100_SYS_2NIC.txt" << 5;
        // NVSwitch gives every GPU a second way to its CPU: nothing is single.
        QTest::newRow("8xH100 NV18") << "stas00_network-README_8xH100_NV18.txt" << 0;
        QTest::newRow("single GPU") << "nvidia_gpu_exporter_linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__topo-m.txt"
                                    << 1;
    }

    void singlePointsOfFailureOnRealCaptures()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QFETCH(QString, file);
        QFETCH(int, bridges);
        const Overlay o = optimizeOverlay(fromCapture(file));
        QCOMPARE(static_cast<int>(o.singlePointsOfFailure.size()), bridges);
    }

    void aDownLinkIsNotUsedAndCanLeaveASinglePoint()
    {
        TopologyGraph g = smallFabric();
        // Take down all but one of node0001's rail-0 paths to the fabric: the NIC's PCIe stays.
        const int nic = g.find("node0001/mlx5_0");
        int fabricLink = -1;
        for (int l : g.linksOf(nic))
            if (g.links()[static_cast<std::size_t>(l)].kind == LinkKind::InfiniBand)
                fabricLink = l;
        g.links()[static_cast<std::size_t>(fabricLink)].health = LinkHealth::Down;
        const Overlay o = optimizeOverlay(g);
        for (int l : o.treeLinks)
            QVERIFY(l != fabricLink);
        for (int l : o.redundantLinks)
            QVERIFY(l != fabricLink);
        // The NIC now hangs on its PCIe link alone.
        bool pcieIsSingle = false;
        for (int l : o.singlePointsOfFailure) {
            const Link &link = g.links()[static_cast<std::size_t>(l)];
            pcieIsSingle = pcieIsSingle || (link.a == nic || link.b == nic);
        }
        QVERIFY(pcieIsSingle);
    }
};

QTEST_GUILESS_MAIN(TestOverlayOptimizer)
#include "tst_overlay_optimizer.moc"
