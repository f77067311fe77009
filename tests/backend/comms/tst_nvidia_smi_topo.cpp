// nvidia-smi topo -m and topo -p2p read from every real capture in ../shared/data/nvidia-smi/topo,
// the graph each implies, and malformed matrices that must fail naming where.
#include "backend/comms/nvidia_smi_topo.h"
#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sn::comms;

namespace {

std::string readShared(const QString &name)
{
    QFile f(sn::test::sharedDataPath("nvidia-smi/topo/" + name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll().toStdString();
}

const char *kA100 = "stas00_network-README_8xA100_NV12.txt";

int linksOfKind(const TopologyGraph &g, LinkKind kind)
{
    int n = 0;
    for (const Link &l : g.links())
        n += l.kind == kind;
    return n;
}

} // namespace

class TestNvidiaSmiTopo : public QObject {
    Q_OBJECT
private slots:
    void readsEveryRealMatrix_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("nics");
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("connection"); // between a and b; empty for single devices
        QTest::addColumn<int>("numaOfA");        // -1: not given
        QTest::addColumn<QString>("affinityOfA");
        QTest::addColumn<int>("cpus");       // CPU devices in the graph
        QTest::addColumn<int>("nvswitches"); // NVSwitch fabric devices in the graph

        QTest::newRow("2x2080Ti PIX") << "autodl_2x2080Ti_PIX.txt" << 2 << 0 << "GPU0"
                                      << "GPU1"
                                      << "PIX" << 1 << "24-47,72-95" << 1 << 0;
        QTest::newRow("2xA100 SYS 2 NICs") << "jdh4-della-i14g20_2xA100_SYS_2NIC.txt" << 2 << 2 << "GPU1"
                                           << "mlx5_1"
                                           << "NODE" << 1 << "64-127" << 2 << 0;
        QTest::newRow("8xA100 NV12") << kA100 << 8 << 0 << "GPU3"
                                     << "GPU4"
                                     << "NV12" << 0 << "0-23" << 2 << 1;
        QTest::newRow("8xH100 NV18") << "stas00_network-README_8xH100_NV18.txt" << 8 << 0 << "GPU7"
                                     << "GPU0"
                                     << "NV18" << 1 << "52-103" << 2 << 1;
        QTest::newRow("8xH100 NV18 HT") << "stas00_training-performance-README_8xH100_NV18_HT.txt" << 8 << 0 << "GPU5"
                                        << "GPU2"
                                        << "NV18" << 1 << "52-103,156-207" << 2 << 1;
        const struct {
            const char *file;
            const char *affinity;
        } singles[] = {
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-geforce-rtx-2080-super__595.71.05__topo-m.txt", "0-23"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-geforce-rtx-2080-super__610.57.04__topo-m.txt", "0-23"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-geforce-rtx-4080-super__595.71.05__topo-m.txt", "0-15"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__topo-m.txt", "0-19"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-h100-mig__590.48.01__topo-m.txt", "0-19"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-h200-mig__590.48.01__topo-m.txt", "0-23"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-h200__590.48.01__topo-m.txt", "0-23"},
            {"nvidia_gpu_exporter_linux-x86_64__nvidia-l40s__595.80__topo-m.txt", "0-7"},
        };
        for (const auto &s : singles)
            QTest::newRow(s.file) << s.file << 1 << 0 << "GPU0"
                                  << ""
                                  << "" << 0 << s.affinity << 1 << 0;
        // Windows prints no CPU or NUMA affinity: unknown, not 0.
        QTest::newRow("windows 610.62")
            << "nvidia_gpu_exporter_windows-x86_64__nvidia-geforce-rtx-2080-super__610.62__topo-m.txt" << 1 << 0
            << "GPU0"
            << ""
            << "" << -1 << "" << 1 << 0;
    }

    void readsEveryRealMatrix()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QFETCH(QString, file);
        QFETCH(int, gpus);
        QFETCH(int, nics);
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, connection);
        QFETCH(int, numaOfA);
        QFETCH(QString, affinityOfA);
        QFETCH(int, cpus);
        QFETCH(int, nvswitches);

