// NCCL topology files: Azure's published files read into graphs, and what we write compared
// element by element and attribute by attribute with them (the schema NCCL reads).
#include "backend/comms/fabric_builder.h"
#include "backend/comms/nccl_topo_xml.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/pci_address.h"
#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

#include <map>
#include <set>

using namespace sn::comms;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// An XML document as the test sees it, independently of the code under test.
struct Vocabulary {
    std::map<QString, std::set<QString>> attributes; // element -> attribute names seen
    std::set<std::pair<QString, QString>> nesting;   // (parent, child)
};

struct PciNode {
    QString busid, cls, speed, width, parent;
    bool operator<(const PciNode &o) const { return busid < o.busid; }
    bool operator==(const PciNode &o) const = default;
};

// "32.0 GT/s PCIe" (newer kernels) and "32 GT/s" are the same entry in NCCL's table.
QString canonicalSpeed(QString s)
{
    s.replace(QRegularExpression(R"(^(\d+(\.5)?)(\.0)? GT/s( PCIe)?$)"), "\\1 GT/s");
    return s;
}

struct Scan {
    Vocabulary vocabulary;
    std::vector<PciNode> pcis;
    std::map<QString, std::map<QString, QString>> cpus; // numaid -> attributes
    int gpuElements = 0, nvlinks = 0, nets = 0;
};

Scan scan(const QByteArray &xml)
{
    Scan s;
    QXmlStreamReader r(xml);
    QStringList stack, busStack;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement()) {
            const QString name = r.name().toString();
            for (const auto &a : r.attributes())
                s.vocabulary.attributes[name].insert(a.name().toString());
            s.vocabulary.attributes[name]; // elements without attributes too
            s.vocabulary.nesting.insert({stack.isEmpty() ? QString() : stack.back(), name});
            const auto a = r.attributes();
            QString bus;
            if (name == "pci") {
                bus = a.value("busid").toString();
                s.pcis.push_back({bus, a.value("class").toString(), canonicalSpeed(a.value("link_speed").toString()),
                                  a.value("link_width").toString(), busStack.isEmpty() ? QString() : busStack.back()});
            } else if (name == "cpu") {
                bus = "cpu" + a.value("numaid").toString();
                for (const auto &attr : a)
                    s.cpus[a.value("numaid").toString()][attr.name().toString()] = attr.value().toString();
            } else {
                bus = busStack.isEmpty() ? QString() : busStack.back();
            }
            s.gpuElements += name == "gpu";
            s.nvlinks += name == "nvlink";
            s.nets += name == "net";
            stack.push_back(name);
            busStack.push_back(bus);
        } else if (r.isEndElement()) {
            stack.pop_back();
            busStack.pop_back();
        }
    }
    if (r.hasError())
        qFatal("test input is not XML: %s", qPrintable(r.errorString()));
    std::sort(s.pcis.begin(), s.pcis.end());
    return s;
}

QStringList azureTopologyFiles()
{
    return QDir(sn::test::sharedDataPath("nccl/topology-azure")).entryList({"*-topo.xml"}, QDir::Files, QDir::Name);
}

// The union over Azure's files: the elements and attributes NCCL's schema has, as published.
Vocabulary azureVocabulary()
{
    Vocabulary v;
    for (const QString &f : azureTopologyFiles()) {
        const Scan s = scan(readAll(sn::test::sharedDataPath("nccl/topology-azure/" + f)));
        for (const auto &[e, attrs] : s.vocabulary.attributes)
            v.attributes[e].insert(attrs.begin(), attrs.end());
        v.nesting.insert(s.vocabulary.nesting.begin(), s.vocabulary.nesting.end());
    }
    return v;
}

void verifyWithinSchema(const Scan &ours, const Vocabulary &azure)
{
    for (const auto &[element, attrs] : ours.vocabulary.attributes) {
        QVERIFY2(azure.attributes.count(element), qPrintable("<" + element + "> is not in Azure's files"));
        for (const QString &a : attrs)
            QVERIFY2(azure.attributes.at(element).count(a),
                     qPrintable("<" + element + " " + a + "> is not in Azure's files"));
    }
    for (const auto &[parent, child] : ours.vocabulary.nesting) {
        // NCCL's own dump puts a NIC's <nic> inside its <pci> (Azure's files leave NICs' <pci>
        // bare, for NCCL to fill); every other nesting must be one Azure's files have.
        if (parent == "pci" && child == "nic")
            continue;
        QVERIFY2(azure.nesting.count({parent, child}), qPrintable("<" + child + "> inside <" + parent + ">"));
    }
}

} // namespace

