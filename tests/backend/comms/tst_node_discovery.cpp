// Discovery of one node through CommandRunner: each tool's parser on its output (real where a
// capture exists, hand-written from the documented format otherwise: tests/data/comms/README.md)
// and on malformed output, then discoverNode with a fake runner replaying a whole node and with
// the real LocalCommandRunner on this machine.
#include "backend/comms/ip_link.h"
#include "backend/comms/nccl_env.h"
#include "backend/comms/nccl_topo_xml.h"
#include "backend/comms/node_discovery.h"
#include "backend/comms/nvidia_smi_nvlink.h"
#include "backend/comms/rdma_tools.h"
#include "backend/model/gpu_interconnect.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace sn::comms;

namespace {

std::string fixture(const QString &name)
{
    QFile f(QStringLiteral(SN_COMMS_TEST_DATA "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll().toStdString();
}

// Answers each command line from a table; a command not in it is "not installed".
class FakeRunner final : public sn::CommandRunner {
public:
    std::map<std::string, sn::CommandOutput> outputs;
    std::vector<std::string> ran;
    using sn::CommandRunner::run;
    sn::Result<sn::CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds,
                                      const std::string &) override
    {
        std::string line;
        for (const std::string &a : argv)
            line += (line.empty() ? "" : " ") + a;
        ran.push_back(line);
        const auto it = outputs.find(line);
        if (it == outputs.end())
            return sn::Error{sn::ErrorCode::Unavailable, argv.front() + ": not found on PATH"};
        return it->second;
    }
    std::string where() const override { return "fake"; }
};

FakeRunner roceNode()
{
    FakeRunner r;
    QFile topo(sn::test::sharedDataPath("nvidia-smi/topo/stas00_network-README_8xH100_NV18.txt"));
    if (!topo.open(QIODevice::ReadOnly))
        qFatal("no topo capture");
    r.outputs["nvidia-smi --query-gpu=index,pci.bus_id,name --format=csv,noheader"] = {
        0, fixture("handwritten_nvidia-smi_query-gpu_index-busid-name_8xH100.csv")};
    r.outputs["nvidia-smi topo -m"] = {0, topo.readAll().toStdString()};
    r.outputs["nvidia-smi nvlink -s"] = {0, fixture("handwritten_nvidia-smi_nvlink-s_8xH100.txt")};
    r.outputs["nvidia-smi nvlink -c"] = {0, fixture("handwritten_nvidia-smi_nvlink-c_2xH100.txt")};
    r.outputs["ibstat"] = {0, fixture("handwritten_ibstat_4xCX7_RoCE.txt")};
    r.outputs["ibv_devinfo -v"] = {0, fixture("handwritten_ibv_devinfo-v_4xCX7_RoCE.txt")};
    r.outputs["rdma -j link"] = {0, fixture("handwritten_rdma-j-link_RoCE-node.json")};
    r.outputs["ip -j -d link"] = {0, fixture("handwritten_ip-j-d-link_RoCE-node.json")};
    // sysfs numa_node of the NICs' PCI functions (two per socket) and of the management port.
    const char *nics[] = {"0000:1a:00.0", "0000:3c:00.0", "0000:9c:00.0", "0000:bc:00.0", "0000:0a:00.0"};
    for (int i = 0; i < 5; ++i)
        r.outputs[std::string("cat /sys/bus/pci/devices/") + nics[i] + "/numa_node"] = {0, i < 2 || i == 4 ? "0\n"
                                                                                                           : "1\n"};
    return r;
}

// What `supernode-agent --interconnect --json` prints on roceNode()'s board: 18 NVLinks per
// GPU, 5/4/4/5 into four NVSwitches; GPUs 0-3 on one CPU (PCIe NODE), 4-7 on the other (SYS).
std::string hgxInterconnectJson(const std::set<std::pair<int, int>> &downLinks = {})
{
    const char *bus[] = {"00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                         "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"};
    sn::GpuInterconnect ic;
    ic.source = "nvml: libnvidia-ml.so.1";
    for (int g = 0; g < 8; ++g) {
        sn::InterconnectGpu gpu{g, "NVIDIA H100 80GB HBM3", "GPU-" + std::to_string(g), bus[g]};
        for (int l = 0; l < 18; ++l) {
            const int sw = l < 5 ? 0 : l < 9 ? 1 : l < 13 ? 2 : 3;
            gpu.links.push_back({l, !downLinks.count({g, l}), 6, "00000000:0" + std::to_string(5 + sw) + ":00.0",
                                 sn::NvlinkRemoteKind::Switch});
        }
        ic.gpus.push_back(gpu);
    }
    for (int a = 0; a < 8; ++a)
        for (int b = 0; b < 8; ++b)
            ic.pcie.push_back(a == b               ? sn::PcieLevel::Internal
                              : (a < 4) == (b < 4) ? sn::PcieLevel::Node
                                                   : sn::PcieLevel::System);
    return QJsonDocument(sn::gpuInterconnectToJson(ic)).toJson().toStdString();
}
const std::string kAgent = "supernode-agent --interconnect --json";

bool hasNoteWith(const NodeDiscovery &d, const std::string &text)
{
    return std::any_of(d.notes.begin(), d.notes.end(),
                       [&](const std::string &n) { return n.find(text) != std::string::npos; });
}

const NcclEnvSetting *setting(const NcclEnvAdvice &a, const std::string &name)
{
    for (const NcclEnvSetting &s : a.settings)
        if (s.name == name)
            return &s;
    return nullptr;
}

template <typename R> QString errorOf(const R &r)
{
    return r.ok() ? QString() : QString::fromStdString(r.error().message);
}

} // namespace

class TestNodeDiscovery : public QObject {
    Q_OBJECT
private slots:
    void nvlinkStatus()
    {
        auto s = parseNvidiaSmiNvlinkStatus(fixture("handwritten_nvidia-smi_nvlink-s_8xH100.txt"));
        QVERIFY2(s.ok(), qPrintable(errorOf(s)));
        QCOMPARE(s->size(), std::size_t{8});
        QCOMPARE((*s)[0].model, std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE((*s)[0].activeLinks(), 18);
        QCOMPARE((*s)[0].links[3].gbps, 26.562);
        QCOMPARE((*s)[5].activeLinks(), 17);
        QVERIFY(!(*s)[5].links[17].active);
    }
    void nvlinkCapabilities()
    {
        auto c = parseNvidiaSmiNvlinkCapabilities(fixture("handwritten_nvidia-smi_nvlink-c_2xH100.txt"));
        QVERIFY2(c.ok(), qPrintable(errorOf(c)));
        QCOMPARE(c->size(), std::size_t{2});
        QCOMPARE((*c)[1].links.size(), std::size_t{18});
        QVERIFY((*c)[1].p2pOnEveryLink());
        QCOMPARE((*c)[1].links.at(4).at("Link is supported"), false);
    }
    void nvlinkMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind"); // 0 status, 1 capabilities, 2 gpu list
        QTest::addColumn<QString>("error");
        const QString gpu = "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\n";
        QTest::newRow("speed N/A") << gpu + "\t Link 0: [N/A]\n"
                                   << 0 << "nvidia-smi nvlink -s:2:11: link speed '[N/A]'";
        QTest::newRow("speed garbage") << gpu + "\t Link 0: fast GB/s\n" << 0 << ":2:11: link speed 'fast GB/s'";
        QTest::newRow("link first") << "\t Link 0: 25 GB/s\n" << 0 << ":1:3: a link before any 'GPU n:' line";
        QTest::newRow("truncated header") << "GPU 0: NVIDIA H100 80GB HB" << 0 << ":1:1: neither";
        QTest::newRow("driver error") << "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
                                      << 0 << ":1:1: neither";
        QTest::newRow("csv empty") << "" << 2 << "no GPU in the output";
        QTest::newRow("cap not bool") << gpu + "\t Link 0, P2P is supported: [Not Supported]\n"
                                      << 1 << ":2:29: capability value '[Not Supported]'";
        // Found by fuzz/fuzz_nvlink: numbers past int made std::stoi throw out of the parser.
        QTest::newRow("gpu number huge") << "GPU 99999999999: NVIDIA H100 (UUID: GPU-1)\n"
                                         << 0 << ":1:5: GPU number '99999999999' is not 0 to 1023";
        QTest::newRow("link number huge") << gpu + "\t Link 99999999999: 25 GB/s\n"
                                          << 0 << ":2:8: link number '99999999999' is not 0 to 63";
        QTest::newRow("cap link number huge") << gpu + "\t Link 4294967296, P2P is supported: true\n"
                                              << 1 << ":2:8: link number '4294967296' is not 0 to 63";
        QTest::newRow("csv 2 columns") << "0, 00000000:18:00.0\n" << 2 << ":1:1: 2 fields";
        QTest::newRow("csv bad bus") << "0, [N/A], NVIDIA H100\n" << 2 << ":1:3: PCI bus id '[n/a]'";
        QTest::newRow("csv bad index") << "x, 00000000:18:00.0, NVIDIA H100\n" << 2 << ":1:1: index 'x'";
    }
    void nvlinkMalformed()
    {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(QString, error);
        const std::string t = text.toStdString();
        const QString e = kind == 0   ? errorOf(parseNvidiaSmiNvlinkStatus(t))
                          : kind == 1 ? errorOf(parseNvidiaSmiNvlinkCapabilities(t))
                                      : errorOf(parseNvidiaSmiGpuList(t));
        QVERIFY2(e.contains(error), qPrintable(e));
    }

    void ibstatAndDevinfo()
    {
        auto roce = parseIbstat(fixture("handwritten_ibstat_4xCX7_RoCE.txt"));
        QVERIFY2(roce.ok(), qPrintable(errorOf(roce)));
        QCOMPARE(roce->size(), std::size_t{4});
        QCOMPARE((*roce)[0].linkLayer, std::optional<LinkKind>(LinkKind::Roce));
        QCOMPARE((*roce)[0].rateGbps, 400.0);
        QCOMPARE((*roce)[0].caType, std::string("MT4129"));
        QVERIFY(!(*roce)[3].active);
        auto ib = parseIbstat(fixture("handwritten_ibstat_2xCX6_HDR_InfiniBand.txt"));
        QVERIFY(ib.ok());
        QCOMPARE((*ib)[1].linkLayer, std::optional<LinkKind>(LinkKind::InfiniBand));
        QCOMPARE((*ib)[1].portGuid, std::string("0x0c42a10300d4e8b1"));
        auto dv = parseIbvDevinfo(fixture("handwritten_ibv_devinfo-v_4xCX7_RoCE.txt"));
        QVERIFY2(dv.ok(), qPrintable(errorOf(dv)));
        QCOMPARE(dv->size(), std::size_t{4});
        QCOMPARE((*dv)[2].roceV2Ipv4GidIndex, 3);  // GID 1 is RoCE v2 but link-local IPv6, GID 2 v1
        QCOMPARE((*dv)[2].rateGbps, 400.0);        // 4X x 100 Gb/s
        QCOMPARE((*dv)[3].roceV2Ipv4GidIndex, -1); // a down port has no address
        QCOMPARE((*dv)[3].state, std::string("PORT_DOWN"));
    }
    void rdmaMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ibstat");
        QTest::addColumn<QString>("error");
        const QString ca = "CA 'mlx5_0'\n\tCA type: MT4123\n\tPort 1:\n\t\tState: Active\n";
        QTest::newRow("rate N/A") << ca + "\t\tRate: [N/A]\n\t\tLink layer: InfiniBand\n"
                                  << true << "ibstat:5:3: Rate '[N/A]'";
        QTest::newRow("link layer") << ca + "\t\tLink layer: Omni-Path\n" << true << ":5:3: link layer 'Omni-Path'";
        QTest::newRow("truncated") << ca << true << "mlx5_0 port 1 has no State or Link layer (truncated";
        QTest::newRow("port first") << "\tPort 1:\n" << true << "ibstat:1:2: a port before any CA";
        // Numbers past int made std::stoi throw out of the parser (as fuzz_nvlink found in nvlink -s).
        QTest::newRow("port number huge") << "CA 'mlx5_0'\n\tPort 99999999999:\n"
                                          << true << "ibstat:2:2: port number '99999999999' is not 0 to 255";
        QTest::newRow("garbage") << ca + "\t\t%%%%\n" << true << ":5:3: not a 'CA'";
        QTest::newRow("empty") << "" << true << "no CA port";
        QTest::newRow("devinfo none") << "No IB devices found\n" << false << "no RDMA device on this node";
        QTest::newRow("devinfo bad speed")
            << "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tstate:\t\tPORT_ACTIVE (4)\n\t\t\tactive_speed:\t\tfast\n"
            << false << "ibv_devinfo:4:4: active_speed 'fast'";
        QTest::newRow("devinfo gid first") << "hca_id:\tmlx5_0\n\t\t\tGID[  0]:\t\tfe80::1, RoCE v2\n"
                                           << false << "ibv_devinfo:2:4: a GID before any port";
        QTest::newRow("devinfo truncated") << "hca_id:\tmlx5_0\n\t\tport:\t1\n"
                                           << false << "has no state or link_layer";
    }
    void rdmaMalformed()
    {
        QFETCH(QString, text);
        QFETCH(bool, ibstat);
        QFETCH(QString, error);
        const QString e =
            ibstat ? errorOf(parseIbstat(text.toStdString())) : errorOf(parseIbvDevinfo(text.toStdString()));
        QVERIFY2(e.contains(error), qPrintable(e));
    }

    void ipLinkCapturedOnTheBuildMachine()
    {
        auto plain = parseIpLinkJson(fixture("ip-j-link_build-machine.json"));
        QVERIFY2(plain.ok(), qPrintable(errorOf(plain)));
        QCOMPARE(plain->size(), std::size_t{4});
        QCOMPARE(plain->back().name, std::string("eth0"));
        QVERIFY(plain->back().adminUp && plain->back().carrier);
        QCOMPARE(plain->back().mtu, 1400);
        QVERIFY(!plain->front().isPhysical()); // lo
        auto detailed = parseIpLinkJson(fixture("ip-j-d-link_build-machine.json"));
        QVERIFY(detailed.ok());
        QCOMPARE((*detailed)[1].kind, std::string("ifb"));
        QVERIFY(!(*detailed)[1].isPhysical());
        QCOMPARE((*detailed)[3].parentBus, std::string("virtio"));
        QVERIFY((*detailed)[3].isPhysical());
    }
    void ipLinkMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("truncated") << R"([{"ifindex":1,"ifname":"lo",)"
                                   << "ip -j link:1:";
        QTest::newRow("second line") << "[\n{\"ifname\": }]"
                                     << "ip -j link:2:";
        QTest::newRow("object") << R"({"ifname":"lo"})"
                                << "not a JSON array";
        QTest::newRow("no name") << R"([{"mtu":1500,"operstate":"UP","flags":[]}])"
                                 << "element 0: field ifname is missing";
        QTest::newRow("mtu text") << R"([{"ifname":"eth0","mtu":"big","operstate":"UP","flags":[]}])"
                                  << "element 0 (eth0): field mtu is not an integer";
        QTest::newRow("flags") << R"([{"ifname":"eth0","mtu":1500,"operstate":"UP"}])"
                               << "field flags is not an array";
        QTest::newRow("not objects") << "[1,2]"
                                     << "element 0: is not an object";
    }
    void ipLinkMalformed()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const QString e = errorOf(parseIpLinkJson(text.toStdString()));
        QVERIFY2(e.contains(error), qPrintable(e));
        QVERIFY(!errorOf(parseRdmaLinkJson(R"([{"ifname":"mlx5_0"}])")).isEmpty());
    }

    void discoversARoceNode()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        FakeRunner r = roceNode();
        auto d = discoverNode(r, "h100a");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        for (const DiscoveryStep &s : d->steps) // no node agent on this node: nvidia-smi alone
            QVERIFY2(s.used || s.command.rfind("supernode-agent", 0) == 0, (s.command + ": " + s.detail).c_str());
        const TopologyGraph &g = d->graph;
        QCOMPARE(g.count(DeviceKind::Gpu), 8);
        const Device &gpu3 = g.device(g.find("h100a/gpu3"));
        QCOMPARE(gpu3.pciBusId, std::string("0000:5d:00.0"));
        QCOMPARE(gpu3.sm, 90);
        int degraded = 0;
        for (const Link &l : g.links())
            if (l.kind == LinkKind::NvLink) {
                degraded += l.health == LinkHealth::Degraded;
                if (l.health == LinkHealth::Up)
                    QCOMPARE(l.bandwidthGBps, 18 * 26.562);
            }
        QCOMPARE(degraded, 1); // GPU 5, one link inactive
        const Device &nic = g.device(g.find("h100a/mlx5_1"));
        QCOMPARE(nic.fabric, std::optional<LinkKind>(LinkKind::Roce));
        QCOMPARE(nic.netdev, std::string("ens2np0"));
        QCOMPARE(nic.pciBusId, std::string("0000:3c:00.0"));
        QCOMPARE(nic.roceV2GidIndex, 3);
        QCOMPARE(nic.speedGbps, 400.0);
        QCOMPARE(g.device(g.find("h100a/mlx5_2")).numaNode, 1);
        QCOMPARE(g.device(g.find("h100a/mlx5_3")).health, LinkHealth::Down);
        QVERIFY(g.find("h100a/eno1") >= 0);
        QVERIFY(g.find("h100a/docker0") < 0);
        QVERIFY(g.find("h100a/ens1np0") < 0); // the RoCE port's netdev is the NIC, not a second one
        // What the exports make of it.
        const NcclEnvAdvice env = recommendNcclEnv(g, "h100a");
        QCOMPARE(setting(env, "NCCL_IB_HCA")->value, std::string("=mlx5_0:1,mlx5_1:1,mlx5_2:1"));
        QCOMPARE(setting(env, "NCCL_IB_GID_INDEX")->value, std::string("3"));
        QCOMPARE(setting(env, "NCCL_SOCKET_IFNAME")->value, std::string("=eno1"));
        auto xml = ncclTopologyXml(g, "h100a");
        QVERIFY2(xml.ok(), qPrintable(errorOf(xml)));
        QVERIFY(xml->find(R"(<pci busid="0000:3c:00.0" class="0x020000")") != std::string::npos);
        QVERIFY(xml->find(R"(<gpu dev="3" sm="90" rank="3" gdr="1">)") != std::string::npos);
        QVERIFY(xml->find(R"(<net name="mlx5_2" dev="2" speed="400000" port="1" guid="0x946dae06ff028c3e"/>)") !=
                std::string::npos);
    }

    // With the node agent, NVML's link states replace nvlink -s, and its matrix is held against
    // the one nvidia-smi printed (the real 8 x H100 capture): they agree, so nothing is noted.
    void nvmlThroughTheAgentAgreesWithTheRealMatrix()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        FakeRunner r = roceNode();
        r.outputs[kAgent] = {0, hgxInterconnectJson()};
        auto d = discoverNode(r, "h100a");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        QVERIFY2(!hasNoteWith(*d, "NVML says"), d->notes.empty() ? "" : d->notes.front().c_str());
        QVERIFY(std::find(r.ran.begin(), r.ran.end(), "nvidia-smi nvlink -s") == r.ran.end());
        for (const Link &l : d->graph.links())
            if (l.kind == LinkKind::NvLink) {
                QCOMPARE(l.health, LinkHealth::Up); // nvlink -s's inactive link of GPU 5 is not NVML's word
                QCOMPARE(l.bandwidthGBps, 18 * 25.0);
            }
    }

    void nvmlDisagreeingWithTheMatrixIsAFinding()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        FakeRunner r = roceNode();
        r.outputs[kAgent] = {0, hgxInterconnectJson({{3, 7}})};
        auto d = discoverNode(r, "h100a");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        QVERIFY(hasNoteWith(*d, "GPU0-GPU3: NVML says NV17, nvidia-smi topo -m says NV18"));
        QVERIFY(hasNoteWith(*d, "GPU3: 1 of 18 NVLinks inactive"));
        const TopologyGraph &g = d->graph;
        for (int li : g.linksOf(g.find("h100a/gpu3")))
            if (g.links()[static_cast<std::size_t>(li)].kind == LinkKind::NvLink)
                QCOMPARE(g.links()[static_cast<std::size_t>(li)].health, LinkHealth::Degraded);
    }

    // A real H200 in a VM (tests/data/nvidia-h200): the agent's NVML interconnect and the
    // matrix nvidia-smi printed there, one GPU with no NVLink and no NIC. The discovery takes the
    // GPU's bus id from NVML and its NUMA node from the matrix, and finds nothing to note.
    void aRealSingleH200FromItsOwnOutputs()
    {
        const auto capture = [](const char *name) {
            QFile f(QStringLiteral(SN_H200_DATA "/") + name);
            if (!f.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(f.fileName()));
            return f.readAll().toStdString();
        };
        FakeRunner r;
        r.outputs[kAgent] = {0, capture("supernode-agent_interconnect.json")};
        r.outputs["nvidia-smi topo -m"] = {0, capture("nvidia-smi_topo-m.txt")};
        r.outputs["nvidia-smi nvlink -s"] = {0, capture("nvidia-smi_nvlink-s.txt")}; // empty: no NVLink
        auto d = discoverNode(r, "h200vm");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        const TopologyGraph &g = d->graph;
        QCOMPARE(g.count(DeviceKind::Gpu), 1);
        QCOMPARE(g.count(DeviceKind::NvSwitch), 0);
        QCOMPARE(g.count(DeviceKind::Nic), 0);
        QCOMPARE(g.count(DeviceKind::Cpu), 1);
        const Device &gpu = g.device(g.find("h200vm/gpu0"));
        QCOMPARE(gpu.pciBusId, std::string("0000:00:06.0"));
        QCOMPARE(gpu.numaNode, 0);
        for (const Link &l : g.links())
            QVERIFY(l.kind != LinkKind::NvLink);
        QVERIFY2(!hasNoteWith(*d, "NVML says"), d->notes.empty() ? "" : d->notes.front().c_str());
        // Without the agent, nvidia-smi alone: its empty `nvlink -s` (exit 0) is no NVLink, not a
        // malformed output that fails the discovery (it did, before this capture).
        const auto nvlinks = parseNvidiaSmiNvlinkStatus(capture("nvidia-smi_nvlink-s.txt"));
        QVERIFY2(nvlinks.ok(), qPrintable(errorOf(nvlinks)));
        QVERIFY(nvlinks->empty());
        r.outputs.erase(kAgent);
        auto agentless = discoverNode(r, "h200vm");
        QVERIFY2(agentless.ok(), qPrintable(errorOf(agentless)));
        QVERIFY(std::find(r.ran.begin(), r.ran.end(), "nvidia-smi nvlink -s") != r.ran.end());
        QCOMPARE(agentless->graph.count(DeviceKind::Gpu), 1);
        QCOMPARE(agentless->graph.device(agentless->graph.find("h200vm/gpu0")).numaNode, 0);
    }

    // No nvidia-smi at all: the graph comes from NVML, NUMA from sysfs.
    void graphFromNvmlAlone()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        FakeRunner r = roceNode();
        r.outputs.erase("nvidia-smi topo -m");
        r.outputs.erase("nvidia-smi --query-gpu=index,pci.bus_id,name --format=csv,noheader");
        r.outputs[kAgent] = {0, hgxInterconnectJson()};
        const char *gpuBus[] = {"18", "2a", "3a", "5d", "9a", "ab", "ba", "db"};
        for (int i = 0; i < 8; ++i)
            r.outputs[std::string("cat /sys/bus/pci/devices/0000:") + gpuBus[i] + ":00.0/numa_node"] = {
                0, i < 4 ? "0\n" : "1\n"};
        auto d = discoverNode(r, "h100a");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        const TopologyGraph &g = d->graph;
        QCOMPARE(g.count(DeviceKind::Gpu), 8);
        QCOMPARE(g.count(DeviceKind::NvSwitch), 1);
        QCOMPARE(g.count(DeviceKind::Cpu), 2);
        QCOMPARE(g.device(g.find("h100a/gpu5")).numaNode, 1);
        QCOMPARE(g.device(g.find("h100a/gpu3")).pciBusId, std::string("0000:5d:00.0"));
        QCOMPARE(g.device(g.find("h100a/gpu3")).sm, 90);
        for (const Link &l : g.links())
            if (l.kind == LinkKind::NvLink)
                QCOMPARE(l.bandwidthGBps, 18 * 25.0);
    }

    void malformedAgentOutputFailsTheDiscovery()
    {
        FakeRunner r;
        std::string json = hgxInterconnectJson();
        json.replace(json.find("\"switch\""), 8, "\"bridge\"");
        r.outputs[kAgent] = {0, json};
        QVERIFY2(errorOf(discoverNode(r, "h100a"))
                     .startsWith("h100a (fake): supernode-agent --interconnect --json: gpus[0].links[0].remote: "
                                 "'bridge' is not one of"),
                 qPrintable(errorOf(discoverNode(r, "h100a"))));
        r.outputs[kAgent] = {0, "{\"gpus\": [\n  {\"index\": 0,,}]}"};
        QVERIFY2(errorOf(discoverNode(r, "h100a")).contains("supernode-agent --interconnect --json:2:"),
                 qPrintable(errorOf(discoverNode(r, "h100a"))));
    }

    void missingToolsAreStepsNotErrors()
    {
        FakeRunner r;
        r.outputs["ibstat"] = {1, "", "ibpanic: [12] main: stat of IB device 'mlx5_0' failed: No such file"};
        r.outputs["ip -j -d link"] = {0, fixture("handwritten_ip-j-d-link_RoCE-node.json")};
        auto d = discoverNode(r, "cpu1");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        QCOMPARE(d->graph.count(DeviceKind::Gpu), 0);
        QCOMPARE(d->graph.count(DeviceKind::Nic), 5); // eno1 + the four ens*np0 ports as plain Ethernet
        const auto step = [&](const std::string &c) {
            return *std::find_if(d->steps.begin(), d->steps.end(),
                                 [&](const DiscoveryStep &s) { return s.command == c; });
        };
        QVERIFY(step("nvidia-smi topo -m").detail.find("not found on PATH") != std::string::npos);
        QCOMPARE(step("ibstat").detail,
                 std::string("exit 1: ibpanic: [12] main: stat of IB device 'mlx5_0' failed: No such file"));
        QVERIFY(step("ip -j -d link").used);
    }

    void malformedOutputFailsTheDiscovery()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        FakeRunner r = roceNode();
        r.outputs["ibstat"].out = "CA 'mlx5_0'\n\tPort 1:\n\t\tRate: [N/A]\n";
        auto d = discoverNode(r, "h100a");
        QVERIFY(!d.ok());
        QVERIFY2(errorOf(d).startsWith("h100a (fake): ibstat:3:3: Rate '[N/A]'"), qPrintable(errorOf(d)));
        FakeRunner t = roceNode();
        t.outputs["nvidia-smi topo -m"].out.resize(300);
        QVERIFY(errorOf(discoverNode(t, "h100a")).contains("nvidia-smi topo -m:5:1"));
        FakeRunner n = roceNode();
        n.outputs["cat /sys/bus/pci/devices/0000:3c:00.0/numa_node"].out = "[N/A]\n";
        QVERIFY2(errorOf(discoverNode(n, "h100a")).contains("numa_node of 0000:3c:00.0: '[N/A]'"),
                 qPrintable(errorOf(discoverNode(n, "h100a"))));
    }

    // The real runner on this machine: whatever ip -j -d link prints here, every physical Ethernet
    // port becomes a NIC of the graph and nothing virtual does.
    void discoversThisMachine()
    {
        sn::LocalCommandRunner local;
        auto direct = local.run({"ip", "-j", "-d", "link"}, std::chrono::seconds(10));
        if (!direct || direct->exitCode != 0)
            QSKIP("ip (iproute2) is not installed here");
        auto interfaces = parseIpLinkJson(direct->out);
        QVERIFY2(interfaces.ok(), qPrintable(errorOf(interfaces)));
        auto d = discoverNode(local, "local");
        QVERIFY2(d.ok(), qPrintable(errorOf(d)));
        int physical = 0;
        for (const NetInterface &n : *interfaces) {
            const bool expected = n.isPhysical() && n.linkType == "ether";
            physical += expected;
            QCOMPARE(d->graph.find("local/" + n.name) >= 0, expected);
        }
        int ethernet = 0;
        for (const Device &dev : d->graph.devices())
            ethernet += dev.kind == DeviceKind::Nic && dev.fabric == LinkKind::Ethernet;
        QCOMPARE(ethernet, physical);
        QVERIFY(std::any_of(d->steps.begin(), d->steps.end(),
                            [](const DiscoveryStep &s) { return s.command == "ip -j -d link" && s.used; }));
    }
};

QTEST_GUILESS_MAIN(TestNodeDiscovery)
#include "tst_node_discovery.moc"
