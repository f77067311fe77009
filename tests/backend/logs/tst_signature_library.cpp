// The GPU failure signatures on lines as the driver, NCCL, PyTorch, the kernel, slurmd and
// kubelet write them (Xid formats from NVIDIA's Xid catalogue), and on the simulator's own
// log lines (backend/sim/sim_log_lines.h), so that what the simulator injects is recognized.
#include "backend/logs/signature_library.h"
#include "backend/sim/sim_log_lines.h"

#include <QTest>

using namespace sn::logs;

class TestSignatureLibrary : public QObject {
    Q_OBJECT
private slots:
    void recognizesRealLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("pci");
        QTest::addColumn<int>("pid");
        QTest::addColumn<QString>("process");
        QTest::addColumn<QString>("device");
        const QString x = "NVRM: Xid (PCI:0000:86:00): ";
        QTest::newRow("xid 13") << x + "13, pid=2519, name=python3, Graphics SM Warp Exception on (GPC 0, TPC 0, "
                                       "SM 0): Out Of Range Address"
                                << "nvrm.xid.13" << 13 << "0000:86:00" << 2519 << "python3"
                                << "";
        QTest::newRow("xid 31") << x + "31, pid=1234, name=python, Ch 00000008, intr 10000000. MMU Fault: ENGINE "
                                       "GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f_3c000000. Fault is of type FAULT_PDE "
                                       "ACCESS_TYPE_READ"
                                << "nvrm.xid.31" << 31 << "0000:86:00" << 1234 << "python"
                                << "";
        QTest::newRow("xid 43") << x + "43, pid=1234, name=python, Ch 00000010"
                                << "nvrm.xid.43" << 43 << "0000:86:00" << 1234 << "python"
                                << "";
        QTest::newRow("xid 45") << x + "45, pid=1234, name=python, Ch 00000010"
                                << "nvrm.xid.45" << 45 << "0000:86:00" << 1234 << "python"
                                << "";
        QTest::newRow("xid 48 (simulator)")
            << QString::fromStdString(sn::sim::xid48Line("00000000:18:00.0", 4242, "train.py")) << "nvrm.xid.48" << 48
            << "0000:18:00" << 4242 << "train.py"
            << "";
        QTest::newRow("xid 61") << x + "61, pid=0, name=<unknown>, 0cec(3098) 00000000 00000000"
                                << "nvrm.xid.61" << 61 << "0000:86:00" << 0 << ""
                                << "";
        QTest::newRow("xid 62") << x + "62, pid=0, name=<unknown>, 0000(0000) 00000000 00000000"
                                << "nvrm.xid.62" << 62 << "0000:86:00" << 0 << ""
                                << "";
        QTest::newRow("xid 63") << x + "63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000a4f21e) "
                                       "marked for remapping, reset gpu to activate."
                                << "nvrm.xid.63" << 63 << "0000:86:00" << -1 << ""
                                << "";
        QTest::newRow("xid 64") << x + "64, pid='<unknown>', name=<unknown>, Row Remapper Error"
                                << "nvrm.xid.64" << 64 << "0000:86:00" << -1 << ""
                                << "";
        QTest::newRow("xid 68") << x + "68, pid=77, name=ffmpeg, NVDEC0 Exception: Video processor exception"
                                << "nvrm.xid.68" << 68 << "0000:86:00" << 77 << "ffmpeg"
                                << "";
        QTest::newRow("xid 69") << x + "69, pid=77, name=python, Class Error: ChId 0010, Class 0000c7c0, Offset "
                                       "00000000, Data 00000000, ErrorCode 0000000b"
                                << "nvrm.xid.69" << 69 << "0000:86:00" << 77 << "python"
                                << "";
        QTest::newRow("xid 74 (simulator)")
            << QString::fromStdString(sn::sim::xid74Line("00000000:3B:00.0", 99, "torchrun", 5)) << "nvrm.xid.74" << 74
            << "0000:3b:00" << 99 << "torchrun"
            << "";
        QTest::newRow("xid 79 (simulator)")
            << QString::fromStdString(sn::sim::xid79Line("00000000:18:00.0", 0, "python")) << "nvrm.xid.79" << 79
            << "0000:18:00" << 0 << "python"
            << "";
        QTest::newRow("xid 79 old driver") << "NVRM: Xid (0000:03:00): 79, GPU has fallen off the bus."
                                           << "nvrm.xid.79" << 79 << "0000:03:00" << -1 << ""
                                           << "";
        QTest::newRow("xid 92") << x + "92, pid=0, name=<unknown>, High single-bit ECC error rate"
                                << "nvrm.xid.92" << 92 << "0000:86:00" << 0 << ""
                                << "";
        QTest::newRow("xid 94") << x + "94, pid=3077, name=python, Contained: SM (0x1). RST: No, D-RST: No"
                                << "nvrm.xid.94" << 94 << "0000:86:00" << 3077 << "python"
                                << "";
        QTest::newRow("xid 95") << x + "95, pid=3077, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No"
                                << "nvrm.xid.95" << 95 << "0000:86:00" << 3077 << "python"
                                << "";
        QTest::newRow("xid 119")
            << x + "119, pid=2104, name=nvidia-smi, Timeout after 6s of waiting for RPC "
                   "response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."
            << "nvrm.xid.119" << 119 << "0000:86:00" << 2104 << "nvidia-smi"
            << "";
        QTest::newRow("xid 120") << x + "120, pid=2104, name=python, GSP task exception"
                                 << "nvrm.xid.120" << 120 << "0000:86:00" << 2104 << "python"
                                 << "";
        QTest::newRow("xid unknown") << x + "154, pid=1, name=python, GPU recovery action changed"
                                     << "nvrm.xid" << 154 << "0000:86:00" << 1 << "python"
                                     << "";
        QTest::newRow("kernel prefix") << "[ 8123.441802] NVRM: Xid (PCI:0000:18:00): 79, pid=0, name=python, GPU has "
                                          "fallen off the bus."
                                       << "nvrm.xid.79" << 79 << "0000:18:00" << 0 << "python"
                                       << "";
        QTest::newRow("sxid non-fatal") << "nvidia-nvswitch3: SXid (PCI:0000:c1:00.0): 12028, Non-fatal, Link 28 "
                                           "egress non-posted PRIV error (First)"
                                        << "nvswitch.sxid" << 12028 << "0000:c1:00.0" << -1 << ""
                                        << "nvidia-nvswitch3";
        QTest::newRow("sxid fatal") << "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 24007, Fatal, Link 12 sourcetrack "
                                       "TCEN0 crumbstore ECC DBE Error"
                                    << "nvswitch.sxid.fatal" << 24007 << "0000:05:00.0" << -1 << ""
                                    << "nvidia-nvswitch0";
        QTest::newRow("fallen off bus") << "NVRM: GPU at PCI:0000:18:00: GPU has fallen off the bus."
                                        << "gpu.fallen_off_bus" << -1 << "0000:18:00" << -1 << ""
                                        << "";
        QTest::newRow("row remap failure") << "NVRM: GPU 0000:18:00.0: Row Remapping Failure: no spare rows in bank 3"
                                           << "gpu.row_remap_failure" << -1 << "0000:18:00.0" << -1 << ""
                                           << "";
        QTest::newRow("uncorrectable ecc") << "dcgm: GPU 1 (00000000:3B:00.0): Uncorrectable ECC error, volatile DBE 2"
                                           << "gpu.ecc_uncorrectable" << -1 << "00000000:3B:00.0" << -1 << ""
                                           << "";
        QTest::newRow("thermal (simulator)")
            << QString::fromStdString(sn::sim::thermalSlowdownLine(3, "00000000:18:00.0", 91, 87))
            << "gpu.thermal_slowdown" << -1 << "00000000:18:00.0" << -1 << ""
            << "";
        QTest::newRow("nccl warn nvlink (simulator)")
            << QString::fromStdString(sn::sim::ncclWarnNvlinkLine("gpu07", 3211, 2)) << "nccl.warn" << -1 << "" << -1
            << ""
            << "";
        QTest::newRow("nccl warn ib (simulator)")
            << QString::fromStdString(sn::sim::ncclWarnNetLine("gpu07", 3211, 2, "mlx5_2")) << "nccl.warn" << -1 << ""
            << -1 << ""
            << "";
        QTest::newRow("nccl system error") << "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/"
                                              "ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.14.3"
                                           << "nccl.system_error" << -1 << "" << -1 << ""
                                           << "";
        QTest::newRow("nccl watchdog timeout")
            << "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, "
               "Timeout(ms)=1800000) ran for 1800405 milliseconds before timing out."
            << "nccl.timeout" << -1 << "" << -1 << ""
            << "";
        QTest::newRow("cuda oom torch") << "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 "
                                           "GiB (GPU 0; 79.15 GiB total capacity; 75.10 GiB already allocated)"
                                        << "cuda.oom" << -1 << "" << -1 << ""
                                        << "";
        QTest::newRow("cuda oom (simulator)")
            << QString::fromStdString(sn::sim::cudaErrorLine("out of memory")) << "cuda.oom" << -1 << "" << -1 << ""
            << "";
        QTest::newRow("mlx5 link down (simulator)")
            << QString::fromStdString(sn::sim::mlx5LinkLine("mlx5_0", 0x3b, false)) << "net.link_down" << -1
            << "0000:3b:00.0" << -1 << ""
            << "mlx5_0";
        QTest::newRow("ib lost carrier") << "kernel: ib0: lost carrier"
                                         << "net.link_down" << -1 << "" << -1 << ""
                                         << "ib0";
        QTest::newRow("pfc storm") << "mlx5_core 0000:5e:00.0 mlx5_1: PFC storm detected on priority 3, TX pause "
                                      "disabled"
                                   << "net.pfc_storm" << -1 << "0000:5e:00.0" << -1 << ""
                                   << "mlx5_1";
        QTest::newRow("oom killer") << "Out of memory: Killed process 4242 (python) total-vm:123456kB, "
                                       "anon-rss:1000kB, file-rss:0kB, shmem-rss:0kB, UID:1000 oom_score_adj:0"
                                    << "host.oom_killer" << -1 << "" << 4242 << "python"
                                    << "";
        QTest::newRow("oom invoked") << "python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, "
                                        "oom_score_adj=0"
                                     << "host.oom_killer" << -1 << "" << -1 << ""
                                     << "";
        QTest::newRow("slurmctld (simulator)") << QString::fromStdString(sn::sim::slurmctldNotRespondingLine("gpu03"))
                                               << "slurm.node_not_responding" << -1 << "" << -1 << ""
                                               << "";
        QTest::newRow("slurmd error") << "slurmd[1234]: error: Unable to register: Zero Bytes were transmitted or "
                                         "received"
                                      << "slurm.slurmd_error" << -1 << "" << -1 << ""
                                      << "";
        QTest::newRow("slurmd fatal") << "slurmd: fatal: Unable to determine this slurmd's NodeName"
                                      << "slurm.slurmd_error" << -1 << "" << -1 << ""
                                      << "";
        QTest::newRow("kubelet pleg") << "kubelet[2201]: I0603 10:11:12.123456 2201 kubelet.go:2347] Skipping pod "
                                         "synchronization: PLEG is not healthy: pleg was last seen active 3m0s ago"
                                      << "k8s.kubelet_failure" << -1 << "" << -1 << ""
                                      << "";
        QTest::newRow("kubelet error") << "kubelet[2201]: E0603 10:11:12.123456 2201 kubelet.go:2347] \"Container "
                                          "runtime network not ready\" networkReady=\"NetworkReady=false\""
                                       << "k8s.kubelet_failure" << -1 << "" << -1 << ""
                                       << "";
    }
    void recognizesRealLines()
    {
        QFETCH(QString, line);
        QFETCH(QString, id);
        QFETCH(int, code);
        QFETCH(QString, pci);
        QFETCH(int, pid);
        QFETCH(QString, process);
        QFETCH(QString, device);
        const std::string l = line.toStdString();
        const auto m = SignatureLibrary::builtIn().match(l);
        QVERIFY2(m.has_value(), l.c_str());
        QCOMPARE(QString::fromStdString(m->signature->id), id);
        QCOMPARE(m->code, code);
        QCOMPARE(QString::fromStdString(m->pciAddress), pci);
        QCOMPARE(m->pid, pid);
        QCOMPARE(QString::fromStdString(m->process), process);
        QCOMPARE(QString::fromStdString(m->device), device);
    }

    void leavesOrdinaryLinesAlone_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("nccl init") << QString::fromStdString(
            sn::sim::ncclInitLine("gpu07", 3211, 2, 10, 16, "00000000:18:00.0"));
        QTest::newRow("training step") << QString::fromStdString(sn::sim::trainingStepLine(100, 2.5, 123456));
        QTest::newRow("slurmd launch") << QString::fromStdString(sn::sim::slurmdLaunchLine("1234", 1000));
        QTest::newRow("slurmd done") << QString::fromStdString(sn::sim::slurmdDoneLine("1234", 0));
        QTest::newRow("link up") << QString::fromStdString(sn::sim::mlx5LinkLine("mlx5_0", 0x3b, true));
        QTest::newRow("hdfs") << "PacketResponder 1 for block blk_38865049064139660 terminating";
        QTest::newRow("xid without code") << "NVRM: Xid (PCI:0000:86:00): garbage";
        QTest::newRow("truncated xid") << "NVRM: Xid (PCI:0000:8";
        QTest::newRow("empty") << "";
    }
    void leavesOrdinaryLinesAlone()
    {
        QFETCH(QString, line);
        const std::string l = line.toStdString();
        const auto m = SignatureLibrary::builtIn().match(l);
        QVERIFY2(!m.has_value(), m ? m->signature->id.c_str() : "");
    }

    void everySignatureIsDocumented()
    {
        const auto &all = SignatureLibrary::builtIn().signatures();
        for (int xid : {13, 31, 43, 45, 48, 61, 62, 63, 64, 68, 69, 74, 79, 92, 94, 95, 119, 120})
            QVERIFY2(SignatureLibrary::builtIn().find("nvrm.xid." + std::to_string(xid)),
                     qPrintable(QString::number(xid)));
        for (const Signature &s : all) {
            QVERIFY2(!s.title.empty() && !s.meaning.empty() && !s.action.empty(), s.id.c_str());
            QVERIFY2(!s.kind.empty(), s.id.c_str());
        }
        QCOMPARE(SignatureLibrary::builtIn().find("nvrm.xid.79")->severity, sn::Severity::Critical);
    }
};

QTEST_APPLESS_MAIN(TestSignatureLibrary)
#include "tst_signature_library.moc"
