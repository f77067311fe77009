// NCCL environment recommendations follow from the graph, each with its reason, and what the
// graph cannot tell becomes a note rather than a guessed value.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/nccl_env.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "tests/backend/comms/nccl_test_graphs.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QTest>

using namespace sn::comms;
using sn::test::addEthernet;
using sn::test::gpuSpec;
using sn::test::roceCluster;

namespace {

const NcclEnvSetting *find(const NcclEnvAdvice &a, const std::string &name)
{
    for (const NcclEnvSetting &s : a.settings)
        if (s.name == name)
            return &s;
    return nullptr;
}

bool notesMention(const NcclEnvAdvice &a, const std::string &text)
{
    for (const std::string &n : a.notes)
        if (n.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestNcclEnv : public QObject {
    Q_OBJECT
private slots:
    void hgxNodeOnInfiniBand()
    {
        const NcclEnvAdvice a = recommendNcclEnv(buildFabric(FabricShape{}), "node0001");
        const NcclEnvSetting *hca = find(a, "NCCL_IB_HCA");
        QVERIFY(hca);
        QCOMPARE(hca->value, std::string("=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1"));
        QVERIFY(!find(a, "NCCL_IB_GID_INDEX")); // InfiniBand has no GIDs to choose
        const NcclEnvSetting *gdr = find(a, "NCCL_NET_GDR_LEVEL");
        QVERIFY(gdr);
        QCOMPARE(gdr->value, std::string("PXB"));
        QVERIFY2(gdr->reason.find("every GPU has an RDMA NIC behind a shared PCIe switch") != std::string::npos,
                 gdr->reason.c_str());
        const NcclEnvSetting *nvls = find(a, "NCCL_NVLS_ENABLE");
        QVERIFY(nvls);
        QVERIFY2(nvls->reason.find("NVLink 4") != std::string::npos &&
                     nvls->reason.find("GB/s by ring") != std::string::npos,
                 nvls->reason.c_str());
        QVERIFY(find(a, "NCCL_CROSS_NIC"));
        QVERIFY(notesMention(a, "NCCL_SOCKET_IFNAME")); // no Ethernet interface known
        QVERIFY(a.shell().find("export NCCL_IB_HCA==mlx5_0:1,") != std::string::npos);
        QVERIFY(a.shell().find("# rail-optimised wiring") != std::string::npos);
    }

    void roceGidIndex_data()
    {
        QTest::addColumn<QList<int>>("gids"); // per NIC; -1 unknown
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("note");
        QTest::newRow("all 3") << QList<int>{3, 3, 3, 3, 3, 3, 3, 3} << "3"
                               << "";
        QTest::newRow("one differs") << QList<int>{3, 3, 3, 3, 3, 3, 3, 5} << ""
                                     << "different indices";
        QTest::newRow("one unknown") << QList<int>{3, 3, 3, -1, 3, 3, 3, 3} << ""
                                     << "GID index unknown for mlx5_3";
    }
    void roceGidIndex()
    {
        QFETCH(QList<int>, gids);
        QFETCH(QString, value);
        QFETCH(QString, note);
        TopologyGraph g = roceCluster();
        for (int n : g.devicesOfKind(DeviceKind::Nic))
            if (g.device(n).host == "node0001")
                g.device(n).roceV2GidIndex = gids[g.device(n).index];
        const NcclEnvAdvice a = recommendNcclEnv(g, "node0001");
        const NcclEnvSetting *gid = find(a, "NCCL_IB_GID_INDEX");
        QCOMPARE(gid ? QString::fromStdString(gid->value) : QString(), value);
        if (!note.isEmpty())
            QVERIFY(notesMention(a, note.toStdString()));
    }

    void leavesDownPortsOutAndPicksARealEthernet()
    {
        TopologyGraph g = roceCluster();
        g.device(g.find("node0001/mlx5_3")).health = LinkHealth::Down;
        addEthernet(g, "node0001", "docker0", LinkHealth::Up);
        addEthernet(g, "node0001", "eno1", LinkHealth::Down);
        addEthernet(g, "node0001", "eno2", LinkHealth::Up);
        const NcclEnvAdvice a = recommendNcclEnv(g, "node0001");
        const NcclEnvSetting *hca = find(a, "NCCL_IB_HCA");
        QVERIFY(hca);
        QVERIFY(hca->value.find("mlx5_3") == std::string::npos);
        QVERIFY(hca->reason.find("port is down: mlx5_3") != std::string::npos);
        const NcclEnvSetting *ifname = find(a, "NCCL_SOCKET_IFNAME");
        QVERIFY(ifname);
        QCOMPARE(ifname->value, std::string("=eno2"));
        QVERIFY(!find(a, "NCCL_IB_DISABLE"));
    }

    void ethernetOnlyNodeUsesSockets()
    {
        sn::ClusterSpec spec;
        sn::NodeSpec node;
        node.name = "ws1";
        node.gpus = {gpuSpec(0, "NVIDIA GeForce RTX 4090"), gpuSpec(1, "NVIDIA GeForce RTX 4090")};
        node.nics = {{"enp5s0", sn::LinkType::Ethernet, 10, 0}};
        spec.nodes = {node};
        const NcclEnvAdvice a = recommendNcclEnv(graphFromClusterSpec(spec), "ws1");
        QVERIFY(find(a, "NCCL_IB_DISABLE"));
        QCOMPARE(find(a, "NCCL_SOCKET_IFNAME")->value, std::string("=enp5s0"));
        QVERIFY(!find(a, "NCCL_IB_HCA"));
        QVERIFY(!find(a, "NCCL_NVLS_ENABLE"));
    }

    // The 2x A100 box whose NICs sit on the other GPU's socket path: GPU0's nearest NIC is on its
    // NUMA node but not behind a switch (nvidia-smi NODE), so GPUDirect should not be raised.
    void pcieBoxWithNicsOnTheHostBridge()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QFile f(sn::test::sharedDataPath("nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto m = parseNvidiaSmiTopoMatrix(f.readAll().toStdString());
        QVERIFY(m.ok());
        const NcclEnvAdvice a = recommendNcclEnv(graphFromTopoMatrix(*m, "della", "NVIDIA A100-PCIE-40GB"), "della");
        QCOMPARE(find(a, "NCCL_IB_HCA")->value, std::string("=mlx5_0,mlx5_1"));
        const NcclEnvSetting *gdr = find(a, "NCCL_NET_GDR_LEVEL");
        QVERIFY(gdr);
        QVERIFY2(gdr->reason.find("GPU0, GPU1 reach their nearest NIC only through the CPU (PHB)") != std::string::npos,
                 gdr->reason.c_str());
        QVERIFY(notesMention(a, "NCCL_SOCKET_IFNAME"));
        QVERIFY(!find(a, "NCCL_NVLS_ENABLE"));
        QVERIFY(!find(a, "NCCL_CROSS_NIC"));
    }
};

QTEST_GUILESS_MAIN(TestNcclEnv)
#include "tst_nccl_env.moc"
