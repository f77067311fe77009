// supernodectl inspect topo on real nvidia-smi topo -m captures, as a user runs it.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/shared_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using Run = sn::test::CtlRun;
using sn::test::ctl;

class TestInspectTopo : public QObject {
    Q_OBJECT
private slots:
    void printsTheGraphOfAnNvSwitchBoardAsJson()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        const Run r =
            ctl({"inspect", "topo", sn::test::sharedDataPath("nvidia-smi/topo/stas00_network-README_8xA100_NV12.txt"),
                 "--json", "--host", "dgx01", "--gpu-model", "NVIDIA A100-SXM4-80GB"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["gpus"].toInt(), 8);
        QCOMPARE(o["pairs"].toArray().size(), 28);
        const QJsonObject first = o["pairs"].toArray().first().toObject();
        QCOMPARE(first["connection"].toString(), "NV12");
        QCOMPARE(first["link_type"].toString(), "nvlink");
        QCOMPARE(first["nvlinks"].toInt(), 12);
        int nvlinks = 0;
        for (const QJsonValue &l : o["graph"].toObject()["links"].toArray())
            if (l.toObject()["type"] == "nvlink") {
                ++nvlinks;
                QCOMPARE(l.toObject()["bandwidth_gbps_per_direction"].toDouble(), 300.0); // 12 x 25 GB/s
            }
        QCOMPARE(nvlinks, 8);
    }

    void reportsNicAffinity()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        const Run r = ctl({"--json", "inspect", "topo",
                           sn::test::sharedDataPath("nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray nics = QJsonDocument::fromJson(r.out).object()["nics"].toArray();
        QCOMPARE(nics.size(), 2);
        QCOMPARE(nics[1].toObject()["name"].toString(), "mlx5_1");
        QCOMPARE(nics[1].toObject()["numa_node"].toInt(), 1);
        QCOMPARE(nics[1].toObject()["nearest_gpus"].toArray().first().toString(), "GPU1");
        QCOMPARE(nics[1].toObject()["nearest_path"].toString(), "NODE");
        const Run text =
            ctl({"inspect", "topo", sn::test::sharedDataPath("nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("2 GPU(s), 2 NIC(s), 2 NUMA domain(s)"), text.out.constData());
    }

    void malformedInputExitsWithTheErrorsPosition()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        QTemporaryDir dir;
        QFile in(sn::test::sharedDataPath("nvidia-smi/topo/stas00_network-README_8xH100_NV18.txt"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray truncated = in.readAll().left(300); // cut inside the row of GPU3
        QFile out(dir.filePath("topo.txt"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(truncated);
        out.close();
        const Run r = ctl({"inspect", "topo", out.fileName(), "--json"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("topo.txt:5:1: row GPU3 has"), r.err.constData());
        const Run windows = ctl({"inspect", "topo",
                                 sn::test::sharedDataPath("nvidia-smi/topo/nvidia_gpu_exporter_windows-x86_64__nvidia-"
                                                          "geforce-rtx-2080-super__591.86__topo-m.txt")});
        QCOMPARE(windows.exitCode, 3);
        QVERIFY2(windows.err.contains(":1:1: nvidia-smi printed an error"), windows.err.constData());
        QCOMPARE(ctl({"inspect", "topo", dir.filePath("missing.txt")}).exitCode, 3);
        QCOMPARE(ctl({"inspect", "topo"}).exitCode, 2);
    }

    void printsTheNcclEnvironmentTheGraphCallsFor()
    {
        if (!sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        const QString file = sn::test::sharedDataPath("nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt");
        const Run r = ctl({"inspect", "topo", file, "--nccl-env", "--gpu-model", "NVIDIA A100-PCIE-40GB"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("export NCCL_IB_HCA==mlx5_0,mlx5_1\n"), r.out.constData());
        QVERIFY(r.out.contains("export NCCL_NET_GDR_LEVEL=PXB"));
        const Run j = ctl({"--json", "inspect", "topo", file, "--nccl-env"});
        QCOMPARE(j.exitCode, 0);
        const QJsonArray settings = QJsonDocument::fromJson(j.out).object()["settings"].toArray();
        QCOMPARE(settings.first().toObject()["name"].toString(), "NCCL_IB_HCA");
        QVERIFY(!settings.first().toObject()["reason"].toString().isEmpty());
        // A bare matrix has no bus ids, which the topology file cannot do without.
        const Run xml = ctl({"inspect", "topo", file, "--nccl-xml"});
        QCOMPARE(xml.exitCode, 3);
        QVERIFY2(xml.err.contains("--nccl-xml: node/gpu0 has no PCI bus id"), xml.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestInspectTopo)
#include "tst_inspect_topo.moc"