class TestNcclTopoXml : public QObject {
    Q_OBJECT
private slots:
    void readsAzureFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("cpus");
        QTest::addColumn<int>("pcieSwitches");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("nics");
        QTest::addColumn<int>("nvlinks");
        QTest::addColumn<QString>("firstAffinity");
        QTest::newRow("ND v2: 8 V100, 2 sockets, one IB NIC") << "ndv2-topo.xml" << 2 << 0 << 8 << 1 << 0 << "0-19";
        QTest::newRow("ND A100 v4: 4 NUMA, a bridge each with 2 GPUs + 2 IB NICs")
            << "ndv4-topo.xml" << 4 << 4 << 8 << 8 << 0 << "0-23";
        QTest::newRow("ND H100 v5: 8 bridges with a GPU + an IB NIC")
            << "ndv5-topo.xml" << 2 << 8 << 8 << 8 << 0 << "0-47";
        QTest::newRow("NC A100 v4: 4 GPUs, NVLink to itself, eth0")
            << "ncv4-topo.xml" << 4 << 0 << 4 << 1 << 0 << "0-23";
    }
    void readsAzureFiles()
    {
        if (!sn::test::requireSharedData("nccl/topology-azure"))
            return;
        QFETCH(QString, file);
        auto r = parseNcclTopologyXml(readAll(sn::test::sharedDataPath("nccl/topology-azure/" + file)).toStdString(),
                                      "vm0", file.toStdString());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const TopologyGraph &g = r->graph;
        QTEST(g.count(DeviceKind::Cpu), "cpus");
        QTEST(g.count(DeviceKind::PcieSwitch), "pcieSwitches");
        QTEST(g.count(DeviceKind::Gpu), "gpus");
        QTEST(g.count(DeviceKind::Nic), "nics");
        int nvlinks = 0;
        for (const Link &l : g.links())
            nvlinks += l.kind == LinkKind::NvLink;
        QTEST(nvlinks, "nvlinks");
        QTEST(QString::fromStdString(g.device(g.find("vm0/cpu0")).cpuAffinity), "firstAffinity");
        // Every GPU and NIC has its bus id and a CPU; NICs behind a bridge share it with GPUs.
        for (const Device &d : g.devices())
            if (d.kind == DeviceKind::Gpu)
                QVERIFY(!d.pciBusId.empty() && d.numaNode >= 0);
    }

    void readsWhatAzureSaysAboutDevices()
    {
        if (!sn::test::requireSharedData("nccl/topology-azure"))
            return;
        auto v4 = parseNcclTopologyXml(
            readAll(sn::test::sharedDataPath("nccl/topology-azure/ndv4-topo.xml")).toStdString(), "vm0");
        QVERIFY(v4.ok());
        QCOMPARE(v4->cpu.vendor, std::string("AuthenticAMD"));
        QCOMPARE(v4->cpu.familyId, 23);
        QCOMPARE(v4->cpu.modelId, 49);
        const Device &nic = v4->graph.device(v4->graph.find("vm0/nic@0103:00:00.0"));
        QCOMPARE(nic.fabric, std::optional<LinkKind>(LinkKind::InfiniBand));
        QCOMPARE(nic.numaNode, 0);
        auto nc = parseNcclTopologyXml(
            readAll(sn::test::sharedDataPath("nccl/topology-azure/ncv4-topo.xml")).toStdString(), "vm0");
        QVERIFY(nc.ok());
        const Device &eth = nc->graph.device(nc->graph.find("vm0/eth0"));
        QCOMPARE(eth.speedGbps, 100.0);
        QCOMPARE(eth.fabric, std::optional<LinkKind>(LinkKind::Ethernet));
        QCOMPARE(eth.netdev, std::string("eth0"));
        QCOMPARE(nc->graph.device(nc->graph.find("vm0/gpu2")).sm, 80);
    }

    // Read Azure's file, write it back: the PCIe tree (bus ids, classes, link speeds and widths,
    // nesting) and the CPUs' attributes come out as Azure wrote them, and nothing we write is
    // outside the elements and attributes Azure's files use.
    void writesTheSchemaAzureFilesUse_data()
    {
        QTest::addColumn<QString>("file");
        if (!sn::test::requireSharedData("nccl/topology-azure"))
            return;
        for (const QString &f : azureTopologyFiles())
            QTest::newRow(qPrintable(f)) << f;
    }
    void writesTheSchemaAzureFilesUse()
    {
        if (!sn::test::requireSharedData("nccl/topology-azure"))
            return;
        QFETCH(QString, file);
        const QByteArray original = readAll(sn::test::sharedDataPath("nccl/topology-azure/" + file));
        auto read = parseNcclTopologyXml(original.toStdString(), "vm0");
        QVERIFY(read.ok());
        NcclTopoXmlOptions o;
        o.cpu = read->cpu;
        auto written = ncclTopologyXml(read->graph, "vm0", o);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        const Scan theirs = scan(original), ours = scan(QByteArray::fromStdString(*written));
        QCOMPARE(ours.pcis.size(), theirs.pcis.size());
        for (std::size_t i = 0; i < ours.pcis.size(); ++i) {
            QCOMPARE(ours.pcis[i].busid, theirs.pcis[i].busid);
            QCOMPARE(ours.pcis[i].cls, theirs.pcis[i].cls);
            QCOMPARE(ours.pcis[i].speed, theirs.pcis[i].speed);
            QCOMPARE(ours.pcis[i].width, theirs.pcis[i].width);
            QCOMPARE(ours.pcis[i].parent, theirs.pcis[i].parent);
        }
        QCOMPARE(ours.cpus, theirs.cpus);
        QCOMPARE(ours.gpuElements, theirs.gpuElements);
        QCOMPARE(ours.nets, theirs.nets);
        verifyWithinSchema(ours, azureVocabulary());
    }

    // An HGX H100 node as the fabric builder makes it (2 sockets, a PCIe switch per GPU pair with
    // its NICs, 4 NVSwitches): every GPU gets <gpu sm="90"> with its 18 NVLinks to the switches,
    // every NIC its <net> with name, speed and port, all within Azure's vocabulary.
    void writesAnHgxNode()
    {
        if (!sn::test::requireSharedData("nccl/topology-azure"))
            return;
        FabricShape f;
        f.nodes = 1;
        TopologyGraph g = buildFabric(f);
        int bus = 0x18;
        for (int i = 0; i < static_cast<int>(g.devices().size()); ++i)
            if (g.device(i).kind == DeviceKind::Gpu || g.device(i).kind == DeviceKind::Nic) {
                char id[32];
                std::snprintf(id, sizeof id, "00000000:%02X:00.0", bus++);
                g.device(i).pciBusId = id; // nvidia-smi's spelling; NCCL's is written
            }
        for (int cpu : g.devicesOfKind(DeviceKind::Cpu))
            g.device(cpu).cpuAffinity = g.device(cpu).index == 0 ? "0-55,112-167" : "56-111,168-223";
        NcclTopoXmlOptions o;
        o.cpu = {"x86_64", "GenuineIntel", 6, 143};
        auto xml = ncclTopologyXml(g, "node0001", o);
        QVERIFY2(xml.ok(), xml.ok() ? "" : xml.error().message.c_str());
        const Scan s = scan(QByteArray::fromStdString(*xml));
        QCOMPARE(s.cpus.size(), std::size_t{2});
        QCOMPARE(s.cpus.at("1").at("affinity"), "ffffffff,ffffff00,00000000,0000ffff,ffffffff,ff000000,00000000");
        QCOMPARE(s.gpuElements, 8);
        QCOMPARE(s.nvlinks, 8 * 4);
        QCOMPARE(s.nets, 8);
        QCOMPARE(std::count_if(s.pcis.begin(), s.pcis.end(), [](const PciNode &p) { return p.cls == "0x060400"; }), 4);
        for (const PciNode &p : s.pcis)
            if (p.cls == "0x030200") {
                QVERIFY(p.busid.startsWith("0000:"));
                QVERIFY(p.parent.startsWith("ffff:ff:0"));
                QCOMPARE(p.speed, "32 GT/s");
                QCOMPARE(p.width, "16");
            }
        QVERIFY(xml->find(R"(<gpu dev="3" sm="90" rank="3" gdr="1">)") != std::string::npos);
        QVERIFY(xml->find(R"(count="5" tclass="0x068000")") != std::string::npos);
        QVERIFY(xml->find(R"(<net name="mlx5_0" dev="0" speed="400000" port="1"/>)") != std::string::npos);
        verifyWithinSchema(s, azureVocabulary());
        // And it reads back into the same devices and NVLink counts.
        auto back = parseNcclTopologyXml(*xml, "node0001");
        QVERIFY(back.ok());
        QCOMPARE(back->graph.count(DeviceKind::Gpu), 8);
        QCOMPARE(back->graph.count(DeviceKind::NvSwitch), 4);
        QCOMPARE(back->graph.count(DeviceKind::Nic), 8);
        int links = 0;
        for (const Link &l : back->graph.links())
            links += l.kind == LinkKind::NvLink ? l.lanes : 0;
        QCOMPARE(links, 8 * 18);
    }

    void writesAClusterYamlNodeFromItsBusIds()
    {
        sn::ClusterSpec spec;
        sn::NodeSpec node;
        node.name = "gpu01";
        node.gpus = {{0, "NVIDIA A100-SXM4-80GB", 0, "", "00000000:07:00.0", 0},
                     {1, "NVIDIA A100-SXM4-80GB", 0, "", "00000000:0F:00.0", 1}};
        node.nics = {{"mlx5_0", sn::LinkType::InfiniBand, 200, 0}};
        spec.nodes = {node};
        auto xml = ncclTopologyXml(graphFromClusterSpec(spec), "gpu01");
        QVERIFY2(xml.ok(), xml.ok() ? "" : xml.error().message.c_str());
        const Scan s = scan(QByteArray::fromStdString(*xml));
        QCOMPARE(s.cpus.size(), std::size_t{2}); // from the NUMA nodes
        QCOMPARE(s.pcis.size(), std::size_t{2});
        QCOMPARE(s.pcis[0].busid, "0000:07:00.0");
        QCOMPARE(s.pcis[1].busid, "0000:0f:00.0");
        QCOMPARE(s.nets, 1); // no bus id: a <nic> under its CPU, as Azure writes eth0
        QVERIFY(xml->find(R"(<net name="mlx5_0" dev="0" speed="200000"/>)") != std::string::npos);
    }

    void refusesGpusWithoutBusIds()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto m = parseNvidiaSmiTopoMatrix(
            readAll(sn::test::sharedDataPath("nvidia-smi/topo/stas00_network-README_8xH100_NV18.txt")).toStdString());
        QVERIFY(m.ok());
        auto xml = ncclTopologyXml(graphFromTopoMatrix(*m, "dgx"), "dgx");
        QVERIFY(!xml.ok());
        QVERIFY2(xml.error().message.find("dgx/gpu0 has no PCI bus id") != std::string::npos,
                 xml.error().message.c_str());
        QVERIFY(!ncclTopologyXml(graphFromTopoMatrix(*m, "dgx"), "other").ok());
    }

    void refusesMalformedFiles_data()
    {
        QTest::addColumn<QString>("xml");
        QTest::addColumn<QString>("error");
        const QString cpu = R"(<system version="1"><cpu numaid="0" affinity="0000ffff">)";
        QTest::newRow("truncated") << cpu + R"(<pci busid="0000:18:00.0" class="0x030200")"
                                   << "topology.xml:1:";
        QTest::newRow("not closed") << cpu + R"(<pci busid="0000:18:00.0" class="0x030200"/>)"
                                    << "topology.xml:1:";
        QTest::newRow("graph file") << R"(<graphs version="1"><graph id="0"/></graphs>)"
                                    << "topology.xml:1:20: <graphs> is not an element";
        QTest::newRow("unknown element") << cpu + R"(<gpx/></cpu></system>)"
                                         << "topology.xml:1:62: <gpx>";
        QTest::newRow("version 2") << R"(<system version="2"/>)"
                                   << "version 2 is not";
        QTest::newRow("numaid garbage") << R"(<system version="1"><cpu numaid="[N/A]"/></system>)"
                                        << R"(numaid="[N/A]" is not a number)";
        QTest::newRow("bad affinity") << R"(<system version="1"><cpu numaid="0" affinity="zz"/></system>)"
                                      << "CPU mask 'zz'";
        QTest::newRow("no busid") << cpu + R"(<pci class="0x030200"/></cpu></system>)"
                                  << "has no busid attribute";
        QTest::newRow("bad busid") << cpu + R"(<pci busid="18:00" class="0x030200"/></cpu></system>)"
                                   << "PCI bus id '18:00'";
        QTest::newRow("gpu in a bridge's place") << cpu + R"(<gpu dev="0" sm="90"/></cpu></system>)"
                                                 << "<gpu> cannot be inside <cpu>";
        QTest::newRow("unknown class") << cpu + R"(<pci busid="0000:18:00.0" class="0x010802"/></cpu></system>)"
                                       << "class 0x010802";
        QTest::newRow("nvlink to nowhere")
            << cpu + R"(<pci busid="0000:18:00.0" class="0x030200"><gpu dev="0" sm="90" rank="0" gdr="1">)"
                     R"(<nvlink target="0000:99:00.0" count="4" tclass="0x030200"/></gpu></pci></cpu></system>)"
            << "target 0000:99:00.0 is not a GPU";
        QTest::newRow("two nets in a nic") << cpu + R"(<nic><net name="a"/><net name="b"/></nic></cpu></system>)"
                                           << "holds 2 <net> elements";
        QTest::newRow("speed not supported")
            << cpu + R"(<nic><net name="eth0" speed="[Not Supported]"/></nic></cpu></system>)"
            << R"(speed="[Not Supported]" is not a number)";
        QTest::newRow("empty") << ""
                               << "topology.xml";
    }
    void refusesMalformedFiles()
    {
        QFETCH(QString, xml);
        QFETCH(QString, error);
        auto r = parseNcclTopologyXml(xml.toStdString(), "h");
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
    }

    void normalisesPciBusIds_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("nvidia-smi") << "00000000:18:00.0"
                                    << "0000:18:00.0";
        QTest::newRow("upper case") << "0000:AB:1F.7"
                                    << "0000:ab:1f.7";
        QTest::newRow("no domain") << "3b:00.0"
                                   << "0000:3b:00.0";
        QTest::newRow("azure domain") << "0101:00:00.0"
                                      << "0101:00:00.0";
        QTest::newRow("wide domain") << "00010000:18:00.0"
                                     << "";
        QTest::newRow("function 8") << "0000:18:00.8"
                                    << "";
        QTest::newRow("garbage") << "[N/A]"
                                 << "";
        QTest::newRow("empty") << ""
                               << "";
    }
    void normalisesPciBusIds()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        auto r = normalizePciBusId(in.toStdString());
        QCOMPARE(r.ok() ? QString::fromStdString(*r) : QString(), out);
    }

    void convertsCpuListsAndMasks_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<int>("words");
        QTest::addColumn<QString>("mask");
        QTest::newRow("ND v4 NUMA 0") << "0-23" << 3 << "00000000,00000000,00ffffff";
        QTest::newRow("ND v4 NUMA 3") << "72-95" << 3 << "ffffff00,00000000,00000000";
        QTest::newRow("ND v2 socket 1") << "20-39" << 2 << "000000ff,fff00000";
        QTest::newRow("hyperthreads") << "0-3,8-11" << 1 << "00000f0f";
        QTest::newRow("single") << "5" << 1 << "00000020";
    }
    void convertsCpuListsAndMasks()
    {
        QFETCH(QString, list);
        QFETCH(int, words);
        QFETCH(QString, mask);
        auto m = cpuListToMask(list.toStdString(), words);
        QVERIFY(m.ok());
        QCOMPARE(QString::fromStdString(*m), mask);
        auto back = cpuMaskToList(mask.toStdString());
        QVERIFY(back.ok());
        QCOMPARE(QString::fromStdString(*back), list);
    }
    void refusesBadCpuLists()
    {
        QVERIFY(!cpuListToMask("0-", 1).ok());
        QVERIFY(!cpuListToMask("3-1", 1).ok());
        QVERIFY(!cpuListToMask("N/A", 1).ok());
        QVERIFY(!cpuListToMask("0-40", 1).ok()); // does not fit one word
        QVERIFY(!cpuMaskToList("0000ffff,zz").ok());
        QVERIFY(!cpuMaskToList("").ok());
    }
};

QTEST_GUILESS_MAIN(TestNcclTopoXml)
#include "tst_nccl_topo_xml.moc"
