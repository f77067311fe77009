// The interconnect read through NVML (nvml_interconnect_reader.h). No GPU here: the board is
// the test-only fake_nvml_hgx (8 x H100 over four NVSwitches, a mock isolating this unit), and
// the 2-GPU fake_nvml_modern stands for a driver without the far-end calls.
#include "backend/telemetry/collectors/nvml_interconnect_reader.h"

#include <QTest>

#include <cstdlib>

using namespace sn;

namespace {

GpuInterconnect read(const char *library)
{
    auto lib = NvmlLibrary::open(library);
    if (!lib)
        qFatal("%s", lib.error().message.c_str());
    auto ic = readNvmlInterconnect(**lib);
    if (!ic)
        qFatal("%s", ic.error().message.c_str());
    return *ic;
}

} // namespace

class TestNvmlInterconnectReader : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        unsetenv("FAKE_NVML_HGX_DOWN");
        unsetenv("FAKE_NVML_HGX_NO_REMOTE_TYPE");
    }

    void hgxBoard()
    {
        const GpuInterconnect ic = read(FAKE_NVML_HGX);
        QCOMPARE(ic.gpus.size(), std::size_t{8});
        QCOMPARE(ic.gpus[3].pciBusId, std::string("00000000:5D:00.0"));
        QCOMPARE(ic.gpus[3].name, std::string("NVIDIA H100 80GB HBM3"));
        for (const InterconnectGpu &g : ic.gpus) {
            QCOMPARE(g.links.size(), std::size_t{18});
            QCOMPARE(g.activeLinks(), 18);
            for (const NvlinkEndpoint &l : g.links) {
                QCOMPARE(l.remote, NvlinkRemoteKind::Switch);
                QCOMPARE(l.nvmlVersion, 6);
            }
        }
        QCOMPARE(ic.gpus[0].links[4].remotePciBusId, std::string("00000000:05:00.0"));
        QCOMPARE(ic.gpus[0].links[5].remotePciBusId, std::string("00000000:06:00.0"));
        QCOMPARE(ic.gpus[0].links[17].remotePciBusId, std::string("00000000:08:00.0"));
        QCOMPARE(ic.pcieAt(0, 0), PcieLevel::Internal);
        QCOMPARE(ic.pcieAt(0, 3), PcieLevel::Node);
        QCOMPARE(ic.pcieAt(3, 4), PcieLevel::System);
        QCOMPARE(ic.pcieAt(4, 3), PcieLevel::System);
    }

    void inactiveLinksAreKept()
    {
        setenv("FAKE_NVML_HGX_DOWN", "3:7,6:0", 1);
        const GpuInterconnect ic = read(FAKE_NVML_HGX);
        QCOMPARE(ic.gpus[3].links.size(), std::size_t{18});
        QCOMPARE(ic.gpus[3].activeLinks(), 17);
        QVERIFY(!ic.gpus[3].links[7].active);
        QCOMPARE(ic.gpus[6].activeLinks(), 17);
    }

    // A driver without nvmlDeviceGetNvLinkRemoteDeviceType's answer: a far end that is no GPU of
    // the node is an NVSwitch.
    void farEndKindFromTheBusIdWithoutTheTypeCall()
    {
        setenv("FAKE_NVML_HGX_NO_REMOTE_TYPE", "1", 1);
        const GpuInterconnect ic = read(FAKE_NVML_HGX);
        for (const NvlinkEndpoint &l : ic.gpus[0].links)
            QCOMPARE(l.remote, NvlinkRemoteKind::Switch);
    }

    // The other fake lacks the version, far-end and PCIe-ancestor calls: the links are still
    // read, what is missing stays unknown.
    void olderDriverLeavesPartsUnknown()
    {
        const GpuInterconnect ic = read(FAKE_NVML_MODERN);
        QCOMPARE(ic.gpus.size(), std::size_t{2});
        QCOMPARE(ic.gpus[0].activeLinks(), 18);
        QCOMPARE(ic.gpus[0].links[0].remote, NvlinkRemoteKind::Unknown);
        QCOMPARE(ic.gpus[0].links[0].nvmlVersion, 0);
        QVERIFY(ic.gpus[1].links.empty()); // NOT_SUPPORTED: no NVLink
        QCOMPARE(ic.pcieAt(0, 1), PcieLevel::Unknown);
        QCOMPARE(ic.pcieAt(1, 1), PcieLevel::Internal);
    }
};

QTEST_GUILESS_MAIN(TestNvmlInterconnectReader)
#include "tst_nvml_interconnect_reader.moc"
