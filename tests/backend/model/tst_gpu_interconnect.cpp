// The agent's interconnect JSON (backend/model/gpu_interconnect.h): what gpuInterconnectToJson
// writes reads back the same, and malformed input is refused with where and what.
#include "backend/model/gpu_interconnect.h"

#include <QJsonDocument>
#include <QTest>

using namespace sn;

namespace {

GpuInterconnect twoGpus()
{
    GpuInterconnect ic;
    ic.source = "nvml: libnvidia-ml.so.1";
    InterconnectGpu a{0, "NVIDIA A100-SXM4-80GB", "GPU-a", "00000000:07:00.0"};
    a.links = {{0, true, 4, "00000000:0F:00.0", NvlinkRemoteKind::Gpu}, {1, false, 0, "", NvlinkRemoteKind::Unknown}};
    InterconnectGpu b{1, "NVIDIA A100-SXM4-80GB", "GPU-b", "00000000:0F:00.0"};
    b.links = {{0, true, 4, "00000000:07:00.0", NvlinkRemoteKind::Gpu}};
    ic.gpus = {a, b};
    ic.pcie = {PcieLevel::Internal, PcieLevel::Single, PcieLevel::Single, PcieLevel::Internal};
    return ic;
}

std::string json(const GpuInterconnect &ic)
{
    return QJsonDocument(gpuInterconnectToJson(ic)).toJson().toStdString();
}

} // namespace

class TestGpuInterconnect : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        auto back = parseGpuInterconnectJson(json(twoGpus()), "agent");
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->source, std::string("nvml: libnvidia-ml.so.1"));
        QCOMPARE(back->gpus.size(), std::size_t{2});
        const InterconnectGpu &a = back->gpus[0];
        QCOMPARE(a.pciBusId, std::string("00000000:07:00.0"));
        QCOMPARE(a.links.size(), std::size_t{2});
        QCOMPARE(a.activeLinks(), 1);
        QCOMPARE(a.links[0].nvmlVersion, 4);
        QCOMPARE(a.links[0].remotePciBusId, std::string("00000000:0F:00.0"));
        QCOMPARE(a.links[0].remote, NvlinkRemoteKind::Gpu);
        QCOMPARE(a.links[1].nvmlVersion, 0);
        QCOMPARE(back->pcieAt(0, 1), PcieLevel::Single);
        QCOMPARE(back->pcieAt(1, 1), PcieLevel::Internal);
    }

    void withoutPcieEveryPairIsUnknown()
    {
        auto back = parseGpuInterconnectJson(
            R"({"gpus": [{"index": 0, "pci_bus_id": "00000000:07:00.0", "links": []}]})", "agent");
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->pcieAt(0, 0), PcieLevel::Unknown);
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax") << "{\"gpus\": [\n  {\"index\": 0,,}]}"
                                << "agent:2:";
        QTest::newRow("array") << "[]"
                               << "agent: the interconnect is a JSON object, not an array";
        QTest::newRow("no gpus") << "{}"
                                 << "agent: interconnect.gpus: missing";
        QTest::newRow("gpu not object") << R"({"gpus": [3]})"
                                        << "agent: gpus[0]: not an object";
        QTest::newRow("index text") << R"({"gpus": [{"index": "0", "pci_bus_id": "x", "links": []}]})"
                                    << "agent: gpus[0].index: not a number";
        QTest::newRow("index fraction") << R"({"gpus": [{"index": 0.5, "pci_bus_id": "x", "links": []}]})"
                                        << "agent: gpus[0].index: wants a whole number 0 to 1023";
        QTest::newRow("no bus id") << R"({"gpus": [{"index": 0, "links": []}]})"
                                   << "agent: gpus[0].pci_bus_id: missing";
        QTest::newRow("no links") << R"({"gpus": [{"index": 0, "pci_bus_id": "x"}]})"
                                  << "agent: gpus[0].links: missing";
        QTest::newRow("active text")
            << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": [{"link": 0, "active": "yes", "remote": "gpu"}]}]})"
            << "agent: gpus[0].links[0].active: not true or false";
        QTest::newRow("link too high")
            << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": [{"link": 99, "active": true, "remote": "gpu"}]}]})"
            << "agent: gpus[0].links[0].link: wants a whole number 0 to 63";
        // Found by fuzz/fuzz_gpu_interconnect_json: a number beyond long long was converted
        // before the range check (undefined behaviour).
        QTest::newRow("link beyond long long")
            << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": [{"link": 7777777777777777777777772, "active": true, "remote": "gpu"}]}]})"
            << "agent: gpus[0].links[0].link: wants a whole number 0 to 63";
        QTest::newRow("index below long long") << R"({"gpus": [{"index": -1e300, "pci_bus_id": "x", "links": []}]})"
                                               << "agent: gpus[0].index: wants a whole number 0 to 1023";
        QTest::newRow("remote kind")
            << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": [{"link": 0, "active": true, "remote": "npu"}]}]})"
            << "agent: gpus[0].links[0].remote: 'npu' is not one of unknown, gpu, switch, cpu";
        QTest::newRow("twice") << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": []},
                                              {"index": 0, "pci_bus_id": "y", "links": []}]})"
                               << "agent: gpus[1].index: GPU 0 is listed twice";
        QTest::newRow("pcie rows") << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": []}], "pcie": []})"
                                   << "agent: interconnect.pcie: wants 1 rows";
        QTest::newRow("pcie level") << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": []}], "pcie": [["near"]]})"
                                    << "agent: pcie[0][0]: 'near' is not one of unknown, internal, single";
        QTest::newRow("asymmetric")
            << R"({"gpus": [{"index": 0, "pci_bus_id": "x", "links": []}, {"index": 1, "pci_bus_id": "y", "links": []}],
                  "pcie": [["internal", "node"], ["system", "internal"]]})"
            << "agent: pcie[1][0]: 'system' but pcie[0][1] says 'node'";
    }
    void malformed()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        auto r = parseGpuInterconnectJson(text.toStdString(), "agent");
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).startsWith(error), r.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGpuInterconnect)
#include "tst_gpu_interconnect.moc"