        auto m = parseNvidiaSmiTopoMatrix(readShared(file), file.toStdString());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        QCOMPARE(m->gpuCount(), gpus);
        QCOMPARE(m->nicCount(), nics);
        auto indexOf = [&](const QString &name) {
            for (std::size_t i = 0; i < m->devices.size(); ++i)
                if (m->devices[i].name == name.toStdString())
                    return static_cast<int>(i);
            return -1;
        };
        const int ia = indexOf(a);
        QVERIFY(ia >= 0);
        QCOMPARE(m->devices[static_cast<std::size_t>(ia)].numaNode.value_or(-1), numaOfA);
        QCOMPARE(QString::fromStdString(m->devices[static_cast<std::size_t>(ia)].cpuAffinity), affinityOfA);
        QVERIFY(!m->devices[static_cast<std::size_t>(ia)].gpuNumaId.has_value()); // N/A on every capture
        if (!b.isEmpty()) {
            const int ib = indexOf(b);
            QVERIFY(ib >= 0);
            QCOMPARE(QString::fromStdString(m->at(static_cast<std::size_t>(ia), static_cast<std::size_t>(ib)).text()),
                     connection);
        }
        const TopologyGraph g = graphFromTopoMatrix(*m, "host");
        QCOMPARE(g.count(DeviceKind::Gpu), gpus);
        QCOMPARE(g.count(DeviceKind::Nic), nics);
        QCOMPARE(g.count(DeviceKind::Cpu), cpus);
        QCOMPARE(g.count(DeviceKind::NvSwitch), nvswitches);
        // Every device is reachable from every other through the links the graph derived.
        std::vector<bool> seen(g.devices().size(), false);
        std::vector<int> stack{0};
        seen[0] = true;
        while (!stack.empty()) {
            const int d = stack.back();
            stack.pop_back();
            for (int l : g.linksOf(d)) {
                const int o = g.links()[static_cast<std::size_t>(l)].a == d ? g.links()[static_cast<std::size_t>(l)].b
                                                                            : g.links()[static_cast<std::size_t>(l)].a;
                if (!seen[static_cast<std::size_t>(o)]) {
                    seen[static_cast<std::size_t>(o)] = true;
                    stack.push_back(o);
                }
            }
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](bool s) { return s; }));
    }

    void everyCaptureIsCovered()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        // A capture added to shared data must get a row above (or one of the two error cases below).
        const QStringList files = QDir(sn::test::sharedDataPath("nvidia-smi/topo")).entryList(QDir::Files);
        QCOMPARE(files.size(), 16);
    }

    void nvSwitchBoardsGoThroughOneFabricWithTheirLinkCounts()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto m = parseNvidiaSmiTopoMatrix(readShared("stas00_network-README_8xH100_NV18.txt"));
        QVERIFY(m.ok());
        const TopologyGraph g = graphFromTopoMatrix(*m, "node01", "NVIDIA H100 80GB HBM3");
        QCOMPARE(linksOfKind(g, LinkKind::NvLink), 8);
        for (const Link &l : g.links())
            if (l.kind == LinkKind::NvLink) {
                QCOMPARE(l.lanes, 18);
                QCOMPARE(l.generation, 4);
                QCOMPARE(l.bandwidthGBps, 450.0);
                QCOMPARE(g.device(l.b).kind, DeviceKind::NvSwitch);
            } else if (l.kind == LinkKind::Pcie && g.device(l.a).kind == DeviceKind::Gpu) {
                QCOMPARE(l.generation, 5);
            }
        QCOMPARE(linksOfKind(g, LinkKind::CpuInterconnect), 1);
        QCOMPARE(g.device(g.find("node01/gpu4")).numaNode, 1);
    }

    void nicsWithoutAffinityInheritTheirGpusNumaNode()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto m = parseNvidiaSmiTopoMatrix(readShared("jdh4-della-i14g20_2xA100_SYS_2NIC.txt"));
        QVERIFY(m.ok());
        QVERIFY(!m->devices[2].numaNode.has_value()); // the matrix leaves it empty
        const TopologyGraph g = graphFromTopoMatrix(*m, "della");
        QCOMPARE(g.device(g.find("della/mlx5_0")).numaNode, 0);
        QCOMPARE(g.device(g.find("della/mlx5_1")).numaNode, 1);
    }

    void readsTheP2pMatrix()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto p = parseNvidiaSmiTopoP2p(readShared("autodl_2x2080Ti_topo-p2p-p.txt"));
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(p->gpus, 2);
        QCOMPARE(p->at(0, 1), P2pStatus::NotSupported);
        QVERIFY(!p->allPairsOk());
    }

    void refusesWhatIsNotAMatrix_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("says");
        QTest::newRow("windows error instead of a matrix")
            << "nvidia_gpu_exporter_windows-x86_64__nvidia-geforce-rtx-2080-super__591.86__topo-m.txt"
            << "f:1:1:"
            << "nvidia-smi printed an error";
        QTest::newRow("p2p matrix given as topo -m") << "autodl_2x2080Ti_topo-p2p-p.txt"
                                                     << "f:2:"
                                                     << "topo -p2p";
    }

    void refusesWhatIsNotAMatrix()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QFETCH(QString, file);
        QFETCH(QString, where);
        QFETCH(QString, says);
        auto m = parseNvidiaSmiTopoMatrix(readShared(file), "f");
        QVERIFY(!m.ok());
        const QString message = QString::fromStdString(m.error().message);
        QVERIFY2(message.startsWith(where) && message.contains(says), qPrintable(message));
    }

    void malformedMatricesFailSayingWhere_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("where"); // "f:LINE:" or "f:LINE:COLUMN:"
        QTest::addColumn<QString>("says");
        QTest::newRow("truncated after 4 rows") << "keep-lines:5"
                                                << "f:6:1:"
                                                << "only 4 rows";
        QTest::newRow("row cut mid-way") << "cut-row:4"
                                         << "f:4:1:"
                                         << "has 3 of 8 cells";
        QTest::newRow("[N/A] cell") << "cell:3:6:[N/A]"
                                    << "f:5:"
                                    << "unknown connection '[N/A]'";
        QTest::newRow("[Not Supported] cell") << "cell:2:1:[Not Supported]"
                                              << "f:4:"
                                              << "unknown connection";
        QTest::newRow("asymmetric pair") << "cell:1:0:PIX"
                                         << "f:3:7:"
                                         << "must be symmetric";
        QTest::newRow("X off the diagonal") << "cell:0:1:X"
                                            << "f:2:"
                                            << "off the diagonal";
        QTest::newRow("diagonal not X") << "cell:2:2:NV12"
                                        << "f:4:"
                                        << "expected X";
        QTest::newRow("rows out of order") << "swap-rows:2:3"
                                           << "f:4:1:"
                                           << "expected the row of GPU2";
        QTest::newRow("bad NVLink count") << "cell:0:5:NVx"
                                          << "f:2:"
                                          << "bonded NVLink count";
        QTest::newRow("NUMA not a number") << "numa:5:zero"
                                           << "f:7:"
                                           << "NUMA Affinity 'zero'";
        QTest::newRow("garbage") << "replace:\x01\x02 garbage \xff"
                                 << "f:1:1:"
                                 << "expected the matrix header";
        QTest::newRow("empty") << "replace:"
                               << "f:"
                               << "empty input";
        QTest::newRow("header only") << "keep-lines:1"
                                     << "f:2:1:"
                                     << "only 0 rows";
        QTest::newRow("extra cell shifts the affinity") << "extra-cell:1"
                                                        << "f:3:"
                                                        << "more than the header's columns";
        QTest::newRow("unknown column") << "header-word:Bogus Column"
                                        << "f:1:"
                                        << "column 'Bogus' after the affinity";
    }

    void malformedMatricesFailSayingWhere()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QFETCH(QString, mutation);
        QFETCH(QString, where);
        QFETCH(QString, says);
        QStringList lines = QString::fromStdString(readShared(kA100)).split('\n');
        const QStringList p = mutation.split(':');
        auto setCell = [&](int row, int col, const QString &text) {
            QStringList cells = lines[row + 1].split(' ', Qt::SkipEmptyParts);
            cells[col + 1] = text;
            lines[row + 1] = cells.join("  ");
        };
        if (p[0] == "keep-lines") {
            lines = lines.mid(0, p[1].toInt());
        } else if (p[0] == "cut-row") {
            lines[p[1].toInt() - 1] = lines[p[1].toInt() - 1].left(22);
            lines = lines.mid(0, p[1].toInt());
        } else if (p[0] == "cell") {
            setCell(p[1].toInt(), p[2].toInt(), p.mid(3).join(':'));
        } else if (p[0] == "swap-rows") {
            lines.swapItemsAt(p[1].toInt() + 1, p[2].toInt() + 1);
        } else if (p[0] == "numa") {
            lines[p[1].toInt() + 1].replace(QRegularExpression("\\d+$"), p[2]);
        } else if (p[0] == "replace") {
            lines = QStringList{p.mid(1).join(':')};
        } else if (p[0] == "extra-cell") {
            lines[p[1].toInt() + 1].replace("  0-23", "  NV12  0-23");
        } else if (p[0] == "header-word") {
            lines[0] += "  " + p[1];
        }
        auto m = parseNvidiaSmiTopoMatrix(lines.join('\n').toStdString(), "f");
        QVERIFY2(!m.ok(), qPrintable("accepted: " + lines.join('\n')));
        const QString message = QString::fromStdString(m.error().message);
        QVERIFY2(message.startsWith(where) && message.contains(says), qPrintable(message));
    }

    void p2pMalformed()
    {
        QVERIFY(!parseNvidiaSmiTopoP2p("").ok());
        QVERIFY(!parseNvidiaSmiTopoP2p("        GPU0    GPU1\n GPU0   X       NS\n").ok()); // truncated
        auto bad = parseNvidiaSmiTopoP2p("        GPU0    GPU1\n GPU0   X       YES\n GPU1   NS      X\n", "p");
        QVERIFY(!bad.ok());
        QVERIFY2(QString::fromStdString(bad.error().message).startsWith("p:2:17:"), bad.error().message.c_str());
    }

    void readsNicColumnsAndTheNicLegend()
    {
        // Newer drivers name NIC columns NIC0.. and map them in a "NIC Legend". This matrix is
        // hand-written in that documented shape (no capture of it is in shared data).
        const std::string text = "\t\x1b[4mGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\x1b[0m\n"
                                 "GPU0\t X \tNV18\tPIX\tSYS\t0-55\t0\t\tN/A\n"
                                 "GPU1\tNV18\t X \tSYS\tPIX\t56-111\t1\t\tN/A\n"
                                 "NIC0\tPIX\tSYS\t X \tSYS\t\t\t\t\n"
                                 "NIC1\tSYS\tPIX\tSYS\t X \t\t\t\t\n"
                                 "\nLegend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_3\n";
        auto m = parseNvidiaSmiTopoMatrix(text);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        QCOMPARE(m->devices[3].name, std::string("mlx5_3"));
        QCOMPARE(m->devices[3].label, std::string("NIC1"));
        const TopologyGraph g = graphFromTopoMatrix(*m, "n");
        QCOMPARE(g.count(DeviceKind::PcieSwitch), 2); // GPU0+NIC0, GPU1+NIC1
        QCOMPARE(g.device(g.find("n/mlx5_3")).numaNode, 1);
        QCOMPARE(linksOfKind(g, LinkKind::NvLink), 1); // two GPUs: a direct bond, no fabric
    }
};

QTEST_GUILESS_MAIN(TestNvidiaSmiTopo)
#include "tst_nvidia_smi_topo.moc"
